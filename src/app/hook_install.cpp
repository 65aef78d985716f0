// Where the hook goes (core.hooksPath or .git/hooks), how an existing hook is chained, and why a second
// `pdo init` changes nothing: pdo recognises its own hook by a marker line and only refreshes it.
#include "app/hook_install.hpp"

#include "util/embedded.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"

namespace pdo::app {

using util::tr;
namespace fs = std::filesystem;

namespace {

constexpr std::string_view k_template = "hooks/pre-commit";
constexpr std::string_view k_marker = "pdo-managed";
constexpr std::string_view k_local_name = "pre-commit.local";

fs::path hooks_dir(const git::Repo& repo) {
  const auto configured = repo.config_string("core.hooksPath");
  if (!configured || configured->empty()) return repo.gitdir() / "hooks";
  std::string p = *configured;
  if (util::starts_with(p, "~/")) {
    const auto home = platform::get_env("HOME") ? platform::get_env("HOME") : platform::get_env("USERPROFILE");
    if (home) return util::absolute_path(util::path_from_utf8(*home) / util::path_from_utf8(p.substr(2)));
  }
  const fs::path path = util::path_from_utf8(p);
  return util::absolute_path(path.is_absolute() ? path : repo.workdir() / path);
}

/// The hook text naming this pdo binary ('/' separators work in Git for Windows' sh too).
std::string hook_content() {
  const auto text = util::embedded_file(k_template);
  std::string bin;
  if (const auto self = platform::self_exe()) bin = util::replace_all(util::path_to_utf8(*self), "\\", "/");
  return util::replace_all(text ? *text : std::string_view(), "@PDO_BINARY@", util::replace_all(bin, "'", "'\\''"));
}

bool inside(const fs::path& file, const fs::path& dir) {
  const auto rel = util::absolute_path(file).lexically_relative(util::absolute_path(dir));
  return !rel.empty() && *rel.begin() != "..";
}

HookPlan plan_in(const fs::path& dir, const fs::path& workdir) {
  HookPlan plan;
  plan.file = dir / "pre-commit";
  plan.content = hook_content();
  plan.in_worktree = inside(plan.file, workdir) && !inside(plan.file, workdir / ".git");
  std::error_code ec;
  if (!fs::exists(plan.file, ec)) return plan;
  const auto existing = util::read_file(plan.file);
  if (existing && existing->find(k_marker) != std::string::npos) {
    plan.state = *existing == plan.content ? HookPlan::State::current : HookPlan::State::outdated;
  } else {
    plan.state = fs::exists(dir / std::string(k_local_name), ec) ? HookPlan::State::blocked : HookPlan::State::foreign;
  }
  return plan;
}

}  // namespace

HookPlan plan_pre_commit_hook(const git::Repo* repo, const fs::path& root) {
  return repo ? plan_in(hooks_dir(*repo), repo->workdir()) : plan_in(root / ".git" / "hooks", root);
}

bool hook_changes_anything(const HookPlan& plan) {
  return plan.state != HookPlan::State::current && plan.state != HookPlan::State::blocked;
}

std::string describe_hook_plan(const HookPlan& plan, const fs::path& root) {
  const auto rel = util::absolute_path(plan.file).lexically_relative(util::absolute_path(root));
  const std::string shown = !rel.empty() && *rel.begin() != ".." ? rel.generic_u8string() : util::path_to_utf8(plan.file);
  const std::string where = plan.in_worktree ? tr("（在工作区里，来自 core.hooksPath；pdo 不提交它）", " (inside the working tree via core.hooksPath; pdo does not commit it)")
                                             : tr("（git 的钩子目录，不进入提交）", " (git's hooks folder, never committed)");
  switch (plan.state) {
    case HookPlan::State::missing:
      return "  [" + tr("新建", "create") + "] " + shown + where + tr("：提交前检查密钥的 pre-commit 钩子\n", ": pre-commit hook that checks for secrets\n");
    case HookPlan::State::outdated:
      return "  [" + tr("更新", "refresh") + "] " + shown + tr("：pdo 的 pre-commit 钩子\n", ": pdo's pre-commit hook\n");
    case HookPlan::State::foreign:
      return "  [" + tr("串联", "chain") + "] " + shown + where + tr("：已有的钩子改名为 pre-commit.local（内容不变），pdo 的钩子先运行它，再检查密钥\n",
                                                               ": the existing hook is renamed to pre-commit.local (unchanged); pdo's hook runs it first, then checks for secrets\n");
    case HookPlan::State::blocked:
      return "  [" + tr("跳过", "skip") + "] " + shown + tr("：已有 pre-commit 和 pre-commit.local，pdo 不改动它们，也不安装钩子\n",
                                                             ": pre-commit and pre-commit.local both exist; pdo leaves them alone and installs no hook\n");
    case HookPlan::State::current: break;
  }
  return {};
}

Result<std::string> install_pre_commit_hook(const git::Repo& repo) {
  const HookPlan plan = plan_pre_commit_hook(&repo, repo.workdir());
  const std::string shown = util::path_to_utf8(plan.file);
  if (plan.state == HookPlan::State::current) return tr("  pre-commit 钩子：已安装，未改动（", "  pre-commit hook: already installed, unchanged (") + shown + tr("）\n", ")\n");
  if (plan.state == HookPlan::State::blocked) {
    return Error{Exit::failure, tr("没有安装 pre-commit 钩子：", "the pre-commit hook was not installed: ") + shown +
                                    tr(" 和 pre-commit.local 都已存在，pdo 不覆盖它们。请把两者合并为 pre-commit.local 后重新运行 pdo init。",
                                       " and pre-commit.local both exist and pdo overwrites neither. Merge them into pre-commit.local and run pdo init again.")};
  }
  if (auto st = util::make_dirs(plan.file.parent_path()); !st) return st.error();
  std::string chained;
  if (plan.state == HookPlan::State::foreign) {
    const fs::path local = plan.file.parent_path() / std::string(k_local_name);
    if (!platform::rename_no_replace(plan.file, local)) {
      return Error{Exit::failure, tr("无法把已有的钩子改名为 ", "cannot rename the existing hook to ") + util::path_to_utf8(local)};
    }
    chained = tr("；原来的钩子已改名为 pre-commit.local，每次提交仍会先运行它", "; your existing hook was renamed to pre-commit.local and still runs first on every commit");
  }
  const auto replace = plan.state == HookPlan::State::outdated ? util::Replace::allowed : util::Replace::never;
  if (auto st = util::write_file_atomic(plan.file, plan.content, replace); !st) return st.error();
  std::error_code ec;
  fs::permissions(plan.file, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add, ec);
  return tr("  pre-commit 钩子：已安装到 ", "  pre-commit hook: installed at ") + shown + chained +
         tr("。它在每次 git commit 前检查暂存的文件里有没有密钥（确需跳过：git commit --no-verify）\n",
            ". It checks the staged files for secrets before every git commit (to skip it on purpose: git commit --no-verify)\n");
}

}  // namespace pdo::app
