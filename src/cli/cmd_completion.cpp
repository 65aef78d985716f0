// pdo completion bash|zsh|fish|powershell: prints the shell's completion script (templates/completion/),
// which asks `pdo __complete` at each Tab (cli/completion.hpp). It installs nothing and changes no file:
// where each shell reads the script is in the footer below, the manual and the README.
#include <memory>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/completion.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct CompletionOptions {
  std::string shell;
};

}  // namespace

void setup_completion(Args cmd, Context& ctx) {
  auto opts = std::make_shared<CompletionOptions>();
  cmd.option("shell", opts->shell, tr("bash、zsh、fish 或 powershell", "bash, zsh, fish or powershell")).required().choices(k_shells);
  cmd.footer(tr("安装（每种 shell 一行）：\n", "Install (one line per shell):\n") +
             "bash: pdo completion bash > ~/.local/share/bash-completion/completions/pdo\n"
             "zsh: pdo completion zsh > \"${fpath[1]}/_pdo\"\n"
             "fish: pdo completion fish > ~/.config/fish/completions/pdo.fish\n"
             "PowerShell: Add-Content $PROFILE 'pdo completion powershell | Out-String | Invoke-Expression'");
  cmd.callback([opts, &ctx] { ctx.out << completion_script(opts->shell); });
}

}  // namespace pdo::cli
