#include "cli/check_probes.hpp"

#include <algorithm>

#include "util/embedded.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

namespace pdo::cli {

using checks::CheckStatus;
using checks::ProbeOutcome;
using util::tr;
namespace fs = std::filesystem;

namespace {

ProbeOutcome no_repo() {
  return {CheckStatus::unverified, "", tr("这里没有 git 仓库，无法检查", "there is no git repository here to look at"),
          tr("运行 pdo init 重新建立仓库。", "Run pdo init to set the repository up again.")};
}

/// The .gitignore line that names .env, for the evidence ("" if the rule comes from elsewhere).
std::string gitignore_line(const fs::path& root) {
  const auto text = util::read_file(root / ".gitignore");
  if (!text) return {};
  std::size_t n = 0;
  for (const auto line : util::split_lines(*text)) {
    ++n;
    const auto l = util::trim(util::chomp(line));
    if (l == ".env" || l == "/.env" || l == ".env*") return ".gitignore:" + std::to_string(n) + ": " + std::string(l);
  }
  return {};
}

ProbeOutcome env_ignored(const git::Repo& repo, const fs::path& root) {
  const std::string rel = repo.relative(root / ".env");
  if (repo.head_blob(rel)) {
    return {CheckStatus::fail, tr("最新提交（HEAD）里有 ", "the last commit (HEAD) contains ") + rel,
            tr(".env 已经被提交进版本库", ".env has been committed"),
            tr("运行 `git rm --cached ", "Run `git rm --cached ") + rel +
                tr("` 并提交；里面的密钥应视为已泄露，去对应网站作废并换新。", "` and commit; treat any key in it as leaked: revoke and replace it.")};
  }
  if (!repo.is_ignored(rel)) {
    return {CheckStatus::fail, tr("git 的忽略规则不匹配 ", "git's ignore rules do not match ") + rel, tr(".env 没有被忽略", ".env is not ignored"), ""};
  }
  const std::string line = gitignore_line(root);
  return {CheckStatus::pass, tr("git 的忽略规则匹配 ", "git's ignore rules match ") + rel + (line.empty() ? "" : "\n" + line), "", ""};
}

bool hooks_supported() {
  const auto names = util::embedded_names();
  return std::any_of(names.begin(), names.end(), [](std::string_view n) { return util::starts_with(n, "hooks/"); });
}

ProbeOutcome pre_commit_hook(const git::Repo& repo) {
  fs::path dir = repo.gitdir() / "hooks";
  if (const auto configured = repo.config_string("core.hooksPath"); configured && !configured->empty()) {
    const fs::path p = util::path_from_utf8(*configured);
    dir = p.is_absolute() ? p : repo.workdir() / p;
  }
  const fs::path hook = dir / "pre-commit";
  // Shown relative to the workspace: check-env.md is committed, and absolute paths name the learner's account.
  const fs::path rel = hook.lexically_relative(repo.workdir());
  const std::string shown = rel.empty() || util::starts_with(rel.generic_u8string(), "..") ? util::path_to_utf8(hook) : rel.generic_u8string();
  const std::string fix = hooks_supported()
                              ? tr("再运行一次 pdo init 来安装钩子。", "Run pdo init again to install the hook.")
                              : tr("这个版本的 pdo 还不能安装钩子：等 pdo 支持钩子后再运行一次 pdo init。",
                                   "This pdo cannot install the hook yet: run pdo init again once hooks are supported.");
  const auto text = util::read_file(hook);
  if (!text) {
    return {CheckStatus::fail, shown + tr(" 不存在", " does not exist"), tr("没有安装 pre-commit 钩子", "no pre-commit hook is installed"), fix};
  }
  // The evidence is the command line that calls pdo, not a comment that merely mentions it.
  std::string pdo_line;
  for (const auto line : util::split_lines(*text)) {
    const auto l = util::trim(util::chomp(line));
    if (!l.empty() && l.front() != '#' && l.find("pdo") != std::string_view::npos && l.find("pre-commit") != std::string_view::npos) {
      pdo_line = std::string(l);
      break;
    }
  }
  if (pdo_line.empty()) {
    return {CheckStatus::fail, shown + tr(" 存在，但没有调用 pdo", " exists but does not call pdo"),
            tr("这是别的 pre-commit 钩子，不会做 pdo 的密钥扫描", "it is another pre-commit hook; it does not run pdo's secret scan"), fix};
  }
  std::error_code ec;
  const auto perms = fs::status(hook, ec).permissions();
  if (platform::current_os() != platform::Os::windows && (perms & fs::perms::owner_exec) == fs::perms::none) {
    return {CheckStatus::fail, shown + tr(" 不可执行", " is not executable"), tr("git 会跳过不可执行的钩子", "git skips a hook that is not executable"), fix};
  }
  return {CheckStatus::pass, shown + "\n" + pdo_line, "", ""};
}

}  // namespace

std::map<std::string, checks::Probe> workspace_probes(const git::Repo* repo, const fs::path& root) {
  std::map<std::string, checks::Probe> probes;
  probes["env-ignored"] = [repo, root] { return repo ? env_ignored(*repo, root) : no_repo(); };
  probes["pre-commit-hook"] = [repo] { return repo ? pre_commit_hook(*repo) : no_repo(); };
  return probes;
}

}  // namespace pdo::cli
