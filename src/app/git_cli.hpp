#pragma once
// The git program, for what pdo's libgit2 (built without network transports) does not do: talking to a
// remote. It runs without a shell, in the workspace's repository, with the learner's own configuration,
// credential helpers and SSH keys; pdo stores no password or token. Inherited repository variables
// (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE…) are removed so it always works on this repository.
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "util/platform.hpp"

namespace pdo::app {

/// The git program found on PATH, bound to one working tree.
struct GitCli {
  std::filesystem::path program;
  std::filesystem::path workdir;
};

/// The git program, or a Failure (exit 1) saying how to install it on this OS.
GitCli require_git(const std::filesystem::path& workdir);

/// `git -C WORKDIR ARGS…`; a timeout of 0 waits as long as it takes.
platform::ProcessResult run_git(const GitCli& git, const std::vector<std::string>& args,
                                std::chrono::milliseconds timeout = std::chrono::milliseconds(0),
                                const std::vector<std::pair<std::string, std::string>>& env = {}, const std::string& input = {});

/// git's output of a command that must succeed (trailing newline removed), nullopt when it failed.
/// `env` and `input` as for run_git.
std::optional<std::string> git_value(const GitCli& git, const std::vector<std::string>& args,
                                     const std::vector<std::pair<std::string, std::string>>& env = {}, const std::string& input = {});

}  // namespace pdo::app
