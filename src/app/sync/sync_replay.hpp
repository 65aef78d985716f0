#pragma once
// pdo sync's replay: this machine's commits since the merge base, put one by one on top of the remote's
// as objects only (no ref, index or file moves), each file merged by app/sync_merge. Conflicts in files
// pdo knows never stop it: both versions are kept for the learner (markers, a second copy) and named in
// the outcome. What cannot be merged at all (links, submodules, executables changed on both sides, a
// box removed on one side and changed on the other) is a Failure before anything moved.
#include <string>
#include <utility>
#include <vector>

#include "app/session/session.hpp"
#include "app/sync/sync_lessons.hpp"
#include "app/sync/sync_merge.hpp"
#include "app/sync/sync_pending.hpp"

namespace pdo::app {

/// What the replay did.
struct Replayed {
  std::string tip;                                               ///< the last replayed commit (the remote's tip when nothing was left)
  std::size_t replayed = 0;                                      ///< commits put on top
  std::size_t dropped = 0;                                       ///< commits whose changes the remote already had
  std::vector<std::pair<progress::BoxKey, BoxVerdict>> clashes;  ///< boxes changed differently on both sides
  std::vector<PendingFile> pending;                              ///< files left for the learner
  std::vector<RenumberedLesson> renumbered;                      ///< own lessons given another number
};

/// Replays `base`..`local` onto `remote`; `labels` name the two sides on conflict markers.
Replayed replay_local(Session& s, const std::string& base, const std::string& remote, const std::string& local, const MergeLabels& labels);

/// The Failure of a sync that stops before anything moved, saying why and what to do instead.
Failure sync_stopped(const std::string& why);

}  // namespace pdo::app
