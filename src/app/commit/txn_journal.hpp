#pragma once
// The record a pdo commit keeps in .git/pdo-txn/ while it runs (this worktree's git dir: what it guards,
// the index and the working files, is the worktree's own): who runs it (pid and process start time), how
// far it got, the identity of its index.lock, the files it writes, the commit and the paths it
// commits. It lets the next pdo undo the work of a pdo that was killed, and nothing more: the
// journal is input like any other file of the workspace (a .git travels in a zip or a synced folder), so
// every path in it is a util::RelPath, and recovery acts only when the whole record is one pdo could
// have written (recover()).
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "git/repo.hpp"
#include "util/error.hpp"
#include "util/own_state.hpp"
#include "util/platform.hpp"
#include "util/rel_path.hpp"

namespace pdo::app {

namespace fs = std::filesystem;

/// How far a transaction got, in order.
/// committing: the objects and the new index (in its lock) exist; publishing: the branch is locked at the
/// value the commit was built on, and the index is going into place before the branch moves.
enum class Stage { locking, writing, committing, publishing };

/// The index.lock the transaction took, with every identity it may have. Each is recorded before the lock
/// can take it, and the file holding it keeps a second name in the journal folder (its witness: the seed
/// the lock is a hard link of, or the scratch file renamed onto it), so a lock pdo made is one it can prove
/// after a kill, and a lock whose identity a journal merely names is not. (The branch's lock is libgit2's:
/// one a kill leaves is never pdo's to remove, and git names it, as pdo does.)
struct LockRecord {
  std::vector<platform::FileIdentity> identities;
  /// The lock is there and pdo's: taken by this process, or proven by recovery when it first looked. Only
  /// such a lock is ever removed or renamed: one that was not there then may be git's by now.
  bool held = false;
};

/// A working-tree file the transaction writes.
struct FileRecord {
  util::RelPath path;
  bool existed = false;
  std::string new_sha256;  ///< of the bytes pdo writes
  bool removed = false;    ///< pdo deletes the file instead (new_sha256 is empty)
};

/// What the transaction commits, recorded before the branch is locked.
struct CommitRecord {
  std::string ref;                   ///< the branch, refs/heads/…
  std::string old_id;                ///< the value it was built on ("" when unborn)
  std::string commit;                ///< the new value ("" when nothing is committed)
  std::vector<util::RelPath> paths;  ///< every path the commit may change
};

/// The journal of one transaction, as read back.
struct Journal {
  long pid = 0;
  std::uint64_t start = 0;
  Stage stage = Stage::locking;
  std::optional<LockRecord> lock;  ///< index.lock, once its first identity is recorded
  std::vector<FileRecord> files;
  std::optional<CommitRecord> commit;
};

/// The file in the journal folder (.git/pdo-txn, util::OwnFile::Name::txn_folder: the folder stays; a
/// journal holding no more than its header line, or none, means "none running") that keeps index.lock's
/// identity under a second name: the seed it is linked from, or the scratch file renamed onto it (`filled`).
util::OwnFile witness(const fs::path& gitdir, bool filled);

/// The journal file, a write-ahead log: each record is appended before the step it protects, and a
/// record cut short by a kill (no final newline) is ignored, so no step is ever taken unrecorded.
/// The file is kept from one transaction to the next and never emptied: it is cut back to its header
/// line, which keeps its disk block (emptying a file makes ext4 flush it at the next close, and giving
/// a new file its inode and block costs more than the rest of the journal together).
class JournalLog {
public:
  explicit JournalLog(fs::path gitdir) : m_gitdir(std::move(gitdir)) {}
  /// Starts a new journal over the idle one (sized to the new header, then written in place). Records
  /// are appended through one open file until clear().
  Status begin(long pid, std::uint64_t start);
  /// Appends one record.
  Status lock_identity(const platform::FileIdentity& id);
  Status file(std::size_t index, const FileRecord& record);
  Status stage(Stage stage);
  /// The commit record, its paths with it, in one write (stage committing).
  Status commit(const CommitRecord& record);
  /// Cuts the journal back to its header: nothing is running any more.
  void clear();

private:
  Status append(const std::string& lines);
  fs::path m_gitdir;
  std::ofstream m_out;
  std::size_t m_files = 0;  ///< file records written: their backups are what clear() removes
};

/// The journal; nullopt if none is running (missing, empty, or its header alone). An error, with the
/// line and what is wrong, when it is not a record pdo could have written: another version's header, a
/// malformed or out-of-order record, a path that is no working-tree path, a ref that is no branch.
/// Like every OwnFile, a journal (or its folder) that is a link, folder or device is refused (exit 5).
Result<std::optional<Journal>> load_journal(const fs::path& gitdir);

/// This worktree's index.lock.
fs::path lock_path(const git::Repo& repo);

/// Puts back every recorded file that still holds exactly what the transaction wrote (by renaming its
/// old inode back: no free space needed), and removes index.lock if held.
void roll_back(const git::Repo& repo, const Journal& journal);

/// Removes temp files `NAME.pdo-tmp-PID-*` that process `pid` left beside the recorded files.
void remove_temp_files(const fs::path& workdir, const Journal& journal);

/// True when the journal records a transaction (more than its header line).
bool journal_has_records(const fs::path& gitdir);

/// The journal's text without its file records: written back after clear_txn_dir, it has the next pdo
/// undo the transaction once more, its index only (its files are put back already).
std::string journal_without_files(const fs::path& gitdir);

/// Removes what a transaction with `files` file records kept beside its journal (their backups, the
/// scratch index and its lock, the fill link: each by its name, never by listing the folder, and only a
/// regular file), then cuts the journal back to its header; the lock seed stays for the next transaction.
void clear_txn_dir(const fs::path& gitdir, std::size_t files);

}  // namespace pdo::app
