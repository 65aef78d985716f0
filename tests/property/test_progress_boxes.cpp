// progress.md's boxes as a property (RapidCheck, issue 42): for the file pdo writes, in either language, with
// any line terminator, a BOM or not, and generated lines of the learner's between its lines, any sequence of
// ticks and unticks keeps exactly one box per lesson and step, each as the sequence left it, and each
// change is exactly one byte, at that box.
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "course/course.hpp"
#include "progress/file.hpp"
#include "util/text.hpp"
#include "workspace/layout.hpp"

using namespace pdo;

namespace {

/// A line of the learner's that is no box: notes, a list, a heading, a line that looks almost like a box.
rc::Gen<std::string> learner_line() {
  return rc::gen::oneOf(
      rc::gen::elementOf(std::vector<std::string>{"", "我的进度：还行", "- 读了一半", "## 03 笔记", "- [x]", "-[ ] 03 读讲义",
                                                  "`- [ ] 01 读讲义`", "* note", "\t", "- [ ]03", "> - [ ] 03 read"}),
      rc::gen::map(rc::gen::arbitrary<std::string>(), [](std::string s) {
        for (auto& c : s) {
          if (c == '\n' || c == '\r') c = ' ';
        }
        return "note: " + s;
      }));
}

}  // namespace

TEST_CASE("any sequence of ticks keeps one box per step, each a one-byte change", "[property]") {
  rc::prop("set_box over find_box: one box per lesson and step, as set, one byte each time", [] {
    const course::Course& course = course::default_course();
    const util::Lang lang = *rc::gen::elementOf(std::vector<util::Lang>{util::Lang::zh, util::Lang::en});
    const std::string eol = *rc::gen::elementOf(std::vector<std::string>{"\n", "\r\n"});
    std::string text;
    const std::string written = workspace::progress_text(course, lang);  // split_lines' views point into it
    for (const auto line : util::split_lines(written)) {
      text += std::string(util::chomp(line)) + eol;
      if (*rc::gen::inRange(0, 4) == 0) text += *learner_line() + eol;
    }
    if (*rc::gen::arbitrary<bool>()) text = std::string(util::k_bom) + text;
    std::map<std::pair<int, int>, bool> model;  // (lesson, step) -> done
    const auto ticks = *rc::gen::container<std::vector<std::tuple<std::size_t, int, bool>>>(
        rc::gen::tuple(rc::gen::inRange<std::size_t>(0, course.lessons.size()), rc::gen::inRange(0, 3), rc::gen::arbitrary<bool>()));
    for (const auto& [which, step_index, done] : ticks) {
      const auto& lesson = course.lessons[which];
      const progress::Step step = progress::k_steps[step_index];
      const auto box = progress::find_box(progress::parse_boxes(text), lesson, step, lang);
      RC_ASSERT(static_cast<bool>(box));
      const std::string before = text;
      text = progress::set_box(text, *box, done);
      model[{lesson.number, step_index}] = done;
      RC_ASSERT(text.size() == before.size());
      std::size_t differ = 0;
      for (std::size_t i = 0; i < text.size(); ++i) differ += text[i] != before[i] ? 1u : 0u;
      RC_ASSERT(differ <= 1u);
      RC_ASSERT(differ == 0u || text[box->offset] != before[box->offset]);
    }
    const auto boxes = progress::parse_boxes(text);
    for (const auto& lesson : course.lessons) {
      for (int s = 0; s < 3; ++s) {
        const auto box = progress::find_box(boxes, lesson, progress::k_steps[s], lang);
        RC_ASSERT(static_cast<bool>(box));
        const auto it = model.find({lesson.number, s});
        RC_ASSERT(box->done == (it != model.end() && it->second));
      }
    }
  });
}
