#pragma once
// The in-process probes of `pdo check` that look at the workspace's git repository (.env ignored, the
// pre-commit hook installed). They read only; they live in cli/ because checks/ does not include git.
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "checks/check.hpp"
#include "git/repo.hpp"

namespace pdo::app {

/// One line for the learner when pdo's pre-commit hook is not active (removed, not executable, replaced,
/// or core.hooksPath pointing elsewhere): `git commit` no longer checks for keys, and `pdo init` restores
/// it. nullopt while the hook is active.
std::optional<std::string> hook_warning(const git::Repo& repo);

/// One line for the learner when .git/index is missing: git then lists every committed file as a staged
/// deletion, although nothing is lost; says so and what rebuilds it (git reset, or pdo's next commit).
/// nullopt when the index is there (or nothing is committed yet). It reads only, as `pdo status` does.
std::optional<std::string> index_warning(const git::Repo& repo);

/// The probes by name ("env-ignored", "pre-commit-hook"); `repo` may be null when there is no repository.
std::map<std::string, checks::Probe> workspace_probes(const git::Repo* repo, const std::filesystem::path& root);

}  // namespace pdo::app
