#pragma once
// pdo undo's algorithm: the newest step the learner took with pdo (a track, an ask, a lesson of their own)
// that is not undone yet, found walking HEAD's first parents, and the commit that takes it back. Only pdo's
// own lines change back: a box is unticked or a question removed; the learner's other edits stay. A step a
// later commit changed is refused, naming that commit. A tick both machines made (sync kept both commits)
// is undone once. cli/cmd_undo.cpp prints what this finds.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "app/session/session.hpp"
#include "git/repo.hpp"

namespace pdo::app {

/// An undo worked out: its commit, and what it takes back, one line each, for the learner to read first.
struct UndoPlan {
  Transaction txn;
  std::vector<std::string> takes_back;
};

/// Why a commit the walk passed is not the one undo takes back.
enum class UndoSkip {
  never,       ///< an init, check, check confirm or glossary commit: never undone
  taken_back,  ///< a tick a later undo already took back (both machines took this step)
};

/// The newest step undo takes back and its plan; `skipped` hears of each commit passed on the way, in walk
/// order. Throws Failure (exit 2) when that step cannot be taken back safely, or there is none.
std::pair<git::CommitInfo, UndoPlan> find_undo(Session& s, const std::function<void(const git::CommitInfo&, UndoSkip)>& skipped);

/// The steps undo would take back, one run after another, newest first (at most `max`); empty when none.
std::vector<git::CommitInfo> undo_stack(Session& s, std::size_t max);

}  // namespace pdo::app
