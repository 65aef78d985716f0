#pragma once
// Where the learner stands: every lesson's three boxes as progress.md has them (ticked by pdo or by
// hand), the share done, and the next step.
#include <optional>
#include <string_view>
#include <vector>

#include "course/course.hpp"
#include "progress/file.hpp"

namespace pdo::progress {

/// One lesson's state; a step is nullopt when its line is missing from progress.md.
struct LessonState {
  const course::Lesson* lesson = nullptr;
  std::optional<bool> steps[3];
  bool applies[3] = {true, true, true};  ///< false: a step this lesson does not have on the route
};

/// The whole course's state.
struct CourseState {
  std::vector<LessonState> lessons;
  int done = 0;
  int total = 0;  ///< every step that applies, and every one ticked although it does not
  /// The first unticked step of a published lesson that applies on the route, in course order.
  std::optional<std::pair<const course::Lesson*, Step>> next;
};

/// Reads the state from progress.md's text; `off_route`: the steps that do not apply on the route.
CourseState course_state(const course::Course& course, std::string_view progress_text, const NotApplicable& off_route = {});

}  // namespace pdo::progress
