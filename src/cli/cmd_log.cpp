// pdo log [--json]: the study journal from git history — every commit that changed progress.md,
// pdo's own (read from their trailers) and the learner's hand-made ones (read from the file's two
// versions) — by day, with first/latest day, days studied and the current streak; `--calendar` draws the
// last 26 weeks as a heatmap. Read-only, except for the journal cache in .git/ (app/study_log), which
// lets a later run read only the commits added since.
#include <map>
#include <memory>
#include <ostream>
#include <utility>

#include "app/report/study_log.hpp"
#include "app/session/session.hpp"
#include "cli/commands.hpp"
#include "progress/calendar.hpp"
#include "progress/journal.hpp"
#include "util/color.hpp"
#include "util/json.hpp"
#include "util/progress.hpp"
#include "util/text.hpp"
#include "util/time.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct LogOptions {
  bool json = false;
  bool calendar = false;
  bool ascii = false;
};

util::Json json_journal(const progress::Journal& j) {
  util::Json days = util::Json::array();
  for (const auto& day : j.days) {
    util::Json events = util::Json::array();
    for (const auto& e : day.events) {
      events.push_back({{"lesson", e.change.lesson},
                        {"id", util::pad2(e.change.lesson)},
                        {"step", progress::step_id(e.change.step)},
                        {"state", e.change.done ? "done" : "todo"},
                        {"commit", e.commit.view()},
                        {"time", e.time},
                        {"source", e.by_pdo ? "pdo" : "manual"}});
    }
    days.push_back({{"date", day.date}, {"events", std::move(events)}});
  }
  const auto day_or_null = [](const std::string& d) { return d.empty() ? util::Json(nullptr) : util::Json(d); };
  return {{"days", std::move(days)},
          {"first_day", day_or_null(j.first_day)},
          {"last_day", day_or_null(j.last_day)},
          {"days_studied", j.days_studied},
          {"current_streak", j.current_streak}};
}

void print_journal(Context& ctx, const Session& s, const progress::Journal& j) {
  auto& out = ctx.out;
  out << tr("学习日志 · ", "Study journal · ") << s.ws.course.title << "\n";
  if (j.days.empty()) {
    out << tr("\n还没有学习记录。完成一步后运行 pdo track done 课号 read。\n",
              "\nNothing yet. After a step, run pdo track done NN read.\n");
    return;
  }
  // Built in strings of up to 64 KiB, each written once: a journal of 10,000 steps is 10,000 lines, a stream
  // insertion per piece cost as much as building the journal, and one string of it all held the whole
  // output (twice while it grew: 24 MB at 100,000 steps).
  constexpr std::size_t k_chunk = 64 * 1024;
  std::string text;
  text.reserve(k_chunk + 1024);
  std::map<int, std::string> titles;  // " · title" per lesson number
  const std::string unticked = tr("（取消勾选）", " (unticked)");
  const std::string by_hand = tr("，手动提交", ", by hand");
  for (const auto& day : j.days) {
    text += "\n" + day.date + "\n";
    for (const auto& e : day.events) {
      auto title = titles.find(e.change.lesson);
      if (title == titles.end()) {
        const auto* lesson = course::find_lesson(s.ws.course, std::to_string(e.change.lesson));
        title = titles.emplace(e.change.lesson, lesson ? " · " + lesson->title : std::string()).first;
      }
      text += e.change.done ? "  ✓ " : "  ↺ ";
      text += util::pad2(e.change.lesson);
      text += ' ';
      text += progress::step_label(e.change.step, util::current_lang());
      if (!e.change.done) text += unticked;
      text += title->second;
      text += "  [";
      text.append(e.commit.view().substr(0, 7));
      if (!e.by_pdo) text += by_hand;
      text += "]\n";
      if (text.size() >= k_chunk) {
        out << text;
        text.clear();
      }
    }
  }
  out << text;
  out << "\n"
      << tr("第一天：", "first day: ") << j.first_day << tr("  最近一天：", "  latest: ") << j.last_day
      << tr("  学习天数：", "  days studied: ") << j.days_studied << tr("  连续天数：", "  current streak: ") << j.current_streak << "\n";
}

int run_log(const LogOptions& opts, Context& ctx) {
  git::tune_for_reading();
  const Session s = open_session(ctx, Access::read);
  // The first walk of a long history takes a while (later ones read only new commits from the cache).
  util::Progress progress(ctx.err, opts.json ? util::ShowProgress::no : app::show_progress(ctx),
                          [](std::uint64_t done, std::uint64_t, double rate) {
                            return tr("读取历史：", "Reading history: ") + util::grouped(done) + tr(" 个提交（每秒 ", " commits (") +
                                   util::rate_text(rate) + tr(" 个）", "/s)");
                          });
  auto events = app::study_events(s.repo, s.repo_path("progress.md"), &progress.counter()).take();
  progress.finish();
  const std::string today = util::today();
  const auto journal = progress::build_journal(std::move(events), today);
  if (opts.json) {
    util::write_json(ctx.out, json_journal(journal));
  } else if (opts.calendar) {
    const auto style = app::style(ctx, platform::StdStream::out, opts.ascii ? util::AsciiOnly::yes : util::AsciiOnly::no);
    ctx.out << tr("学习日志", "Study journal") << (style.unicode ? " · " : " - ") << s.ws.course.title << "\n\n"
            << progress::render_calendar(journal, today, style, util::current_lang());
  } else {
    print_journal(ctx, s, journal);
  }
  return 0;
}

}  // namespace

void setup_log(Args cmd, Context& ctx) {
  auto opts = std::make_shared<LogOptions>();
  cmd.flag("--json", opts->json, tr("输出 JSON，便于脚本读取", "Machine-readable output"));
  cmd.flag("--calendar", opts->calendar,
           tr("画出最近 26 周的学习日历（每天完成的步数）", "Draw the last 26 weeks as a calendar (steps done per day)"));
  cmd.flag("--ascii", opts->ascii, tr("日历只用 ASCII 字符", "Draw the calendar in plain ASCII"));
  cmd.callback([opts, &ctx] { ctx.exit_code = run_log(*opts, ctx); });
}

}  // namespace pdo::cli
