#pragma once
// Trust in course files, like `direnv allow`: the commands of the built-in course run as they are; those
// of any other course file (committed in the workspace or named with --course) run only after the learner
// trusted that exact content with `pdo check --trust` or `pdo init --trust`. The record lives outside every repository, in the
// user's configuration folder (PDO_CONFIG_HOME overrides it), so a cloned workspace cannot bring its own
// trust along; any change to the file's bytes needs trust again.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "checks/check.hpp"
#include "util/error.hpp"
#include "workspace/settings.hpp"

namespace pdo::app {

namespace fs = std::filesystem;

/// The variable that moves pdo's per-user records (tests, and wine runs that share one %APPDATA%).
inline constexpr const char* k_config_home_env = "PDO_CONFIG_HOME";

/// A course file whose commands need the learner's trust.
struct CourseSource {
  fs::path file;       ///< absolute path of the course file
  std::string sha256;  ///< of the bytes pdo parsed
};

/// Where trust records live: $PDO_CONFIG_HOME/trust, else <the user's config folder>/pdo/trust.
std::optional<fs::path> trust_dir();

/// The course file a workspace's commands come from; nullopt for the built-in course (or a byte-for-byte
/// copy of it), whose commands need no trust.
std::optional<CourseSource> course_source(const workspace::Workspace& ws);
/// The same for a workspace still to be made (pdo init): its settings, and the sha256 of the course bytes.
std::optional<CourseSource> course_source(const fs::path& root, const workspace::Settings& settings, const std::string& sha256);

/// The commands of the course's auto items that `route` runs on this OS, one display line each
/// ("  - ID: COMMAND", controls escaped): what the learner reads before trusting a course file.
std::vector<std::string> course_command_lines(const course::Course& course, course::Route route);

/// True if the learner trusted exactly this content of this file.
bool is_trusted(const CourseSource& source);

/// Records the learner's trust in this content of this file; Exit::unwritable if it cannot be stored.
Status trust(const CourseSource& source);

/// The one place a course's commands come from, for `pdo check` and init's self-check alike: open for the
/// built-in course (or a byte-for-byte copy of it) and for a course file the learner trusted in exactly
/// the bytes that were parsed, at its path; closed otherwise. It is the only maker of a
/// checks::TrustedCommand, and makes one only for an item of the course it was made for.
class CommandGate {
public:
  /// The gate of a workspace's course, as open_workspace read it; the workspace must outlive the gate.
  explicit CommandGate(const workspace::Workspace& ws);
  /// The course file behind it; nullopt for the built-in course.
  const std::optional<CourseSource>& source() const { return m_source; }
  /// True if the course's commands may run.
  bool open() const { return m_open; }
  /// Records the learner's trust in the file's bytes (`pdo check --trust`, `pdo init --trust`); the gate is
  /// open afterwards.
  Status trust();
  /// The item's command on `os` if it may run; nullopt when the gate is closed, the item is another
  /// course's, or it has no command for `os`.
  std::optional<checks::TrustedCommand> command(const course::CheckItem& item, platform::Os os) const;
  /// command() for checks::RunInput::commands; the gate must outlive the run.
  checks::CommandSource commands() const;

private:
  const course::Course* m_course;
  std::optional<CourseSource> m_source;
  bool m_open;
};

}  // namespace pdo::app
