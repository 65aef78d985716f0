#include "progress/status.hpp"

namespace pdo::progress {

CourseState course_state(const course::Course& course, std::string_view progress_text, const NotApplicable& off_route) {
  const auto boxes = parse_boxes(progress_text);
  CourseState state;
  for (const auto& lesson : course.lessons) {
    LessonState ls;
    ls.lesson = &lesson;
    for (const auto& b : boxes) {
      if (b.lesson != lesson.number) continue;
      auto& slot = ls.steps[static_cast<int>(b.step)];
      slot = slot.value_or(false) || b.done;  // a doubled line counts as done if either is ticked
    }
    for (const auto step : k_steps) {
      const auto& slot = ls.steps[static_cast<int>(step)];
      const bool applies = off_route.count({lesson.number, step}) == 0;
      ls.applies[static_cast<int>(step)] = applies;
      if (slot.value_or(false)) {
        ++state.done;
        ++state.total;
      } else if (applies) {
        ++state.total;
        if (!state.next && lesson.published && slot) state.next = std::make_pair(&lesson, step);
      }
    }
    state.lessons.push_back(ls);
  }
  return state;
}

}  // namespace pdo::progress
