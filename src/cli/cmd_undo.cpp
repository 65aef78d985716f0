// pdo undo: reverts, with a new commit, the newest step the learner took with pdo (a track, an ask, or
// adding or removing a lesson of their own) that is not undone yet; repeated undos walk further back,
// like a stack (app/lessons/undo.hpp finds it). init, check, check confirm and glossary commits are skipped (and
// named), never undone. It names the step (date, commit, subject) and what it takes back before
// committing; --dry-run stops there, changing nothing; --list shows the stack.
#include <memory>
#include <ostream>

#include "app/lessons/undo.hpp"
#include "app/session/session.hpp"
#include "app/trailers.hpp"
#include "cli/commands.hpp"
#include "util/text.hpp"
#include "util/time.hpp"
#include "workspace/own_lessons.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct UndoOptions {
  bool dry_run = false;
  bool list = false;
};

/// How many steps `pdo undo --list` shows.
constexpr std::size_t k_list_steps = 20;

/// "2026-12-03 的提交 7de3dbe03f15：问题：01 …": which step, from when.
std::string step_named(const git::CommitInfo& c) {
  return util::date_of(c.time, c.offset_minutes) + tr(" 的提交 ", ", commit ") + c.id.substr(0, 12) + tr("：", ": ") +
         util::escape_controls(app::subject_of(c.message));
}

int run_undo(const UndoOptions& opts, Context& ctx) {
  Session s = open_session(ctx, Access::write, workspace::OwnLessons::leave_out);
  if (opts.list) {
    const auto stack = app::undo_stack(s, k_list_steps);
    if (stack.empty())
      throw Failure(Exit::usage, tr("没有可以撤销的 pdo 步骤（只有 pdo track、pdo ask 和 pdo lesson 能撤销）。",
                                    "no pdo step to undo (only pdo track, pdo ask and pdo lesson can be undone)."));
    ctx.out << tr("pdo undo 会按这个顺序撤销（最新的在上）：\n", "pdo undo takes these back in this order (newest first):\n");
    for (std::size_t i = 0; i < stack.size(); ++i) ctx.out << (i == 0 ? "→ " : "  ") << step_named(stack[i]) << "\n";
    return 0;
  }
  auto [c, plan] = app::find_undo(s, [&](const git::CommitInfo& passed, app::UndoSkip why) {
    if (why == app::UndoSkip::taken_back) {
      ctx.out << tr("跳过 ", "skipped ") << step_named(passed)
              << tr("：后来的撤销已经取消了同样的勾选（两台机器做了同一步）\n",
                    ": a later undo already took back the same box (both machines took this step)\n");
      return;
    }
    ctx.out << tr("跳过 ", "skipped ") << passed.id.substr(0, 12) << tr("（", " (")
            << util::escape_controls(app::subject_of(passed.message))
            << tr("）：pdo init / check / glossary 的提交不会被撤销\n", "): pdo init, check and glossary commits are never undone\n");
  });
  if (opts.dry_run) {
    ctx.out << tr("pdo undo 会撤销 ", "pdo undo would revert ") << step_named(c) << "\n";
    for (const auto& line : plan.takes_back) ctx.out << "  " << line << "\n";
    ctx.out << tr("（--dry-run：什么都没有改；去掉 --dry-run 再运行就会撤销。）\n",
                  "(--dry-run: nothing was changed; run it without --dry-run to revert it.)\n");
    return 0;
  }
  const auto id = commit(s, std::move(plan.txn));
  ctx.out << tr("已撤销 ", "undone: ") << step_named(c);
  if (id) ctx.out << tr("（新提交 ", " (new commit ") << id->substr(0, 12) << tr("）", ")");
  ctx.out << "\n";
  for (const auto& line : plan.takes_back) ctx.out << "  " << line << "\n";
  return 0;
}

}  // namespace

void setup_undo(Args cmd, Context& ctx) {
  auto opts = std::make_shared<UndoOptions>();
  cmd.flag(
      "--dry-run", opts->dry_run,
      tr("只显示会撤销哪一步、拿回什么，不做任何改动", "Only show which step would be reverted and what it takes back; change nothing"));
  cmd.flag("--list", opts->list,
           tr("列出 pdo undo 会依次撤销的步骤（最新的在上），不做任何改动",
              "List the steps pdo undo would take back, newest first; change nothing"));
  cmd.callback([opts, &ctx] { ctx.exit_code = run_undo(*opts, ctx); });
}

}  // namespace pdo::cli
