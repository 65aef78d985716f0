#include "cli/init_trust.hpp"

#include "app/display.hpp"
#include "app/hooks/trust.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/sha256.hpp"

namespace pdo::cli {

using util::tr;

CommandTrust command_trust(const InitSetup& s, bool trust_flag) {
  const auto source = app::course_source(s.root, s.settings, util::sha256_hex(s.course_text));
  if (!source) return CommandTrust::builtin;
  if (app::is_trusted(*source)) return CommandTrust::trusted;
  return trust_flag ? CommandTrust::asked : CommandTrust::not_trusted;
}

void print_course_commands(std::ostream& out, const InitSetup& s, CommandTrust trust) {
  const auto lines = app::course_command_lines(s.course, s.settings.route);
  if (trust == CommandTrust::builtin || lines.empty()) return;
  out << tr("  课程文件里的检查命令（这条路线在本系统上）：\n", "  the course file's check commands (this route, this OS):\n");
  for (const auto& line : lines) out << "  " << line << "\n";
  switch (trust) {
    case CommandTrust::trusted:
      out << tr("    你以前信任过这个文件的这些内容：自检会运行它们。\n",
                "    you trusted these exact file contents before: the self-check runs them.\n");
      break;
    case CommandTrust::asked:
      out << tr("    --trust：同意这个方案也就信任了这些命令（记录在工作区之外，只对这份内容有效），自检随后运行它们。\n",
                "    --trust: agreeing to this plan also trusts these commands (recorded outside the workspace, for these exact "
                "bytes); the self-check then runs them.\n");
      break;
    default:
      out << tr("    没有信任：自检不会运行它们（记为未验证）。读过之后，要运行它们：pdo init --trust，或以后运行 pdo check --trust。\n",
                "    not trusted: the self-check will not run them (they stay unverified). Once you have read them: pdo init "
                "--trust, or later pdo check --trust.\n");
      break;
  }
}

app::SharedHooks shared_hooks_answer(bool yes, app::Context& ctx, const std::vector<app::HookPlan>& hooks) {
  const auto dir = app::shared_hooks_to_write(hooks);
  if (!dir) return app::SharedHooks::skip;
  const std::string shown = app::for_display(util::path_to_utf8(*dir), util::Breaks::escape);
  if (yes) {
    ctx.out << tr("（--yes 不回答共用钩子文件夹的问题：pdo 没有往 ",
                  "(--yes does not answer the shared hooks folder's question: pdo wrote nothing to ")
            << shown << tr(" 写任何东西。）\n", ".)\n");
    return app::SharedHooks::skip;
  }
  const auto answer = app::ask(ctx, tr("\n也把 pdo 的钩子写进 ", "\nAlso write pdo's hooks into ") + shown +
                                        tr("（core.hooksPath；所有用它的仓库都会运行 pdo 的检查）吗？输入 y 写入，其他任何输入都不写：",
                                           " (core.hooksPath: every repository using it would run pdo's checks)? Type y to write them; "
                                           "anything else leaves the folder alone: "));
  return answer && app::is_yes(*answer) ? app::SharedHooks::write : app::SharedHooks::skip;
}

void install_and_report_hooks(app::Context& ctx, const git::Repo& repo, app::SharedHooks shared) {
  const auto result = app::install_hooks(repo, shared);
  ctx.out << (result ? *result : tr("  注意：", "  Note: ") + result.error().message + "\n");
}

void trust_course(app::Context& ctx, const InitSetup& s, const workspace::Workspace& ws) {
  app::CommandGate gate(ws);
  if (gate.open()) return;
  const std::string file = app::for_display(util::path_to_utf8(gate.source()->file), util::Breaks::escape);
  if (gate.source()->sha256 != util::sha256_hex(s.course_text)) {
    ctx.out << tr("\n没有信任 ", "\nNot trusted: ") << file
            << tr("：它已经不是方案里列出命令的那一份。读过它的命令后运行 pdo check --trust。\n",
                  " is no longer the file whose commands the plan listed. Read its commands, then run pdo check --trust.\n");
    return;
  }
  if (auto st = gate.trust(); !st) throw Failure(st.error());
  ctx.out << tr("\n已信任课程文件 ", "\nTrusted the course file ") << file << " (sha256 " << gate.source()->sha256.substr(0, 16)
          << tr(")：自检会运行它的命令，pdo check 也会，直到文件改变。\n",
                "): the self-check runs its commands, and so does pdo check until the file changes.\n");
}

}  // namespace pdo::cli
