// pdo log [--json]: the study journal from git history — every commit that changed progress.md,
// pdo's own (read from their trailers) and the learner's hand-made ones (read from the file's two
// versions) — by day, with first/latest day, days studied and the current streak. Read-only.
#include <memory>
#include <ostream>
#include <sstream>

#include "app/trailers.hpp"
#include "cli/commands.hpp"
#include "app/session.hpp"
#include "progress/journal.hpp"
#include "util/json.hpp"
#include "util/text.hpp"
#include "util/time.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct LogOptions {
  bool json = false;
};

std::vector<progress::Event> read_events(const Session& s) {
  std::vector<progress::Event> events;
  for (const auto& change : s.repo.changes_to(s.repo_path("progress.md"), 0).take()) {
    const auto trailers = app::read_trailers(change.commit.message, change.commit.id);
    const bool by_pdo = !trailers.boxes.empty();
    const auto recorded = by_pdo ? trailers.boxes : progress::diff_boxes(s.repo.read_blob(change.before_id), s.repo.read_blob(change.after_id));
    for (const auto& c : recorded) {
      events.push_back({c, change.commit.id, change.commit.time, change.commit.offset_minutes, by_pdo});
    }
  }
  return events;
}

std::string json_journal(const progress::Journal& j) {
  std::ostringstream o;
  o << "{\"days\":[";
  for (std::size_t d = 0; d < j.days.size(); ++d) {
    o << (d ? "," : "") << "{\"date\":" << util::json_str(j.days[d].date) << ",\"events\":[";
    for (std::size_t i = 0; i < j.days[d].events.size(); ++i) {
      const auto& e = j.days[d].events[i];
      o << (i ? "," : "") << "{\"lesson\":" << e.change.lesson << ",\"id\":" << util::json_str(util::pad2(e.change.lesson))
        << ",\"step\":" << util::json_str(progress::step_id(e.change.step)) << ",\"state\":\"" << (e.change.done ? "done" : "todo")
        << "\",\"commit\":" << util::json_str(e.commit) << ",\"time\":" << e.time << ",\"source\":\""
        << (e.by_pdo ? "pdo" : "manual") << "\"}";
    }
    o << "]}";
  }
  o << "],\"first_day\":" << (j.first_day.empty() ? "null" : util::json_str(j.first_day))
    << ",\"last_day\":" << (j.last_day.empty() ? "null" : util::json_str(j.last_day)) << ",\"days_studied\":" << j.days_studied
    << ",\"current_streak\":" << j.current_streak << "}\n";
  return o.str();
}

void print_journal(Context& ctx, const Session& s, const progress::Journal& j) {
  auto& out = ctx.out;
  out << tr("学习日志 · ", "Study journal · ") << s.ws.course.title << "\n";
  if (j.days.empty()) {
    out << tr("\n还没有学习记录。完成一步后运行 pdo track done 课号 read。\n", "\nNothing yet. After a step, run pdo track done NN read.\n");
    return;
  }
  for (const auto& day : j.days) {
    out << "\n" << day.date << "\n";
    for (const auto& e : day.events) {
      const auto* lesson = course::find_lesson(s.ws.course, std::to_string(e.change.lesson));
      out << "  " << (e.change.done ? "✓ " : "↺ ") << util::pad2(e.change.lesson) << " "
          << progress::step_label(e.change.step, util::current_lang()) << (e.change.done ? "" : tr("（取消勾选）", " (unticked)"))
          << (lesson ? " · " + lesson->title : std::string()) << "  [" << e.commit.substr(0, 7)
          << (e.by_pdo ? "" : tr("，手动提交", ", by hand")) << "]\n";
    }
  }
  out << "\n" << tr("第一天：", "first day: ") << j.first_day << tr("  最近一天：", "  latest: ") << j.last_day
      << tr("  学习天数：", "  days studied: ") << j.days_studied << tr("  连续天数：", "  current streak: ") << j.current_streak << "\n";
}

int run_log(const LogOptions& opts, Context& ctx) {
  const Session s = open_session(ctx, Access::read);
  const auto journal = progress::build_journal(read_events(s), util::today());
  if (opts.json) {
    ctx.out << json_journal(journal);
  } else {
    print_journal(ctx, s, journal);
  }
  return 0;
}

}  // namespace

void setup_log(CLI::App* cmd, Context& ctx) {
  auto opts = std::make_shared<LogOptions>();
  cmd->add_flag("--json", opts->json, tr("输出 JSON，便于脚本读取", "Machine-readable output"));
  cmd->callback([opts, &ctx] { ctx.exit_code = run_log(*opts, ctx); });
}

}  // namespace pdo::cli
