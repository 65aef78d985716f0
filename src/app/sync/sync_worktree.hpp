#pragma once
// pdo sync's working tree: the puts and removals that bring the files from this machine's commit to the
// synced one, planned before anything is sent or moved. The learner's uncommitted edits stay: a file
// changed here and not committed gets the sync's change merged into it (git's line merge) and stays
// changed against the new commit. Whatever cannot stay as it is (the same lines changed by both, a binary
// file, a staged change, a deleted file the sync changes, an untracked file in the way) is refused
// before anything happens, every such file named.
#include <string>
#include <vector>

#include "app/commit/transaction.hpp"
#include "app/session/session.hpp"

namespace pdo::app {

/// The working-tree changes from commit `from` to commit `to`, and the files whose uncommitted edits were kept.
struct WorktreeMoves {
  std::vector<Change> changes;
  std::vector<std::string> kept_edits;  ///< repo-relative paths
};

/// Plans the move; a Failure (nothing changed) naming every file that cannot keep its edits.
WorktreeMoves worktree_moves(Session& s, const std::string& from, const std::string& to);

}  // namespace pdo::app
