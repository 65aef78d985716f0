#pragma once
// What pdo sync left for the learner to decide, kept in .git/pdo-sync-pending until it is done: files
// holding both machines' versions between conflict markers, binary files kept twice (the remote's as
// "name (远程).ext"), files one machine deleted and the other changed (kept). `pdo status` shows the ones
// still waiting: a marked file until its markers are gone, a copy while it exists. The record is this
// repository's own (each machine learns of incoming markers when its sync brings them in).
#include <string>
#include <vector>

#include "git/repo.hpp"

namespace pdo::app {

/// One file waiting for the learner.
struct PendingFile {
  enum class Kind {
    marked,  ///< both versions between conflict markers
    copy,    ///< a binary file changed on both machines: the remote's version beside it, at `copy`
    kept,    ///< deleted on one machine and changed on the other: the changed file was kept
  };
  Kind kind = Kind::marked;
  std::string path;  ///< repo-relative, '/' separated
  std::string copy;  ///< Kind::copy
  bool operator==(const PendingFile& o) const { return kind == o.kind && path == o.path && copy == o.copy; }
};

/// The recorded files that still wait (markers still there, the copy still there); kept files are shown
/// once, by the sync that kept them, and not recorded.
std::vector<PendingFile> pending_files(const git::Repo& repo);

/// Adds files to the record and drops the ones no longer waiting; best effort (the record is a reminder,
/// never a reason for a sync to fail).
void record_pending(const git::Repo& repo, const std::vector<PendingFile>& files);

/// The files among `paths` (repo-relative) that wait for the learner in the working tree: files holding
/// conflict markers, and copies named as pdo names them ("name (远程).ext") whose original is there too.
std::vector<PendingFile> waiting_among(const git::Repo& repo, const std::vector<std::string>& paths);

/// "dir/name (远程).ext" for "dir/name.ext", in the workspace's language ("(远程 2)" for n = 2, …).
std::string copy_name(const std::string& path, int n);

/// The learner's words for one waiting file (one line, without its line end).
std::string pending_text(const PendingFile& f);

}  // namespace pdo::app
