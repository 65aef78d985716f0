#pragma once
// Trust in course files, like `direnv allow`: the commands of the built-in course run as they are; those
// of any other course file (committed in the workspace or named with --course) run only after the learner
// trusted that exact content with `pdo check --trust`. The record lives outside every repository, in the
// user's configuration folder (PDO_CONFIG_HOME overrides it), so a cloned workspace cannot bring its own
// trust along; any change to the file's bytes needs trust again.
#include <filesystem>
#include <optional>
#include <string>

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

/// True if the learner trusted exactly this content of this file.
bool is_trusted(const CourseSource& source);

/// Records the learner's trust in this content of this file; Exit::unwritable if it cannot be stored.
Status trust(const CourseSource& source);

}  // namespace pdo::app
