// Reading history: commit message trailers, recent commits, blobs. (The commits that changed a path:
// path_walk.cpp.)
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "git/lg2.hpp"

namespace pdo::git {

namespace {

CommitInfo info_of(git_commit* c, const git_oid& id) {
  CommitInfo info;
  info.id = oid_str(id);
  info.message = git_commit_message(c) ? git_commit_message(c) : "";
  info.time = static_cast<long long>(git_commit_time(c));
  info.offset_minutes = git_commit_time_offset(c);
  const git_signature* author = git_commit_author(c);
  info.author = author && author->name ? author->name : "";
  return info;
}

}  // namespace

namespace detail {

namespace {

bool is_key_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'; }

/// "Key: value" (spaces or tabs after ':', a value of at least one character) as git's trailer reader
/// splits it; nullopt for a line it would judge otherwise.
std::optional<std::pair<std::string_view, std::string_view>> plain_trailer_line(std::string_view line) {
  std::size_t k = 0;
  while (k < line.size() && is_key_char(line[k])) ++k;
  if (k == 0 || k == line.size() || line[k] != ':') return std::nullopt;
  std::size_t v = k + 1;
  while (v < line.size() && (line[v] == ' ' || line[v] == '\t')) ++v;
  if (v == line.size()) return std::nullopt;
  return std::make_pair(line.substr(0, k), line.substr(v));
}

/// True if any line of `text` starts with "---" or '#' (git's patch separator and comment lines), or it
/// holds a CR, a NUL or another control character git's blank-line rule treats as space.
bool needs_git_rules(std::string_view text) {
  // memchr for the controls and the line ends: a byte-by-byte loop here was most of a commit's trailer
  // reading in a cold `pdo log`.
  for (const char c : {'\r', '\0', '\v', '\f'}) {
    if (text.find(c) != std::string_view::npos) return true;
  }
  for (std::size_t at = 0; at < text.size();) {
    if (text[at] == '#' || text.compare(at, 3, "---") == 0) return true;
    const auto nl = text.find('\n', at);
    if (nl == std::string_view::npos) break;
    at = nl + 1;
  }
  return false;
}

}  // namespace

std::optional<std::vector<std::pair<std::string, std::string>>> plain_trailers(std::string_view message) {
  using Trailers = std::vector<std::pair<std::string, std::string>>;
  if (message.find(':') == std::string_view::npos) return Trailers{};  // git needs a separator
  if (message.empty() || message.front() == ' ' || message.front() == '\t' || message.front() == '\n') return std::nullopt;
  if (needs_git_rules(message)) return std::nullopt;
  std::size_t end = message.size();
  if (message[end - 1] != '\n') return std::nullopt;
  while (end > 1 && message[end - 2] == '\n') --end;  // trailing empty lines
  // The last "\n\n" at or before end - 2, found line by line with memchr (rfind of a two-byte string
  // compares at every byte).
  std::size_t blank = std::string_view::npos;
  for (std::size_t nl = message.find('\n'); nl != std::string_view::npos && nl <= end - 2; nl = message.find('\n', nl + 1)) {
    if (message[nl + 1] == '\n') blank = nl;
  }
  if (blank == std::string_view::npos) return std::nullopt;
  Trailers out;
  out.reserve(8);
  for (std::size_t at = blank + 2; at < end;) {
    const std::size_t eol = message.find('\n', at);
    const auto kv = plain_trailer_line(message.substr(at, eol - at));
    if (!kv) return std::nullopt;
    out.emplace_back(kv->first, kv->second);
    at = eol + 1;
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> libgit2_trailers(const std::string& message) {
  ensure_libgit2();
  std::vector<std::pair<std::string, std::string>> out;
  git_message_trailer_array arr{};
  if (git_message_trailers(&arr, message.c_str()) != 0) return out;
  for (std::size_t i = 0; i < arr.count; ++i) {
    out.emplace_back(arr.trailers[i].key ? arr.trailers[i].key : "", arr.trailers[i].value ? arr.trailers[i].value : "");
  }
  git_message_trailer_array_free(&arr);
  return out;
}

}  // namespace detail

std::vector<std::pair<std::string, std::string>> message_trailers(const std::string& message) {
  if (auto plain = detail::plain_trailers(message)) return std::move(*plain);
  return detail::libgit2_trailers(message);
}

void tune_for_reading() {
  ensure_libgit2();
  // Objects come from pdo's own repository; git itself does not verify hashes on reads either.
  git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
  // walk_changes looks each commit and tree up exactly once: an object cache would only grow with the
  // history (and be freed object by object at exit).
  git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
}

bool Repo::is_ancestor(const std::string& ancestor, const std::string& descendant) const {
  git_oid a, d;
  if (git_oid_fromstr(&a, ancestor.c_str()) != 0 || git_oid_fromstr(&d, descendant.c_str()) != 0) return false;
  if (git_oid_equal(&a, &d)) return true;
  return git_graph_descendant_of(m_impl->repo.get(), &d, &a) == 1;
}

std::string Repo::read_blob(const std::string& id) const {
  git_oid oid;
  if (id.empty() || git_oid_fromstr(&oid, id.c_str()) != 0) return {};
  return blob_text(m_impl->repo.get(), oid);
}

// Parent by parent, not with a git_revwalk: a revwalk opens the commit-graph, which libgit2 1.5 checks
// whole (a SHA-1 of 600 KB at 10k commits, ~10 % of `pdo undo`) before it gives the first commit.
struct Repo::FirstParentWalk::Impl {
  CommitPtr next;  ///< null past the first commit, or for an unborn HEAD
};

Repo::FirstParentWalk::FirstParentWalk(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Repo::FirstParentWalk::FirstParentWalk(FirstParentWalk&&) noexcept = default;
Repo::FirstParentWalk& Repo::FirstParentWalk::operator=(FirstParentWalk&&) noexcept = default;
Repo::FirstParentWalk::~FirstParentWalk() = default;

std::optional<CommitInfo> Repo::FirstParentWalk::next() {
  if (!m_impl->next) return std::nullopt;
  CommitPtr commit = std::move(m_impl->next);
  git_commit* parent = nullptr;
  // A missing parent (a shallow clone's boundary) ends the line, as it ends git log's.
  if (git_commit_parentcount(commit.get()) > 0 && git_commit_parent(&parent, commit.get(), 0) == 0) m_impl->next = CommitPtr(parent);
  return info_of(commit.get(), *git_commit_id(commit.get()));
}

Result<Repo::FirstParentWalk> Repo::first_parent_walk() const {
  auto impl = std::make_unique<FirstParentWalk::Impl>();
  if (!head_unborn()) {
    git_oid head;
    if (int rc = git_reference_name_to_id(&head, m_impl->repo.get(), "HEAD"); rc != 0) return lg2_error(rc, "HEAD");
    git_commit* c = nullptr;
    if (int rc = git_commit_lookup(&c, m_impl->repo.get(), &head); rc != 0) return lg2_error(rc, "HEAD");
    impl->next = CommitPtr(c);
  }
  return FirstParentWalk(std::move(impl));
}

std::optional<std::string> Repo::blob_at(const std::string& rev, const std::string& path) const {
  git_object* obj = nullptr;
  if (git_revparse_single(&obj, m_impl->repo.get(), (rev + "^{commit}").c_str()) != 0) return std::nullopt;
  CommitPtr commit_ptr(reinterpret_cast<git_commit*>(obj));
  git_commit* c = commit_ptr.get();
  git_tree* t = nullptr;
  if (git_commit_tree(&t, c) != 0) return std::nullopt;
  TreePtr tree(t);
  const auto id = entry_id(t, path);
  if (!id) return std::nullopt;
  return blob_text(m_impl->repo.get(), *id);
}

}  // namespace pdo::git
