// pdo sync [--remote URL]: keeps the workspace on a remote the learner chose (GitHub, Gitee, a school
// GitLab): fetch, this machine's study commits replayed on top (progress.md merged box by box,
// questions.md keeping every question), every outgoing commit scanned for keys, push. Transport is the
// git program, with the learner's own credentials; pdo stores no password or token. It never pushes to a
// remote the learner did not choose through pdo, never forces a push, and a stop changes nothing.
#include <memory>
#include <ostream>

#include "app/display.hpp"
#include "app/sync/sync.hpp"
#include "cli/commands.hpp"
#include "progress/file.hpp"
#include "util/format.hpp"
#include "util/progress.hpp"
#include "util/text.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct SyncOptions {
  std::string remote;
  long long timeout = app::k_default_network_timeout.count();  ///< seconds
};

constexpr long long k_max_timeout = 24 * 3600;

/// The files waiting for the learner, each with what to do.
void print_pending(Context& ctx, const std::vector<app::PendingFile>& pending) {
  if (pending.empty()) return;
  const auto style = app::style(ctx, platform::StdStream::out);
  ctx.out << "\n" << util::paint(style, util::Tone::attention, tr("需要你处理：", "needs you:")) << "\n";
  for (const auto& f : pending) ctx.out << "  " << app::pending_text(f) << "\n";
}

void print_outcome(Context& ctx, const app::SyncOutcome& o) {
  auto& out = ctx.out;
  if (o.chosen_now) {
    out << tr("已选定远程仓库 ", "chosen remote: ") << o.remote << " (" << app::for_display(o.url, util::Breaks::escape) << ")"
        << tr("；以后直接运行 pdo sync。\n", "; from now on just run pdo sync.\n");
  }
  for (const auto& [key, v] : o.clashes) {
    const auto step = progress::step_label(key.second, util::current_lang());
    out << tr("勾选框 ", "box ") << util::pad2(key.first) << " " << step
        << tr("：两台机器改得不一样，保留了较晚的改动（", ": changed differently on both machines; kept the later change (")
        << (v.side == app::Side::local ? tr("本机", "this machine") : tr("远程", "the remote")) << tr("）：", "): ")
        << app::for_display(v.kept, util::Breaks::escape) << tr("；另一边是：", "; the other side had: ")
        << app::for_display(v.lost, util::Breaks::escape) << "\n";
  }
  for (const auto& r : o.renumbered) {
    out << tr("第 ", "lesson ") << util::pad2(r.from) << tr(" 课「", " \"") << app::for_display(r.title, util::Breaks::escape)
        << (r.side == app::Side::local ? tr("」（本机加的）改为第 ", "\" (added on this machine) is now lesson ")
                                       : tr("」（远程加的）改为第 ", "\" (added on the remote) is now lesson "))
        << util::pad2(r.to) << tr(" 课", "");
    if (!r.kept_title.empty())
      out << tr("：第 ", ": lesson ") << util::pad2(r.from) << tr(" 课留给了更早加的「", " stays with \"")
          << app::for_display(r.kept_title, util::Breaks::escape) << tr("」", "\", added earlier");
    out << tr("。文件夹、勾选框、问题和 README 里的条目都跟着改了，笔记原样保留。\n",
              ". Its folder, boxes, questions and README entry moved with it; its notes are unchanged.\n");
  }
  if (o.up_to_date) {
    out << tr("已经同步：本机和 ", "already in sync: this machine and ") << o.remote << "/" << o.branch
        << tr(" 一样。\n", " are the same.\n");
    return;
  }
  if (o.incoming) out << tr("取回了远程的 ", "fetched ") << o.incoming << tr(" 个新提交。\n", " new commit(s) from the remote.\n");
  if (o.replayed || o.dropped) {
    out << tr("本机的 ", "this machine's ") << o.replayed << tr(" 个提交已接在远程之后", " commit(s) replayed on top of the remote's");
    if (o.dropped) out << tr("（另有 ", " (") << o.dropped << tr(" 个的改动远程已经有了，省略）", " more already on the remote, left out)");
    out << "\n";
  }
  if (o.pushed) out << tr("已推送 ", "pushed ") << o.pushed << tr(" 个提交到 ", " commit(s) to ") << o.remote << "/" << o.branch << "\n";
  if (o.moved)
    out << tr("本机已更新到同步后的状态；pdo status 看进度，pdo undo 照常可用。\n",
              "this machine is up to date; see pdo status; pdo undo works as before.\n");
  if (!o.kept_edits.empty()) {
    out << tr("你还没提交的改动都留着（同步带来的改动已合进这些文件）：",
              "your changes not committed yet are all still there (the sync's changes merged into these files):");
    for (const auto& path : o.kept_edits) out << " " << app::for_display(path, util::Breaks::escape);
    out << "\n";
  }
  print_pending(ctx, o.pending);
}

int run_sync(const SyncOptions& opts, Context& ctx) {
  if (opts.timeout < 1 || opts.timeout > k_max_timeout) {
    throw Failure(Exit::usage, util::trf("--timeout 是等远程的最长秒数，要在 1 到 {} 之间（默认 {}）。",
                                         "--timeout is the longest wait for the remote in seconds, from 1 to {} (default {}).",
                                         k_max_timeout, app::k_default_network_timeout.count()));
  }
  Session s = open_session(ctx, Access::write);
  const bool show = app::show_progress(ctx) == util::ShowProgress::yes;
  const auto outcome = app::sync_workspace(s, {opts.remote, std::chrono::seconds(opts.timeout), show ? &ctx.err : nullptr});
  print_outcome(ctx, outcome);
  return 0;
}

}  // namespace

void setup_sync(Args cmd, Context& ctx) {
  auto opts = std::make_shared<SyncOptions>();
  cmd.option("--remote", opts->remote,
             tr("第一次：远程仓库的地址（或已有远程的名字，如 origin）；会记在本仓库的配置里",
                "The first time: the remote's address (or an existing remote's name such as origin); kept in this repository's config"))
      .type_name("URL");
  cmd.option("--timeout", opts->timeout,
             tr("等远程（取回、推送和远程仓库的钩子）的最长秒数，默认 120",
                "The longest wait for the remote (fetch, push and the remote's hooks), in seconds; default 120"))
      .type_name("SECONDS");
  cmd.callback([opts, &ctx] { ctx.exit_code = run_sync(*opts, ctx); });
}

}  // namespace pdo::cli
