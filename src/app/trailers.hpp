#pragma once
// The vocabulary of pdo's commit trailers, in one place: which action a commit records (Pdo-Action), its
// stable action id (Pdo-Id, kept by rebases and syncs, unlike a commit id), what it undoes (Pdo-Undoes)
// the boxes it flips (Pdo-Lesson / Pdo-Step / Pdo-State) and the learner's own lesson it adds or removes
// (Pdo-Own-Lesson). Reading goes through git's own trailer
// parser (git::message_trailers); commits written by pdo 0.1 (no Pdo-Id, Pdo-Also, Pdo-Undo with a
// commit id) are still understood.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "progress/journal.hpp"

namespace pdo::app {

/// What a pdo commit did.
enum class Action { init, track, ask, undo, check, confirm, lesson, glossary };

/// "init", "track", … as written in Pdo-Action.
std::string_view action_id(Action action);

/// Parses a Pdo-Action value.
std::optional<Action> parse_action(std::string_view text);

/// True for the actions a learner takes by hand and `pdo undo` reverts (track, ask, lesson).
bool undoable(Action action);

/// The trailers of one commit.
struct Trailers {
  std::optional<Action> action;                 ///< nullopt: not a pdo commit
  std::string id;                               ///< Pdo-Id (for pdo 0.1 commits: the commit id, filled by the reader's caller)
  std::string undoes;                           ///< Pdo-Undoes: the action id this undo reverts (0.1: Pdo-Undo, a commit id)
  std::vector<progress::BoxChange> boxes;       ///< the boxes the commit flips
  std::string question_lesson;                  ///< Pdo-Question-Lesson
  std::string course;                           ///< Pdo-Course
  std::string own_lesson;                       ///< Pdo-Own-Lesson: "18 add" or "18 remove" (pdo lesson add / remove)
  std::vector<std::pair<int, int>> renumbered;  ///< Pdo-Renumber: own lessons pdo sync moved to another number (from, to)
};

/// The trailer block ("Key: value" lines, each ending in "\n") for a commit message.
std::string write_trailers(const Trailers& trailers);

/// The trailers of a commit message; `commit_id` stands in as the action id of a pdo 0.1 commit.
Trailers read_trailers(const std::string& message, const std::string& commit_id);

/// A fresh action id: 16 random hex digits.
std::string new_action_id();

/// The subject line of a message ("" for an empty message).
std::string subject_of(std::string_view message);

}  // namespace pdo::app
