#pragma once
// The record a pdo commit keeps in .git/pdo-txn/ while it runs: who runs it (pid and process start
// time), how far it got, the exact identity of every lock file it created, and the old and new bytes
// of every working-tree file it writes. It is what lets the next pdo finish or undo the work of a pdo
// that was killed, and prove that a lock file is the one that pdo made before removing it.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "util/error.hpp"
#include "util/platform.hpp"

namespace pdo::app {

namespace fs = std::filesystem;

/// How far a transaction got, in order.
/// committing: the objects and the new index (in its lock) exist; publishing: the branch's lock holds the
/// new commit and the locks are being renamed into place, so the next pdo finishes, never undoes.
enum class Stage { locking, writing, committing, publishing };

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
  std::string new_sha256;  ///< of the bytes pdo writes
  bool removed = false;    ///< pdo deletes the file instead (new_sha256 is empty)
};

/// The journal of one transaction, as read back.
struct Journal {
  long pid = 0;
  std::uint64_t start = 0;
  Stage stage = Stage::locking;
  std::vector<LockRecord> locks;
  std::vector<FileRecord> files;
  std::string ref;
  std::string commit;
};

/// Where transactions keep their journal (the folder stays; a journal holding no more than its header
/// line, or none, means "none running").
fs::path txn_dir(const fs::path& gitdir);

/// The journal file, a write-ahead log: each record is appended before the step it protects, and a
/// record cut short by a kill (no final newline) is ignored, so no step is ever taken unrecorded.
/// The file is kept from one transaction to the next and never emptied: it is cut back to its header
/// line, which keeps its disk block (emptying a file makes ext4 flush it at the next close, and giving
/// a new file its inode and block costs more than the rest of the journal together).
class JournalLog {
public:
  explicit JournalLog(fs::path dir) : m_dir(std::move(dir)) {}
  /// Starts a new journal over the idle one (sized to the new header, then written in place). Records
  /// are appended through one open file until clear().
  Status begin(long pid, std::uint64_t start);
  /// Appends one record.
  Status lock_identity(const std::string& name, const platform::FileIdentity& id);
  Status file(std::size_t index, const FileRecord& record);
  Status stage(Stage stage);
  Status commit(const std::string& ref, const std::string& commit);
  /// Cuts the journal back to its header: nothing is running any more.
  void clear();

private:
  Status append(const std::string& line);
  fs::path m_dir;
  std::ofstream m_out;
};

/// Reads the journal; nullopt if it is empty or missing (no transaction was running).
std::optional<Journal> load_journal(const fs::path& dir);

/// The hard link that keeps file `index`'s old bytes (its old inode) while the transaction runs.
fs::path backup_path(const fs::path& dir, std::size_t index);

/// Puts back every recorded file that still holds exactly what the transaction wrote (by renaming its
/// old inode back: no free space needed), and removes every lock whose identity is still a recorded
/// one. Locks it cannot prove are left alone and named in the returned list.
std::vector<std::string> roll_back(const fs::path& gitdir, const fs::path& workdir, const fs::path& dir, const Journal& journal);

/// Renames every recorded lock whose identity still matches onto its file, in the order they were taken
/// (index.lock -> index first, the branch's lock last); publishing had begun or the branch has already
/// moved. Returns the locks it could not prove and left alone.
std::vector<std::string> roll_forward(const fs::path& gitdir, const Journal& journal);

/// Removes temp files `NAME.pdo-tmp-PID-*` that process `pid` left beside the recorded files.
void remove_temp_files(const fs::path& workdir, const Journal& journal);

/// True when the journal records a transaction (more than its header line).
bool journal_has_records(const fs::path& dir);

/// Cuts the journal back to its header and removes what the transaction kept beside it (backups,
/// scratch files); lock seeds stay for the next transaction.
void clear_txn_dir(const fs::path& dir);

}  // namespace pdo::app
