// Where the hook goes (core.hooksPath or .git/hooks), how an existing hook is chained, and why a second
// `pdo init` changes nothing: pdo recognises its own hook by a marker line and only refreshes it.
#include "app/hooks/hook_install.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <map>
#include <mutex>
#include <utility>

#include "app/git_cli.hpp"
#include "util/embedded.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"

namespace pdo::app {

using util::tr;
namespace fs = std::filesystem;

namespace {

constexpr std::string_view k_marker = "pdo-managed";

/// What the hook file says under its `#!` line when git runs pdo itself.
std::string native_note(std::string_view name) {
  const bool push = name == "pre-push";
  return std::string("#\n# git runs the pdo of the first line itself (no shell in between); pdo runs ") + std::string(name) +
         ".local first.\n# If that pdo is moved or removed, git stops with \"cannot run\" and " + (push ? "pushes" : "commits") +
         " nothing: run pdo init again.\n# git 直接运行第一行的 pdo（不经过 shell），pdo 先运行 " + std::string(name) +
         ".local。那个 pdo 被移动或删除后，git 会报 “cannot run” 并且不" + (push ? "推送" : "提交") + "：重新运行 pdo init。\n";
}

/// The hook text for this pdo binary: where the system starts pdo from a `#!` line, `#!<pdo> hook` and the
/// sh hook's header comments (git runs `pdo hook <this file> ARGS…`, a fork and an exec fewer on every
/// commit and push); elsewhere the sh hook ('/' separators work in Git for Windows' sh too).
std::string hook_content(std::string_view name, const std::optional<fs::path>& self) {
  const auto text = util::embedded_file("hooks/" + std::string(name));
  const std::string_view script = text ? *text : std::string_view();
  if (self && platform::starts_as_interpreter(*self)) {
    std::string out = "#!" + util::path_to_utf8(*self) + " hook\n";
    bool first = true;
    for (const auto line : util::split_lines(script)) {
      if (std::exchange(first, false)) continue;  // the sh script's own #! line
      if (!util::starts_with(line, "#")) break;
      out += std::string(util::chomp(line)) + "\n";
    }
    return out + native_note(name);
  }
  const std::string bin = self ? util::replace_all(util::path_to_utf8(*self), "\\", "/") : std::string();
  return util::replace_all(script, "@PDO_BINARY@", util::replace_all(bin, "'", "'\\''"));
}

bool inside(const fs::path& file, const fs::path& dir) {
  const auto rel = util::absolute_path(file).lexically_relative(util::absolute_path(dir));
  return !rel.empty() && *rel.begin() != "..";
}

std::string local_name(std::string_view name) { return std::string(name) + ".local"; }

HookPlan plan_in(const git::HooksDir& hooks, const fs::path& workdir, std::string_view name) {
  const fs::path& dir = hooks.path;
  HookPlan plan;
  plan.name = std::string(name);
  plan.file = dir / plan.name;
  plan.shared = hooks.shared;
  plan.asked_git = hooks.asked_git;
  plan.content = hook_content(name, platform::self_exe());
  plan.in_worktree = inside(plan.file, workdir) && !inside(plan.file, workdir / ".git");
  std::error_code ec;
  if (!fs::exists(plan.file, ec)) return plan;
  const auto existing = util::read_file(plan.file);
  if (existing && existing->find(k_marker) != std::string::npos) {
    plan.state = *existing == plan.content ? HookPlan::State::current : HookPlan::State::outdated;
    return plan;
  }
  if (existing) plan.framework = framework_hook(*existing, name, workdir, dir);
  if (plan.framework && !plan.framework->runs.empty()) {
    plan.state = HookPlan::State::framework;
  } else {
    const fs::path local = dir / local_name(name);
    plan.state = !fs::exists(local, ec) ? HookPlan::State::foreign : HookPlan::State::blocked;
    // lefthook rewrites its hooks from its config (on `lefthook install`, and on its first run after the
    // config changed), renaming pdo's aside: both files are then lefthook's script for this hook, made
    // from the team's config, and the newer one takes the older one's place.
    if (existing && plan.state == HookPlan::State::blocked && is_lefthook_script(*existing, name)) {
      if (const auto chained = util::read_file(local); chained && is_lefthook_script(*chained, name))
        plan.state = HookPlan::State::regenerated;
    }
  }
  return plan;
}

}  // namespace

git::HooksDir git_hooks_dir(const git::Repo* repo, const fs::path& root) {
  // One answer a process, for each folder (and before or after its repository exists): a run plans,
  // installs and checks three hooks, and each git process costs about what a whole `pdo track` does.
  const fs::path workdir = repo ? repo->workdir() : root;
  static std::mutex mutex;
  static std::map<std::pair<fs::path, bool>, git::HooksDir> known;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto key = std::make_pair(workdir, repo != nullptr);
  if (const auto it = known.find(key); it != known.end()) return it->second;
  // libgit2's reading of core.hooksPath, for a machine without the git program.
  git::HooksDir dir = repo ? repo->hooks_dir() : git::Repo::default_hooks_dir(root);
  if (const auto program = platform::find_program("git")) {
    // git -C needs a folder that exists: before `pdo init` makes it, its nearest existing parent (outside a
    // repository git reads the system, global and command-line configuration, as for a new repository).
    fs::path at = workdir;
    std::error_code ec;
    while (!fs::is_directory(at, ec) && at.has_relative_path()) at = at.parent_path();
    const GitCli git{*program, at};
    const auto asked = repo ? git_value(git, {"rev-parse", "--path-format=absolute", "--git-path", "hooks"})
                            : git_value(git, {"config", "--path", "--get", "core.hooksPath"});
    // Only an absolute answer is git's (an older git without --path-format, or a git that is not this OS's,
    // answers otherwise): else libgit2's reading stands.
    if (asked && !asked->empty()) {
      const fs::path p = util::path_from_utf8(*asked);
      if (p.is_absolute() || !repo) dir.path = util::absolute_path(p.is_absolute() ? p : workdir / p);
      dir.asked_git = p.is_absolute() || !repo;
    }
  }
  // Shared: outside the work tree and the git dir, links followed (a .git/hooks that is a link to a shared
  // folder is one).
  const fs::path common = repo ? repo->commondir() : root / ".git";
  dir.shared = !util::path_is_inside(workdir, dir.path) && !util::path_is_inside(common, dir.path);
  known.emplace(key, dir);
  return dir;
}

bool is_lefthook_script(std::string_view text, std::string_view name) {
  return text.size() < 64 * 1024 && text.find("call_lefthook run \"" + std::string(name) + "\"") != std::string_view::npos;
}

bool is_husky_stub(std::string_view text) { return text.size() < 512 && text.find(". \"$(dirname \"$0\")/h\"") != std::string_view::npos; }

HookPlan plan_hook(const git::Repo* repo, const fs::path& root, std::string_view name) {
  return plan_in(git_hooks_dir(repo, root), repo ? repo->workdir() : root, name);
}

bool hooks_current(const git::Repo& repo) {
  const fs::path dir = repo.hooks_dir().path;
  const auto self = platform::self_exe();
  return std::all_of(k_hook_names.begin(), k_hook_names.end(), [&](std::string_view name) {
    const fs::path file = dir / std::string(name);
    const auto existing = util::read_file_capped(file, 64 * 1024);
    return existing && *existing == hook_content(name, self) && hook_runnable(file);
  });
}

bool hook_runnable(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return false;
  if (platform::current_os() != platform::Os::windows)
    return (fs::status(file, ec).permissions() & fs::perms::owner_exec) != fs::perms::none;
  // Git for Windows has no execute bit: a hook file without an extension is a script it can start only
  // when a "#!" line names its interpreter (git's is_executable reads the first two bytes).
  std::ifstream in(file, std::ios::binary);
  std::array<char, 2> head{};
  return in.read(head.data(), head.size()) && head[0] == '#' && head[1] == '!';
}

std::vector<HookPlan> plan_hooks(const git::Repo* repo, const fs::path& root) {
  std::vector<HookPlan> plans;
  plans.reserve(k_hook_names.size());
  for (const auto name : k_hook_names) plans.push_back(plan_hook(repo, root, name));
  return plans;
}

bool hook_changes_anything(const HookPlan& plan) {
  return plan.state != HookPlan::State::current && plan.state != HookPlan::State::blocked && plan.state != HookPlan::State::framework;
}

bool hooks_change_anything(const std::vector<HookPlan>& plans) {
  return std::any_of(plans.begin(), plans.end(), [](const HookPlan& p) { return !p.shared && hook_changes_anything(p); });
}

std::optional<fs::path> shared_hooks_to_write(const std::vector<HookPlan>& plans) {
  for (const auto& p : plans) {
    if (p.shared && hook_changes_anything(p)) return p.file.parent_path();
  }
  return std::nullopt;
}

std::string describe_hook_plans(const std::vector<HookPlan>& plans, const fs::path& root) {
  std::string out;
  for (const auto& p : plans) {
    if (!p.shared) out += describe_hook_plan(p, root);
  }
  if (const auto dir = shared_hooks_to_write(plans)) {
    out +=
        "  [" + tr("单独询问", "asked separately") + "] " + tr("git 钩子：core.hooksPath 指向 ", "git hooks: core.hooksPath names ") +
        util::path_to_utf8(*dir) +
        tr("，这个仓库之外、你别的仓库也可能在用的文件夹。只有你对单独的问题回答同意，pdo 才会把钩子写进去（--yes 不算）；否则一个也不写。"
           "没有这些钩子时，pdo 自己的每次提交和 pdo sync 的每次推送照样检查密钥，但在这里直接 git commit 或 git push 不会被检查。\n",
           ", a folder outside this repository that your other repositories may use too. pdo writes its hooks there only if "
           "you say yes to a separate question (--yes does not answer it); otherwise it writes none. Without them, every "
           "commit pdo makes and every pdo sync push are still scanned for keys, but a plain git commit or git push here is not.\n");
  }
  return out;
}

Result<std::string> install_hooks(const git::Repo& repo, SharedHooks shared) {
  std::string report;
  std::string failures;
  for (const auto name : k_hook_names) {
    auto r = install_hook(repo, name, shared);
    if (r)
      report += *r;
    else
      failures += (failures.empty() ? "" : "\n") + r.error().message;
  }
  if (!failures.empty()) return Error{Exit::failure, report + failures};
  return report;
}

namespace {

/// What the hook guards, for the plan and the report.
std::string hook_job(std::string_view name) {
  if (name == "commit-msg") return tr("检查提交说明里有没有密钥", "checks the commit message for secrets");
  if (name == "pre-push")
    return tr("推送前检查要发出的提交（包括 --no-verify 的提交）里有没有密钥",
              "checks the commits to push (also --no-verify ones) for secrets");
  return tr("提交前检查暂存的文件里有没有密钥", "checks the staged files for secrets before every commit");
}

}  // namespace

std::string describe_hook_plan(const HookPlan& plan, const fs::path& root) {
  const auto rel = util::absolute_path(plan.file).lexically_relative(util::absolute_path(root));
  const std::string shown = !rel.empty() && *rel.begin() != ".." ? rel.generic_u8string() : util::path_to_utf8(plan.file);
  const std::string where = plan.in_worktree ? tr("（在工作区里，来自 core.hooksPath；pdo 不提交它）",
                                                  " (inside the working tree via core.hooksPath; pdo does not commit it)")
                                             : tr("（git 的钩子目录，不进入提交）", " (git's hooks folder, never committed)");
  const std::string local = local_name(plan.name);
  switch (plan.state) {
    case HookPlan::State::missing:
      return "  [" + tr("新建", "create") + "] " + shown + where + tr("：", ": ") + plan.name + tr(" 钩子，", " hook that ") +
             hook_job(plan.name) + "\n";
    case HookPlan::State::outdated:
      return "  [" + tr("更新", "refresh") + "] " + shown + tr("：pdo 的 ", ": pdo's ") + plan.name + tr(" 钩子\n", " hook\n");
    case HookPlan::State::foreign:
      return "  [" + tr("串联", "chain") + "] " + shown + where + tr("：已有的钩子改名为 ", ": the existing hook is renamed to ") + local +
             tr("（内容不变），pdo 的钩子先运行它，再检查密钥\n", " (unchanged); pdo's hook runs it first, then checks for secrets\n");
    case HookPlan::State::regenerated:
      return "  [" + tr("串联", "chain") + "] " + shown + where +
             tr("：lefthook 按它的配置重写了这个钩子，把 pdo 的移开了；新的 lefthook 钩子替换 ",
                ": lefthook rewrote this hook from its config and moved pdo's aside; the new lefthook hook replaces ") +
             local +
             tr("（同样由 lefthook 生成），pdo 的钩子先运行它，再检查密钥\n",
                " (lefthook's too); pdo's hook runs it first, then checks for secrets\n");
    case HookPlan::State::blocked:
      return "  [" + tr("跳过", "skip") + "] " + shown + tr("：已有 ", ": ") + plan.name + tr(" 和 ", " and ") + local +
             tr("，pdo 不改动它们，也不安装钩子\n", " both exist; pdo leaves them alone and installs no hook\n");
    case HookPlan::State::current:
    case HookPlan::State::framework:
      break;
  }
  return {};
}

Result<std::string> install_hook(const git::Repo& repo, std::string_view name, SharedHooks shared) {
  const HookPlan plan = plan_hook(&repo, repo.workdir(), name);
  const std::string shown = util::path_to_utf8(plan.file);
  const std::string local = local_name(name);
  if (plan.shared && shared == SharedHooks::skip && hook_changes_anything(plan)) {
    return "  " + plan.name + tr(" 钩子：没有写入 ", " hook: not written to ") + shown +
           tr("（core.hooksPath 指向这个仓库之外的共用文件夹）\n", " (core.hooksPath names a shared folder outside this repository)\n");
  }
  if (plan.state == HookPlan::State::current)
    return "  " + plan.name + tr(" 钩子：已安装，未改动（", " hook: already installed, unchanged (") + shown + tr("）\n", ")\n");
  if (plan.state == HookPlan::State::framework) {
    return "  " + plan.name + tr(" 钩子：由 pre-commit 框架管理，", " hook: managed by the pre-commit framework, whose ") +
           plan.framework->config_shown + tr(" 运行 pdo 的检查（", " runs pdo's check (") + plan.framework->runs +
           tr("）；未改动（", "); unchanged (") + shown + tr("）\n", ")\n");
  }
  if (plan.state == HookPlan::State::blocked) {
    return Error{Exit::failure,
                 tr("没有安装 ", "the ") + plan.name + tr(" 钩子：", " hook was not installed: ") + shown + tr(" 和 ", " and ") + local +
                     tr(" 都已存在，pdo 不覆盖它们。请把两者合并为 ", " both exist and pdo overwrites neither. Merge them into ") + local +
                     tr(" 后重新运行 pdo init。", " and run pdo init again.")};
  }
  if (auto st = util::make_dirs(plan.file.parent_path()); !st) return st.error();
  std::string chained;
  if (plan.state == HookPlan::State::foreign || plan.state == HookPlan::State::regenerated) {
    // A hook lefthook rewrote takes the place of its older script at .local; any other is moved there.
    const bool lefthook = plan.state == HookPlan::State::regenerated;
    const fs::path moved = plan.file.parent_path() / local;
    if (!(lefthook ? platform::rename_replace(plan.file, moved) : platform::rename_no_replace(plan.file, moved))) {
      return Error{Exit::failure, tr("无法把已有的钩子改名为 ", "cannot rename the existing hook to ") + util::path_to_utf8(moved)};
    }
    chained = (lefthook ? tr("；lefthook 重写的钩子替换了 ", "; the hook lefthook rewrote replaced ")
                        : tr("；原来的钩子已改名为 ", "; your existing hook was renamed to ")) +
              local + tr("，每次仍会先运行它", " and still runs first every time");
  }
  const auto replace = plan.state == HookPlan::State::outdated ? util::Replace::allowed : util::Replace::never;
  if (auto st = util::write_file_atomic(plan.file, plan.content, replace); !st) return st.error();
  std::error_code ec;
  fs::permissions(plan.file, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add, ec);
  const std::string skip = name == "pre-push" ? "git push --no-verify" : "git commit --no-verify";
  return "  " + plan.name + tr(" 钩子：已安装到 ", " hook: installed at ") + shown + chained + tr("。它", ". It ") + hook_job(name) +
         tr("（确需跳过：", " (to skip it on purpose: ") + skip + tr("）\n", ")\n");
}

}  // namespace pdo::app
