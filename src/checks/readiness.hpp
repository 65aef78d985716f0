#pragma once
// Where each lesson's code can run on the learner's route: from the structured needs the course file
// gives per lesson (GPUs, nodes, cluster, OS, nightly builds, PyTorch version, packages), the free
// notebooks it lists, the GPUs seen here and the self-check results recorded in check-env.md. Nothing
// is run to decide, and "runnable" is never said where a recorded check of the route failed.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checks/check.hpp"
#include "course/course.hpp"
#include "progress/file.hpp"
#include "workspace/settings.hpp"

namespace pdo::checks {

/// The answers a lesson can get (unknown: a lesson of the learner's own, whose needs no course file gives).
enum class Where { read_only, runnable, blocked, unknown, no_code };

/// One lesson's readiness.
struct LessonReadiness {
  const course::Lesson* lesson = nullptr;
  Where where = Where::read_only;
  bool runs_here = false;  ///< where == runnable
  std::string needs;       ///< the lesson's structured needs as one line ("2+ GPUs, Linux, PyTorch 2.4+")
  std::string verdict;     ///< one sentence in the current language: read only / runnable on X / needs Y
};

/// What the route's self-check recorded, by item id (from check-env.md; empty before the first check).
using RecordedChecks = std::map<std::string, CheckStatus>;

/// Readiness per lesson. `local_gpus`: GPUs seen on this machine (nullopt: not known).
std::vector<LessonReadiness> lesson_readiness(const course::Course& course, course::Route route, std::optional<int> local_gpus,
                                              const RecordedChecks& recorded = {}, platform::Os os = platform::current_os());

/// The steps no published lesson has on `route` from the course file alone (the machine's GPUs and the
/// recorded checks left out: they change, the route does not): the exercise of a page with no code, and of
/// a lesson whose code is read only on the route. Their reasons are in the current language.
progress::NotApplicable steps_off_route(const course::Course& course, course::Route route, platform::Os os);

/// The same for a workspace: its course, its route and the OS it was made for (this one when not recorded).
progress::NotApplicable steps_off_route(const workspace::Workspace& ws);

/// The lesson's structured needs as one line in the current language ("" when it needs nothing).
std::string needs_line(const course::Lesson& lesson);

/// GPUs this machine shows (`nvidia-smi -L`, read-only, 10 s timeout); nullopt without nvidia-smi.
std::optional<int> local_gpus();

/// The statuses recorded in the workspace's check-env.md (empty when it is missing or never checked).
RecordedChecks recorded_checks(const std::filesystem::path& workspace_root);

/// The lesson's needs and where it can run, as the per-lesson prompt says them.
std::pair<std::string, std::string> prompt_facts(const LessonReadiness& r);

/// The readiness list as text, marked as course-file facts.
std::string render_readiness(const course::Course& course, course::Route route, const std::vector<LessonReadiness>& lessons);

}  // namespace pdo::checks
