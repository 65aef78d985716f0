#include "app/git_cli.hpp"

#include "util/error.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"

namespace pdo::app {

using util::tr;

GitCli require_git(const std::filesystem::path& workdir) {
  if (const auto program = platform::find_program("git")) return GitCli{*program, workdir};
  std::string how;
  switch (platform::current_os()) {
    case platform::Os::windows:
      how = "winget install --id Git.Git -e";
      break;
    case platform::Os::macos:
      how = "xcode-select --install";
      break;
    default:
      how = tr("sudo apt-get install git（Debian / Ubuntu；其他发行版用它自己的包管理器）",
               "sudo apt-get install git (Debian / Ubuntu; other systems: their package manager)");
      break;
  }
  throw Failure(
      Exit::failure,
      tr("pdo sync 需要 git 程序来连接远程仓库（这样你已有的登录方式、凭据助手和 SSH 密钥都能用），但 PATH 里找不到 git。请先安装：",
         "pdo sync needs the git program to talk to the remote (so your existing logins, credential helpers and SSH keys "
         "work), but there is no git on PATH. Install it first: ") +
          how + tr("，然后在新的终端里再运行 pdo sync。", ", then run pdo sync again in a new terminal."));
}

platform::ProcessResult run_git(const GitCli& git, const std::vector<std::string>& args, std::chrono::milliseconds timeout,
                                const std::vector<std::pair<std::string, std::string>>& env, const std::string& input) {
  std::vector<std::string> argv{util::path_to_utf8(git.program), "-C", util::path_to_utf8(git.workdir)};
  argv.insert(argv.end(), args.begin(), args.end());
  platform::ProcessOptions opts;
  opts.timeout = timeout;
  opts.cwd = git.workdir;
  for (const char* name : {"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
                           "GIT_NAMESPACE", "GIT_PREFIX"}) {
    opts.env.emplace_back(name, "");
  }
  opts.env.insert(opts.env.end(), env.begin(), env.end());  // the caller's own, after the removals
  opts.input = input;
  return platform::run_process(argv, opts);
}

std::optional<std::string> git_value(const GitCli& git, const std::vector<std::string>& args,
                                     const std::vector<std::pair<std::string, std::string>>& env, const std::string& input) {
  auto r = run_git(git, args, std::chrono::seconds(60), env, input);
  if (r.exit_code != 0) return std::nullopt;
  while (!r.out.empty() && (r.out.back() == '\n' || r.out.back() == '\r')) r.out.pop_back();
  return r.out;
}

}  // namespace pdo::app
