#include "app/checks/check_probes.hpp"

#include <algorithm>

#include "app/git_cli.hpp"
#include "app/hooks/hook_install.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

namespace pdo::app {

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
                tr("` 并提交；里面的密钥应视为已泄露，去对应网站作废并换新。",
                   "` and commit; treat any key in it as leaked: revoke and replace it.")};
  }
  if (!repo.is_ignored(rel)) {
    return {CheckStatus::fail, tr("git 的忽略规则不匹配 ", "git's ignore rules do not match ") + rel,
            tr(".env 没有被忽略", ".env is not ignored"), ""};
  }
  const std::string line = gitignore_line(root);
  return {CheckStatus::pass, tr("git 的忽略规则匹配 ", "git's ignore rules match ") + rel + (line.empty() ? "" : "\n" + line), "", ""};
}

/// The line of the hook that runs pdo, as evidence ("" if none).
std::string pdo_call(const fs::path& hook, std::string_view name) {
  const auto text = util::read_file(hook);
  if (!text) return {};
  const auto lines = util::split_lines(*text);
  // `#!/path/to/pdo hook`: git runs pdo itself. Shown by the program's name: check-env.md is committed.
  if (!lines.empty() && util::starts_with(lines.front(), "#!") && util::ends_with(util::chomp(lines.front()), " hook")) {
    const std::string_view first = util::chomp(lines.front());
    const std::string_view program = first.substr(2, first.size() - 7);
    return "#!…/" + util::path_to_utf8(util::path_from_utf8(std::string(program)).filename()) + " hook";
  }
  for (const auto line : lines) {
    const auto l = util::trim(util::chomp(line));
    if (!l.empty() && l.front() != '#' && l.find("hook " + std::string(name)) != std::string_view::npos &&
        l.find("echo") == std::string_view::npos) {
      return std::string(l);
    }
  }
  return {};
}

/// The pre-commit framework's hook whose configuration does not run pdo's check: as the hook itself, or
/// chained as <name>.local behind pdo's (`chained`). Where pdo's .pre-commit-hooks.yaml declares a hook for
/// it, only the configuration can fix it: the framework manages this repository's hooks, and what it keeps
/// (a clone's `pre-commit install`, its next run here) is its configuration, not pdo's chain.
ProbeOutcome framework_without_pdo(const FrameworkHook& framework, const std::string& hook, const std::string& shown, bool chained) {
  const std::string id(framework_hook_id(hook));
  std::string fix = id.empty() ? tr("pdo 的 ", "pdo's ") + hook +
                                     tr(" 检查不能由 pre-commit 框架运行；再运行一次 pdo init：它会把这个钩子改名为 ",
                                        " check cannot run under the pre-commit framework; run pdo init again: it renames this hook to ") +
                                     hook + tr(".local，每次仍先运行它。", ".local, which still runs first every time.")
                               : tr("把 pdo 的 ", "Add pdo's ") + id +
                                     tr(" 钩子（见 pdo 的 .pre-commit-hooks.yaml）加进 ", " hook (see pdo's .pre-commit-hooks.yaml) to ") +
                                     framework.config_shown + tr("。", ".");
  return {
      CheckStatus::fail,
      shown + (chained ? ".local" : "") + tr(" 是 pre-commit 框架的钩子，但 ", " is the pre-commit framework's hook, but ") +
          framework.config_shown + tr(" 没有运行 pdo 的检查", " does not run pdo's check"),
      chained
          ? tr("pre-commit 框架管理这个仓库的钩子，它的配置里没有 pdo 的检查：克隆后的 pre-commit install 或它在这里的下一次安装都不会运行 pdo",
               "the pre-commit framework manages this repository's hooks and its configuration has no pdo check: a clone's "
               "pre-commit install, or its next install here, runs no pdo")
          : tr("它不会做 pdo 的密钥扫描", "it does not run pdo's secret scan"),
      fix};
}

/// The framework's hook that pdo's hook runs first as <name>.local, when its configuration does not run
/// pdo's check and pdo declares a framework hook for `name`.
std::optional<FrameworkHook> chained_framework(const git::Repo& repo, const HookPlan& plan) {
  if (framework_hook_id(plan.name).empty()) return std::nullopt;
  const auto text = util::read_file_capped(plan.file.parent_path() / (plan.name + ".local"), util::k_max_toml_bytes);
  if (!text) return std::nullopt;
  auto hook = framework_hook(*text, plan.name, repo.workdir(), plan.file.parent_path());
  if (!hook || !hook->runs.empty()) return std::nullopt;
  return hook;
}

