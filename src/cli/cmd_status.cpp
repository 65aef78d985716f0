// pdo status [--json]: the lessons with their three steps, percent done and the next step, read from
// progress.md (boxes ticked by hand count). It reads only; it never writes or commits.
#include <iomanip>
#include <memory>
#include <ostream>

#include "app/checks/check_probes.hpp"
#include "app/session/session.hpp"
#include "app/sync/sync_pending.hpp"
#include "checks/readiness.hpp"
#include "cli/commands.hpp"
#include "git/repo.hpp"
#include "progress/status.hpp"
#include "util/fs.hpp"
#include "util/json.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct StatusOptions {
  bool json = false;
};

util::Json json_status(const workspace::Workspace& ws, const progress::CourseState& st, const std::vector<app::PendingFile>& pending) {
  util::Json lessons = util::Json::array();
  for (const auto& ls : st.lessons) {
    const auto& l = *ls.lesson;
    util::Json steps = util::Json::object(), off_route = util::Json::array();
    for (const auto step : progress::k_steps) {
      const auto& v = ls.steps[static_cast<int>(step)];
      steps[std::string(progress::step_id(step))] = v ? util::Json(*v) : util::Json(nullptr);
      if (!ls.applies[static_cast<int>(step)]) off_route.push_back(progress::step_id(step));
    }
    lessons.push_back({{"number", l.number},
                       {"id", l.id},
                       {"title", l.title},
                       {"folder", l.folder},
                       {"url", l.url},
                       {"published", l.published},
                       {"steps", std::move(steps)},
                       {"not_on_route", std::move(off_route)}});
  }
  util::Json next = nullptr;
  if (st.next) next = {{"lesson", st.next->first->id}, {"number", st.next->first->number}, {"step", progress::step_id(st.next->second)}};
  util::Json files = util::Json::array();
  for (const auto& f : pending) {
    util::Json file = {{"path", f.path}, {"kind", f.kind == app::PendingFile::Kind::copy ? "copy" : "marked"}};
    if (!f.copy.empty()) file["copy"] = f.copy;
    files.push_back(std::move(file));
  }
  return {
      {"course", ws.course.id},  {"title", ws.course.title},        {"done", st.done}, {"total", st.total}, {"lessons", std::move(lessons)},
      {"next", std::move(next)}, {"sync_pending", std::move(files)}};
}

/// A box: done (green ✓), not done (dim ·), not on the route and not done (dim –), or its line missing
/// from progress.md (yellow ?).
std::string mark(const std::optional<bool>& v, bool applies, const util::OutputStyle& style) {
  if (v.value_or(false)) return util::paint(style, util::Tone::good, "✓");
  if (!applies) return util::paint(style, util::Tone::muted, "–");
  if (!v) return util::paint(style, util::Tone::attention, "?");
  return util::paint(style, util::Tone::muted, "·");
}

void print_table(Context& ctx, const workspace::Workspace& ws, const progress::CourseState& st) {
  auto& out = ctx.out;
  const auto lang = util::current_lang();
  const auto style = app::style(ctx, platform::StdStream::out);
  out << util::paint(style, util::Tone::strong, ws.course.title) << "\n\n";
  out << tr("课号  读讲义 做练习 记笔记  课节\n", " #    read   exer   notes   lesson\n");
  bool missing = false, off_route = false;
  for (const auto& ls : st.lessons) {
    out << std::left << std::setw(4) << ls.lesson->id << "    ";
    for (const auto step : progress::k_steps) {
      const auto i = static_cast<int>(step);
      out << mark(ls.steps[i], ls.applies[i], style) << "      ";
      missing = missing || (!ls.steps[i] && ls.applies[i]);
      off_route = off_route || (!ls.applies[i] && !ls.steps[i].value_or(false));
    }
    out << ls.lesson->title << (ls.lesson->published ? "" : tr("（未发布）", " (not yet published)")) << "\n";
  }
  const int percent = st.total ? st.done * 100 / st.total : 0;
  out << "\n" << tr("完成 ", "done ") << st.done << "/" << st.total << " (" << percent << "%)\n";
  if (off_route) {
    out << tr("– 表示这一课在你的路线上没有这一步（本页没有代码，或代码只能阅读）：不算待办，下一步会跳过；做了也可以照常勾选\n",
              "– means the lesson has no such step on your route (no code on the page, or code you can only read there): not "
              "todo, and the next step skips it; tick it anyway if you did it\n");
  }
  if (missing) {
    out << tr("? 表示 progress.md 里找不到这一行（pdo 不会自动修复；track 这一步时会告诉你缺的是哪一行）\n",
              "? means progress.md has no line for it (pdo does not repair the file; track names the missing line)\n");
  }
  if (st.next) {
    const auto& [lesson, step] = *st.next;
    out << util::paint(style, util::Tone::strong, tr("下一步：", "next: ")) << lesson->id << " " << progress::step_label(step, lang)
        << " · " << lesson->title << "\n"
        << tr("开始：pdo start ", "start with: pdo start ") << lesson->id << "\n";
  } else {
    out << tr("所有已发布课节都完成了。\n", "every published lesson is done.\n");
  }
}

/// What a sync left for the learner that is not done yet.
void print_pending(Context& ctx, const std::vector<app::PendingFile>& pending) {
  if (pending.empty()) return;
  const auto style = app::style(ctx, platform::StdStream::out);
  ctx.out << "\n"
          << util::paint(style, util::Tone::attention, tr("需要你处理（pdo sync 留下的）：", "needs you (left by pdo sync):")) << "\n";
  for (const auto& f : pending) ctx.out << "  " << app::pending_text(f) << "\n";
}

int run_status(const StatusOptions& opts, Context& ctx) {
  const workspace::Workspace ws = open_workspace_files(ctx, workspace::OwnLessons::leave_out);
  std::vector<app::PendingFile> pending;
  if (const auto repo = git::Repo::find_open(ws.root); repo && *repo) {
    if (auto warning = app::hook_warning(**repo)) ctx.err << *warning << "\n";
    if (auto warning = app::index_warning(**repo)) ctx.err << *warning << "\n";
    pending = app::pending_files(**repo);
  }
  const std::string text = util::read_file_capped(ws.path("progress.md"), util::k_max_text_bytes).take();
  const auto state = progress::course_state(ws.course, text, checks::steps_off_route(ws));
  if (opts.json) {
    util::write_json(ctx.out, json_status(ws, state, pending));
  } else {
    print_table(ctx, ws, state);
    print_pending(ctx, pending);
  }
  return 0;
}

}  // namespace

void setup_status(Args cmd, Context& ctx) {
  auto opts = std::make_shared<StatusOptions>();
  cmd.flag("--json", opts->json, tr("输出 JSON，便于脚本读取", "Machine-readable output"));
  cmd.callback([opts, &ctx] { ctx.exit_code = run_status(*opts, ctx); });
}

}  // namespace pdo::cli
