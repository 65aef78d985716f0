// pdo ask "<question>" [--lesson NN]: appends a dated, unticked question under the lesson's heading in
// questions.md and commits it. Without --lesson it files the question under the lesson `pdo start` last
// showed on this machine (or, before any start, the lesson of the next step) and says which. It answers
// nothing: answers are the learner's to write.
#include <memory>
#include <ostream>

#include "app/session/session.hpp"
#include "app/session/started_lesson.hpp"
#include "app/trailers.hpp"
#include "checks/readiness.hpp"
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

/// Why a question went under a lesson the learner did not name.
enum class Chosen { named, started, next_step };

std::pair<const course::Lesson*, Chosen> current_lesson(const Session& s) {
  if (const auto* started = app::last_started(s.repo, s.ws.course)) return {started, Chosen::started};
  const auto text = util::read_file_capped(s.path("progress.md"), util::k_max_text_bytes);
  if (!text && text.error().code == Exit::usage) throw Failure(text.error());  // too large, a FIFO or a device: refused, not guessed around
  if (text) {
    const auto state = progress::course_state(s.ws.course, *text, checks::steps_off_route(s.ws));
    if (state.next) return {state.next->first, Chosen::next_step};
  }
  return {&s.ws.course.lessons.back(), Chosen::next_step};
}

int run_ask(const AskOptions& opts, Context& ctx) {
  if (util::trim(opts.question).empty()) throw Failure(Exit::usage, tr("问题是空的。", "the question is empty."));
  Session s = open_session(ctx, Access::write);
  const auto [chosen, why] = opts.lesson.empty() ? current_lesson(s) : std::pair{&lesson_arg(s.ws.course, opts.lesson), Chosen::named};
  const course::Lesson& lesson = *chosen;
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
  if (why == Chosen::started) {
    ctx.out << tr("  这是你最近用 pdo start 打开的课节；记到别的课节：pdo ask \"问题\" --lesson 课号\n",
                  "  the lesson you last opened with pdo start; for another one: pdo ask \"question\" --lesson NN\n");
  } else if (why == Chosen::next_step) {
    ctx.out << tr("  这是你下一步所在的课节；记到别的课节：pdo ask \"问题\" --lesson 课号\n",
                  "  the lesson of your next step; for another one: pdo ask \"question\" --lesson NN\n");
  }
  return 0;
}

}  // namespace

void setup_ask(Args cmd, Context& ctx) {
  auto opts = std::make_shared<AskOptions>();
  cmd.option("question", opts->question, tr("问题", "The question")).required();
  cmd.option("-l,--lesson", opts->lesson,
             tr("课号：3、03 或文件夹名（默认：最近用 pdo start 打开的课节；还没有时是下一步所在的课）",
                "Lesson: 3, 03 or folder name (default: the lesson you last opened with pdo start, else the lesson of your next step)"))
      .type_name(k_lesson_value);
  cmd.callback([opts, &ctx] { ctx.exit_code = run_ask(*opts, ctx); });
}

}  // namespace pdo::cli
