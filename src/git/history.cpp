// Reading history: the commits that changed a path, recent commits, blobs.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
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

namespace {

struct OidHash {
  std::size_t operator()(const git_oid& id) const {
    std::size_t h = 0;
    std::memcpy(&h, id.id, sizeof h);  // an object id is already uniformly distributed
    return h;
  }
};
struct OidEq {
  bool operator()(const git_oid& a, const git_oid& b) const { return git_oid_equal(&a, &b) != 0; }
};

using OdbObjectPtr = Handle<git_odb_object, git_odb_object_free>;

/// What the walk needs of a commit, read straight from its object (no git_commit: libgit2 also parses
/// both signatures and copies the message, a third of the walk's own instructions).
struct RawCommit {
  git_oid tree{};
  std::vector<git_oid> parents;
  long long time = 0;  ///< the committer's, as git_commit_time
  int offset_minutes = 0;
  std::string message;  ///< as git_commit_message: without the leading newlines
};

bool hex_oid(std::string_view text, git_oid& out) {
  return text.size() >= GIT_OID_HEXSZ && git_oid_fromstrn(&out, text.data(), GIT_OID_HEXSZ) == 0;
}

/// "Name <mail> 1700000000 +0800": the time and the zone in minutes after the last '>'.
void committer_time(std::string_view line, long long& time, int& offset) {
  const auto gt = line.rfind('>');
  if (gt == std::string_view::npos) return;
  std::size_t i = gt + 1;
  while (i < line.size() && line[i] == ' ') ++i;
  long long t = 0;
  bool digits = false;
  for (; i < line.size() && line[i] >= '0' && line[i] <= '9'; ++i, digits = true) t = t * 10 + (line[i] - '0');
  if (!digits) return;
  time = t;
  while (i < line.size() && line[i] == ' ') ++i;
  if (i + 5 > line.size() || (line[i] != '+' && line[i] != '-')) return;
  const auto d = [&](std::size_t k) { return line[i + k] >= '0' && line[i + k] <= '9' ? line[i + k] - '0' : -1; };
  if (d(1) < 0 || d(2) < 0 || d(3) < 0 || d(4) < 0) return;
  const int minutes = (d(1) * 10 + d(2)) * 60 + d(3) * 10 + d(4);
  offset = line[i] == '-' ? -minutes : minutes;
}

std::optional<RawCommit> read_commit(git_odb* odb, const git_oid& id) {
  git_odb_object* raw = nullptr;
  if (git_odb_read(&raw, odb, &id) != 0) return std::nullopt;  // beyond a shallow clone's boundary
  OdbObjectPtr obj(raw);
  if (git_odb_object_type(raw) != GIT_OBJECT_COMMIT) return std::nullopt;
  const std::string_view data(static_cast<const char*>(git_odb_object_data(raw)), git_odb_object_size(raw));
  RawCommit c;
  bool have_tree = false;
  std::size_t pos = 0;
  while (pos < data.size()) {
    const auto nl = data.find('\n', pos);
    const std::string_view line = data.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? data.size() : nl + 1;
    if (line.empty()) break;  // the end of the header
    if (line.rfind("tree ", 0) == 0) {
      have_tree = hex_oid(line.substr(5), c.tree);
    } else if (line.rfind("parent ", 0) == 0) {
      git_oid p;
      if (hex_oid(line.substr(7), p)) c.parents.push_back(p);
    } else if (line.rfind("committer ", 0) == 0) {
      committer_time(line.substr(10), c.time, c.offset_minutes);
    }  // author, encoding, gpgsig and its continuation lines, mergetag: not needed
  }
  if (!have_tree) return std::nullopt;
  while (pos < data.size() && data[pos] == '\n') ++pos;
  c.message.assign(data.substr(pos));
  return c;
}

/// The blob at `path` in the tree `tree_id`, read from the raw tree objects ("<mode> <name>\0<id>"),
/// as entry_id() finds it: nullopt when absent or not a blob (a folder, a submodule).
std::optional<git_oid> raw_entry(git_odb* odb, const git_oid& tree_id, std::string_view path) {
  git_oid current = tree_id;
  for (;;) {
    const auto slash = path.find('/');
    const std::string_view name = path.substr(0, slash);
    git_odb_object* raw = nullptr;
    if (git_odb_read(&raw, odb, &current) != 0) return std::nullopt;
    OdbObjectPtr obj(raw);
    if (git_odb_object_type(raw) != GIT_OBJECT_TREE) return std::nullopt;
    const std::string_view data(static_cast<const char*>(git_odb_object_data(raw)), git_odb_object_size(raw));
    std::optional<std::pair<std::string_view, git_oid>> found;
    for (std::size_t pos = 0; pos < data.size();) {
      const auto space = data.find(' ', pos);
      const auto nul = space == std::string_view::npos ? space : data.find('\0', space);
      if (nul == std::string_view::npos || nul + 1 + GIT_OID_RAWSZ > data.size()) return std::nullopt;
      if (data.substr(space + 1, nul - space - 1) == name) {
        git_oid id;
        git_oid_fromraw(&id, reinterpret_cast<const unsigned char*>(data.data() + nul + 1));
        found = std::make_pair(data.substr(pos, space - pos), id);
        break;
      }
      pos = nul + 1 + GIT_OID_RAWSZ;
    }
    if (!found) return std::nullopt;
    const std::string_view mode = found->first;
    if (slash == std::string_view::npos) {
      // Blobs: 100644, 100755 and links (120000); a tree (40000) or a submodule (160000) is no blob.
      if (mode != "100644" && mode != "100755" && mode != "120000" && mode != "100664") return std::nullopt;
      return found->second;
    }
    if (mode != "40000") return std::nullopt;
    current = found->second;
    path = path.substr(slash + 1);
  }
}

/// A commit the walk has reached but not visited yet, with the path's blob in its tree.
struct Queued {
  long long time = 0;
  std::uint64_t order = 0;  ///< the order it was reached in: ties go to the commit reached first (the child)
  git_oid id{};
  RawCommit commit;
  std::optional<git_oid> entry;
};

bool later(const Queued& a, const Queued& b) { return a.time != b.time ? a.time < b.time : a.order > b.order; }

}  // namespace

