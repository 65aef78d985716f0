#pragma once
// The learner's own lessons as commits: adding one (its entry in .pdo/lessons.toml, notes.md with its
// link, exercises/, its three boxes at the end of progress.md, its row in README's lesson list),
// removing one, which refuses while anything of the learner's hangs on it (notes, exercises, a ticked
// box, a question), and setting its link. `pdo lesson` and `pdo undo` share them.
#include <optional>
#include <string>

#include "app/commit/transaction.hpp"
#include "app/session/session.hpp"
#include "app/trailers.hpp"
#include "course/course.hpp"

namespace pdo::app {

/// What `pdo lesson add` was given.
struct NewLesson {
  std::string title;
  std::string url;     ///< "" = no link yet
  std::string folder;  ///< --folder: the name after "NN-NN-" (or the whole name, prefix included); "" = from the title
};

/// The lesson `pdo lesson add` would add: the next number (highest + 1) and its folder; a usage error
/// (Failure) says what to change when the title, link or folder cannot be used.
course::Lesson plan_new_lesson(const workspace::Workspace& ws, const NewLesson& in);

/// The commit adding `lesson` (a number and a folder nobody uses), with this subject and trailers.
/// Refuses (Failure) when its folder already exists or progress.md already has its boxes.
Transaction add_lesson_transaction(Session& s, const course::Lesson& lesson, const std::string& subject, const Trailers& trailers);

/// The commit removing the learner's own `lesson`. Refuses (Failure, naming what holds it) when its
/// notes.md holds more than pdo wrote, exercises/ or its folder holds anything, one of its boxes is
/// ticked, or questions.md has questions under it.
Transaction remove_lesson_transaction(Session& s, const course::Lesson& lesson, const std::string& subject, const Trailers& trailers);

/// The commit giving the learner's own `lesson` the link `url` in .pdo/lessons.toml and README's lesson
/// list ("" takes it out: the link at the top of notes.md, if any, is used again). notes.md is the
/// learner's and stays as it is. Refuses (Failure) an official lesson or a URL that is not http(s).
Transaction set_url_transaction(Session& s, const course::Lesson& lesson, const std::string& url, const std::string& subject,
                                const Trailers& trailers);

/// The own lesson a `pdo lesson remove` commit removed, read from the commit before it.
std::optional<course::Lesson> removed_lesson(const git::Repo& repo, const std::string& commit, const std::string& lessons_path, int number);

}  // namespace pdo::app
