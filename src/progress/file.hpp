#pragma once
// progress.md as the single source of progress: finds each lesson's three task-list boxes
// ("- [ ] 03 读讲义") and flips one with a one-byte change, leaving every other byte alone.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "course/course.hpp"
#include "util/error.hpp"
#include "util/i18n.hpp"

namespace pdo::progress {

/// The three steps of every lesson.
enum class Step { read, exercise, notes };

/// All steps in order.
inline constexpr Step k_steps[] = {Step::read, Step::exercise, Step::notes};

/// "read" / "exercise" / "notes".
std::string_view step_id(Step step);

/// The label written in progress.md: 读讲义 / 做练习 / 记笔记, or the English ones.
std::string_view step_label(Step step, util::Lang lang);

/// Parses read/exercise/notes, the Chinese labels and the English labels.
std::optional<Step> parse_step(std::string_view text);

/// Steps a lesson does not have on the learner's route, by lesson number and step, with why in the
/// learner's language ("本页没有要运行的代码"): progress.md says so on the box's line, they are not todo,
/// and the next step skips them; a box ticked anyway still counts.
using NotApplicable = std::map<std::pair<int, Step>, std::string>;

/// The line pdo writes for a box (without line end): "- [ ] 03 读讲义", and for a step that does not apply
/// on the route, its reason after the label ("- [ ] 01 做练习（本路线不适用：…）").
std::string box_line(const course::Lesson& lesson, Step step, util::Lang lang, bool done, const NotApplicable& off_route = {});

/// A task-list box found in progress.md.
struct Box {
  int lesson = 0;
  Step step = Step::read;
  bool done = false;
  std::size_t line = 0;    ///< 1-based line number
  std::size_t offset = 0;  ///< byte offset of the character inside [ ]
};

/// Every recognised box of a progress.md text, in file order.
std::vector<Box> parse_boxes(std::string_view text);

/// The one box for a lesson and step; an error naming the expected line if it is missing or doubled.
Result<Box> find_box(const std::vector<Box>& boxes, const course::Lesson& lesson, Step step, util::Lang lang);

/// The text with one box set to done or not: exactly one byte differs.
std::string set_box(std::string text, const Box& box, bool done);

}  // namespace pdo::progress
