#include "course/template.hpp"

#include <optional>
#include <string_view>
#include <vector>

#include "course/course.hpp"
#include "util/text.hpp"

namespace pdo::course {

namespace {

/// The body of a one-line TOML basic string value ("…", escapes kept as written), if `line` is `key = "…"`.
std::optional<std::string_view> string_value(std::string_view line, std::string_view key) {
  if (!util::starts_with(line, key) || !util::starts_with(line.substr(key.size()), " = \"") || !util::ends_with(line, "\""))
    return std::nullopt;
  const auto body = line.substr(key.size() + 4, line.size() - key.size() - 5);
  return body.empty() ? std::nullopt : std::optional<std::string_view>(body);
}

/// The code of `command.OS = ["{python}", "-c", "CODE"]`, as written (a TOML basic string's body).
std::optional<std::string_view> inline_code(std::string_view line) {
  constexpr std::string_view open = " = [\"{python}\", \"-c\", \"";
  if (!util::starts_with(line, "command.")) return std::nullopt;
  const auto at = line.find(open);
  if (at == std::string_view::npos || !util::ends_with(line, "\"]")) return std::nullopt;
  return line.substr(at + open.size(), line.size() - at - open.size() - 2);
}

/// One [[checks]] table whose command is inline Python, as a check the learner runs and confirms.
std::vector<std::string> as_manual(const std::vector<std::string>& lines, std::string_view code) {
  std::vector<std::string> out;
  std::string contains, regex;
  for (const auto& line : lines) {
    if (const auto v = string_value(line, "expect_contains")) contains = *v;
    if (const auto v = string_value(line, "expect_regex")) regex = *v;
    const bool automatic_only = util::starts_with(line, "command.") || util::starts_with(line, "expect_regex ") ||
                                util::starts_with(line, "expect_contains ") || util::starts_with(line, "timeout ") ||
                                util::starts_with(line, "kind ");
    if (!automatic_only) out.push_back(line);
  }
  // After the header line: what the learner does, in both languages, with the command as the course had it.
  const std::string command = "python -c \\\"" + std::string(code) + "\\\"";
  std::vector<std::string> added{"kind = \"manual\"", "action = \"Run in a terminal (the Python you study with): " + command + "\"",
                                 "action_zh = \"在终端里运行（用你学习用的 Python）：" + command + "\""};
  if (!contains.empty()) {
    added.push_back("expect = \"It prints: " + contains + "\"");
    added.push_back("expect_zh = \"输出里有：" + contains + "\"");
  } else if (!regex.empty()) {
    added.push_back("expect = \"It prints a line matching the regular expression " + regex + "\"");
    added.push_back("expect_zh = \"输出里有一行符合正则表达式 " + regex + "\"");
  }
  out.insert(out.begin() + 1, added.begin(), added.end());
  return out;
}

}  // namespace

std::string course_template() {
  std::string out =
      "# A course file of your own, made by `pdo course template` from pdo's built-in course. Change what you\n"
      "# like (id, title, lessons, checks), then start a workspace with: pdo init --course THIS-FILE\n"
      "# The built-in course's checks that ran Python code pdo wrote are checks you run and confirm here\n"
      "# (pdo check confirm ID): a course file from outside pdo never hands code to an interpreter.\n";
  std::vector<std::string> table;  // the lines of the [[checks]] table being read
  std::optional<std::string> code;
  const auto flush = [&] {
    for (const auto& line : code ? as_manual(table, *code) : table) out += line + "\n";
    table.clear();
    code.reset();
  };
  bool in_checks = false;
  for (const auto raw : util::split_lines(default_course_text())) {
    const std::string line(util::chomp(raw));
    if (util::starts_with(line, "[")) {
      flush();
      in_checks = line == "[[checks]]";
    }
    if (!in_checks) {
      out += line + "\n";
      continue;
    }
    if (const auto c = inline_code(line)) code = std::string(*c);
    table.push_back(line);
  }
  flush();
  return out;
}

}  // namespace pdo::course
