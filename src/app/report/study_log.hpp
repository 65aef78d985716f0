#pragma once
// The study journal's events from git history, kept in a cache in .git/ (never in the work tree) so a
// later `pdo log` reads only the commits added since. The cache is keyed by the commit it was read up
// to: when that commit is no longer HEAD's ancestor (amend, rebase, reset) or the file is damaged, the
// whole history is read again. Read-only commands may call it: failing to write the cache is silent.
#include <string>
#include <vector>

#include "git/repo.hpp"
#include "progress/journal.hpp"

namespace pdo::app {

/// Every box change of `progress_path` (repo-relative) in HEAD's history, newest commit first: from
/// pdo's trailers, or for hand-made commits from the file's two versions.
/// `walked`, when given, counts the commits read (none when the cache is current).
Result<std::vector<progress::Event>> study_events(const git::Repo& repo, const std::string& progress_path,
                                                  std::atomic<std::uint64_t>* walked = nullptr);

}  // namespace pdo::app
