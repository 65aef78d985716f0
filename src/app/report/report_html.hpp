#pragma once
// `pdo report`'s page: one self-contained HTML file (inline CSS, no script, no network, no external
// font) with the lessons × steps grid, the 26-week calendar, each lesson's first and last day of activity
// and the questions still open, in the workspace's language. Pure: everything comes in as data.
#include <string>
#include <string_view>
#include <vector>

#include "course/course.hpp"
#include "progress/journal.hpp"
#include "progress/status.hpp"
#include "util/i18n.hpp"

namespace pdo::app {

/// A question still open in questions.md ("- [ ] DATE QUESTION" under "## NN Title").
struct OpenQuestion {
  std::string lesson;  ///< "03", or "" before any lesson heading
  std::string text;    ///< the line after "- [ ] "
};

/// The open questions of a questions.md text, in file order.
std::vector<OpenQuestion> open_questions(std::string_view questions_md);

/// What the page shows.
struct ReportInput {
  const course::Course* course = nullptr;
  progress::CourseState state;
  progress::Journal journal;
  std::string today;  ///< "YYYY-MM-DD"
  std::vector<OpenQuestion> questions;
  util::Lang lang = util::Lang::zh;
};

/// The page's generator line (it names pdo; what pdo may replace is decided by app/report_record, not by it).
inline constexpr std::string_view k_report_marker = R"(<meta name="generator" content="pdo report">)";

/// The whole HTML document.
std::string render_report_html(const ReportInput& in);

}  // namespace pdo::app
