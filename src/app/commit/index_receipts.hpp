#pragma once
// Receipts of the index entries pdo's commits replaced, kept in .git/pdo-index-receipts (the newest 64).
//
// `git commit` reads .git/index before it takes index.lock (git 2.39: read_index_preload, then
// hold_locked_index), so a commit the learner started just before a pdo commit writes the index it read
// back over pdo's, and fails its own ref update; the index then holds the old progress.md, and the
// learner's next `git commit` would undo pdo's tick. The old entry is recognisable exactly (blob and stat
// data), so the pre-commit hook and every pdo commit stage pdo's entry again (see git::Repo::stale_entries).
#include <filesystem>
#include <string>
#include <vector>

#include "git/repo.hpp"
#include "util/error.hpp"

namespace pdo::app {

/// The receipts file as read: its newest 64 receipts, oldest first (none when the file is missing, too
/// big, not pdo's format, or one of those lines is malformed), and whether a receipt can be appended to
/// it as it is (whole, and small enough).
struct ReceiptsFile {
  std::vector<git::IndexSwap> swaps;
  bool appendable = false;
};
ReceiptsFile read_receipts(const std::filesystem::path& gitdir);

/// read_receipts' receipts.
std::vector<git::IndexSwap> load_receipts(const std::filesystem::path& gitdir);

/// Adds `swaps` to the receipts (keeping the newest 64): appended when `appendable` (what read_receipts
/// said, under the same workspace lock), else the file is rewritten. Best effort: a receipt that cannot
/// be written only means a stale entry will not be recognised.
void save_receipts(const std::filesystem::path& gitdir, const std::vector<git::IndexSwap>& swaps, bool appendable);
/// The same, reading the file first.
void save_receipts(const std::filesystem::path& gitdir, const std::vector<git::IndexSwap>& swaps);

/// The receipts file's text (one swap a line) and its parser, for tests; parse gives nullopt on any
/// malformed line (read_receipts reads only the newest 64 lines).
std::string format_receipts(const std::vector<git::IndexSwap>& swaps);
std::optional<std::vector<git::IndexSwap>> parse_receipts(const std::string& text);

/// Stages again, in a transaction of its own, every entry a stale `git commit` wrote back; returns the
/// paths it mended (none: nothing was stale, and nothing was written).
Result<std::vector<std::string>> heal_index(git::Repo& repo);

}  // namespace pdo::app
