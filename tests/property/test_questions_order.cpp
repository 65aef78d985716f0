// questions.md's sections as a property (RapidCheck, issue 43 item 2): for a generated file (a preamble,
// lesson sections in any order, a lesson's section twice or more, other "## " sections, blank lines
// anywhere, LF or CRLF, with or without a final line end), sections_in_lesson_order gives one section per
// lesson in lesson order, keeps every line (each as often, a lesson's entries in file order), leaves the
// preamble and the other sections where they were, is idempotent, and returns a file already in shape
// byte for byte.
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "util/text.hpp"
#include "workspace/questions.hpp"

using namespace pdo;

namespace {

struct File {
  std::string text;
  std::vector<int> lessons;                         ///< each section's lesson (0: another heading), in file order
  std::map<int, std::vector<std::string>> entries;  ///< each lesson's entries, in file order
  std::vector<std::string> others;                  ///< the other sections' headings, in file order
};

File generated() {
  const std::string eol = *rc::gen::element<std::string>("\n", "\r\n");
  File f;
  std::string& t = f.text;
  if (*rc::gen::arbitrary<bool>()) t += "# 我的问题" + eol + eol + "说明文字" + eol;
  const int sections = *rc::gen::inRange(0, 7);
  int entry = 0;
  for (int s = 0; s < sections; ++s) {
    const int lesson = *rc::gen::element(0, 1, 2, 3, 5, 12, 18);
    f.lessons.push_back(lesson);
    if (!t.empty()) t += std::string(static_cast<std::size_t>(*rc::gen::inRange(0, 3)), '\n');  // blank lines (LF: a mixed file too)
    if (lesson == 0) {
      const std::string heading = "## 其他 " + std::to_string(s);
      f.others.push_back(heading);
      t += heading + eol;
    } else {
      t += "## " + util::pad2(lesson) + " Lesson " + std::to_string(lesson) + eol;
    }
    const int lines = *rc::gen::inRange(0, 4);
    for (int i = 0; i < lines; ++i) {
      if (*rc::gen::arbitrary<bool>()) t += eol;
      const std::string line = "- [ ] 2026-12-06 q" + std::to_string(++entry) + (*rc::gen::arbitrary<bool>() ? " 为什么？" : "");
      t += line + eol;
      if (lesson != 0) f.entries[lesson].push_back(line);
    }
  }
  if (!t.empty() && *rc::gen::arbitrary<bool>()) t.resize(t.size() - (util::ends_with(t, "\r\n") ? 2 : 1));  // no final line end
  return f;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  for (const auto line : util::split_lines(text)) out.emplace_back(util::chomp(line));
  return out;
}

bool in_shape(const std::vector<int>& lessons) {
  int last = 0;
  for (const int l : lessons) {
    if (l == 0) continue;
    if (l <= last) return false;
    last = l;
  }
  return true;
}

}  // namespace

TEST_CASE("questions.md: one section per lesson in lesson order, every line kept", "[property][questions]") {
  rc::prop("sections_in_lesson_order", [] {
    const File f = generated();
    const std::string out = workspace::sections_in_lesson_order(f.text);
    const auto lines = lines_of(out);
    std::vector<int> lessons;
    std::vector<std::string> others;
    std::map<int, std::vector<std::string>> entries;
    int current = 0;
    for (const auto& line : lines) {
      if (util::starts_with(line, "## 其他")) {
        others.push_back(line);
        current = 0;
      } else if (util::starts_with(line, "## ")) {
        current = std::stoi(line.substr(3, 2));
        lessons.push_back(current);
      } else if (util::starts_with(line, "- ") && current != 0) {
        entries[current].push_back(line);
      }
    }
    RC_ASSERT(in_shape(lessons));                                // one heading per lesson, ascending
    RC_ASSERT(others == f.others);                               // the other sections stay, in their order
    RC_ASSERT(entries == f.entries);                             // every entry, under its lesson, in file order
    RC_ASSERT(workspace::sections_in_lesson_order(out) == out);  // idempotent
    if (in_shape(f.lessons)) RC_ASSERT(out == f.text);           // nothing to do: byte for byte
    // The non-blank lines are the input's, each as often.
    const auto count = [](const std::vector<std::string>& ls) {
      std::map<std::string, int> n;
      for (const auto& l : ls) {
        if (!util::trim(l).empty()) ++n[l];
      }
      return n;
    };
    auto wanted = count(lines_of(f.text));
    auto got = count(lines);
    for (auto& [line, n] : wanted) {
      if (util::starts_with(line, "## ") && !util::starts_with(line, "## 其他")) n = 1;  // a lesson's heading, once
    }
    RC_ASSERT(got == wanted);
    // Where it rewrote the file: a blank line before every heading but a first line.
    for (std::size_t i = 1; !in_shape(f.lessons) && i < lines.size(); ++i) {
      if (util::starts_with(lines[i], "## ")) RC_ASSERT(util::trim(lines[i - 1]).empty());
    }
  });
}
