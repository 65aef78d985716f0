// Repo::commit_paths: a commit of exactly pdo's paths, built from HEAD's tree in a private index so
// that whatever the learner has staged stays staged and out of pdo's commit.
#include <thread>

#include "git/lg2.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"

namespace pdo::git {

using util::tr;

namespace {

constexpr int k_head_moved_retries = 5;

Status index_lock_wait(const fs::path& gitdir, std::chrono::milliseconds wait) {
  const fs::path lock = gitdir / "index.lock";
  const auto deadline = std::chrono::steady_clock::now() + wait;
  std::error_code ec;
  while (fs::exists(lock, ec)) {
    if (std::chrono::steady_clock::now() >= deadline) {
      return Error{Exit::busy,
                   tr("另一个 git 程序正在使用仓库（锁文件 ", "another git program is using the repository (lock file ") +
                       util::path_to_utf8(lock) +
                       tr(" 存在）。请等它结束后重试；如果确认没有 git 程序在运行，可以自己删除这个文件。pdo 不会删除它。",
                          " exists). Wait for it to finish and try again; if you are sure no git program is running, delete "
                          "that file yourself. pdo never deletes it.")};
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return ok();
}

/// Builds the tree HEAD + our paths; collects the blobs that differ from HEAD.
Result<git_oid> build_tree(git_repository* repo, git_tree* head_tree, const std::vector<std::string>& paths,
                           std::vector<StagedBlob>& changed) {
  git_index* raw = nullptr;
  if (int rc = git_index_new(&raw); rc != 0) return lg2_error(rc, "git_index_new");
  IndexPtr index(raw);
  if (head_tree) {
    if (int rc = git_index_read_tree(raw, head_tree); rc != 0) return lg2_error(rc, "read HEAD tree");
  }
  const fs::path workdir = util::path_from_utf8(git_repository_workdir(repo));
  for (const auto& path : paths) {
    std::error_code ec;
    const fs::path file = workdir / util::path_from_utf8(path);
    if (!fs::is_regular_file(file, ec)) {
      git_index_remove(raw, path.c_str(), 0);
      continue;
    }
    git_index_entry entry{};
    // Applies the repo's filters (core.autocrlf, .gitattributes) exactly as `git add` would.
    if (int rc = git_blob_create_from_workdir(&entry.id, repo, path.c_str()); rc != 0) {
      return lg2_error(rc, tr("无法读取 ", "cannot read ") + path);
    }
    const auto perms = fs::status(file, ec).permissions();
    const bool exec = (perms & fs::perms::owner_exec) != fs::perms::none;
    entry.mode = exec ? GIT_FILEMODE_BLOB_EXECUTABLE : GIT_FILEMODE_BLOB;
    entry.path = path.c_str();
    const auto old = entry_id(head_tree, path);
    if (!old || git_oid_cmp(&*old, &entry.id) != 0) changed.push_back({path, blob_text(repo, entry.id)});
    if (int rc = git_index_add(raw, &entry); rc != 0) return lg2_error(rc, tr("无法暂存 ", "cannot stage ") + path);
  }
  git_oid tree_id;
  if (int rc = git_index_write_tree_to(&tree_id, raw, repo); rc != 0) return lg2_error(rc, "write tree");
  return tree_id;
}

/// Brings the learner's index in line with the commit for our paths only.
Status sync_index(git_repository* repo, const std::vector<std::string>& paths, std::chrono::milliseconds wait) {
  git_index* raw = nullptr;
  if (int rc = git_repository_index(&raw, repo); rc != 0) return lg2_error(rc, "open index");
  IndexPtr index(raw);
  const fs::path workdir = util::path_from_utf8(git_repository_workdir(repo));
  const auto deadline = std::chrono::steady_clock::now() + wait;
  while (true) {
    int rc = git_index_read(raw, 0);
    for (const auto& path : paths) {
      if (rc != 0) break;
      std::error_code ec;
      if (fs::is_regular_file(workdir / util::path_from_utf8(path), ec)) {
        rc = git_index_add_bypath(raw, path.c_str());
      } else {
        git_index_remove_bypath(raw, path.c_str());
      }
    }
    if (rc == 0) rc = git_index_write(raw);
    if (rc == 0) return ok();
    if (rc != GIT_ELOCKED || std::chrono::steady_clock::now() >= deadline) {
      return lg2_error(rc, tr("提交已完成，但无法更新 git 索引（index）；运行 git status 查看", "the commit was made, but the git index could not be updated; run git status"));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace

Result<std::optional<std::string>> Repo::commit_paths(const CommitRequest& request) {
  git_repository* repo = m_impl->repo.get();
  git_signature* sig_raw = nullptr;
  if (git_signature_default(&sig_raw, repo) != 0) {
    return Error{Exit::usage, tr("git 还不知道你的名字和邮箱（user.name / user.email）。请运行：pdo init --name \"你的名字\" --email you@example.com，或 git config user.name / user.email",
                                 "git does not know your name and email (user.name / user.email). Run: pdo init --name \"Your Name\" --email you@example.com, or git config user.name / user.email")};
  }
  SigPtr sig(sig_raw);
  for (int attempt = 0;; ++attempt) {
    if (auto st = index_lock_wait(gitdir(), request.lock_wait); !st) return st.error();
    CommitPtr parent;
    TreePtr head_tree;
    if (!head_unborn()) {
      git_object* obj = nullptr;
      if (int rc = git_revparse_single(&obj, repo, "HEAD^{commit}"); rc != 0) return lg2_error(rc, "HEAD");
      parent.reset(reinterpret_cast<git_commit*>(obj));
      git_tree* t = nullptr;
      if (int rc = git_commit_tree(&t, parent.get()); rc != 0) return lg2_error(rc, "HEAD tree");
      head_tree.reset(t);
    }
    std::vector<StagedBlob> changed;
    auto tree_id = build_tree(repo, head_tree.get(), request.paths, changed);
    if (!tree_id) return tree_id.error();
    if (head_tree && git_oid_cmp(&*tree_id, git_tree_id(head_tree.get())) == 0) return std::optional<std::string>();
    if (request.check) {
      if (auto st = request.check(changed); !st) return st.error();
    }
    git_tree* tree_raw = nullptr;
    if (int rc = git_tree_lookup(&tree_raw, repo, &*tree_id); rc != 0) return lg2_error(rc, "tree");
    TreePtr tree(tree_raw);
    git_oid commit_id;
    const git_commit* parents[] = {parent.get()};
    const int rc = git_commit_create(&commit_id, repo, "HEAD", sig.get(), sig.get(), "UTF-8", request.message.c_str(),
                                     tree.get(), parent ? 1 : 0, parent ? parents : nullptr);
    if (rc == GIT_EMODIFIED && attempt < k_head_moved_retries) continue;  // HEAD moved under us: rebuild on it
    if (rc != 0) return lg2_error(rc, tr("无法创建提交", "cannot create the commit"));
    if (auto st = sync_index(repo, request.paths, request.lock_wait); !st) return st.error();
    return std::optional<std::string>(oid_str(commit_id));
  }
}

}  // namespace pdo::git
