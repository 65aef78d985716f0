#pragma once
// What is already on this machine: the OS and the tools a route needs. Detection only — programs are
// looked up on PATH, never run, so it costs milliseconds.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "course/course.hpp"
#include "util/platform.hpp"

namespace pdo::checks {

/// The machine as pdo sees it.
struct Machine {
  platform::Os os = platform::Os::other;
  std::string os_description;
  std::optional<std::filesystem::path> git;
  std::optional<std::filesystem::path> python;
  std::optional<std::string> browser;
};

/// Looks at the machine (PATH lookups only).
Machine detect_machine();

/// A tool a route needs and whether it is here.
struct ToolNeed {
  const course::Tool* tool = nullptr;
  std::optional<std::filesystem::path> found;  ///< where, if a program of it is on PATH
  bool detectable = true;                      ///< false when the tool has no program to look for
  std::string install;                         ///< the install command for this OS ("" if none given)
};

/// The course's tools for a route on an OS, with what is found.
std::vector<ToolNeed> route_tools(const course::Course& course, course::Route route, platform::Os os);

}  // namespace pdo::checks
