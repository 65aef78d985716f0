// .pdo/lessons.toml: the learner's own lessons read back as written, bad files refused with file, line
// and reason, and merged after the course's lessons without taking a number or a folder twice.
#include <catch2/catch.hpp>

#include "course/course.hpp"
#include "util/i18n.hpp"
#include "workspace/own_lessons.hpp"

using namespace pdo;

namespace {

course::Lesson own(int number, std::string title, std::string folder, std::string url = {}) {
  course::Lesson l;
  l.own = true;
  l.number = number;
  l.id = number < 10 ? "0" + std::to_string(number) : std::to_string(number);
  l.title = std::move(title);
  l.folder = std::move(folder);
  l.url = std::move(url);
  return l;
}

}  // namespace

TEST_CASE("own lessons round-trip, quotes and all", "[workspace]") {
  const std::vector<course::Lesson> lessons{own(19, "上下文并行 \"Ring\" \\ Attention", "19-19-ring-attention"),
                                            own(18, "DeepSpeed ZeRO", "18-18-deepspeed-zero", "https://www.deepspeed.ai/tutorials/zero/")};
  const std::string text = workspace::own_lessons_text(lessons);
  CHECK_THAT(text, Catch::Contains("schema = 1\n"));
  const auto back = workspace::parse_own_lessons(text, ".pdo/lessons.toml").take();
  REQUIRE(back.size() == 2);
  CHECK(back[0].number == 18);  // in number order
  CHECK(back[0].url == "https://www.deepspeed.ai/tutorials/zero/");
  CHECK(back[1].title == "上下文并行 \"Ring\" \\ Attention");
  CHECK(back[1].id == "19");
  CHECK(back[1].url.empty());
  CHECK(back[1].own);
  CHECK(workspace::parse_own_lessons(workspace::own_lessons_text({}), "x").take().empty());
}

TEST_CASE("own lessons keep a stable id, a file written before ids gets one from its folder, the same everywhere", "[workspace]") {
  const std::string old_file = "schema = 1\n\n[[lessons]]\nnumber = 18\ntitle = \"A\"\nfolder = \"18-18-a\"\n";
  const auto first = workspace::parse_own_lessons(old_file, "x").take();
  REQUIRE(first.size() == 1);
  CHECK(first[0].own_id.size() == 18);
  CHECK(workspace::parse_own_lessons(old_file, "y").take()[0].own_id == first[0].own_id);
  auto moved = first;
  moved[0].number = 19;
  moved[0].folder = "19-19-a";
  const std::string written = workspace::own_lessons_text(moved);
  CHECK_THAT(written, Catch::Contains("number = 19\nid = \"" + first[0].own_id + "\"\n"));
  CHECK(workspace::parse_own_lessons(written, "x").take()[0].own_id == first[0].own_id);  // kept when the folder changes
  const std::string given = "[[lessons]]\nnumber = 18\nid = \"0123abcd\"\ntitle = \"A\"\nfolder = \"18-18-a\"\n";
  CHECK(workspace::parse_own_lessons(given, "x").take()[0].own_id == "0123abcd");
  util::set_lang(util::Lang::en);
  auto bad = workspace::parse_own_lessons("[[lessons]]\nnumber = 18\nid = \"Bad Id\"\ntitle = \"A\"\nfolder = \"a\"\n", "x");
  REQUIRE_FALSE(bad);
  CHECK_THAT(bad.error().message, Catch::StartsWith("x:3:") && Catch::Contains("an id is"));
  auto twice = workspace::parse_own_lessons(
      given + given.substr(0, given.find("number")) + "number = 19\nid = \"0123abcd\"\ntitle = \"B\"\nfolder = \"19-19-b\"\n", "x");
  REQUIRE_FALSE(twice);
  CHECK_THAT(twice.error().message, Catch::Contains("duplicate id: 0123abcd"));
  util::set_lang(util::Lang::zh);
}

