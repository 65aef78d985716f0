// pdo track done|todo <lesson> <step>: ticks or unticks one box in progress.md (a one-byte change)
// and commits it, so `git log` is the study journal. `notes` also commits the lesson's notes.md and
// `exercise` its exercises/ files. It never repairs a progress.md whose line it cannot find.
#include <memory>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "progress/journal.hpp"
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
  throw Failure(Exit::usage, tr("没有这个步骤：", "no such step: ") + text +
                                 tr("。有效的步骤：read（读讲义）、exercise（做练习）、notes（记笔记）",
                                    ". Valid steps: read, exercise, notes (also 读讲义, 做练习, 记笔记)"));
}

/// The lesson files a step commits along with progress.md.
std::vector<std::string> step_files(const Session& s, const course::Lesson& lesson, progress::Step step) {
  const std::string dir = "lessons/" + lesson.folder + "/";
  if (step == progress::Step::notes) return {dir + "notes.md"};
  if (step != progress::Step::exercise) return {};
  std::vector<std::string> files;
  std::error_code ec;
  const fs::path root = s.path(dir + "exercises");
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file()) continue;
    const std::string rel = dir + "exercises/" + it->path().lexically_relative(root).generic_u8string();
    if (!s.repo.is_ignored(s.repo_path(rel))) files.push_back(rel);
  }
  return files;
}

std::string subject(const course::Lesson& lesson, progress::Step step, bool done) {
  const std::string what = lesson.id + " " + std::string(progress::step_label(step, util::current_lang()));
  return (done ? tr("完成 ", "Done: ") : tr("撤回勾选 ", "Not done: ")) + what + tr("：", " — ") + lesson.title;
}

int run_track(const TrackOptions& opts, Context& ctx) {
  Session s = open_session(ctx, Access::write);
  const bool done = opts.state == "done";
  const auto& lesson = lesson_arg(s.ws.course, opts.lesson);
  const auto step = step_arg(opts.step);
  const std::string old_text = util::read_file(s.path("progress.md")).take();
  const auto box = progress::find_box(progress::parse_boxes(old_text), lesson, step, s.ws.settings.lang).take();
  const std::string label = lesson.id + " " + std::string(progress::step_label(step, util::current_lang()));
  if (box.done == done) {
    ctx.out << (done ? tr("已经勾选过了：", "already done: ") : tr("本来就没有勾选：", "already not done: ")) << label
            << tr("（没有新提交）\n", " (no new commit)\n");
    return 0;
  }
  const std::string new_text = progress::set_box(old_text, box, done);
  // Boxes the learner ticked by hand since the last commit go into this commit too: record them.
  const std::string committed = s.repo.head_blob(s.repo_path("progress.md")).value_or(old_text);
  auto changes = progress::diff_boxes(committed, new_text);
  const progress::BoxChange main{lesson.number, step, done};
  changes.erase(std::remove(changes.begin(), changes.end(), main), changes.end());
  changes.insert(changes.begin(), main);

  const auto commit = commit_edit(s, {"progress.md", old_text, new_text}, step_files(s, lesson, step),
                                  subject(lesson, step, done) + "\n\n" + progress::trailers_for(changes));
  ctx.out << (done ? tr("已勾选 ", "ticked ") : tr("已取消勾选 ", "unticked ")) << label << " · " << lesson.title;
  if (commit) ctx.out << tr("（提交 ", " (commit ") << commit->substr(0, 12) << ")";
  ctx.out << "\n";
  return 0;
}

}  // namespace

void add_track(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<TrackOptions>();
  CLI::App* cmd = app.add_subcommand("track", tr("在 progress.md 勾选（done）或取消勾选（todo）一课的一步，并提交", "Tick (done) or untick (todo) one step of a lesson in progress.md, as a commit"));
  cmd->add_option("state", opts->state, tr("done（完成）或 todo（未完成）", "done or todo"))->required()->check(CLI::IsMember({"done", "todo"}));
  cmd->add_option("lesson", opts->lesson, tr("课号：3、03 或文件夹名", "Lesson: 3, 03 or its folder name"))->required();
  cmd->add_option("step", opts->step, tr("read / exercise / notes（读讲义 / 做练习 / 记笔记）", "read, exercise or notes (读讲义 / 做练习 / 记笔记)"))->required();
  cmd->callback([opts, &ctx] { ctx.exit_code = run_track(*opts, ctx); });
}

}  // namespace pdo::cli
