#pragma once
// The self-check as `pdo init` runs it once after creating the workspace: the same items, runner, report
// and check-env.md block as `pdo check`, committed the same way (check-env.md only). Nothing installs,
// logs in or costs money; the learner's confirmations (.pdo/checks.toml) count as they do for `pdo check`.
#include <optional>
#include <string>
#include <vector>

#include "checks/check.hpp"
#include "git/repo.hpp"
#include "workspace/settings.hpp"

namespace pdo::app {

/// What one self-check run saw and recorded.
struct SelfCheckRun {
  std::vector<checks::ItemResult> results;
  std::string report;                 ///< the text now in check-env.md's pdo block
  std::optional<std::string> commit;  ///< the commit that recorded it (nullopt: unchanged)
  std::string note;                   ///< why it was not recorded, when it was not ("" otherwise)
};

/// The learner's recorded confirmations (.pdo/checks.toml; none when it is missing).
std::vector<checks::Confirmation> load_confirmations(const std::filesystem::path& root);

/// Runs the route's items once (as `pdo check`), writes the report into check-env.md's block and commits
/// it. Call with the workspace lock held.
SelfCheckRun run_self_check(const workspace::Workspace& ws, git::Repo& repo, const std::optional<std::filesystem::path>& python);

}  // namespace pdo::app
