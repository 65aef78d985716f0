#pragma once
// Installing pdo's git hooks (hooks/pre-commit, hooks/commit-msg, hooks/pre-push, embedded) into a
// workspace repo. libgit2 runs no hooks, so these guard the learner's own `git commit` and `git push`;
// pdo's commits are scanned by pdo itself. An existing hook is never overwritten: it is moved to
// <name>.local, which pdo's hook runs first.
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/hooks/hook_framework.hpp"
#include "git/repo.hpp"

namespace pdo::app {

/// What installing the hook would do.
struct HookPlan {
  /// The state of the hook file today: framework is the pre-commit framework's hook, whose
  /// configuration runs pdo's check (app/hooks/hook_framework.hpp), so it is left as it is.
  enum class State { missing, current, outdated, foreign, blocked, framework, regenerated };  // regenerated: by lefthook
  std::string name = "pre-commit";  ///< the git hook: pre-commit, commit-msg or pre-push
  std::filesystem::path file;       ///< <hooks dir>/<name>
  State state = State::missing;
  bool in_worktree = false;                ///< core.hooksPath points inside the working tree
  bool shared = false;                     ///< core.hooksPath points outside this repository: written only after a separate yes
  bool asked_git = false;                  ///< the git program named the hooks folder (git::HooksDir::asked_git)
  std::string content;                     ///< pdo's hook text for this pdo binary
  std::optional<FrameworkHook> framework;  ///< set when the file is the pre-commit framework's hook
};

/// Every hook pdo installs: files before commit, the message, and what leaves on push.
inline constexpr std::array<std::string_view, 3> k_hook_names{"pre-commit", "commit-msg", "pre-push"};

/// Whether pdo may write its hooks into a hooks folder outside this repository (core.hooksPath), which
/// other repositories may use: only after the learner's separate yes, never implied by --yes.
enum class SharedHooks { skip, write };

/// husky v9's hook stub (`. "$(dirname "$0")/h"`), which finds the team's .husky/<name> by the name git ran it
/// under: chained as <name>.local, it is run as its dispatcher sourced with that name (cli/cmd_hook, hooks/).
bool is_husky_stub(std::string_view text);
/// lefthook's generated script for hook `name` (it runs `lefthook run "<name>"`), which lefthook rewrites
/// from its config: one that took pdo's place is chained again by pdo init (HookPlan::State::regenerated).
bool is_lefthook_script(std::string_view text, std::string_view name);

/// Plans hook `name` for `repo`, or for a repo still to be created at `root`.
HookPlan plan_hook(const git::Repo* repo, const std::filesystem::path& root, std::string_view name);

/// Where git runs the hooks of `repo` (or, before it exists, of a new repository at `root`), asked of the git
/// program itself (`git rev-parse --git-path hooks`, so every configuration source counts: GIT_CONFIG_GLOBAL,
/// GIT_CONFIG_SYSTEM, includes, GIT_CONFIG_COUNT); libgit2's reading of core.hooksPath where no git program
/// answers. Shared when it lies outside the work tree and the git dir, links followed.
git::HooksDir git_hooks_dir(const git::Repo* repo, const std::filesystem::path& root);

/// True if every hook is exactly the one this pdo installs, and executable: what plan_hook calls
/// current, found with one read of each file (the check every committing command makes).
bool hooks_current(const git::Repo& repo);

/// False if git would not run the hook file: not a regular file, not executable (POSIX), or on Windows not
/// a script starting with "#!" (what Git for Windows can start of a file without an extension).
bool hook_runnable(const std::filesystem::path& file);

/// plan_hook for every name in k_hook_names.
std::vector<HookPlan> plan_hooks(const git::Repo* repo, const std::filesystem::path& root);

/// True if installing any of them would write or move anything in this repository's own hooks folder.
bool hooks_change_anything(const std::vector<HookPlan>& plans);

/// The shared folder (core.hooksPath outside this repository) that installing would write to, if any:
/// what the separate question names.
std::optional<std::filesystem::path> shared_hooks_to_write(const std::vector<HookPlan>& plans);

/// describe_hook_plan for each.
std::string describe_hook_plans(const std::vector<HookPlan>& plans, const std::filesystem::path& root);

/// Installs (or refreshes) every hook; the report lines, or an error holding them and what failed.
Result<std::string> install_hooks(const git::Repo& repo, SharedHooks shared);

/// Installs (or refreshes) hook `name`; returns the line for init's report, or why it was not installed.
/// A hooks folder outside this repository is left alone unless `shared` is SharedHooks::write.
Result<std::string> install_hook(const git::Repo& repo, std::string_view name, SharedHooks shared);

/// True if installing would write or move anything.
bool hook_changes_anything(const HookPlan& plan);

/// The plan line(s) shown before the learner agrees ("" if nothing changes).
std::string describe_hook_plan(const HookPlan& plan, const std::filesystem::path& root);

}  // namespace pdo::app