/// core.hooksPath names a folder outside this repository, and pdo's hook is not there: pdo init writes
/// there only after its own yes, since every repository using the folder would run it.
ProbeOutcome shared_folder(const fs::path& dir) {
  return {CheckStatus::fail,
          tr("git 从 ", "git runs hooks from ") + util::path_to_utf8(dir) +
              tr(" 运行钩子（git rev-parse --git-path hooks）：这个仓库之外的文件夹，里面没有 pdo 的钩子",
                 " (git rev-parse --git-path hooks): a folder outside this repository, without pdo's hooks"),
          tr("git commit 和 git push 不检查密钥（pdo 自己的提交和 pdo sync 的推送仍然检查）",
             "git commit and git push are not checked for keys (pdo's own commits and pdo sync's pushes still are)"),
          tr("运行 pdo init，并对共用钩子文件夹的问题回答 y（所有用它的仓库都会运行 pdo 的检查）；或者让这个仓库用自己的钩子文件夹："
             "git config core.hooksPath .git/hooks，再运行 pdo init。",
             "Run pdo init and answer y to its question about the shared hooks folder (every repository using it will run pdo's "
             "checks); or give this repository its own hooks folder: git config core.hooksPath .git/hooks, then run pdo init.")};
}

/// Judged with the installer's own plan (hook_install.hpp), so "installed" means what pdo init installs.
ProbeOutcome one_hook(const git::Repo& repo, std::string_view name) {
  const HookPlan plan = plan_hook(&repo, repo.workdir(), name);
  const std::string local = plan.name + ".local";
  // Shown relative to the workspace: check-env.md is committed, and absolute paths name the learner's account.
  const fs::path rel = plan.file.lexically_relative(repo.workdir());
  const std::string shown =
      rel.empty() || util::starts_with(rel.generic_u8string(), "..") ? util::path_to_utf8(plan.file) : rel.generic_u8string();
  const std::string rerun = tr("再运行一次 pdo init 来安装或更新钩子。", "Run pdo init again to install or refresh the hook.");
  if (plan.shared && plan.state != HookPlan::State::current && plan.state != HookPlan::State::framework)
    return shared_folder(plan.file.parent_path());
  switch (plan.state) {
    case HookPlan::State::missing:
      return {CheckStatus::fail, shown + tr(" 不存在", " does not exist"),
              tr("没有安装 ", "no ") + plan.name + tr(" 钩子", " hook is installed"), rerun};
    case HookPlan::State::outdated:
      return {CheckStatus::fail,
              shown + tr(" 是 pdo 的钩子，但和这个 pdo 会安装的不同", " is pdo's hook, but not the one this pdo installs"),
              tr("钩子来自别的 pdo 版本或位置，可能找不到 pdo", "the hook comes from another pdo version or location and may not find pdo"),
              rerun};
    case HookPlan::State::foreign:
      if (plan.framework) return framework_without_pdo(*plan.framework, plan.name, shown, false);
      return {CheckStatus::fail, shown + tr(" 存在，但不是 pdo 的钩子", " exists but is not pdo's hook"),
              tr("它不会做 pdo 的密钥扫描", "it does not run pdo's secret scan"),
              tr("再运行一次 pdo init：它会把你的钩子改名为 ", "Run pdo init again: it renames your hook to ") + local +
                  tr("，每次仍先运行它。", ", which still runs first every time.")};
    case HookPlan::State::regenerated:
      return {CheckStatus::fail,
              shown + tr(" 是 lefthook 重写的钩子（它的配置改过），pdo 的钩子被移开了",
                         " is a hook lefthook rewrote (its config changed); pdo's hook was moved aside"),
              tr("它不会做 pdo 的密钥扫描", "it does not run pdo's secret scan"),
              tr("再运行一次 pdo init：它让 lefthook 的钩子替换 ", "Run pdo init again: lefthook's hook replaces ") + local +
                  tr("，每次仍先运行它。", ", which still runs first every time.")};
    case HookPlan::State::blocked:
      return {CheckStatus::fail, shown + tr(" 和 ", " and ") + local + tr(" 都存在，且都不是 pdo 的钩子", " both exist, neither is pdo's"),
              tr("pdo 不覆盖它们，所以没有安装钩子", "pdo overwrites neither, so no hook is installed"),
              tr("把两者合并为 ", "Merge them into ") + local + tr("，然后再运行一次 pdo init。", ", then run pdo init again.")};
    case HookPlan::State::current:
    case HookPlan::State::framework:
      break;
  }
  if (!hook_runnable(plan.file)) {
    return {CheckStatus::fail, shown + tr(" 不可执行", " is not executable"),
            tr("git 会跳过不可执行的钩子", "git skips a hook that is not executable"), rerun};
  }
  if (plan.state == HookPlan::State::framework) {
    return {CheckStatus::pass,
            shown + tr("：pre-commit 框架的钩子，", ": the pre-commit framework's hook; ") + plan.framework->config_shown +
                tr(" 运行 pdo 的检查（", " runs pdo's check (") + plan.framework->runs + tr("）", ")"),
            "", ""};
  }
  if (const auto chained = chained_framework(repo, plan)) return framework_without_pdo(*chained, plan.name, shown, true);
  const std::string call = pdo_call(plan.file, name);
  return {CheckStatus::pass, shown + tr("：与这个 pdo 安装的钩子一致", ": the hook this pdo installs") + (call.empty() ? "" : "\n" + call),
          "", ""};
}

