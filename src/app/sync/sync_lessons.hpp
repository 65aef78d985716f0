#pragma once
// The learner's own lessons across a pdo sync. An own lesson is known by its stable id in
// .pdo/lessons.toml, not by its number: when the two machines gave one number to different lessons, the
// lesson added first (by commit time) keeps it and the other gets the next free number, with its folder,
// box lines, questions heading and README entry moved along (notes.md too while it is as pdo wrote it;
// the learner's notes are kept byte for byte). This machine's side (the merge base and its own commits)
// is read in the final numbering, and the remote's lessons that must move get a commit of their own on
// top of the remote's, so the replay merges like with like; .pdo/lessons.toml itself merges by id. Two different lessons the two sides
// added under one id (a copied workspace, an edited file) stay two: this side's gets a fresh id before anything merges.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/session/session.hpp"
#include "app/sync/sync_merge.hpp"

namespace pdo::app {

/// An own lesson this sync gave another number.
struct RenumberedLesson {
  std::string title;
  int from = 0;
  int to = 0;
  Side side = Side::local;  ///< the machine that added it
  std::string kept_title;   ///< the lesson that kept the number
};

/// The numbering of the own lessons after a sync, and the trees, messages and files in it.
class OwnLessonNumbers {
public:
  /// Plans from .pdo/lessons.toml at the merge base, on the remote and along this machine's commits. A
  /// Failure (nothing moved) when one of them cannot be read.
  OwnLessonNumbers(Session& s, const std::string& base, const std::string& remote, const std::vector<git::ChainCommit>& local_chain);

  /// The remote's tip in the final numbering: `remote`, or a new commit on it moving the remote's lessons.
  std::string remote_tip(const std::string& remote);
  /// The tree of a commit of this machine's side (or of the base) in the final numbering: the commit's id
  /// itself when nothing in it moves.
  std::string tree_of(const std::string& commit) const;
  /// A replayed commit's message with its trailers' lesson numbers in the final numbering (nullopt: as it is).
  std::optional<std::string> message_of(const git::ChainCommit& c) const;
  /// .pdo/lessons.toml of one replayed commit, merged lesson by lesson (by id). An error when the result
  /// would give one number or folder to two lessons.
  Result<std::string> merge(const std::string& base, const std::string& ours, const std::string& theirs) const;
  /// README.md with pdo's lesson list made for the own lessons of `lessons_toml` (unchanged without pdo's block).
  std::string readme_for(const std::string& readme, const std::string& lessons_toml) const;
  /// The lessons this sync renumbers.
  const std::vector<RenumberedLesson>& renumbered() const { return m_renumbered; }

private:
  struct Place {
    int number = 0;
    std::string folder;
  };
  /// The own lessons of a commit or tree (none without the file); a Failure when the file cannot be read.
  std::vector<course::Lesson> lessons_at(const std::string& treeish) const;
  /// The lessons of a tree whose place differs from the final one, by number before → after.
  std::map<int, int> moves_in(const std::vector<course::Lesson>& lessons) const;
  /// This side's lessons with the ids a clash with the remote's gave them.
  std::vector<course::Lesson> renamed(std::vector<course::Lesson> lessons) const;
  /// The tree with its lessons (as stored in it, on `side`) in the final numbering and ids; `treeish` when
  /// nothing moves.
  std::string translated(const std::string& treeish, const std::vector<course::Lesson>& as_stored, Side side) const;
  void plan(const std::string& base, const std::string& remote, const std::vector<git::ChainCommit>& local_chain);

  Session& m_s;
  std::string m_file;     ///< repo path of .pdo/lessons.toml
  std::string m_lessons;  ///< repo path of lessons/
  std::set<int> m_course_numbers;
  std::map<std::string, Place> m_final;          ///< by id
  std::map<std::string, std::string> m_renamed;  ///< this side's id → a fresh one, where the remote's side added another lesson under it
  std::vector<RenumberedLesson> m_renumbered;
  bool m_remote_moves = false;
  mutable std::map<std::string, std::string> m_trees;  ///< translated trees by commit (a cache)
};

/// A fresh id for an own lesson whose id `id` the other machine uses for another lesson: `id` cut to 37
/// characters (fewer past "-99": an id is at most 40) and "-2", "-3", …, the first one not in `taken`.
std::string fresh_own_id(const std::string& id, const std::set<std::string>& taken);

/// The message with the lesson numbers of its pdo trailers (Pdo-Lesson, Pdo-Also, Pdo-Question-Lesson,
/// Pdo-Own-Lesson) mapped; nullopt when none is in `map`.
std::optional<std::string> renumber_trailers(const std::string& message, const std::map<int, int>& map);

}  // namespace pdo::app
