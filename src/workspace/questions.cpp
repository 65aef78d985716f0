#include "workspace/questions.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "util/text.hpp"

namespace pdo::workspace {

std::optional<int> heading_lesson(std::string_view line) {
  if (!util::starts_with(line, "## ")) return std::nullopt;
  auto rest = util::trim(line.substr(3));
  std::size_t digits = 0;
  while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
  if (digits == 0 || digits >= 4 || (digits < rest.size() && rest[digits] != ' ' && rest[digits] != '\t')) return std::nullopt;
  return std::stoi(std::string(rest.substr(0, digits)));
}

namespace {

bool is_lesson_heading(std::string_view line, const course::Lesson& lesson) { return heading_lesson(line) == lesson.number; }

bool blank(std::string_view line) { return util::trim(line).empty(); }

/// One "## " section: its heading line and the lines up to the next "## " heading (line ends kept).
struct Section {
  std::optional<int> lesson;
  std::vector<std::string> lines;  ///< the heading first
};

}  // namespace

std::string sections_in_lesson_order(std::string_view text) {
  const std::string eol(util::detect_eol(text));
  std::vector<std::string> preamble;
  std::vector<Section> sections;
  for (const auto line : util::split_lines(text)) {
    const auto plain = util::chomp(line);
    if (util::starts_with(plain, "## ")) sections.push_back({heading_lesson(plain), {}});
    (sections.empty() ? preamble : sections.back().lines).emplace_back(line);
  }
  std::vector<std::size_t> slots;  // where the lessons' sections are; the others stay where they are
  std::vector<int> numbers;
  for (std::size_t i = 0; i < sections.size(); ++i) {
    if (!sections[i].lesson) continue;
    slots.push_back(i);
    numbers.push_back(*sections[i].lesson);
  }
  if (std::adjacent_find(numbers.begin(), numbers.end(), std::greater_equal<int>()) == numbers.end()) return std::string(text);
  // One section per lesson, in lesson order: a lesson's later sections join its first, entries in the
  // order they were in the file, blank lines at either end of each part dropped.
  std::vector<Section> lessons;
  for (const std::size_t i : slots) {
    auto& sec = sections[i];
    auto first = std::find_if(sec.lines.begin() + 1, sec.lines.end(), [](const std::string& l) { return !blank(l); });
    auto last = sec.lines.end();
    while (last != first && blank(*(last - 1))) --last;
    std::vector<std::string> body(first, last);
    const auto same = std::find_if(lessons.begin(), lessons.end(), [&](const Section& s) { return s.lesson == sec.lesson; });
    if (same == lessons.end()) {
      lessons.push_back({sec.lesson, {sec.lines.front()}});
      if (!body.empty()) lessons.back().lines.push_back(eol);
      lessons.back().lines.insert(lessons.back().lines.end(), body.begin(), body.end());
    } else {
      if (same->lines.size() == 1 && !body.empty()) same->lines.push_back(eol);
      same->lines.insert(same->lines.end(), body.begin(), body.end());
    }
  }
  std::stable_sort(lessons.begin(), lessons.end(), [](const Section& a, const Section& b) { return *a.lesson < *b.lesson; });
  std::vector<Section> placed;
  std::size_t next = 0;
  for (std::size_t i = 0; i < sections.size(); ++i) {
    if (!sections[i].lesson)
      placed.push_back(std::move(sections[i]));
    else if (next < lessons.size())
      placed.push_back(std::move(lessons[next++]));
  }
  std::string out;
  for (const auto& line : preamble) out += line;
  for (auto& sec : placed) {
    if (!out.empty()) {
      if (out.back() != '\n') out += eol;
      if (!util::ends_with(out, "\n\n") && !util::ends_with(out, "\n\r\n")) out += eol;  // a blank line before every heading
    }
    while (sec.lines.size() > 1 && blank(sec.lines.back())) sec.lines.pop_back();
    for (const auto& line : sec.lines) {
      if (!out.empty() && out.back() != '\n') out += eol;
      out += line;
    }
  }
  if (!out.empty() && out.back() != '\n') out += eol;
  return out;
}

std::string add_question(std::string_view text, const course::Lesson& lesson, const std::string& date, const std::string& question) {
  const std::string eol(util::detect_eol(text));
  std::string q = util::replace_all(util::replace_all(question, "\r\n", " "), "\n", " ");
  const std::string entry = "- [ ] " + date + " " + std::string(util::trim(q)) + eol;
  const auto lines = util::split_lines(text);
  std::size_t heading = lines.size();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (is_lesson_heading(util::chomp(lines[i]), lesson)) {
      heading = i;
      break;
    }
  }
  std::string out;
  if (heading == lines.size()) {
    out = std::string(text);
    if (!out.empty() && out.back() != '\n') out += eol;
    return sections_in_lesson_order(out + eol + "## " + lesson.id + " " + lesson.title + eol + eol + entry);
  }
  // The section runs to the next heading; the entry goes after its last non-blank line.
  std::size_t end = heading + 1;
  while (end < lines.size() && !util::starts_with(lines[end], "#")) ++end;
  std::size_t insert_after = heading;
  for (std::size_t i = heading + 1; i < end; ++i) {
    if (!util::trim(lines[i]).empty()) insert_after = i;
  }
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string line(lines[i]);
    if (i == insert_after && line.back() != '\n') line += eol;
    out += line;
    if (i == insert_after) out += (insert_after == heading ? eol : std::string()) + entry;
  }
  return sections_in_lesson_order(out);
}

}  // namespace pdo::workspace
