// pdo help [COMMAND…] [--man | --markdown]: the manual (cli/manual.hpp) as text, the whole of it or one
// command's part (`pdo help check confirm`), as the man page's roff (--man; the build writes pdo.1 with
// it) or as Markdown (--markdown; docs/commands.md is its output). All are renderings of one model read
// from the command table, so they never differ.
#include <memory>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/completion.hpp"
#include "cli/manual.hpp"
#include "util/text.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct HelpOptions {
  std::vector<std::string> command;
  bool man = false;
  bool markdown = false;
};

int run_help(const HelpOptions& opts, Context& ctx) {
  // The whole command line: run_cli set up only the command typed (this one).
  const Manual manual = build_manual(ctx);
  if (opts.man) {
    ctx.out << render_roff(manual);
    return 0;
  }
  if (opts.markdown) {
    ctx.out << render_markdown(manual);
    return 0;
  }
  if (opts.command.empty()) {
    ctx.out << render_text(manual);
    return 0;
  }
  const ManualCommand* c = find_command(manual, opts.command);
  if (!c) {
    std::vector<std::string> names;
    for (const auto& m : manual.commands) names.push_back(util::join(m.words, " "));
    throw Failure(Exit::usage, tr("没有这个命令：", "no such command: ") + util::join(opts.command, " ") +
                                   tr("。可用的命令：", ". Commands: ") + util::join(names, tr("、", ", ")));
  }
  ctx.out << render_command_text(*c);
  return 0;
}

}  // namespace

void setup_help(Args cmd, Context& ctx) {
  auto opts = std::make_shared<HelpOptions>();
  const Arg command =
      cmd.option("command", opts->command, tr("命令（例如 track，或 check confirm）", "A command (e.g. track, or check confirm)"))
          .type_name(k_command_value);
  const Arg man = cmd.flag("--man", opts->man,
                           tr("输出整个 man 页面（roff），例如 pdo help --man | man -l -",
                              "Print the whole man page (roff), e.g. pdo help --man | man -l -"))
                      .excludes(command);
  cmd.flag("--markdown", opts->markdown,
           tr("把整个手册输出为 Markdown（docs/commands.zh.md 就是它的输出）",
              "Print the whole manual as Markdown (docs/commands.md is its output)"))
      .excludes(command)
      .excludes(man);
  cmd.callback([opts, &ctx] { ctx.exit_code = run_help(*opts, ctx); });
}

}  // namespace pdo::cli
