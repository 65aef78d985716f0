#pragma once
// The record a pdo commit keeps in .git/pdo-txn/ while it runs: who runs it (pid and process start
// time), how far it got, the exact identity of every lock file it created, and the old and new bytes
// of every working-tree file it writes. It is what lets the next pdo finish or undo the work of a pdo
// that was killed, and prove that a lock file is the one that pdo made before removing it.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "util/error.hpp"
#include "util/platform.hpp"

namespace pdo::app {

namespace fs = std::filesystem;

/// How far a transaction got, in order (recorded only where recovery needs it: whether the branch already
/// moved is read from the branch itself).
enum class Stage { locking, locked, writing, written, index_written, moving, moved };

/// A lock file the transaction created, with every identity it may have: each is recorded before the
/// lock can take it (the lock is made as a hard link of a recorded file, and filled by renaming another
/// recorded file onto it), so a kill at any moment leaves a lock pdo can prove its own.
struct LockRecord {
  std::string name;  ///< relative to .git, e.g. "index.lock"
  std::vector<platform::FileIdentity> identities;
  /// True if the file at `path` is this lock as pdo made it.
  bool proves(const std::optional<platform::FileIdentity>& now) const;
};

/// A working-tree file the transaction writes.
struct FileRecord {
  std::string path;  ///< repository-relative, '/' separated
  bool existed = false;
};

/// The journal of one transaction.
struct Journal {
  long pid = 0;
  std::uint64_t start = 0;
  Stage stage = Stage::locking;
  std::vector<LockRecord> locks;
  std::vector<FileRecord> files;
  std::string ref;
  std::string commit;
};

/// Where transactions keep their journal.
fs::path txn_dir(const fs::path& gitdir);

/// Writes the journal atomically.
Status save_journal(const fs::path& dir, const Journal& journal);

/// Reads the journal; nullopt if it is missing or unreadable (the transaction had not started then).
std::optional<Journal> load_journal(const fs::path& dir);

/// The journal's backup of file `index`'s old or new bytes.
fs::path backup_path(const fs::path& dir, std::size_t index, bool new_bytes);

/// Puts back every recorded file that still holds exactly what the transaction wrote, and removes every
/// lock whose identity is still the recorded one. Locks it cannot prove are left alone and named in
/// the returned list.
std::vector<std::string> roll_back(const fs::path& gitdir, const fs::path& workdir, const fs::path& dir, const Journal& journal);

/// Renames every recorded lock whose identity still matches onto its file (index.lock -> index); the
/// branch has already moved. Returns the locks it could not prove and left alone.
std::vector<std::string> roll_forward(const fs::path& gitdir, const Journal& journal);

/// Removes temp files `NAME.pdo-tmp-PID-*` that process `pid` left beside the recorded files.
void remove_temp_files(const fs::path& workdir, const Journal& journal);

/// Removes the journal folder.
void remove_txn_dir(const fs::path& dir);

}  // namespace pdo::app
