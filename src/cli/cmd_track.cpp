// pdo track done|todo <lesson> <step>: ticks or unticks one box in progress.md (a one-byte change)
// and commits it, so `git log` is the study journal. `notes` also commits the lesson's notes.md and
// `exercise` its exercises/ files. It never repairs a progress.md whose line it cannot find.
#include <memory>
#include <ostream>

#include "app/session/session.hpp"
#include "app/trailers.hpp"
#include "cli/commands.hpp"
#include "progress/journal.hpp"
#include "util/format.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

namespace pdo::cli {

using util::tr;
namespace fs = std::filesystem;

namespace {

struct TrackOptions {
  std::string state;  ///< done / todo
  std::string lesson;
  std::string step;
};

progress::Step step_arg(const std::string& text) {
  if (auto s = progress::parse_step(text)) return *s;
  throw Failure(Exit::usage,
                tr("没有这个步骤：", "no such step: ") + text +
                    tr("。有效的步骤：read（读讲义）、exercise（做练习）、notes（记笔记）", ". Valid steps: read, exercise, notes"));
}

/// The lesson files a step commits along with progress.md: for `exercise`, what `git add -A` of the
/// lesson's exercises/ would stage (new, changed and deleted files), found in one walk as git status
/// finds it; ignored files and a symlink's target are not.
std::vector<util::RelPath> step_files(const Session& s, const course::Lesson& lesson, progress::Step step) {
  const std::string dir = "lessons/" + lesson.folder + "/";
  if (step == progress::Step::notes) return {s.repo_path(dir + "notes.md")};
  if (step != progress::Step::exercise) return {};
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(s.path(dir + "exercises"), ec))) {
    throw Failure(Exit::usage, dir + "exercises" +
                                   tr(" 是一个符号链接，pdo 不会顺着它走出工作区。请把它换成普通文件夹后重试。",
                                      " is a symbolic link, and pdo never follows a link out of the workspace. Make it a "
                                      "regular folder and try again."));
  }
  return s.repo.changed_under(s.repo_path(dir + "exercises")).take();
}

std::string subject(const course::Lesson& lesson, progress::Step step, bool done) {
  const std::string what = lesson.id + " " + std::string(progress::step_label(step, util::current_lang()));
  return (done ? tr("完成 ", "Done: ") : tr("撤回勾选 ", "Not done: ")) + what + tr("：", " — ") + lesson.title;
}

/// pdo's one change to a progress.md text: this box set to this state, every other byte kept.
std::function<Result<std::string>(const std::string&)> set_box_edit(const course::Lesson& lesson, progress::Step step, util::Lang lang,
                                                                    bool done) {
  return [&lesson, step, lang, done](const std::string& text) -> Result<std::string> {
    auto box = progress::find_box(progress::parse_boxes(text), lesson, step, lang);
    if (!box) return box.error();
    return progress::set_box(text, *box, done);
  };
}

int run_track(const TrackOptions& opts, Context& ctx) {
  Session s = open_session(ctx, Access::write);
  const bool done = opts.state == "done";
  const auto& lesson = lesson_arg(s.ws.course, opts.lesson);
  const auto step = step_arg(opts.step);
  const auto progress_path = s.repo_path("progress.md");
  // The committed version decides: a box the learner ticked by hand but did not commit is recorded now.
  const auto committed = s.repo.head_blob(progress_path);
  if (committed && committed->size() > util::k_max_text_bytes) {
    throw Failure(Exit::usage,
                  util::trf("提交里的 progress.md 超过 pdo 能读的上限 {} 字节。请把你自己加的内容移到别的文件并提交，再运行一次。",
                            "progress.md as committed is larger than the {} bytes pdo reads. Move what you added to it "
                            "to another file, commit that, and run the command again.",
                            util::k_max_text_bytes));
  }
  const std::string text = committed ? *committed : util::read_file_capped(s.path("progress.md"), util::k_max_text_bytes).take();
  const auto box = progress::find_box(progress::parse_boxes(text), lesson, step, s.ws.settings.lang).take();
  const std::string label = lesson.id + " " + std::string(progress::step_label(step, util::current_lang()));
  if (box.done == done) {
    ctx.out << (done ? tr("已经勾选过了：", "already done: ") : tr("本来就没有勾选：", "already not done: ")) << label
            << tr("（没有新提交）\n", " (no new commit)\n");
    return 0;
  }
  app::Transaction txn;
  txn.changes.push_back(app::Change::edited(progress_path, set_box_edit(lesson, step, s.ws.settings.lang, done)));
  for (auto& file : step_files(s, lesson, step)) txn.changes.push_back(app::Change::whole_file(std::move(file)));
  app::Trailers trailers;
  trailers.action = app::Action::track;
  trailers.id = app::new_action_id();
  trailers.boxes.push_back({lesson.number, step, done});
  txn.message = subject(lesson, step, done) + "\n\n" + app::write_trailers(trailers);
  const auto id = commit(s, std::move(txn));
  ctx.out << (done ? tr("已勾选 ", "ticked ") : tr("已取消勾选 ", "unticked ")) << label << " · " << lesson.title;
  if (id) ctx.out << tr("（提交 ", " (commit ") << id->substr(0, 12) << tr("）", ")");
  ctx.out << "\n";
  return 0;
}

}  // namespace

void setup_track(Args cmd, Context& ctx) {
  auto opts = std::make_shared<TrackOptions>();
  cmd.option("state", opts->state, tr("done（完成）或 todo（未完成）", "done or todo")).required().choices({"done", "todo"});
  cmd.option("lesson", opts->lesson, tr("课号：3、03 或文件夹名", "Lesson: 3, 03 or its folder name")).required().type_name(k_lesson_value);
  cmd.option("step", opts->step, tr("read / exercise / notes（读讲义 / 做练习 / 记笔记）", "read, exercise or notes"))
      .required()
      .type_name(k_step_value);
  cmd.callback([opts, &ctx] { ctx.exit_code = run_track(*opts, ctx); });
}

}  // namespace pdo::cli
