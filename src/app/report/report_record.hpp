#pragma once
// The reports `pdo report` wrote: .git/pdo-reports keeps, for each, the SHA-256 of its bytes
// and of its path (inside the workspace, the path from its root: a copy of the whole folder, `cp -a`, still
// knows its reports), so a file is replaced only while it still holds exactly what pdo wrote there. A marker
// inside the file proves nothing: the learner's own notes may quote it.
#include <filesystem>
#include <string_view>

#include "util/error.hpp"

namespace pdo::app {

/// What stands at a report's target.
enum class ReportTarget {
  absent,   ///< nothing: a new file
  ours,     ///< exactly the bytes pdo last wrote to that path
  foreign,  ///< anything else (the learner's file, a report they edited, a folder, a link's target)
};

/// What `target` holds, judged by the record in `gitdir` of the workspace at `root`.
/// An error (exit 5) when the record is not a file pdo keeps (util::OwnFile).
Result<ReportTarget> report_target(const std::filesystem::path& gitdir, const std::filesystem::path& root,
                                   const std::filesystem::path& target);

/// Records that pdo wrote `bytes` to `target` (the newest 32 reports are kept); best effort: a record that
/// cannot be written only means the next run asks for --force.
void remember_report(const std::filesystem::path& gitdir, const std::filesystem::path& root, const std::filesystem::path& target,
                     std::string_view bytes);

}  // namespace pdo::app
