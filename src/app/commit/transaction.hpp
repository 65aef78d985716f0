#pragma once
// One transaction for every commit pdo makes (init, track, ask, undo, check, check confirm, lesson,
// glossary) and for pdo sync's move of the branch onto the replayed commits, with git's
// own locks: take index.lock exclusively, write the working-tree files, write the objects, write the new
// index into the lock, lock the branch with libgit2's ref transaction and compare it with the value the
// commit was built on, then publish: rename index.lock onto the index, then move the branch (libgit2
// writes the ref and the reflogs as git does, in the common dir of a linked worktree). The index moves
// first, under the branch's lock, so that no `git commit` can ever pair the new HEAD with the old index
// (git reads HEAD, then the index). A failure before publishing leaves the repository and every file as
// they were; a kill at any point is undone by the next pdo unless the branch got to the commit
// (recover()), which acts only on a journal pdo could have written, removes only the index.lock it can
// prove, and never moves a branch or touches its lock: a branch lock a kill left is named, as git does.
// The caller holds the workspace lock (.git/pdo.lock), so two pdo transactions never overlap.
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "git/repo.hpp"
#include "util/error.hpp"
#include "util/rel_path.hpp"

namespace pdo::app {

/// How one file changes, by its path in the working tree.
struct Change {
  enum class Kind {
    whole,   ///< commit the working-tree file as it is (notes, exercises); a symlink is committed as a link
    edit,    ///< pdo's change as a function, applied to HEAD's, the staged and the working-tree version
    put,     ///< write these bytes to the working tree and commit them (files pdo creates or owns)
    remove,  ///< delete the working-tree file (it must hold what `before` says) and commit its removal
  };
  /// What a `put` expects to find before it writes (what the learner agreed to).
  enum class Before { any, absent, bytes };

  using Edit = std::function<Result<std::string>(const std::string&)>;
  Change(Kind k, util::RelPath p, Edit e = {}, std::string c = {}, Before b = Before::any, std::string bb = {})
      : kind(k), path(std::move(p)), edit(std::move(e)), content(std::move(c)), before(b), before_bytes(std::move(bb)) {}

  Kind kind = Kind::whole;
  util::RelPath path;
  Edit edit;                    ///< Kind::edit
  std::string content;          ///< Kind::put
  Before before = Before::any;  ///< Kind::put and Kind::remove
  std::string before_bytes;     ///< Kind::put and Kind::remove with Before::bytes

  static Change whole_file(util::RelPath path) { return {Kind::whole, std::move(path)}; }
  static Change edited(util::RelPath path, Edit edit) { return {Kind::edit, std::move(path), std::move(edit)}; }
  static Change put_file(util::RelPath path, std::string content, Before before, std::string before_bytes = {}) {
    return {Kind::put, std::move(path), {}, std::move(content), before, std::move(before_bytes)};
  }
  /// Deletes a file that holds exactly `before_bytes` (or is already gone); its empty folders go too.
  static Change remove_file(util::RelPath path, std::string before_bytes) {
    return {Kind::remove, std::move(path), {}, {}, Before::bytes, std::move(before_bytes)};
  }
};

/// Everything one pdo commit does.
struct Transaction {
  std::vector<Change> changes;
  std::string message;
  git::BlobCheck check;  ///< e.g. the secret scanner
  /// The commit's author and committer instead of git's configured identity (init stores it first).
  std::optional<std::pair<std::string, std::string>> identity;
  /// When the entries a stale `git commit` wrote back (app/index_receipts) are staged again as pdo left
  /// them. Only a commit does it by default: a git commit whose hook is running may have decided from
  /// that stale index that there is something to commit, and would store the mended one as an empty
  /// commit; a pdo commit moves HEAD, so that git commit fails instead. The pre-commit hook, which sees
  /// what git is about to store, mends always.
  enum class Heal { with_commit, always };
  Heal heal = Heal::with_commit;
  /// Instead of a new commit, the branch moves to an existing commit (pdo sync): `changes` are the puts
  /// and removals that give the working tree the target's files, and the index gets the target's entries
  /// for those paths. The move is built on `from`: it fails, changing nothing, if the branch moved since.
  struct Move {
    std::string target;
    std::string from;
    std::string reflog;  ///< the reflog line's message
  };
  std::optional<Move> move;
};

/// Runs the transaction; the new commit's id, or nullopt when nothing needed committing.
Result<std::optional<std::string>> run(git::Repo& repo, const Transaction& txn);

/// Undoes what a killed pdo left unless its branch moved (call with the workspace lock held, before anything else),
/// and rebuilds a missing .git/index from HEAD. Notes go to `err`; true when it changed anything.
Result<bool> recover(git::Repo& repo, std::ostream& err);

}  // namespace pdo::app