/// How the hooks folder was found, for the evidence: asked of git, or libgit2's reading.
std::string judged_by(const git::Repo& repo) {
  const HookPlan plan = plan_hook(&repo, repo.workdir(), k_hook_names.front());
  return plan.asked_git ? tr("钩子文件夹由 git 给出（git rev-parse --git-path hooks）；pdo 比对了每个钩子文件的内容和可执行位",
                             "hooks folder named by git (git rev-parse --git-path hooks); pdo compared each hook file's content and "
                             "execute bit")
                        : tr("没有 git 程序回答，钩子文件夹按 libgit2 读到的 core.hooksPath 判断；pdo 比对了每个钩子文件的内容和可执行位",
                             "no git program answered: hooks folder from libgit2's reading of core.hooksPath; pdo compared each hook "
                             "file's content and execute bit");
}

/// A GitHub-token-shaped canary, made at run time so that pdo's own sources hold no key.
std::string canary_key() {
  const std::string alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::string key = std::string("gh") + "p_";
  std::uint64_t x = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 36; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    key += alnum[static_cast<std::size_t>(x % alnum.size())];
  }
  return key;
}

constexpr const char* k_canary_file = "pdo-check-canary.txt";

/// How git's own hooks treat a key, judged by what they do: the canary staged in a throwaway index and
/// `git hook run pre-commit` (and commit-msg, with the canary in a message file), then a commit holding
/// it pushed with `git push --dry-run` to a throwaway repository, which runs pre-push. Each must be refused,
/// with the refusal naming the canary. The working tree, the index, the refs and the remote are untouched;
/// the canary's three objects stay unreachable in .git/objects until git gc. nullopt when git cannot say
/// (no `git hook run` before git 2.36).
std::optional<ProbeOutcome> hooks_behaviour(const git::Repo& repo) {
  const auto program = platform::find_program("git");
  const auto tmp = platform::make_private_dir("pdo-hook-check");
  if (!program || !tmp) return std::nullopt;
  struct Remove {
    fs::path dir;
    ~Remove() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } cleanup{*tmp};
  const GitCli git{*program, repo.workdir()};
  const std::chrono::seconds limit(120);
  const std::string key = canary_key();
  const std::string index = util::path_to_utf8(*tmp / "index");
  const std::vector<std::pair<std::string, std::string>> staged{{"GIT_INDEX_FILE", index}};
  const auto blob = git_value(git, {"hash-object", "-w", "--stdin"}, {}, "token = " + key + "\n");
  if (!blob) return std::nullopt;
  const std::string entry = "100644," + *blob + "," + k_canary_file;
  const bool head = !repo.head_unborn();
  if ((head && run_git(git, {"read-tree", "HEAD"}, limit, staged).exit_code != 0) ||
      run_git(git, {"update-index", "--add", "--cacheinfo", entry}, limit, staged).exit_code != 0) {
    return std::nullopt;
  }
  const auto refused = [&](const platform::ProcessResult& r) {
    // pdo's refusal names the canary's file, or (for a message) the rule that found it.
    const std::string said = r.out + r.err;
    return r.exit_code > 0 && r.exit_code != 129 &&
           (said.find(k_canary_file) != std::string::npos || said.find("github-token") != std::string::npos);
  };
  const auto let_through = [&](const std::string& hook, const std::string& how) {
    return ProbeOutcome{
        CheckStatus::fail,
        how + tr("：git 运行的 ", ": the ") + hook +
            tr(" 钩子没有拦下测试用的密钥（pdo-check-canary）", " hooks git runs let a canary key through (pdo-check-canary)"),
        tr("git commit 或 git push 带着密钥也会成功", "a git commit or git push holding a key goes through"),
        tr("再运行一次 pdo init；用 pre-commit 框架或 husky 时，确认它们的配置运行 pdo 的检查（见 docs/trust.md）。",
           "Run pdo init again; with the pre-commit framework or husky, make sure their configuration runs pdo's "
           "check (see docs/trust.md).")};
  };
  // Stopped, but not by pdo's refusal (a team hook that fails, a hook that cannot find pdo): no verdict on keys.
  const auto judged = [&](const platform::ProcessResult& r, const std::string& hook,
                          const std::string& how) -> std::optional<ProbeOutcome> {
    if (refused(r)) return std::nullopt;
    if (r.exit_code == 0) return let_through(hook, how);
    const std::string said(util::trim(r.err.empty() ? r.out : r.err));
    return ProbeOutcome{
        CheckStatus::unverified,
        how +
            tr("：git 运行的钩子拦下了测试用的密钥，但不是 pdo 拦的（退出码 ",
               ": the hooks git runs stopped the canary key, but not with pdo's refusal (exit code ") +
            std::to_string(r.exit_code) + tr("）：", "): ") + said.substr(0, said.find('\n')),
        tr("pdo 看不出这些钩子是否检查密钥", "pdo cannot tell whether these hooks check for keys"),
        tr("运行 ", "Run ") + how +
            tr(" 看看钩子为什么失败，修好后再运行 pdo check。", " to see why the hooks fail, fix it, then run pdo check again.")};
  };
  const auto pre_commit = run_git(git, {"hook", "run", "--ignore-missing", "pre-commit"}, limit, staged);
  if (pre_commit.exit_code == 129) return std::nullopt;  // no `git hook run`: an older git
  if (auto verdict = judged(pre_commit, "pre-commit", "git hook run pre-commit")) return verdict;
  const fs::path message = *tmp / k_canary_file;
  if (!util::write_file_atomic(message, "pdo check\n\ntoken = " + key + "\n", util::Replace::never)) return std::nullopt;
  const auto commit_msg = run_git(git, {"hook", "run", "--ignore-missing", "commit-msg", "--", util::path_to_utf8(message)}, limit, staged);
  if (auto verdict = judged(commit_msg, "commit-msg", "git hook run commit-msg")) return verdict;
  // pre-push: a commit of the canary alone, pushed nowhere (--dry-run) to an empty repository.
  const std::vector<std::pair<std::string, std::string>> alone{{"GIT_INDEX_FILE", util::path_to_utf8(*tmp / "alone")}};
  const std::string remote = util::path_to_utf8(*tmp / "remote.git");
  const auto tree = run_git(git, {"update-index", "--add", "--cacheinfo", entry}, limit, alone).exit_code == 0
                        ? git_value(git, {"write-tree"}, alone)
                        : std::nullopt;
  const auto commit = tree ? git_value(git, {"-c", "user.name=pdo check", "-c", "user.email=pdo-check@localhost", "commit-tree", *tree,
                                             "-m", "pdo check canary"})
                           : std::nullopt;
  if (!commit || run_git(git, {"init", "-q", "--bare", remote}, limit).exit_code != 0) return std::nullopt;
  const auto push = run_git(git, {"push", "--dry-run", "--no-tags", remote, *commit + ":refs/heads/pdo-check-canary"}, limit);
  if (auto verdict = judged(push, "pre-push", "git push --dry-run")) return verdict;
  return ProbeOutcome{CheckStatus::pass,
                      tr("git 运行的钩子拦下了测试用的密钥（pdo-check-canary）：git hook run pre-commit、git hook run commit-msg、"
                         "git push --dry-run 都被拒绝",
                         "the hooks git runs refused a canary key (pdo-check-canary): git hook run pre-commit, git hook run "
                         "commit-msg and git push --dry-run were all refused"),
                      "", ""};
}

