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

}  // namespace pdo::test
