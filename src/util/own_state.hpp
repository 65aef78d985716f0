#pragma once
// pdo's own files in a git dir (this worktree's): the workspace lock, the commit transaction's folder and
// the files in it, and the records and caches beside them. A .git travels in zips and synced folders, so
// what stands at these names is input like any file of the workspace: a link there (to the workspace
// itself, or to a folder or file elsewhere) would have pdo read, write or delete through it. An OwnFile
// is the only way to reach one: made from a closed set of names, every operation judges what is at the
// name without following a link, and anything but what pdo keeps there (a regular file; the transaction's
// folder, a real folder) is refused with exit 5 naming it, and nothing is touched. A file in the
// transaction's folder holds that folder open (platform::HeldFolder) while the OwnFile lives: its path()
// reaches the folder that was checked, even if the folder's name is swapped for a link meanwhile.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "util/error.hpp"

namespace pdo::platform {
class HeldFolder;
}

namespace pdo::util {

namespace fs = std::filesystem;

class OwnFile {
public:
  /// pdo's names directly in the git dir.
  enum class Name {
    workspace_lock,   ///< pdo.lock: held while a command changes the workspace
    txn_folder,       ///< pdo-txn/: the commit transaction's journal and what it keeps beside it
    study_log_cache,  ///< pdo-journal: pdo log's cache
    started_lesson,   ///< pdo-started-lesson: the lesson pdo start showed last
    reports,          ///< pdo-reports: the reports pdo report wrote
    sync_pending,     ///< pdo-sync-pending: the files a sync left for the learner
    index_receipts,   ///< pdo-index-receipts: the index entries pdo's commits replaced
    legacy_inflight,  ///< pdo-inflight: pdo 0.1's marker, only ever removed
  };
  /// pdo's names in the transaction's folder (besides the backups, backup()).
  enum class TxnName {
    journal,             ///< the write-ahead journal
    lock_seed,           ///< seed-0: the file index.lock is taken as a hard link of
    scratch_index,       ///< index: the new index, written by libgit2, renamed onto index.lock
    scratch_index_lock,  ///< index.lock: libgit2's lock on the scratch index (a kill may leave it)
    fill,                ///< the second name of the scratch index, renamed onto index.lock
  };

  static OwnFile at(const fs::path& gitdir, Name name);
  static OwnFile in_txn(const fs::path& gitdir, TxnName name);
  /// old-N: the old bytes of the transaction's file N, kept as a hard link.
  static OwnFile backup(const fs::path& gitdir, std::size_t index);

  /// The path to do I/O by, for what never follows a final link (hard links, renames, identities, lstat).
  /// Inside the transaction's folder it goes through that folder's open handle: valid only while this
  /// OwnFile (or a copy) lives, and never for messages.
  const fs::path& path() const { return m_path; }
  /// The name, for messages.
  const fs::path& name() const { return m_name; }

  /// ok when nothing is there, or what pdo keeps there (and, inside the transaction's folder, that folder is
  /// a real one); otherwise exit 5 naming what is there and how to remove it.
  Status check() const;
  /// The bytes of the file (at most `max_bytes`, else a usage error), never through a link; nullopt when
  /// there is none.
  Result<std::optional<std::string>> read(std::size_t max_bytes) const;
  /// Writes the file whole (a temp file renamed onto the name).
  Status write(std::string_view bytes) const;
  /// Removes the file; nothing there is fine.
  Status remove() const;
  /// Creates the transaction's folder if it is missing.
  Status make_folder() const;

  /// Every name above in `gitdir` (the transaction's files included), each checked: the first that is not
  /// what pdo keeps there, as check() says it.
  static Status check_all(const fs::path& gitdir);

private:
  OwnFile(fs::path name, bool folder) : m_name(std::move(name)), m_path(m_name), m_folder(folder) {}
  OwnFile(const fs::path& gitdir, const std::string& name_in_txn);
  OwnFile(const fs::path&, const char*) = delete;  // a char pointer would convert to bool and pick the first
  fs::path m_name;
  fs::path m_path;
  bool m_folder = false;                               ///< a folder is kept here, not a file
  std::shared_ptr<const platform::HeldFolder> m_held;  ///< the transaction's folder, for a file inside it
};

}  // namespace pdo::util
