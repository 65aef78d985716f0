#pragma once
// questions.md: a dated question appended under its lesson's heading, one section per lesson in lesson
// order. Everything else stays byte for byte (line endings, BOM, the learner's own text).
#include <optional>
#include <string>
#include <string_view>

#include "course/course.hpp"

namespace pdo::workspace {

/// The questions.md text with "- [ ] DATE QUESTION" added at the end of the lesson's section
/// ("## 03 Title"); the section is made, in lesson order, if the file has none for that lesson. The result
/// is in sections_in_lesson_order.
std::string add_question(std::string_view text, const course::Lesson& lesson, const std::string& date, const std::string& question);

/// The lesson number of a "## NN Title" heading (one to three digits, then a blank or the end; line end
/// stripped), nullopt for any other line: the one reading of a lesson's heading in questions.md.
std::optional<int> heading_lesson(std::string_view line);

/// questions.md with one section per lesson ("## NN …", up to the next "## "), in lesson order: a lesson's
/// later sections join its first (their lines in file order, blank lines at either end of each dropped),
/// and the lessons' sections take the places lessons' sections had, so any other "## " section and the
/// text before the first heading stay where they are. A file already in that shape comes back byte for byte.
std::string sections_in_lesson_order(std::string_view text);

}  // namespace pdo::workspace
