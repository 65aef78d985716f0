#pragma once
// Helpers shared by the CLI tests: a workspace made by the real pdo binary, and git checks.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace pdo::test {

/// Every path under root (files and folders, '/' separated, folders with a trailing '/'), minus .git.
std::set<std::string> tree_of(const std::filesystem::path& root);

/// Runs `pdo init PATH --yes` (plus extra args) and requires success.
void init_workspace(const std::filesystem::path& dir, const std::vector<std::string>& extra = {});

/// Number of commits on HEAD.
int commit_count(const std::filesystem::path& repo);

/// Requires `git fsck` to be clean and `git status --porcelain` to be empty.
void require_clean_repo(const std::filesystem::path& repo);

/// Counts occurrences of a substring.
std::size_t count_of(const std::string& text, const std::string& needle);

/// A workspace made by `pdo init` (plus extra args) in tmp/pytorch-distributed-overview.
std::filesystem::path fresh_workspace(const TempDir& tmp, const std::vector<std::string>& extra = {});

/// Runs pdo with args in the workspace `root`.
platform::ProcessResult pdo_in(const std::filesystem::path& root, const std::vector<std::string>& args,
                               const std::string& input = "");

/// Requires exit code 0, printing pdo's output otherwise.
void require_ok(const platform::ProcessResult& r);

/// Runs `pdo --lang LANG init DIR --yes` in DIR's parent and returns the result (the caller checks it).
platform::ProcessResult init_ws(const std::filesystem::path& dir, const std::string& lang = "en");

/// The first lesson folder of a workspace whose name starts with `prefix` ("03").
std::filesystem::path lesson_dir(const std::filesystem::path& ws, const std::string& prefix);

/// Appends text to a file.
void append(const std::filesystem::path& file, const std::string& text);

/// A GitHub-token-shaped fake key, different per seed, assembled at run time so that the test sources
/// themselves pass `pdo scan`.
std::string fake_key(unsigned seed = 1);

}  // namespace pdo::test
