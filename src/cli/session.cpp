#include "cli/session.hpp"

#include "cli/secret_guard.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"

namespace pdo::cli {

using util::tr;
namespace fs = std::filesystem;

namespace {

constexpr std::chrono::milliseconds k_lock_wait{30000};

/// Marks "a pdo is inside git's own locks" for as long as a commit runs; a marker still there when
/// the next pdo gets the workspace lock means that pdo was killed mid-commit.
fs::path inflight_marker(const git::Repo& repo) { return repo.gitdir() / "pdo-inflight"; }

/// Removes git lock files that a killed pdo left behind: only those created after its marker, and
/// only while we hold the workspace lock (so that pdo is gone). Another program's locks are older
/// than the marker or absent, and are never touched.
void recover_from_killed_pdo(Context& ctx, const git::Repo& repo) {
  const fs::path marker = inflight_marker(repo);
  std::error_code ec;
  if (!fs::exists(marker, ec)) return;
  const auto since = fs::last_write_time(marker, ec) - std::chrono::seconds(1);
  std::vector<fs::path> locks{repo.gitdir() / "index.lock", repo.gitdir() / "HEAD.lock"};
  if (const std::string branch = repo.branch(); !branch.empty()) {
    locks.push_back(repo.gitdir() / "refs" / "heads" / util::path_from_utf8(branch + ".lock"));
  }
  for (const auto& lock : locks) {
    std::error_code lec;
    if (fs::exists(lock, lec) && fs::last_write_time(lock, lec) >= since && fs::remove(lock, lec)) {
      ctx.err << tr("pdo: 清理了被中断的 pdo 留下的锁文件 ", "pdo: removed a lock file left by an interrupted pdo: ")
              << util::path_to_utf8(lock) << "\n";
    }
  }
  fs::remove(marker, ec);
}

}  // namespace

std::filesystem::path Session::path(const std::string& course_rel) const {
  return ws.path(course_rel);
}

std::string Session::repo_path(const std::string& course_rel) const { return repo.relative(path(course_rel)); }

workspace::Workspace open_workspace_files(Context& ctx) {
  auto ws = workspace::open_workspace(ctx.cwd).take();
  util::set_lang(ctx.lang_flag.value_or(ws.settings.lang));
  return ws;
}

Session open_session(Context& ctx, Access access) {
  auto ws = open_workspace_files(ctx);
  const auto top = git::Repo::discover(ws.root);
  if (!top) {
    throw Failure(Exit::usage, tr("课程目录不在 git 仓库里：", "the course folder is not in a git repository: ") +
                                   util::path_to_utf8(ws.root) + tr("。运行 pdo init 重新建立。", ". Run pdo init to set it up again."));
  }
  Session s{std::move(ws), git::Repo::open(*top).take(), nullptr};
  if (access == Access::write) {
    if (auto st = s.repo.ready_to_commit(false); !st) throw Failure(st.error());
    s.lock = lock_workspace(ctx, s.repo);
  }
  return s;
}

std::unique_ptr<platform::FileLock> lock_workspace(Context& ctx, const git::Repo& repo) {
  auto lock = platform::FileLock::acquire(repo.gitdir() / "pdo.lock", k_lock_wait);
  if (!lock) {
    throw Failure(Exit::busy, tr("另一个 pdo 命令正在修改这个工作区，等了 30 秒仍未结束。请稍后重试。",
                                 "another pdo command has been changing this workspace for 30 seconds. Try again later."));
  }
  recover_from_killed_pdo(ctx, repo);
  return lock;
}

std::optional<std::string> commit_paths(Session& s, const std::vector<std::string>& course_paths, const std::string& message) {
  git::CommitRequest request;
  for (const auto& p : course_paths) request.paths.push_back(s.repo_path(p));
  request.message = message;
  request.check = secret_commit_check();  // libgit2 runs no hooks: pdo scans what it commits itself
  const fs::path marker = inflight_marker(s.repo);
  util::write_file_atomic(marker, std::to_string(platform::current_pid()), util::Replace::allowed).take();
  auto result = s.repo.commit_paths(request);
  std::error_code ec;
  fs::remove(marker, ec);
  return std::move(result).take();
}

std::optional<std::string> commit_edit(Session& s, const FileEdit& edit, const std::vector<std::string>& also,
                                       const std::string& message) {
  const std::string head_before = s.repo.head_id();
  util::write_file_atomic(s.path(edit.path), edit.new_text, util::Replace::allowed).take();
  std::vector<std::string> paths{edit.path};
  paths.insert(paths.end(), also.begin(), also.end());
  try {
    return commit_paths(s, paths, message);
  } catch (...) {
    if (s.repo.head_id() == head_before) (void)util::write_file_atomic(s.path(edit.path), edit.old_text, util::Replace::allowed);
    throw;
  }
}

const course::Lesson& lesson_arg(const course::Course& course, const std::string& key) {
  if (const auto* l = course::find_lesson(course, key)) return *l;
  const auto& first = course.lessons.front();
  const auto& last = course.lessons.back();
  throw Failure(Exit::usage, tr("没有这一课：", "no such lesson: ") + key + tr("。有效的课号：", ". Valid lessons: ") + first.id +
                                 "–" + last.id + tr("（也可以写 ", " (also ") + std::to_string(first.number) +
                                 tr("，或文件夹名，如 ", ", or the folder name, e.g. ") + first.folder + tr("）", ")"));
}

}  // namespace pdo::cli
