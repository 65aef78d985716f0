// Repo::for_each_history_blob: every blob any commit introduced, each scanned once, so `pdo scan
// --history` can point at the commit where an old key first appeared.
#include <set>

#include "git/lg2.hpp"
#include "util/i18n.hpp"

namespace pdo::git {

using util::tr;

namespace {

using DiffPtr = Handle<git_diff, git_diff_free>;

/// Visits the blobs commit `c` (tree `t`) added or changed against its first parent, once per blob+path.
Status visit_changed_blobs(git_repository* repo, const git_oid& id, git_commit* c, git_tree* t, std::set<std::string>& seen,
                           const std::function<void(const Repo::HistoryBlob&)>& visit) {
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
  return ok();
}


}  // namespace

Status Repo::for_each_history_blob(const std::function<void(const HistoryBlob&)>& visit) const {
  git_repository* repo = m_impl->repo.get();
  if (head_unborn()) return ok();
  std::set<std::string> seen;
  return walk_commits(repo, GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME | GIT_SORT_REVERSE, {"refs/heads/*", "refs/tags/*"},
                      [&](const git_oid& id, git_commit* c, git_tree* t) -> Result<bool> {
    if (auto st = visit_changed_blobs(repo, id, c, t, seen, visit); !st) return st.error();
    return true;
  });
}

Status Repo::for_each_history_message(const std::function<void(const std::string&, const std::string&)>& visit) const {
  if (head_unborn()) return ok();
  return walk_commits(m_impl->repo.get(), GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME | GIT_SORT_REVERSE, {"refs/heads/*", "refs/tags/*"},
                      [&](const git_oid& id, git_commit* c, git_tree*) -> Result<bool> {
    const char* message = git_commit_message_raw(c);
    visit(oid_str(id), message ? message : "");
    return true;
  });
}

Status Repo::for_each_outgoing(const std::vector<std::string>& tips, const std::vector<std::string>& known, const std::string& known_glob,
                               const std::function<void(const OutgoingCommit&)>& visit_commit,
                               const std::function<void(const HistoryBlob&)>& visit_blob) const {
  git_repository* repo = m_impl->repo.get();
  git_revwalk* raw = nullptr;
  if (int rc = git_revwalk_new(&raw, repo); rc != 0) return lg2_error(rc, "revwalk");
  WalkPtr walk(raw);
  git_revwalk_sorting(raw, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE);
  git_oid oid;
  for (const auto& tip : tips) {
    if (git_oid_fromstr(&oid, tip.c_str()) != 0) return Error{Exit::usage, tr("不是提交 id：", "not a commit id: ") + tip};
    // An annotated tag (git push --tags) is walked from the commit it names; a tag of a tree or blob has
    // no commits to scan.
    git_object* obj = nullptr;
    if (int rc = git_object_lookup(&obj, repo, &oid, GIT_OBJECT_ANY); rc != 0) {
      return lg2_error(rc, tr("找不到要推送的对象 ", "cannot find the object to push ") + tip);
    }
    git_object* peeled = nullptr;
    const int peel = git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT);
    git_object_free(obj);
    if (peel != 0) continue;
    const git_oid commit_id = *git_object_id(peeled);
    git_object_free(peeled);
    if (int rc = git_revwalk_push(raw, &commit_id); rc != 0) return lg2_error(rc, tr("找不到要推送的提交 ", "cannot find the commit to push ") + tip);
  }
  // What the remote already has is hidden; an id this repo does not know (never fetched) hides nothing.
  for (const auto& id : known) {
    if (git_oid_fromstr(&oid, id.c_str()) == 0) git_revwalk_hide(raw, &oid);
  }
  if (!known_glob.empty()) git_revwalk_hide_glob(raw, known_glob.c_str());
  std::set<std::string> seen;
  while (git_revwalk_next(&oid, raw) == 0) {
    git_commit* c = nullptr;
    if (int rc = git_commit_lookup(&c, repo, &oid); rc != 0) return lg2_error(rc, tr("无法读取提交 ", "cannot read commit ") + oid_str(oid));
    CommitPtr commit(c);
    git_tree* t = nullptr;
    if (int rc = git_commit_tree(&t, c); rc != 0) return lg2_error(rc, tr("无法读取提交 ", "cannot read commit ") + oid_str(oid));
    TreePtr tree(t);
    const char* message = git_commit_message_raw(c);
    visit_commit({oid_str(oid), message ? message : ""});
    if (auto st = visit_changed_blobs(repo, oid, c, t, seen, visit_blob); !st) return st.error();
  }
  return ok();
}

}  // namespace pdo::git
