#pragma once
// The text of every file pdo generates, rendered from the embedded templates in the workspace's
// language. Only links and structure: no lecture content, no exercise.
#include <optional>
#include <string>
#include <string_view>

#include "course/course.hpp"
#include "progress/file.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "workspace/settings.hpp"

namespace pdo::workspace {

/// README.md (its pdo block holds the lesson list and the per-lesson prompt template).
std::string readme_text(const course::Course& course, const Settings& settings);

/// What the prompt says about the lesson's needs and where it can run on the workspace's route
/// (computed by checks/readiness; workspace/ does not judge).
struct LessonFacts {
  std::string needs;
  std::string where;
};

/// The per-lesson prompt (每课提示词) filled in for a lesson, or with placeholders when lesson is null.
std::string prompt_text(const course::Course& course, const course::Lesson* lesson, const Settings& settings,
                        const LessonFacts& facts = {});

/// progress.md as first created; `off_route`: the steps marked as not on the learner's route.
std::string progress_text(const course::Course& course, util::Lang lang, const progress::NotApplicable& off_route = {});

/// The progress.md section of one lesson (heading and its three boxes), starting with a blank line.
std::string progress_lesson_block(const course::Course& course, const course::Lesson& lesson, util::Lang lang,
                                  const progress::NotApplicable& off_route = {});

/// questions.md as first created.
std::string questions_text(const course::Course& course, util::Lang lang);

/// check-env.md as first created: every check item listed with what to do, what to see and its page (the
/// course's own fields, as the self-check report shows them), none run yet; `os` is the one the commands
/// pdo would run are for.
std::string check_env_text(const course::Course& course, const Settings& settings, platform::Os os = platform::current_os());

/// A lesson's notes.md as first created: title and official link only.
std::string notes_text(const course::Lesson& lesson, util::Lang lang);

/// The language whose notes_text `text` is (line ends, a BOM and trailing blanks aside): pdo's text with
/// nothing of the learner's in it; nullopt when the learner wrote in it.
std::optional<util::Lang> notes_as_generated(std::string_view text, const course::Lesson& lesson);

}  // namespace pdo::workspace
