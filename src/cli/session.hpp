#pragma once
// The shared start of every command that works inside a workspace: find it, open its repo, take the
// workspace lock (so concurrent pdo commands never lose an update), and commit pdo's paths.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/context.hpp"
#include "git/repo.hpp"
#include "util/platform.hpp"
#include "workspace/settings.hpp"

namespace pdo::cli {

/// Whether a command changes the workspace (and so needs the lock and a committable repo).
enum class Access { read, write };

/// An opened workspace with its repository.
struct Session {
  workspace::Workspace ws;
  git::Repo repo;
  std::unique_ptr<platform::FileLock> lock;  ///< held for Access::write

  /// A course-relative path ('/' separated) as a path on disk.
  std::filesystem::path path(const std::string& course_rel) const;
  /// A course-relative path as the repo-relative path git uses.
  std::string repo_path(const std::string& course_rel) const;
};

/// Opens just the workspace around ctx.cwd (no git), for commands that only read its files.
workspace::Workspace open_workspace_files(Context& ctx);

/// Opens the workspace around ctx.cwd; for writes, checks the repo can take a commit, takes the lock,
/// and clears git lock files that a pdo killed mid-commit left behind.
Session open_session(Context& ctx, Access access);

/// Takes the workspace lock (waiting for another pdo writer) and clears what a pdo killed mid-commit left.
std::unique_ptr<platform::FileLock> lock_workspace(Context& ctx, const git::Repo& repo);

/// Commits these course-relative paths with the message; nullopt if nothing changed.
std::optional<std::string> commit_paths(Session& s, const std::vector<std::string>& course_paths, const std::string& message);

/// A whole-file change to one of pdo's files (progress.md, questions.md).
struct FileEdit {
  std::string path;  ///< course-relative
  std::string old_text;
  std::string new_text;
};

/// Writes the edit atomically and commits it together with `also` (course-relative paths). If no commit
/// is made (a secret, a lock, an error), the file goes back to its old text: nothing is half-done.
std::optional<std::string> commit_edit(Session& s, const FileEdit& edit, const std::vector<std::string>& also,
                                       const std::string& message);

/// A lesson by "3", "03" or folder name, or a usage error listing what is valid.
const course::Lesson& lesson_arg(const course::Course& course, const std::string& key);

}  // namespace pdo::cli
