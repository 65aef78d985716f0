#include "workspace/questions.hpp"

#include <vector>

#include "util/text.hpp"

namespace pdo::workspace {

namespace {

bool is_lesson_heading(std::string_view line, const course::Lesson& lesson) {
  if (!util::starts_with(line, "## ")) return false;
  auto rest = util::trim(line.substr(3));
  std::size_t digits = 0;
  while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
  return digits > 0 && digits < 4 && std::stoi(std::string(rest.substr(0, digits))) == lesson.number &&
         (digits == rest.size() || rest[digits] == ' ' || rest[digits] == '\t');
}

}  // namespace

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
    return out + eol + "## " + lesson.id + " " + lesson.title + eol + eol + entry;
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
  return out;
}

}  // namespace pdo::workspace
