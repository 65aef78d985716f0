#pragma once
// pdo sync: the workspace kept on a remote the learner chose (`--remote URL` once, stored in the
// repository's own config as chosen through pdo; a clone's origin does not count until chosen). Fetch
// (git CLI) into private refs; replay this machine's commits on the remote's as objects only, merging
// progress.md box by box and questions.md by keeping every question (app/sync_merge); check that the
// working tree holds nothing the move would overwrite; scan every outgoing commit for keys; push; then
// move the branch, index and files in one transaction. Any stop before the push leaves the repository
// and every file as they were; the commits keep their messages, so undo's action ids survive.
#include <chrono>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "app/context.hpp"
#include "app/session/session.hpp"
#include "app/sync/sync_lessons.hpp"
#include "app/sync/sync_merge.hpp"
#include "app/sync/sync_pending.hpp"

namespace pdo::app {

/// How long pdo sync waits for one fetch or push by default: enough for a workspace on a slow link, and a
/// remote that never answers (a hook that hangs) holds the learner two minutes, not ten.
inline constexpr std::chrono::seconds k_default_network_timeout{120};

/// What the learner asked for.
struct SyncRequest {
  std::string remote;  ///< --remote: a URL, or the name of an existing remote; "" = the one chosen before
  std::chrono::seconds timeout = k_default_network_timeout;  ///< --timeout: the longest wait for one fetch or push
  std::ostream* waiting = nullptr;                           ///< where the line saying what pdo waits for is drawn (nullptr: nowhere)
};

/// What a sync did, for the command to print.
struct SyncOutcome {
  std::string remote;  ///< the remote's name
  std::string url;
  std::string branch;
  bool chosen_now = false;                                       ///< --remote set it this time
  std::size_t incoming = 0;                                      ///< remote commits this machine did not have
  std::size_t replayed = 0;                                      ///< this machine's commits put on top of them
  std::size_t dropped = 0;                                       ///< this machine's commits whose changes the remote already had
  std::size_t pushed = 0;                                        ///< commits sent
  bool moved = false;                                            ///< the branch here moved
  bool up_to_date = false;                                       ///< nothing to fetch or push
  std::vector<std::pair<progress::BoxKey, BoxVerdict>> clashes;  ///< boxes changed differently on both sides
  std::vector<PendingFile> pending;                              ///< files waiting for the learner (this sync's and earlier ones')
  std::vector<RenumberedLesson> renumbered;                      ///< own lessons given another number
  std::vector<std::string> kept_edits;                           ///< files whose uncommitted edits stay on top of the sync's change
};

/// Runs a sync in the opened (write-locked) session; a Failure says why it stopped and what to do.
SyncOutcome sync_workspace(Session& s, const SyncRequest& request);

}  // namespace pdo::app
