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

std::vector<std::pair<std::string, std::string>> message_trailers(const std::string& message) {
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

/// A commit the walk has reached but not visited yet, with the path's blob in its tree.
struct Queued {
  long long time = 0;
  std::uint64_t order = 0;  ///< the order it was reached in: ties go to the commit reached first (the child)
  CommitPtr commit;
  std::optional<git_oid> entry;
};

bool later(const Queued& a, const Queued& b) { return a.time != b.time ? a.time < b.time : a.order > b.order; }

}  // namespace

Status Repo::walk_changes(const std::string& path, const std::string& stop_at,
                          const std::function<bool(const PathChangeView&)>& visit, std::atomic<std::uint64_t>* walked) const {
  git_repository* repo = m_impl->repo.get();
  if (head_unborn()) return ok();
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
    git_commit* c = nullptr;
    if (git_commit_lookup(&c, repo, &id) != 0) return;  // beyond a shallow clone's boundary
    Queued q{static_cast<long long>(git_commit_time(c)), order++, CommitPtr(c), std::nullopt};
    git_tree* t = nullptr;
    if (git_commit_tree(&t, c) == 0) {
      TreePtr tree(t);
      q.entry = entry_id(t, path);
    }
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
    git_commit* c = q.commit.get();
    const git_oid id = *git_commit_id(c);
    const unsigned parents = git_commit_parentcount(c);
    // Past the stop commit only a linear history is certain to hold no commit the cache has already.
    if (stop && parents > 1) return Error{Exit::failure, "merge after the cached commit"};
    std::optional<git_oid> before;
    for (unsigned i = 0; i < parents; ++i) {
      const git_oid* pid = git_commit_parent_id(c, i);
      const bool is_stop = stop && git_oid_equal(pid, &*stop);
      if (!is_stop) reach(*pid);
      if (i != 0) continue;
      const auto queued = std::find_if(queue.begin(), queue.end(),
                                       [&](const Queued& o) { return git_oid_equal(git_commit_id(o.commit.get()), pid) != 0; });
      if (queued != queue.end()) {
        before = queued->entry;
      } else {
        const TreePtr parent_tree = first_parent_tree(c);  // the stop commit; none beyond a shallow boundary
        before = parent_tree ? entry_id(parent_tree.get(), path) : std::nullopt;
      }
    }
    const auto& after = q.entry;
    const bool same = (!after && !before) || (after && before && git_oid_cmp(&*after, &*before) == 0);
    if (same) continue;
    git_oid_tostr(id_hex, sizeof id_hex, &id);
    before_hex[0] = after_hex[0] = '\0';
    if (before) git_oid_tostr(before_hex, sizeof before_hex, &*before);
    if (after) git_oid_tostr(after_hex, sizeof after_hex, &*after);
    const char* message = git_commit_message(c);
    const PathChangeView view{id_hex, message ? message : "", q.time, git_commit_time_offset(c), before_hex, after_hex};
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