Status Repo::walk_changes(const std::string& path, const std::string& stop_at, const std::function<bool(const PathChangeView&)>& visit,
                          std::atomic<std::uint64_t>* walked) const {
  git_repository* repo = m_impl->repo.get();
  if (head_unborn()) return ok();
  git_odb* odb_raw = nullptr;
  if (int rc = git_repository_odb(&odb_raw, repo); rc != 0) return lg2_error(rc, "odb");
  const Handle<git_odb, git_odb_free> odb(odb_raw);
  // Our own walk rather than git_revwalk: each commit is parsed once (the revwalk parses it again), each
  // tree read once, and a parent missing from a shallow clone ends that line instead of the whole walk.
  std::optional<git_oid> stop;
  if (!stop_at.empty()) {
    git_oid id;
    if (int rc = git_oid_fromstr(&id, stop_at.c_str()); rc != 0) return lg2_error(rc, "walk " + stop_at);
    stop = id;
  }
  std::unordered_set<git_oid, OidHash, OidEq> reached;
  std::vector<Queued> queue;
  std::uint64_t order = 0;
  const auto reach = [&](const git_oid& id) {
    if (!reached.insert(id).second) return;
    auto c = read_commit(odb.get(), id);
    if (!c) return;  // beyond a shallow clone's boundary
    Queued q{c->time, order++, id, std::move(*c), std::nullopt};
    q.entry = raw_entry(odb.get(), q.commit.tree, path);
    queue.push_back(std::move(q));
    std::push_heap(queue.begin(), queue.end(), later);
  };
  git_oid head;
  if (int rc = git_reference_name_to_id(&head, repo, "HEAD"); rc != 0) return lg2_error(rc, "HEAD");
  if (stop && git_oid_equal(&head, &*stop)) return ok();
  reach(head);
  char id_hex[GIT_OID_HEXSZ + 1] = {}, before_hex[GIT_OID_HEXSZ + 1] = {}, after_hex[GIT_OID_HEXSZ + 1] = {};
  while (!queue.empty()) {
    std::pop_heap(queue.begin(), queue.end(), later);
    Queued q = std::move(queue.back());
    queue.pop_back();
    if (walked) walked->fetch_add(1, std::memory_order_relaxed);
    const auto& parents = q.commit.parents;
    // Past the stop commit only a linear history is certain to hold no commit the cache has already.
    if (stop && parents.size() > 1) return Error{Exit::failure, "merge after the cached commit"};
    std::optional<git_oid> before;
    for (std::size_t i = 0; i < parents.size(); ++i) {
      const git_oid* pid = &parents[i];
      const bool is_stop = stop && git_oid_equal(pid, &*stop);
      if (!is_stop) reach(*pid);
      if (i != 0) continue;
      const auto queued = std::find_if(queue.begin(), queue.end(), [&](const Queued& o) { return git_oid_equal(&o.id, pid) != 0; });
      if (queued != queue.end()) {
        before = queued->entry;
      } else if (const auto parent = read_commit(odb.get(), *pid)) {  // the stop commit; none beyond a shallow boundary
        before = raw_entry(odb.get(), parent->tree, path);
      }
    }
    const auto& after = q.entry;
    const bool same = (!after && !before) || (after && before && git_oid_cmp(&*after, &*before) == 0);
    if (same) continue;
    git_oid_tostr(id_hex, sizeof id_hex, &q.id);
    before_hex[0] = after_hex[0] = '\0';
    if (before) git_oid_tostr(before_hex, sizeof before_hex, &*before);
    if (after) git_oid_tostr(after_hex, sizeof after_hex, &*after);
    const PathChangeView view{id_hex, q.commit.message.c_str(), q.time, q.commit.offset_minutes, before_hex, after_hex};
    if (!visit(view)) break;
  }
  return ok();
}

