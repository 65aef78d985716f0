// pdo ask "<question>" [--lesson NN]: appends a dated, unticked question under the lesson's heading in
// questions.md and commits it. Without --lesson it files the question under the lesson of the next
// step. It answers nothing: answers are the learner's to write.
#include <memory>
#include <ostream>

#include "app/session.hpp"
#include "app/trailers.hpp"
#include "cli/commands.hpp"
#include "progress/status.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"
#include "util/time.hpp"
#include "workspace/questions.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct AskOptions {
  std::string question;
  std::string lesson;
};

const course::Lesson& current_lesson(const Session& s) {
  const auto text = util::read_file(s.path("progress.md"));
  if (text) {
    const auto state = progress::course_state(s.ws.course, *text);
    if (state.next) return *state.next->first;
  }
  return s.ws.course.lessons.back();
}

int run_ask(const AskOptions& opts, Context& ctx) {
  if (util::trim(opts.question).empty()) throw Failure(Exit::usage, tr("问题是空的。", "the question is empty."));
  Session s = open_session(ctx, Access::write);
  const auto& lesson = opts.lesson.empty() ? current_lesson(s) : lesson_arg(s.ws.course, opts.lesson);
  const std::string date = util::today();
  const std::string question = opts.question;
  app::Transaction txn;
  txn.changes.push_back(
      app::Change::edited(s.repo_path("questions.md"), [&lesson, date, question](const std::string& text) -> Result<std::string> {
        return workspace::add_question(text, lesson, date, question);
      }));
  app::Trailers trailers;
  trailers.action = app::Action::ask;
  trailers.id = app::new_action_id();
  trailers.question_lesson = lesson.id;
  txn.message = tr("问题：", "Question: ") + lesson.id + " " + lesson.title + "\n\n" + app::write_trailers(trailers);
  const auto commit = cli::commit(s, std::move(txn));
  ctx.out << tr("已记到 questions.md 的 ", "added to questions.md under ") << lesson.id << " " << lesson.title;
  if (commit) ctx.out << tr("（提交 ", " (commit ") << commit->substr(0, 12) << tr("）", ")");
  ctx.out << "\n";
  return 0;
}

}  // namespace

void setup_ask(CLI::App* cmd, Context& ctx) {
  auto opts = std::make_shared<AskOptions>();
  cmd->add_option("question", opts->question, tr("问题", "The question"))->required();
  cmd->add_option(
         "-l,--lesson", opts->lesson,
         tr("课号：3、03 或文件夹名（默认：下一步所在的课）", "Lesson: 3, 03 or folder name (default: the lesson of your next step)"))
      ->type_name(k_lesson_value);
  cmd->callback([opts, &ctx] { ctx.exit_code = run_ask(*opts, ctx); });
}

}  // namespace pdo::cli
