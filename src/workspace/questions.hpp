#pragma once
// questions.md: a dated question appended under its lesson's heading. Everything else stays byte for
// byte (line endings, BOM, the learner's own text).
#include <string>
#include <string_view>

#include "course/course.hpp"

namespace pdo::workspace {

/// The questions.md text with "- [ ] DATE QUESTION" added at the end of the lesson's section
/// ("## 03 Title"); the heading is appended first if the file has none for that lesson.
std::string add_question(std::string_view text, const course::Lesson& lesson, const std::string& date, const std::string& question);

}  // namespace pdo::workspace
