// progress.md's boxes as a property (RapidCheck, issue 42): for the file pdo writes, in either language, with
// any line terminator, a BOM or not, and generated lines of the learner's between its lines, any sequence of
// ticks and unticks keeps exactly one box per lesson and step, each as the sequence left it, and each
// change is exactly one byte, at that box. The file's lines may say a step is not on the route (issue 43
// item 5): such a box is found and ticked like any other, and the state read from the file counts it as
// the course data and the ticks say.
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "course/course.hpp"
#include "progress/file.hpp"
#include "progress/status.hpp"
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

/// Any set of steps marked as not on the route, with a reason of any text on one line.
progress::NotApplicable off_route_steps(const course::Course& course) {
  progress::NotApplicable out;
  const auto marks = *rc::gen::container<std::vector<std::pair<std::size_t, int>>>(
      rc::gen::pair(rc::gen::inRange<std::size_t>(0, course.lessons.size()), rc::gen::inRange(0, 3)));
  for (const auto& [which, step] : marks) out[{course.lessons[which].number, progress::k_steps[step]}] = *learner_line();
  return out;
}

}  // namespace

TEST_CASE("any sequence of ticks keeps one box per step, each a one-byte change", "[property]") {
  rc::prop("set_box over find_box: one box per lesson and step, as set, one byte each time", [] {
    const course::Course& course = course::default_course();
    const util::Lang lang = *rc::gen::elementOf(std::vector<util::Lang>{util::Lang::zh, util::Lang::en});
    const std::string eol = *rc::gen::elementOf(std::vector<std::string>{"\n", "\r\n"});
    std::string text;
    const auto off_route = off_route_steps(course);
    const std::string written = workspace::progress_text(course, lang, off_route);  // split_lines' views point into it
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

// What status, ask and report read (issue 43 item 5), stated against the ticks rather than the code: done is
// what is ticked; total is every step that applies plus every step ticked although it does not; the next
// step is the first unticked step that applies, of a published lesson, in course order; and ticking a step
// that does not apply adds one to both done and total.
TEST_CASE("a step not on the route is never todo and never the next step, and counts once ticked", "[property]") {
  rc::prop("course_state against the ticks and the steps not on the route", [] {
    const course::Course& course = course::default_course();
    const auto off_route = off_route_steps(course);
    std::string text = workspace::progress_text(course, util::Lang::zh, off_route);
    std::map<std::pair<int, progress::Step>, bool> ticked;
    const auto ticks = *rc::gen::container<std::vector<std::pair<std::size_t, int>>>(
        rc::gen::pair(rc::gen::inRange<std::size_t>(0, course.lessons.size()), rc::gen::inRange(0, 3)));
    for (const auto& [which, s] : ticks) {
      const auto& lesson = course.lessons[which];
      const auto box = progress::find_box(progress::parse_boxes(text), lesson, progress::k_steps[s], util::Lang::zh);
      RC_ASSERT(static_cast<bool>(box));
      text = progress::set_box(text, *box, true);
      ticked[{lesson.number, progress::k_steps[s]}] = true;
    }
    const auto st = progress::course_state(course, text, off_route);
    int done = 0, total = 0;
    std::optional<std::pair<int, progress::Step>> next;
    for (const auto& lesson : course.lessons) {
      for (const auto step : progress::k_steps) {
        const bool is_ticked = ticked.count({lesson.number, step}) > 0;
        const bool applies = off_route.count({lesson.number, step}) == 0;
        done += is_ticked ? 1 : 0;
        total += (is_ticked || applies) ? 1 : 0;
        if (!next && !is_ticked && applies && lesson.published) next = std::make_pair(lesson.number, step);
      }
    }
    RC_ASSERT(st.done == done);
    RC_ASSERT(st.total == total);
    RC_ASSERT(st.next.has_value() == next.has_value());
    if (next) {
      RC_ASSERT(st.next->first->number == next->first);
      RC_ASSERT(st.next->second == next->second);
      RC_ASSERT(off_route.count({st.next->first->number, st.next->second}) == 0u);
    }
    // One more tick, of a step that does not apply and is not ticked yet: done and total each grow by one.
    for (const auto& [key, why] : off_route) {
      if (ticked.count(key)) continue;
      const course::Lesson* lesson = nullptr;
      for (const auto& l : course.lessons) lesson = l.number == key.first ? &l : lesson;
      RC_ASSERT(lesson != nullptr);
      const auto box = progress::find_box(progress::parse_boxes(text), *lesson, key.second, util::Lang::zh);
      RC_ASSERT(static_cast<bool>(box));
      const auto after = progress::course_state(course, progress::set_box(text, *box, true), off_route);
      RC_ASSERT(after.done == st.done + 1);
      RC_ASSERT(after.total == st.total + 1);
      break;
    }
  });
}
