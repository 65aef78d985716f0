#pragma once
// Installing pdo's pre-commit hook (hooks/pre-commit, embedded) into a workspace repo. libgit2 runs no
// hooks, so this guards the learner's own `git commit`; pdo's commits are scanned by pdo itself.
// An existing hook is never overwritten: it is moved to pre-commit.local, which pdo's hook runs first.
#include <filesystem>
#include <string>

#include "git/repo.hpp"

namespace pdo::app {

/// What installing the hook would do.
struct HookPlan {
  /// The state of the hook file today.
  enum class State { missing, current, outdated, foreign, blocked };
  std::filesystem::path file;  ///< <hooks dir>/pre-commit
  State state = State::missing;
  bool in_worktree = false;    ///< core.hooksPath points inside the working tree
  std::string content;         ///< pdo's hook text for this pdo binary
};

/// Plans the hook for `repo`, or for the .git/hooks of a repo still to be created at `root`.
HookPlan plan_pre_commit_hook(const git::Repo* repo, const std::filesystem::path& root);

/// True if installing would write or move anything.
bool hook_changes_anything(const HookPlan& plan);

/// The plan line(s) shown before the learner agrees ("" if nothing changes).
std::string describe_hook_plan(const HookPlan& plan, const std::filesystem::path& root);

/// Installs (or refreshes) the hook; returns the line for init's report, or why it was not installed.
Result<std::string> install_pre_commit_hook(const git::Repo& repo);

}  // namespace pdo::app
