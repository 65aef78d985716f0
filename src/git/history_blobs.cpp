// Repo::for_each_history_blob: every blob any commit introduced, each scanned once, so `pdo scan
// --history` can point at the commit where an old key first appeared. Trees are compared entry by
// entry (no git_diff: it re-reads the configuration for every commit), and a subtree whose id did not
// change is skipped whole.
#include <set>
#include <string>

#include "git/lg2.hpp"
#include "util/i18n.hpp"

namespace pdo::git {

using util::tr;

namespace {

struct BlobWalk {
  git_repository* repo;
  const std::function<void(const Repo::HistoryBlob&)>& visit;
  std::set<std::string> seen;
  std::string commit;
};

TreePtr lookup_tree(git_repository* repo, const git_oid& id) {
  git_tree* t = nullptr;
  if (git_tree_lookup(&t, repo, &id) != 0) return {};
  return TreePtr(t);
}

/// Reports the blobs of `now` (under `prefix`) that `before` (may be null) does not have at the same path.
Status compare_trees(BlobWalk& w, git_tree* before, git_tree* now, const std::string& prefix) {
  const std::size_t count = git_tree_entrycount(now);
  for (std::size_t i = 0; i < count; ++i) {
    const git_tree_entry* e = git_tree_entry_byindex(now, i);
    const std::string name = git_tree_entry_name(e);
    const git_tree_entry* old = before ? git_tree_entry_byname(before, name.c_str()) : nullptr;
    const git_object_t type = git_tree_entry_type(e);
    if (old && git_oid_equal(git_tree_entry_id(old), git_tree_entry_id(e)) && git_tree_entry_filemode(old) == git_tree_entry_filemode(e)) {
      continue;  // unchanged file, or a whole unchanged subtree
    }
    const std::string path = prefix + name;
    if (type == GIT_OBJECT_TREE) {
      const TreePtr sub = lookup_tree(w.repo, *git_tree_entry_id(e));
      if (!sub) return lg2_error(-1, tr("无法读取提交 ", "cannot read commit ") + w.commit);
      TreePtr old_sub = old && git_tree_entry_type(old) == GIT_OBJECT_TREE ? lookup_tree(w.repo, *git_tree_entry_id(old)) : TreePtr{};
      if (Status s = compare_trees(w, old_sub.get(), sub.get(), path + "/"); !s) return s;
      continue;
    }
    if (type != GIT_OBJECT_BLOB) continue;  // submodules
    if (old && git_oid_equal(git_tree_entry_id(old), git_tree_entry_id(e))) continue;  // mode change only, as git diff shows no new content
    // A blob is scanned once, but a path rule (.env) needs each new path of it too.
    if (!w.seen.insert(oid_str(*git_tree_entry_id(e)) + ":" + path).second) continue;
    w.visit({w.commit, path, blob_text(w.repo, *git_tree_entry_id(e))});
  }
  return ok();
}

}  // namespace

Status Repo::for_each_history_blob(const std::function<void(const HistoryBlob&)>& visit) const {
  git_repository* repo = m_impl->repo.get();
  if (head_unborn()) return ok();
  BlobWalk w{repo, visit, {}, {}};
  return walk_commits(repo, GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME | GIT_SORT_REVERSE, {"refs/heads/*", "refs/tags/*"},
                      [&](const git_oid& id, git_commit* c, git_tree* t) -> Result<bool> {
    const TreePtr parent = first_parent_tree(c);
    w.commit = oid_str(id);
    if (Status s = compare_trees(w, parent.get(), t, ""); !s) return s.error();
    return true;
  });
}

}  // namespace pdo::git
