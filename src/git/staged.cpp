// Repo::staged_blobs: what `git commit` is about to store, for the pre-commit hook's secret scan. It
// reads the index git hands the hook (GIT_INDEX_FILE) and never the working tree. Repo::changed_under:
// what `git add -A FOLDER` would stage there, by libgit2's status walk.
#include <algorithm>

#include "git/lg2.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"

namespace pdo::git {

using util::tr;

namespace {

using DiffPtr = Handle<git_diff, git_diff_free>;
using StatusListPtr = Handle<git_status_list, git_status_list_free>;

Result<IndexPtr> open_index(git_repository* repo, const std::optional<fs::path>& index_file) {
  git_index* raw = nullptr;
  const int rc = index_file ? git_index_open(&raw, lg2_path(*index_file).c_str()) : git_repository_index(&raw, repo);
  if (rc != 0) return lg2_error(rc, tr("无法读取 git 索引（暂存区）", "cannot read the git index (staging area)"));
  return IndexPtr(raw);
}

/// The index (`index_file`, or .git/index) against HEAD's tree (none when unborn).
Result<DiffPtr> diff_head_to_index(git_repository* repo, bool unborn, const std::optional<fs::path>& index_file, std::uint32_t flags) {
  auto index = open_index(repo, index_file);
  if (!index) return index.error();
  TreePtr head_tree;
  if (!unborn) {
    git_object* obj = nullptr;
    if (int rc = git_revparse_single(&obj, repo, "HEAD^{tree}"); rc != 0) return lg2_error(rc, "HEAD");
    head_tree.reset(reinterpret_cast<git_tree*>(obj));
  }
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  opts.flags |= flags;
  git_diff* raw = nullptr;
  if (int rc = git_diff_tree_to_index(&raw, repo, head_tree.get(), index->get(), &opts); rc != 0) {
    return lg2_error(rc, tr("无法比较暂存区和 HEAD", "cannot compare the index with HEAD"));
  }
  return DiffPtr(raw);
}

}  // namespace

Result<std::size_t> Repo::staged_changes(const std::optional<fs::path>& index_file) const {
  auto diff = diff_head_to_index(m_impl->repo.get(), head_unborn(), index_file, 0);
  if (!diff) return diff.error();
  return git_diff_num_deltas(diff->get());
}

Result<bool> Repo::index_differs_from_head(const std::optional<fs::path>& index_file) const {
  auto n = staged_changes(index_file);
  if (!n) return n.error();
  return *n != 0;
}

Result<std::vector<StagedBlob>> Repo::staged_blobs(const std::optional<fs::path>& index_file) const {
  git_repository* repo = m_impl->repo.get();
  auto diff = diff_head_to_index(repo, head_unborn(), index_file, GIT_DIFF_IGNORE_SUBMODULES);
  if (!diff) return diff.error();
  git_diff* raw = diff->get();
  std::vector<StagedBlob> out;
  for (std::size_t i = 0; i < git_diff_num_deltas(raw); ++i) {
    const git_diff_delta* d = git_diff_get_delta(raw, i);
    if (d->status == GIT_DELTA_DELETED || d->new_file.mode == GIT_FILEMODE_COMMIT) continue;
    out.push_back({d->new_file.path ? d->new_file.path : "", blob_text(repo, d->new_file.id)});
  }
  return out;
}

Result<std::vector<util::RelPath>> Repo::changed_under(const util::RelPath& folder) const {
  git_status_options opts = GIT_STATUS_OPTIONS_INIT;
  opts.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
  // The folder as a path, not a pattern (a lesson folder may hold '['): libgit2's iterators then walk
  // only it. No rename detection: a rename is a deletion and an addition, each one path.
  opts.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS | GIT_STATUS_OPT_DISABLE_PATHSPEC_MATCH |
               GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
  char* spec[] = {const_cast<char*>(folder.str().c_str())};  // NOLINT: libgit2 takes char**, and only reads it
  opts.pathspec = {spec, 1};
  // As git status does: entries whose files were read again only because their stat data was stale (a
  // copied or restored workspace: new inodes and ctimes) get the fresh stat data written back to the index,
  // under git's index.lock, so the next run does not read them again. Where the index cannot be written (a
  // git holds its lock, a read-only folder), the walk runs without it.
  opts.flags |= GIT_STATUS_OPT_UPDATE_INDEX;
  git_status_list* raw = nullptr;
  int rc = git_status_list_new(&raw, m_impl->repo.get(), &opts);
  if (rc != 0) {
    opts.flags &= ~static_cast<unsigned>(GIT_STATUS_OPT_UPDATE_INDEX);
    rc = git_status_list_new(&raw, m_impl->repo.get(), &opts);
  }
  if (rc != 0) return lg2_error(rc, tr("无法比较工作区和 HEAD：", "cannot compare the working tree with HEAD: ") + folder.str());
  StatusListPtr list(raw);
  std::vector<util::RelPath> out;
  for (std::size_t i = 0; i < git_status_list_entrycount(raw); ++i) {
    const git_status_entry* e = git_status_byindex(raw, i);
    const git_diff_delta* d = e->index_to_workdir ? e->index_to_workdir : e->head_to_index;
    const char* path = d->new_file.path ? d->new_file.path : d->old_file.path;
    const std::string text = path ? path : "";
    if (!text.empty() && text.back() == '/') {  // an untracked folder libgit2 does not enter: another repository
      return Error{Exit::usage,
                   text + tr(" 是另一个 git 仓库，pdo 不会把它提交进这个工作区。请把它移出工作区（或删除其中的 .git 文件夹）后重试。",
                             " is another git repository, and pdo does not commit it into this workspace. Move it out of "
                             "the workspace (or delete its .git folder) and try again.")};
    }
    // A FIFO, socket or device where a committed file was: the walk does not see it, and neither it nor its
    // file's deletion is committed (opening a FIFO would block).
    std::error_code ec;
    const auto there = (e->status & GIT_STATUS_WT_DELETED) != 0 ? fs::symlink_status(workdir() / util::path_from_utf8(text), ec)
                                                                : fs::file_status(fs::file_type::not_found);
    if (fs::exists(there) && !fs::is_regular_file(there) && !fs::is_symlink(there)) continue;
    auto rel = util::RelPath::parse(text);
    if (!rel) return rel.error();
    out.push_back(std::move(rel).value());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace pdo::git
