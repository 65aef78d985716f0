// Repo::staged_blobs: what `git commit` is about to store, for the pre-commit hook's secret scan. It
// reads the index git hands the hook (GIT_INDEX_FILE) and never the working tree.
#include "git/lg2.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"

namespace pdo::git {

using util::tr;

namespace {

using DiffPtr = Handle<git_diff, git_diff_free>;

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

}  // namespace pdo::git
