#pragma once
// What `pdo init` prints: the machine, the plan, and the final three-part report. The report is computed
// from what was recorded (the plan that was applied, the commit, the self-check results and the learner's
// confirmations), never from a fixed text.
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/checks/self_check.hpp"
#include "app/init/init.hpp"
#include "checks/detect.hpp"
#include "course/course.hpp"
#include "workspace/plan.hpp"
#include "workspace/settings.hpp"

namespace pdo::cli {

using app::InitSetup;

/// The OS and tools pdo detected, and a note when the course expects another OS.
void print_machine(std::ostream& out, const InitSetup& s);

/// The plan: paths with their action, the git action and the software the route needs.
void print_plan(std::ostream& out, const InitSetup& s, const std::vector<checks::ToolNeed>& tools);

/// The tool's name in the current language.
std::string tool_name(const course::Tool& tool);

/// The final report: done / needs you / not yet verified, from the applied plan, the commit and the
/// self-check that init ran.
void print_report(std::ostream& out, const InitSetup& s, const std::optional<std::string>& commit, const app::SelfCheckRun& check,
                  const std::vector<checks::ToolNeed>& tools);

}  // namespace pdo::cli