TEST_CASE("a bad .pdo/lessons.toml names the file and line", "[workspace]") {
  util::set_lang(util::Lang::en);
  const auto error_of = [](const std::string& text) {
    auto r = workspace::parse_own_lessons(text, ".pdo/lessons.toml");
    REQUIRE_FALSE(r);
    CHECK(r.error().code == Exit::usage);
    return r.error().message;
  };
  const std::string one = "[[lessons]]\nnumber = 18\ntitle = \"A\"\nfolder = \"18-18-a\"\n";
  CHECK_THAT(error_of(one + "tittle = \"x\"\n"), Catch::StartsWith(".pdo/lessons.toml:5: own lesson: unknown key tittle"));
  CHECK_THAT(error_of("[[lessons]]\nnumber = 18\ntitle = \"A\"\nfolder = \"../x\"\n"),
             Catch::StartsWith(".pdo/lessons.toml:4:") && Catch::Contains("unsafe folder"));
  CHECK_THAT(error_of("[[lessons]]\nnumber = 18\ntitle = \"A\"\nurl = \"javascript:x\"\nfolder = \"a\"\n"), Catch::Contains("http://"));
  CHECK_THAT(error_of(one + one), Catch::Contains("duplicate lesson number: 18"));
  CHECK_THAT(error_of("[[lessons]]\nnumber = 18\ntitle = \"A\\u001b[2J\"\nfolder = \"a\"\n"), Catch::StartsWith(".pdo/lessons.toml:3:"));
  CHECK_THAT(error_of("schema = 2\n"), Catch::Contains("newer"));
  util::set_lang(util::Lang::zh);
}

TEST_CASE("own lessons are merged after the course's and never take a number or folder twice", "[workspace]") {
  util::set_lang(util::Lang::en);
  course::Course c = course::default_course();
  CHECK(workspace::merge_own_lessons(c, {own(18, "Mine", "18-18-mine")}, "f"));
  REQUIRE(c.lessons.size() == 18);
  CHECK(c.lessons.back().own);
  CHECK(course::find_lesson(c, "18")->title == "Mine");
  course::Course d = course::default_course();
  const auto clash = workspace::merge_own_lessons(d, {own(3, "Mine", "03-03-mine")}, "f");
  REQUIRE_FALSE(clash);
  CHECK_THAT(clash.error().message, Catch::Contains("03") && Catch::Contains("Getting Started with Distributed Data Parallel"));
  course::Course e = course::default_course();
  CHECK_FALSE(workspace::merge_own_lessons(e, {own(18, "Mine", "03-03-GETTING-started-with-distributed-data")}, "f"));
  util::set_lang(util::Lang::zh);
}

TEST_CASE("an own lesson's id is 4 to 40 characters: both edges read back, one past each is refused", "[workspace]") {
  util::set_lang(util::Lang::en);
  const auto with_id = [](const std::string& id) {
    return workspace::parse_own_lessons("[[lessons]]\nnumber = 18\nid = \"" + id + "\"\ntitle = \"A\"\nfolder = \"18-18-a\"\n", "x");
  };
  for (const std::string& id : {std::string(4, 'a'), std::string(40, 'z'), std::string("0-9") + "a", std::string(39, '-') + "9"}) {
    INFO(id);
    const auto read = with_id(id);
    REQUIRE(read);
    CHECK(read->at(0).own_id == id);
    CHECK(workspace::parse_own_lessons(workspace::own_lessons_text(*read), "x").take().at(0).own_id == id);  // what it writes
  }
  for (const std::string& id : {std::string(3, 'a'), std::string(41, 'z'), std::string(39, 'a') + "_", std::string(3, 'a') + "A"}) {
    INFO(id);
    const auto read = with_id(id);
    REQUIRE_FALSE(read);
    CHECK_THAT(read.error().message, Catch::StartsWith("x:3:") && Catch::Contains("an id is 4 to 40"));
  }
}
