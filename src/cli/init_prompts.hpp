#pragma once
// pdo init's questions: the folder (asked until it is a full path; a non-empty folder that is no workspace
// gets a suggestion), the yes to the plan, and the name and email git needs. Each ends in a decline
// (exit 4) on Ctrl-C or the end of input, and none is asked with --yes.
#include <filesystem>
#include <optional>
#include <string>
#include <utility>

#include "app/context.hpp"
#include "cli/init_trust.hpp"
#include "course/course.hpp"

namespace pdo::cli {

struct InitOptions {
  std::string path;
  std::string course_file;
  std::optional<course::Route> route;  ///< --route, when given
  std::string name;
  std::string email;
  std::string script;  ///< --script: sh or powershell
  std::string output;  ///< -o FILE for --script
  bool yes = false;
  bool dry_run = false;
  bool trust = false;  ///< --trust: agreeing to the plan trusts the course file's commands it lists
};

/// `typed` with ~, $HOME and %USERPROFILE% expanded.
std::string home_expanded(const std::string& typed);

/// Asks until the answer is a full path (with ~, $HOME and %USERPROFILE% expanded); end of input declines.
std::string ask_folder(app::Context& ctx, const course::Course& course);

/// A non-empty folder that is not a pdo workspace: says plainly what is in it and suggests a subfolder.
std::filesystem::path check_unrelated_folder(const InitOptions& opts, app::Context& ctx, const course::Course& course,
                                             std::filesystem::path root);

/// The learner's yes to the plan (and, with `trust`, to trusting the course commands it lists).
bool consent(const InitOptions& opts, app::Context& ctx, CommandTrust trust, bool create = true);

/// user.name / user.email for the commits: from flags, git config (`known`), or asked (again on an empty
/// or malformed answer); nullopt when git knows them.
std::optional<std::pair<std::string, std::string>> identity_to_set(const InitOptions& opts, app::Context& ctx, bool known,
                                                                   const std::filesystem::path& root);

}  // namespace pdo::cli