/// Whether the hooks item also runs git's hooks with a canary key (pdo check, init's self-check), or only
/// looks at the files (the warning of every committing command: it must not run the team's hooks each time).
enum class Judge { files, behaviour };

/// All of pdo's hooks (pre-commit, commit-msg, pre-push): the first one that fails, or every one's evidence.
ProbeOutcome pdo_hooks(const git::Repo& repo, Judge judge) {
  std::string evidence;
  for (const auto name : k_hook_names) {
    ProbeOutcome one = one_hook(repo, name);
    if (one.status != CheckStatus::pass) return one;
    evidence += (evidence.empty() ? "" : "\n") + one.evidence;
  }
  if (judge == Judge::files) return {CheckStatus::pass, evidence, "", ""};
  evidence += "\n" + judged_by(repo);
  // Then what git does with them, where git itself named the folder (a git this pdo can ask).
  if (!plan_hook(&repo, repo.workdir(), k_hook_names.front()).asked_git) return {CheckStatus::pass, evidence, "", ""};
  const auto behaviour = hooks_behaviour(repo);
  if (!behaviour) {
    return {CheckStatus::unverified, evidence,
            tr("这个 git 没有 git hook run（需要 git 2.36 以上），pdo 没能看到 git 运行钩子时的结果",
               "this git has no `git hook run` (git 2.36 or later), so pdo could not see what git's hooks do"),
            tr("更新 git 后再运行 pdo check。", "Update git, then run pdo check again.")};
  }
  if (behaviour->status != CheckStatus::pass) return *behaviour;
  return {CheckStatus::pass, evidence + "\n" + behaviour->evidence, "", ""};
}

}  // namespace

