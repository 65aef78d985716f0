#pragma once
// The workspace: its root (the course folder), its settings in .pdo/config.toml, and the course they
// name. Every command after init starts from open_workspace().
#include <filesystem>
#include <optional>
#include <string>

#include "course/course.hpp"
#include "util/error.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"

namespace pdo::workspace {

namespace fs = std::filesystem;

/// Where the settings live, relative to the course folder.
inline constexpr const char* k_settings_path = ".pdo/config.toml";
/// Where a course file given with --course is kept, relative to the course folder.
inline constexpr const char* k_course_copy_path = ".pdo/course.toml";

/// The workspace settings (committed, so later commands need no flags).
struct Settings {
  std::string course_id;
  std::string course_file;  ///< "" = the course built into pdo; else a path relative to the root
  course::Route route = course::Route::browser;
  util::Lang lang = util::Lang::zh;
  /// The OS the workspace was made for: the one pdo init detected (or the --script shell's), kept so the
  /// README's commands stay the same whichever machine regenerates it. nullopt in older workspaces.
  std::optional<platform::Os> os;
};

/// Settings as the text of .pdo/config.toml.
std::string settings_text(const Settings& s);

/// Parses .pdo/config.toml.
Result<Settings> parse_settings(std::string_view text, const std::string& source_name);

/// An opened workspace.
struct Workspace {
  fs::path root;
  Settings settings;
  course::Course course;
  /// SHA-256 of the course file's bytes exactly as parsed into `course` ("" for the built-in course).
  std::string course_sha256;
  /// Why .pdo/lessons.toml did not load, with its file:line, when opened with OwnLessons::leave_out ("" when
  /// it loaded): the course is then without the learner's own lessons.
  std::string own_lessons_problem;
  /// A course-relative path ('/' separated) as a path on disk.
  fs::path path(const std::string& rel) const;
};

/// The folder at or above `start` that holds .pdo/config.toml, if any.
std::optional<fs::path> find_root(const fs::path& start);

/// The language named by the settings of the workspace at or above `start`: nullopt outside a workspace
/// or when the file is not TOML at all. Read before pdo says anything, so that every message of the run,
/// the errors about the workspace's own files included, is in the workspace's language.
std::optional<util::Lang> workspace_lang(const fs::path& start);

/// Whether a .pdo/lessons.toml that does not load stops the command (every command that plans from the
/// lessons) or is left out with its reason (pdo undo and pdo status: a file that does not load never blocks
/// the command that undoes the step that wrote it, nor the one that shows what is wrong).
enum class OwnLessons { required, leave_out };

/// Finds the workspace containing `start` (searching upwards for .pdo/config.toml) and loads its course,
/// with the learner's own lessons (.pdo/lessons.toml) after the course's.
Result<Workspace> open_workspace(const fs::path& start, OwnLessons own = OwnLessons::required);

/// The text of the course file the settings name ("" for the built-in course). A relative course_file
/// must resolve inside the workspace, an absolute one may be anywhere; either must be a regular file of
/// at most util::k_max_toml_bytes.
Result<std::string> course_file_text(const fs::path& root, const Settings& settings);

/// Loads the course a workspace's settings name (without the learner's own lessons); `sha256`, when given, receives the hash of the bytes
/// parsed ("" for the built-in course).
Result<course::Course> load_course(const fs::path& root, const Settings& settings, std::string* sha256 = nullptr);

/// The course file the settings name, as an absolute path (nullopt for the built-in course).
std::optional<fs::path> course_file_path(const fs::path& root, const Settings& settings);

}  // namespace pdo::workspace
