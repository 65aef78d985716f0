#pragma once
// pdo init's use case without its dialogue: the setup decided before the learner is asked (course,
// settings, machine, plan), the plan as one commit transaction, and the same plan as a script for a
// machine without pdo. cli/cmd_init.cpp asks and prints; cli/init_view.cpp shows the plan and report.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/commit/transaction.hpp"
#include "checks/detect.hpp"
#include "course/course.hpp"
#include "git/repo.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "workspace/plan.hpp"
#include "workspace/script.hpp"
#include "workspace/settings.hpp"

namespace pdo::app {

/// Everything `pdo init` decided before asking for consent.
struct InitSetup {
  std::filesystem::path root;
  course::Course course;
  std::string course_text;  ///< custom course file to keep in .pdo/ ("" for the built-in one)
  workspace::Settings settings;
  checks::Machine machine;
  std::optional<std::filesystem::path> repo;  ///< the existing repo's working tree, if the folder is in one
  bool settings_reused = false;               ///< the folder already held a workspace's .pdo/config.toml
  workspace::Plan plan;
};

/// The settings of a workspace already at `root`, if it has readable ones.
std::optional<workspace::Settings> existing_settings(const std::filesystem::path& root);

/// The course: the file given (`course_file`), else the existing workspace's, else the built-in one.
void load_init_course(InitSetup& s, const std::string& course_file, const std::optional<workspace::Settings>& existing);

/// What init needs before it shows anything, for the workspace at s.root: the course (with the learner's own
/// lessons), the settings (route, language and OS from the flags, else the existing workspace's, else the
/// course's and this machine's; `script` makes the OS the script's) and the machine. Sets the language.
void settle_init(InitSetup& s, const std::string& course_file, std::optional<course::Route> route, std::optional<util::Lang> lang,
                 std::optional<workspace::ScriptKind> script);

/// Why `email` cannot be an email address (an `@` with something before it and a domain with a dot in it);
/// nullopt when it can.
std::optional<std::string> email_problem(const std::string& email);

/// The init plan for `root`, progress.md marking the steps the course has not on the route for `os`.
workspace::Plan init_plan(const InitSetup& s, const std::filesystem::path& root, platform::Os os = platform::current_os());

/// Scaffold files init does not write but git has never seen (a killed init's, or the learner's
/// untracked copies): committed as they are. Never the learner's edits to files git already has.
std::vector<std::string> untracked_scaffold(const InitSetup& s, const git::Repo* repo);

/// The plan as one transaction: every written file with the bytes the learner agreed to.
Transaction init_transaction(const InitSetup& s, const git::Repo& repo);

/// The plan for a folder with nothing in it, as a `kind` script that creates it at `target` (the text
/// typed, resolved on the machine that runs it) and commits it.
std::string init_script_text(const InitSetup& s, workspace::ScriptKind kind, const std::string& target);

}  // namespace pdo::app
