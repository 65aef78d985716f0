// Repo::for_each_history_blob: every blob any commit introduced, each scanned once, so `pdo scan
// --history` can point at the commit where an old key first appeared.
#include <set>

#include "git/lg2.hpp"
#include "util/i18n.hpp"

namespace pdo::git {

using util::tr;

namespace {

using DiffPtr = Handle<git_diff, git_diff_free>;


}  // namespace

Status Repo::for_each_history_blob(const std::function<void(const HistoryBlob&)>& visit) const {
  git_repository* repo = m_impl->repo.get();
  if (head_unborn()) return ok();
  std::set<std::string> seen;
  return walk_commits(repo, GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME | GIT_SORT_REVERSE, {"refs/heads/*", "refs/tags/*"},
                      [&](const git_oid& id, git_commit* c, git_tree* t) -> Result<bool> {
    const TreePtr parent = first_parent_tree(c);
    git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
    opts.flags |= GIT_DIFF_IGNORE_SUBMODULES;
    git_diff* d_raw = nullptr;
    if (int rc = git_diff_tree_to_tree(&d_raw, repo, parent.get(), t, &opts); rc != 0) {
      return lg2_error(rc, tr("无法读取提交 ", "cannot read commit ") + oid_str(id));
    }
    DiffPtr diff(d_raw);
    for (std::size_t i = 0; i < git_diff_num_deltas(d_raw); ++i) {
      const git_diff_delta* d = git_diff_get_delta(d_raw, i);
      if (d->status == GIT_DELTA_DELETED || d->new_file.mode == GIT_FILEMODE_COMMIT) continue;
      const std::string path = d->new_file.path ? d->new_file.path : "";
      // A blob is scanned once, but a path rule (.env) needs each new path of it too.
      if (!seen.insert(oid_str(d->new_file.id) + ":" + path).second) continue;
      visit({oid_str(id), path, blob_text(repo, d->new_file.id)});
    }
    return true;
  });
}

}  // namespace pdo::git
