#include <catch2/catch.hpp>

#include "course/course.hpp"
#include "progress/file.hpp"

using namespace pdo;
using progress::Step;

namespace {
const course::Lesson& lesson(int n) { return course::default_course().lessons[static_cast<std::size_t>(n - 1)]; }

std::size_t differing_bytes(const std::string& a, const std::string& b) {
  REQUIRE(a.size() == b.size());
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) ++n;
  }
  return n;
}
}  // namespace

TEST_CASE("box lines are found in either language and any bullet", "[progress]") {
  const std::string text =
      "# Progress\n\n- [ ] 01 读讲义\n- [x] 01 做练习 done on Monday\n  * [X] 1 Take notes\n+ [ ] 03 Read the lecture\n"
      "- [ ] 03 something else\n-[ ] 03 做练习\n```\n- [ ] 04 读讲义\n```\n";
  const auto boxes = progress::parse_boxes(text);
  REQUIRE(boxes.size() == 4);
  CHECK(boxes[0].lesson == 1);
  CHECK(boxes[0].step == Step::read);
  CHECK_FALSE(boxes[0].done);
  CHECK(boxes[1].done);
  CHECK(boxes[1].step == Step::exercise);
  CHECK(boxes[2].step == Step::notes);
  CHECK(boxes[2].done);
  CHECK(boxes[2].line == 5);
  CHECK(boxes[3].lesson == 3);
  CHECK(text[boxes[3].offset] == ' ');
  CHECK(text[boxes[1].offset] == 'x');
}

TEST_CASE("a numbered task item is a box too (Markdown shows both as checkboxes), a bare number is not", "[progress]") {
  const std::string text = "1. [ ] 01 读讲义\n  2) [x] 02 Do the exercise\n3.[ ] 03 读讲义\n1234567890. [ ] 04 读讲义\n.1 [ ] 05 读讲义\n";
  const auto boxes = progress::parse_boxes(text);
  REQUIRE(boxes.size() == 2);
  CHECK(boxes[0].lesson == 1);
  CHECK(text[boxes[0].offset] == ' ');
  CHECK(boxes[1].lesson == 2);
  CHECK(boxes[1].done);
  CHECK(boxes[1].line == 2);
}

TEST_CASE("setting a box changes exactly one byte, CRLF and BOM kept", "[progress]") {
  const std::string text = "\xEF\xBB\xBF# P\r\n\r\n- [ ] 03 读讲义\r\n- [ ] 03 做练习\r\n- [ ] 03 记笔记 my note\r\n";
  const auto boxes = progress::parse_boxes(text);
  auto box = progress::find_box(boxes, lesson(3), Step::notes, util::Lang::zh);
  REQUIRE(box);
  const std::string ticked = progress::set_box(text, *box, true);
  CHECK(differing_bytes(text, ticked) == 1);
  CHECK(ticked.find("- [x] 03 记笔记 my note\r\n") != std::string::npos);
  CHECK(progress::set_box(ticked, *box, false) == text);
}

TEST_CASE("a missing or doubled line is named, never repaired", "[progress]") {
  util::set_lang(util::Lang::en);
  const std::string text = "- [ ] 03 读讲义\n- [x] 03 读讲义\n";
  const auto boxes = progress::parse_boxes(text);
  auto missing = progress::find_box(boxes, lesson(3), Step::exercise, util::Lang::zh);
  REQUIRE_FALSE(missing);
  CHECK_THAT(missing.error().message, Catch::Contains("- [ ] 03 做练习"));
  auto doubled = progress::find_box(boxes, lesson(3), Step::read, util::Lang::zh);
  REQUIRE_FALSE(doubled);
  CHECK_THAT(doubled.error().message, Catch::Contains("lines 1, 2"));
  util::set_lang(util::Lang::zh);
}

TEST_CASE("step names parse in both languages", "[progress]") {
  CHECK(progress::parse_step("read") == Step::read);
  CHECK(progress::parse_step("读讲义") == Step::read);
  CHECK(progress::parse_step("做练习") == Step::exercise);
  CHECK(progress::parse_step("NOTES") == Step::notes);
  CHECK(progress::parse_step("take notes") == Step::notes);
  CHECK_FALSE(progress::parse_step("watch"));
  CHECK(progress::box_line(lesson(3), Step::read, util::Lang::zh, false) == "- [ ] 03 读讲义");
  CHECK(progress::box_line(lesson(12), Step::notes, util::Lang::en, true) == "- [x] 12 Take notes");
}

TEST_CASE("a box's lesson number is 1 to 3 digits: 999 is a box, 1000 and none are not", "[progress]") {
  const auto boxes = progress::parse_boxes(
      "- [ ] 1 读讲义\n- [x] 99 记笔记\n- [ ] 999 做练习\n- [ ] 007 读讲义\n- [ ] 1000 读讲义\n- [ ] 读讲义\n- [ ] 12a 读讲义\n");
  REQUIRE(boxes.size() == 4);
  CHECK(boxes[0].lesson == 1);
  CHECK(boxes[1].lesson == 99);
  CHECK(boxes[1].done);
  CHECK(boxes[2].lesson == 999);
  CHECK(boxes[2].step == Step::exercise);
  CHECK(boxes[3].lesson == 7);
}
