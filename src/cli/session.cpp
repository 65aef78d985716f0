#include "cli/session.hpp"

#include "util/fs.hpp"
#include "util/i18n.hpp"

namespace pdo::cli {

using util::tr;

namespace {
constexpr std::chrono::milliseconds k_lock_wait{30000};
}

std::filesystem::path Session::path(const std::string& course_rel) const {
  return ws.root / util::path_from_utf8(course_rel);
}

std::string Session::repo_path(const std::string& course_rel) const { return repo.relative(path(course_rel)); }

Session open_session(Context& ctx, Access access) {
  auto ws = workspace::open_workspace(ctx.cwd).take();
  util::set_lang(ctx.lang_flag.value_or(ws.settings.lang));
  const auto top = git::Repo::discover(ws.root);
  if (!top) {
    throw Failure(Exit::usage, tr("课程目录不在 git 仓库里：", "the course folder is not in a git repository: ") +
                                   util::path_to_utf8(ws.root) + tr("。运行 pdo init 重新建立。", ". Run pdo init to set it up again."));
  }
  Session s{std::move(ws), git::Repo::open(*top).take(), nullptr};
  if (access == Access::write) {
    if (auto st = s.repo.ready_to_commit(false); !st) throw Failure(st.error());
    s.lock = platform::FileLock::acquire(s.repo.gitdir() / "pdo.lock", k_lock_wait);
    if (!s.lock) {
      throw Failure(Exit::busy, tr("另一个 pdo 命令正在修改这个工作区，等了 30 秒仍未结束。请稍后重试。",
                                   "another pdo command has been changing this workspace for 30 seconds. Try again later."));
    }
  }
  return s;
}

std::optional<std::string> commit_paths(Session& s, const std::vector<std::string>& course_paths, const std::string& message) {
  git::CommitRequest request;
  for (const auto& p : course_paths) request.paths.push_back(s.repo_path(p));
  request.message = message;
  return s.repo.commit_paths(request).take();
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
