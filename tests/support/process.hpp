#pragma once
// Running the real pdo binary and the real git CLI from tests.
#include <filesystem>
#include <string>
#include <vector>

#include "util/platform.hpp"

namespace pdo::test {

/// The built pdo binary (set by CMake).
std::filesystem::path pdo_binary();

/// The words that start pdo: PDO_TEST_LAUNCHER's (e.g. wine) and the binary; append the arguments.
std::vector<std::string> pdo_command();

/// True when pdo runs through PDO_TEST_LAUNCHER (pdo.exe under wine): a check may expect Windows behaviour.
/// (POSIX-only cases are tagged [posix] and left out by scripts/windows/test.sh, which says why.)
bool pdo_under_launcher();

/// Runs pdo with args in `cwd`, feeding `input` on stdin. HOME points at an isolated folder with a
/// git identity unless `env` says otherwise.
platform::ProcessResult run_pdo(const std::vector<std::string>& args, const std::filesystem::path& cwd, const std::string& input = "",
                                std::vector<std::pair<std::string, std::string>> env = {});

/// Runs the real git CLI in `dir`.
platform::ProcessResult run_git(const std::vector<std::string>& args, const std::filesystem::path& dir,
                                std::vector<std::pair<std::string, std::string>> env = {});

/// git's stdout in `dir`, failing the test if git fails.
std::string git_out(const std::vector<std::string>& args, const std::filesystem::path& dir);

/// The environment every process a test starts gets: its own HOME with a fixed git identity, no system,
/// global or inherited git configuration or repository variables.
std::vector<std::pair<std::string, std::string>> test_env();

}  // namespace pdo::test
