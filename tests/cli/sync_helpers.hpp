#pragma once
// Helpers for the pdo sync tests: two clones of one workspace and a local bare remote, and the checks every
// sync test ends with (git left in no operation, a clean fsck, pdo undo still working).
#include <filesystem>
#include <string>

#include "cli/cli_helpers.hpp"

namespace pdo::test {

/// A workspace (a) pushed to a bare remote with pdo sync --remote, and a clone of it (b) that chose origin.
struct TwoMachines {
  std::filesystem::path bare, a, b;
};

/// Makes the two machines and their remote under `tmp`.
TwoMachines two_machines(const TempDir& tmp);

/// `git rev-parse HEAD` (with its newline).
std::string head(const std::filesystem::path& repo);

/// The bare remote's main branch (with its newline).
std::string remote_main(const std::filesystem::path& bare);

/// `git add -A && git commit -qm MESSAGE` in a workspace, requiring success.
void commit_all(const std::filesystem::path& root, const std::string& message);

/// What must hold after any pdo sync, on each machine: no git operation in progress (.git/rebase-merge,
/// .git/rebase-apply, .git/MERGE_HEAD, .git/CHERRY_PICK_HEAD, a detached HEAD), `git fsck --strict`
/// clean, no private sync refs left, and `pdo undo` still working (it runs one: call it last).
void require_sync_left_git_whole(const std::filesystem::path& root);

/// The checks above on both machines.
void require_sync_left_git_whole(const TwoMachines& m);

}  // namespace pdo::test