bool Repo::is_ancestor(const std::string& ancestor, const std::string& descendant) const {
  git_oid a, d;
  if (git_oid_fromstr(&a, ancestor.c_str()) != 0 || git_oid_fromstr(&d, descendant.c_str()) != 0) return false;
  if (git_oid_equal(&a, &d)) return true;
  return git_graph_descendant_of(m_impl->repo.get(), &d, &a) == 1;
}

Result<std::vector<Repo::PathChange>> Repo::changes_to(const std::string& path, std::size_t limit) const {
  std::vector<PathChange> out;
  const Status walked = walk_changes(path, "", [&](const PathChangeView& v) {
    PathChange change;
    change.commit.id = v.id;
    change.commit.message = v.message;
    change.commit.time = v.time;
    change.commit.offset_minutes = v.offset_minutes;
    change.before_id = v.before_id;
    change.after_id = v.after_id;
    out.push_back(std::move(change));
    return limit == 0 || out.size() < limit;
  });
  if (!walked) return walked.error();
  return out;
}

std::string Repo::read_blob(const std::string& id) const {
  git_oid oid;
  if (id.empty() || git_oid_fromstr(&oid, id.c_str()) != 0) return {};
  return blob_text(m_impl->repo.get(), oid);
}

Result<std::vector<CommitInfo>> Repo::recent_commits(std::size_t limit) const {
  std::vector<CommitInfo> out;
  if (head_unborn()) return out;
  git_revwalk* raw = nullptr;
  if (int rc = git_revwalk_new(&raw, m_impl->repo.get()); rc != 0) return lg2_error(rc, "revwalk");
  WalkPtr walk(raw);
  git_revwalk_simplify_first_parent(raw);
  if (int rc = git_revwalk_push_head(raw); rc != 0) return lg2_error(rc, "revwalk HEAD");
  git_oid id;
  while (out.size() < limit && git_revwalk_next(&id, raw) == 0) {
    git_commit* c = nullptr;
    if (git_commit_lookup(&c, m_impl->repo.get(), &id) != 0) continue;
    CommitPtr commit(c);
    out.push_back(info_of(c, id));
  }
  return out;
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
