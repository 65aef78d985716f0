#include "app/session/session.hpp"

#include "app/checks/check_probes.hpp"
#include "app/hooks/secret_guard.hpp"
#include "util/format.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/own_state.hpp"

namespace pdo::app {

using util::tr;
using util::trf;
namespace fs = std::filesystem;

namespace {

constexpr std::chrono::milliseconds k_lock_wait{30000};

}  // namespace

std::filesystem::path Session::path(const std::string& course_rel) const { return ws.path(course_rel); }

util::RelPath Session::repo_path(const std::string& course_rel) const {
  return util::RelPath::parse(repo.relative(path(course_rel))).take();
}

workspace::Workspace open_workspace_files(Context& ctx, workspace::OwnLessons own) {
  auto ws = workspace::open_workspace(ctx.cwd, own).take();
  util::set_lang(ctx.lang_flag.value_or(ws.settings.lang));
  if (!ws.own_lessons_problem.empty()) {
    ctx.err << tr("pdo: 注意：", "pdo: warning: ") << ws.own_lessons_problem
            << tr("\n  在修好它之前，这个命令不含你自己的课节。\n",
                  "\n  Until it is fixed, this command goes on without your own lessons.\n");
  }
  return ws;
}

Session open_session(Context& ctx, Access access, workspace::OwnLessons own) {
  auto ws = open_workspace_files(ctx, own);
  auto repo = git::Repo::find_open(ws.root).take();
  if (!repo) {
    throw Failure(Exit::usage,
                  trf("课程目录不在 git 仓库里：{}。运行 pdo init 重新建立。",
                      "the course folder is not in a git repository: {}. Run pdo init to set it up again.", util::path_to_utf8(ws.root)));
  }
  Session s{std::move(ws), std::move(*repo), nullptr};
  s.repo.freeze_config();  // one snapshot of git's configuration for the whole command (recovery leaves it as it is)
  if (access == Access::write) {
    if (auto st = s.repo.ready_to_commit(false); !st) throw Failure(st.error());
    bool recovered = false;
    s.lock = lock_workspace(ctx, s.repo, &recovered);
    // The command plans from the workspace's files: read them again once recovery changed any.
    if (recovered) s.ws = open_workspace_files(ctx, own);
    // Every committing command says it when the learner's own `git commit` is no longer guarded (init,
    // which installs the hook, does not come through here).
    if (auto warning = hook_warning(s.repo)) ctx.err << *warning << "\n";
  }
  return s;
}

std::unique_ptr<platform::FileLock> lock_workspace(Context& ctx, git::Repo& repo, bool* recovered) {
  // Before the lock file is opened (or created): a link or anything else at one of pdo's own names is
  // refused here, with nothing touched.
  if (auto st = util::OwnFile::check_all(repo.gitdir()); !st) throw Failure(st.error());
  const fs::path file = util::OwnFile::at(repo.gitdir(), util::OwnFile::Name::workspace_lock).path();
  platform::IoFailure why = platform::IoFailure::none;
  auto lock = platform::FileLock::acquire(file, k_lock_wait, &why);
  if (!lock && why != platform::IoFailure::none) throw Failure(util::unwritable(why, file));
  if (!lock) {
    throw Failure(Exit::busy, tr("另一个 pdo 命令正在修改这个工作区，等了 30 秒仍未结束。请稍后重试。",
                                 "another pdo command has been changing this workspace for 30 seconds. Try again later."));
  }
  const bool changed = app::recover(repo, ctx.err).take();
  if (recovered) *recovered = changed;
  return lock;
}

void recover_first(Context& ctx, const fs::path& dir) {
  auto found = git::Repo::find_open(dir);
  if (!found || !*found) return;       // no repository yet (or one pdo cannot use: said where it is opened)
  (void)lock_workspace(ctx, **found);  // the lock goes at once: the command takes it again to commit
}

std::optional<std::string> commit(Session& s, app::Transaction txn) {
  txn.check = secret_commit_check();  // libgit2 runs no hooks: pdo scans what it commits itself
  return app::run(s.repo, txn).take();
}

const course::Lesson& lesson_arg(const course::Course& course, const std::string& key) {
  if (const auto* l = course::find_lesson(course, key)) return *l;
  const auto& first = course.lessons.front();
  const auto& last = course.lessons.back();
  throw Failure(Exit::usage, trf("没有这一课：{}。有效的课号：{}–{}（也可以写 {}，或文件夹名，如 {}）",
                                 "no such lesson: {}. Valid lessons: {}–{} (also {}, or the folder name, e.g. {})", key, first.id, last.id,
                                 first.number, first.folder));
}

}  // namespace pdo::app
