#pragma once
// What `pdo init` will do to a folder, computed before anything is touched (so the learner can agree
// first). Init writes it through its transaction (cli/cmd_init.cpp), never replacing what the learner wrote.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "course/course.hpp"
#include "progress/file.hpp"
#include "util/error.hpp"
#include "util/platform.hpp"
#include "workspace/settings.hpp"

namespace pdo::workspace {

/// What happens to one path.
enum class Action {
  create,        ///< missing: will be created
  keep,          ///< exists and stays exactly as it is
  update_block,  ///< pdo's marked block changes; the rest of the file is kept
  append,        ///< new lines are appended (progress.md: a new lesson; .gitignore: missing rules)
  replace,       ///< a pdo-owned file (.pdo/…) is rewritten
  no_markers,    ///< pdo would refresh its block, but the learner removed the markers: left alone
};

/// One folder or file of the plan.
struct PlanItem {
  std::string path;  ///< relative to the course folder, '/' separated; folders end with '/'
  Action action = Action::keep;
  std::string content;                ///< the whole new file (files that are written)
  std::optional<std::string> before;  ///< what the file held when the plan was made (nullopt: absent)
  bool operator==(const PlanItem& o) const { return path == o.path && action == o.action && content == o.content && before == o.before; }
};

/// The full plan for a course folder.
struct Plan {
  fs::path root;
  std::vector<PlanItem> items;
  /// True if anything would be written.
  bool changes_anything() const;
  /// Paths (relative to root) of files the plan writes.
  std::vector<std::string> written_files() const;
  /// Every file of the scaffold, written or kept.
  std::vector<std::string> scaffold_files() const;
};

/// Builds the plan for `root` from the course and settings; reads but never writes. `course_text` is
/// the custom course file to keep under .pdo/ ("" for the built-in course); `os` is the system the
/// workspace is for (a script's target may be another than this one); `off_route`: the steps progress.md
/// marks as not on the route (checks::steps_off_route).
Result<Plan> make_plan(const fs::path& root, const course::Course& course, const Settings& settings, const std::string& course_text,
                       platform::Os os = platform::current_os(), const progress::NotApplicable& off_route = {});

/// The .gitignore pdo writes, its comments in `lang` (.gitignore.template).
std::string gitignore_template(util::Lang lang);

}  // namespace pdo::workspace
