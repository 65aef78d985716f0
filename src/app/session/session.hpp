#pragma once
// The shared start of every command that works inside a workspace: find it, open its repo, take the
// workspace lock (so concurrent pdo commands never lose an update), finish or undo what a killed pdo
// left, and commit through the one transaction (app/transaction).
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/commit/transaction.hpp"
#include "app/context.hpp"
#include "git/repo.hpp"
#include "util/platform.hpp"
#include "workspace/settings.hpp"

namespace pdo::app {

/// Whether a command changes the workspace (and so needs the lock and a committable repo).
enum class Access { read, write };

/// An opened workspace with its repository.
struct Session {
  workspace::Workspace ws;
  git::Repo repo;
  std::unique_ptr<platform::FileLock> lock;  ///< held for Access::write

  /// A course-relative path ('/' separated) as a path on disk.
  std::filesystem::path path(const std::string& course_rel) const;
  /// A course-relative path as the working-tree path git uses (a usage error when it leaves the tree).
  util::RelPath repo_path(const std::string& course_rel) const;
};

/// Opens just the workspace around ctx.cwd (no git), for commands that only read its files.
/// With OwnLessons::leave_out, a .pdo/lessons.toml that does not load is said on ctx.err (what and where, and
/// that the command goes on without the learner's own lessons) instead of stopping the command.
workspace::Workspace open_workspace_files(Context& ctx, workspace::OwnLessons own = workspace::OwnLessons::required);

/// Opens the workspace around ctx.cwd; for writes, checks the repo can take a commit, takes the lock,
/// and recovers from a pdo killed mid-commit.
Session open_session(Context& ctx, Access access, workspace::OwnLessons own = workspace::OwnLessons::required);

/// Takes the workspace lock (waiting for another pdo writer), then recovers from a killed pdo. `recovered`,
/// when given, says whether recovery changed anything: whatever the caller read before is then stale.
std::unique_ptr<platform::FileLock> lock_workspace(Context& ctx, git::Repo& repo, bool* recovered = nullptr);

/// For a command that reads the workspace before it opens its repository (init): finishes or undoes a
/// killed pdo's commit in the repository around `dir`, if there is one, under the workspace lock.
void recover_first(Context& ctx, const std::filesystem::path& dir);

/// Commits the transaction with the secret check every pdo commit gets; nullopt if nothing changed.
/// Paths in `txn` are repo-relative (use Session::repo_path).
std::optional<std::string> commit(Session& s, app::Transaction txn);

/// A lesson by "3", "03" or folder name, or a usage error listing what is valid.
const course::Lesson& lesson_arg(const course::Course& course, const std::string& key);

}  // namespace pdo::app