std::optional<std::string> hook_warning(const git::Repo& repo) {
  if (hooks_current(repo)) return std::nullopt;          // the usual case, without building each probe's evidence
  const ProbeOutcome o = pdo_hooks(repo, Judge::files);  // pre-commit, commit-msg and pre-push
  if (o.status == CheckStatus::pass) return std::nullopt;
  std::string what = std::string(util::chomp(std::string_view(o.evidence).substr(0, o.evidence.find('\n'))));
  return tr("pdo: 注意：pdo 的 git 钩子没有生效（", "pdo: warning: pdo's git hooks are not active (") + what +
         tr("），git commit 不再检查密钥；运行 pdo init 重新安装。",
            "), so git commit no longer checks for keys; run pdo init to restore it.");
}

std::optional<std::string> index_warning(const git::Repo& repo) {
  std::error_code ec;
  if (repo.head_unborn() || fs::exists(fs::symlink_status(repo.index_path(), ec))) return std::nullopt;
  const auto staged = repo.staged_changes(std::nullopt);
  const std::string count = staged ? std::to_string(*staged) : tr("所有", "all");
  return tr("pdo: 注意：git 的暂存区文件 .git/index 不见了，所以 git 把已提交的 ",
            "pdo: warning: git's index file .git/index is missing, so git sees ") +
         count +
         tr(" 个文件都看成“已暂存的删除”（git status 会这样列出）。文件本身都还在，什么都没有丢：运行 git reset 从最近一次提交重建它；pdo 的下一次提交也会先重建它。",
            " committed files as staged for deletion (git status lists them so). The files themselves are all there and nothing is "
            "lost: git reset rebuilds the index from the last commit, and pdo's next commit rebuilds it first too.");
}

std::map<std::string, checks::Probe> workspace_probes(const git::Repo* repo, const fs::path& root) {
  std::map<std::string, checks::Probe> probes;
  probes["env-ignored"] = [repo, root] { return repo ? env_ignored(*repo, root) : no_repo(); };
  probes["pre-commit-hook"] = [repo] { return repo ? pdo_hooks(*repo, Judge::behaviour) : no_repo(); };
  return probes;
}

}  // namespace pdo::app
