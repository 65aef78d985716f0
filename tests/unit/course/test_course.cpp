#include <catch2/catch.hpp>

#include <algorithm>

#include "course/course.hpp"
#include "course/template.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

using namespace pdo;

namespace {

// The learner's tree, copied from the seed (shared/seeds/000_…): the oracle for folder names.
const char* const k_seed_folders[] = {
    "01-01-pytorch-distributed-overview",
    "02-02-distributed-data-parallel-in-pytorch",
    "03-03-getting-started-with-distributed-data",
    "04-04-writing-distributed-applications-with-pytorch",
    "05-05-getting-started-with-fully-sharded",
    "06-06-introduction-to-libuv-tcpstore-backend",
    "07-07-large-scale-transformer-model-training",
    "08-08-introduction-to-distributed-pipeline-parallel",
    "09-09-customize-process-group-backends-using",
    "10-10-getting-started-with-distributed-rpc",
    "11-11-implementing-a-parameter-server-using",
    "12-12-implementing-batch-rpc-processing-using",
    "13-13-interactive-distributed-applications-with-mon",
    "14-14-debugging-hangs-with-flight-recorder",
    "15-15-combining-distributed-dataparallel-with-distr",
    "16-16-distributed-training-with-uneven-inputs",
    "17-17-distributed-training-at-scale-with",
};

const char* const k_good = R"(
id = "mini"
title = "Mini course"
entry_url = "https://example.org/course"
[[lessons]]
number = 1
title = "One"
url = "https://example.org/1"
folder = "01-one"
[[lessons]]
number = 2
title = "Two"
url = "http://example.org/2"
folder = "02-two"
published = false
)";

std::string with_lesson2(const std::string& replacement) {
  std::string text = k_good;
  const auto at = text.find("[[lessons]]\nnumber = 2");
  return text.substr(0, at) + replacement;
}

std::string error_of(const std::string& text) {
  util::set_lang(util::Lang::en);
  auto r = course::parse_course(text, "c.toml");
  REQUIRE_FALSE(r);
  CHECK(r.error().code == Exit::usage);
  return r.error().message;
}

}  // namespace

TEST_CASE("the default course has the seed's 17 lessons in order", "[course]") {
  const auto& c = course::default_course();
  CHECK(c.id == "pytorch-distributed-overview");
  CHECK(c.title == "PyTorch Distributed Overview");
  CHECK(c.entry_url == "https://docs.pytorch.org/tutorials/beginner/dist_overview.html");
  CHECK(c.route == course::Route::browser);
  REQUIRE(c.lessons.size() == 17);
  for (std::size_t i = 0; i < 17; ++i) {
    CHECK(c.lessons[i].number == static_cast<int>(i + 1));
    CHECK(c.lessons[i].folder == k_seed_folders[i]);
    CHECK(c.lessons[i].url.rfind("https://docs.pytorch.org/tutorials/", 0) == 0);
    CHECK(c.lessons[i].published);
    CHECK_FALSE(c.lessons[i].needs.empty());
  }
  CHECK(c.lessons[2].url == "https://docs.pytorch.org/tutorials/intermediate/ddp_tutorial.html");
  CHECK(c.lessons[16].title == "Distributed training at scale with PyTorch and Ray Train");
}

TEST_CASE("the embedded course passes full validation (start-up parses it as trusted)", "[course]") {
  auto full = course::parse_course(course::default_course_text(), "embedded", course::Validation::embedded);
  INFO((full ? "" : full.error().message));
  REQUIRE(full);
  CHECK(full->checks.size() == course::default_course().checks.size());
}

TEST_CASE("only a trusted course (the embedded one) skips the control-character scan", "[course]") {
  const std::string text = util::replace_all(k_good, "\"Mini course\"", "\"Mini\\u001b course\"");
  CHECK_FALSE(course::parse_course(text, "c.toml", course::Validation::full));
  CHECK_FALSE(course::parse_course(text, "c.toml", course::Validation::embedded));
  const auto trusted = course::parse_course(text, "c.toml", course::Validation::trusted);
  INFO((trusted ? "" : trusted.error().message));
  REQUIRE(trusted);
  CHECK(trusted->title == "Mini\x1b course");
}

TEST_CASE("a valid course file parses", "[course]") {
  auto r = course::parse_course(k_good, "c.toml");
  REQUIRE(r);
  CHECK(r->lessons.size() == 2);
  CHECK(r->lessons[1].id == "02");
  CHECK_FALSE(r->lessons[1].published);
  // A lesson that names no needs: code, no GPU, one machine (mutant course.cpp:83: min_gpus defaulting to 1,
  // which made every such lesson need a GPU).
  CHECK(r->lessons[0].code);
  CHECK(r->lessons[0].min_gpus == 0);
  CHECK(r->lessons[0].nodes == 1);
  CHECK(r->workspace_folder == "mini");
  CHECK(course::find_lesson(*r, "2") == &r->lessons[1]);
  CHECK(course::find_lesson(*r, "02") == &r->lessons[1]);
  CHECK(course::find_lesson(*r, "02-two") == &r->lessons[1]);
  CHECK(course::find_lesson(*r, "02-two/") == &r->lessons[1]);
  CHECK(course::find_lesson(*r, "3") == nullptr);
  CHECK(course::find_lesson(*r, "two") == nullptr);
}

TEST_CASE("bad course files are refused with file, line and reason", "[course]") {
  SECTION("TOML syntax") { CHECK_THAT(error_of("id = \n"), Catch::Contains("c.toml:1")); }
  SECTION("missing top-level field") {
    CHECK_THAT(
        error_of(
            "title = \"t\"\nentry_url = \"https://x.org\"\n[[lessons]]\nnumber=1\ntitle=\"a\"\nurl=\"https://x.org/a\"\nfolder=\"01-a\"\n"),
        Catch::Contains("missing field id"));
  }
  SECTION("no lessons") {
    CHECK_THAT(error_of("id = \"x\"\ntitle = \"t\"\nentry_url = \"https://x.org\"\n"), Catch::Contains("[[lessons]]"));
  }
  SECTION("missing lesson field, with the lesson's line") {
    const auto msg = error_of(with_lesson2("[[lessons]]\nnumber = 2\ntitle = \"Two\"\nfolder = \"02-two\"\n"));
    CHECK_THAT(msg, Catch::Contains("missing field url"));
    CHECK_THAT(msg, Catch::Contains("c.toml:10"));
  }
  SECTION("a lesson without a number, with the lesson's line") {
    // Mutant course.cpp:55 (this message deleted, seed 20261205 on 14a7269) dropped the lesson silently.
    const auto msg = error_of(with_lesson2("[[lessons]]\ntitle = \"Two\"\nurl = \"https://e.org/2\"\nfolder = \"02-two\"\n"));
    CHECK_THAT(msg, Catch::Contains("missing field number"));
    CHECK_THAT(msg, Catch::Contains("c.toml:10"));
  }
  SECTION("duplicate numbers") {
    const auto msg = error_of(with_lesson2("[[lessons]]\nnumber = 1\ntitle = \"Two\"\nurl = \"https://e.org/2\"\nfolder = \"02-two\"\n"));
    CHECK_THAT(msg, Catch::Contains("duplicate lesson number: 1"));
    CHECK_THAT(msg, Catch::Contains("c.toml:11"));
  }
  SECTION("duplicate folders") {
    CHECK_THAT(error_of(with_lesson2("[[lessons]]\nnumber = 2\ntitle = \"Two\"\nurl = \"https://e.org/2\"\nfolder = \"01-one\"\n")),
               Catch::Contains("duplicate folder name"));
  }
  SECTION("unsafe folder names") {
    for (const char* bad : {"../escape", "a/b", "a\\\\b", "CON", "com1.txt", "Lpt9", "nul", "trailing.", "a:b", ".git"}) {
      INFO(bad);
      CHECK_THAT(error_of(with_lesson2(std::string("[[lessons]]\nnumber = 2\ntitle = \"Two\"\nurl = \"https://e.org/2\"\nfolder = \"") +
                                       bad + "\"\n")),
                 Catch::Contains("unsafe folder name") && Catch::Contains("c.toml:14"));
    }
    // A long one is shown by its first 120 bytes and "..." (mutant course.cpp:73, 120 -> 119, seed 20261205).
    const std::string long_bad = "../" + std::string(117, 'a') + std::string(30, 'b');
    const auto msg =
        error_of(with_lesson2("[[lessons]]\nnumber = 2\ntitle = \"Two\"\nurl = \"https://e.org/2\"\nfolder = \"" + long_bad + "\"\n"));
    CHECK_THAT(msg, Catch::Contains("): ../" + std::string(117, 'a') + "...\n"));
    // And one of exactly 120 bytes whole, with no "..." (mutant course.cpp:74, > -> >=, seed 18520729).
    const std::string at_limit = "../" + std::string(117, 'a');
    CHECK_THAT(
        error_of(with_lesson2("[[lessons]]\nnumber = 2\ntitle = \"Two\"\nurl = \"https://e.org/2\"\nfolder = \"" + at_limit + "\"\n")),
        Catch::Contains("): " + at_limit + "\n"));
  }
  SECTION("non-http URLs") {
    for (const char* bad : {"ftp://e.org/2", "javascript:alert(1)", "file:///etc/passwd", "https://", "e.org/2"}) {
      INFO(bad);
      CHECK_THAT(
          error_of(with_lesson2(std::string("[[lessons]]\nnumber = 2\ntitle = \"Two\"\nurl = \"") + bad + "\"\nfolder = \"02-two\"\n")),
          Catch::Contains("URL must be http"));
    }
  }
  SECTION("wrong types and values") {
    CHECK_THAT(error_of(with_lesson2("[[lessons]]\nnumber = \"2\"\ntitle = \"Two\"\nurl = \"https://e.org/2\"\nfolder = \"02\"\n")),
               Catch::Contains("number must be an integer"));
    CHECK_THAT(error_of(with_lesson2(
                   "[[lessons]]\nnumber = 2\ntitle = \"Two\"\nurl = \"https://e.org/2\"\nfolder = \"02\"\npublished = \"no\"\n")),
               Catch::Contains("published must be true or false"));
    CHECK_THAT(error_of(std::string(k_good).replace(0, 1, "\nroute = \"cloud\"\n")), Catch::Contains("unknown route cloud"));
    CHECK_THAT(error_of(std::string(k_good).replace(0, 1, "\ntools = [\"git\"]\n")), Catch::Contains("tools must be tables ([[tools]])"));
    CHECK_THAT(error_of(std::string(k_good).replace(0, 1, "\nchecks = [1]\n")), Catch::Contains("checks must be tables ([[checks]])"));
  }
  util::set_lang(util::Lang::zh);
}

TEST_CASE("a course file declares its keys, types and characters", "[course]") {
  SECTION("an unknown key, with its line") {
    const auto msg = error_of(
        with_lesson2("[[lessons]]\nnumber = 2\ntitle = \"Two\"\nurl = \"https://e.org/2\"\nfolder = \"02-two\"\ntittle = \"x\"\n"));
    CHECK_THAT(msg, Catch::Contains("c.toml:15: lesson 2: unknown key tittle"));
    CHECK_THAT(error_of(std::string(k_good) + "[[tools]]\nid = \"git\"\nname = \"Git\"\nprogram = [\"git\"]\n"),
               Catch::Contains("c.toml:19: tools: unknown key program"));
    CHECK_THAT(error_of("languag = \"en\"\n" + std::string(k_good)), Catch::Contains("c.toml:1: unknown key languag"));
  }
  SECTION("control characters in titles, folders and urls") {
    for (const char* bad : {"Two\\nInjected", "\\u001b[2JTwo", "Tw\\to"}) {
      INFO(bad);
      CHECK_THAT(error_of(with_lesson2(std::string("[[lessons]]\nnumber = 2\ntitle = \"") + bad +
                                       "\"\nurl = \"https://e.org/2\"\nfolder = \"02-two\"\n")),
                 Catch::Contains("c.toml:12: lesson 2: field title holds the control character"));
    }
    CHECK_THAT(error_of(with_lesson2("[[lessons]]\nnumber = 2\ntitle = \"Two\"\nurl = \"https://e.org/\\u001b\"\nfolder = \"02-two\"\n")),
               Catch::Contains("c.toml:13:") && Catch::Contains("control character U+001B"));
    CHECK_THAT(error_of(with_lesson2("[[lessons]]\nnumber = 2\ntitle = \"Two\"\nurl = \"https://e.org/2\"\nfolder = \"02\\ntwo\"\n")),
               Catch::Contains("c.toml:14:") && Catch::Contains("control character U+000A"));
    CHECK_THAT(error_of("id = \"mi\\u0007ni\"\n" + std::string(k_good).substr(12)), Catch::Contains("c.toml:1: field id holds"));
  }
  SECTION("a 5,000-byte folder name") {
    const auto msg = error_of(
        with_lesson2("[[lessons]]\nnumber = 2\ntitle = \"Two\"\nurl = \"https://e.org/2\"\nfolder = \"" + std::string(5000, 'a') + "\"\n"));
    CHECK_THAT(msg, Catch::Contains("c.toml:14:") && Catch::Contains("5000 bytes, more than the limit of 100 bytes"));
    CHECK(msg.size() < 600);
    CHECK_FALSE(course::folder_name_problem(std::string(100, 'a')));
    CHECK(course::folder_name_problem(std::string(101, 'a')));
  }
  SECTION("schema") {
    CHECK(course::parse_course("schema = 1\n" + std::string(k_good), "c.toml"));
    const auto newer = error_of("schema = 2\nnew_key = 1\n" + std::string(k_good));
    CHECK_THAT(newer, Catch::StartsWith("c.toml:1: written by a newer pdo") && Catch::EndsWith("upgrade pdo"));
  }
  util::set_lang(util::Lang::zh);
}

TEST_CASE("a bad expect_regex is refused in full validation only", "[course]") {
  util::set_lang(util::Lang::en);
  const std::string text = std::string(k_good) +
                           "[[checks]]\nid = \"git\"\ntitle = \"git\"\nkind = \"auto\"\nroutes = [\"browser\"]\n"
                           "command.linux = [\"git\", \"--version\"]\nexpect_regex = \"git version (\"\n";
  auto full = course::parse_course(text, "c.toml");
  REQUIRE_FALSE(full);
  CHECK_THAT(full.error().message, Catch::Contains("expect_regex is not a valid regex") && Catch::Contains("c.toml:"));
  CHECK(course::parse_course(text, "c.toml", course::Validation::trusted));
  util::set_lang(util::Lang::zh);
}

TEST_CASE("folder names safe on every OS pass", "[course]") {
  for (const char* good : k_seed_folders) CHECK_FALSE(course::folder_name_problem(good));
  CHECK_FALSE(course::folder_name_problem("第一课-入门"));
  CHECK_FALSE(course::folder_name_problem("console"));
  CHECK(course::folder_name_problem("aux.md"));
}

TEST_CASE("check kinds and routes are parsed into their enums, unknown spellings are refused", "[course]") {
  util::set_lang(util::Lang::en);
  const std::string item = "[[checks]]\nid = \"look\"\ntitle = \"Look\"\n";
  SECTION("known spellings") {
    const auto c = course::parse_course("route = \"local\"" + std::string(k_good) + item +
                                            "kind = \"notebook\"\nroutes = [\"browser\", \"gpu\"]\noptional_routes = [\"gpu\"]\n",
                                        "c.toml");
    REQUIRE(c);
    CHECK(c->route == course::Route::local);
    REQUIRE(c->checks.size() == 1);
    CHECK(c->checks[0].kind == course::CheckKind::notebook);
    CHECK(c->checks[0].routes == std::vector<course::Route>{course::Route::browser, course::Route::gpu});
    CHECK(c->checks[0].optional_routes == std::vector<course::Route>{course::Route::gpu});
  }
  SECTION("unknown spellings") {
    CHECK_THAT(error_of(std::string(k_good) + item + "kind = \"automatic\"\n"), Catch::Contains("unknown check kind automatic"));
    CHECK_THAT(error_of(std::string(k_good) + item + "kind = \"manual\"\nroutes = [\"cloud\"]\n"),
               Catch::Contains("unknown route cloud (valid: browser, local, gpu)"));
    CHECK_THAT(error_of(std::string(k_good) + item + "kind = \"manual\"\noptional_routes = [\"Local\"]\n"),
               Catch::Contains("unknown route Local"));
    CHECK_THAT(error_of(std::string(k_good) + "[[tools]]\nid = \"git\"\nname = \"Git\"\nroutes = [\"gpus\"]\n"),
               Catch::Contains("unknown route gpus"));
  }
  util::set_lang(util::Lang::zh);
}

// Found by an exhaustive run over every code point of what title_problem accepts against the loader (issue
// 41: accepted => loads): a title of blanks alone was accepted, and the loader refuses it as empty.
TEST_CASE("title_problem refuses what the loader refuses: empty, blank, a control, too long", "[course]") {
  for (const std::string& bad : std::vector<std::string>{"", " ", "   ", "a\xc2\x85", "\xe2\x80\xae", std::string(201, 'x')}) {
    CAPTURE(bad);
    CHECK(pdo::course::title_problem(bad).has_value());
  }
  for (const std::string& good : std::vector<std::string>{"DeepSpeed ZeRO", "上下文并行", std::string(200, 'x'), " x"}) {
    CAPTURE(good);
    CHECK_FALSE(pdo::course::title_problem(good).has_value());
  }
}

// `pdo course template`: the built-in course as a course file from outside pdo, which must load under the
// full validation (no inline Python) and keep every lesson and every check of the built-in course.
TEST_CASE("the course template loads as a learner's course file and keeps every lesson and check", "[course]") {
  const std::string text = course::course_template();
  const auto loaded = course::parse_course(text, "template", course::Validation::full);
  INFO((loaded ? std::string() : loaded.error().message));
  REQUIRE(loaded);
  const auto& builtin = course::default_course();
  REQUIRE(loaded->lessons.size() == builtin.lessons.size());
  for (std::size_t i = 0; i < builtin.lessons.size(); ++i) {
    CHECK(loaded->lessons[i].folder == builtin.lessons[i].folder);
    CHECK(loaded->lessons[i].code == builtin.lessons[i].code);
  }
  REQUIRE(loaded->checks.size() == builtin.checks.size());
  int manual = 0;
  for (std::size_t i = 0; i < builtin.checks.size(); ++i) {
    const auto& was = builtin.checks[i];
    const auto& now = loaded->checks[i];
    CHECK(now.id == was.id);
    const bool inline_python = std::any_of(was.commands.begin(), was.commands.end(),
                                           [](const course::CheckCommand& c) { return c.argv.size() > 1 && c.argv[1] == "-c"; });
    if (inline_python) {
      ++manual;
      CHECK(now.kind == course::CheckKind::manual);
      CHECK(now.commands.empty());
      CHECK_THAT(now.action, Catch::Contains("python -c \"" + was.commands.front().argv[2] + "\""));
      CHECK_FALSE(now.expect.empty());
    } else {
      CHECK(now.kind == was.kind);
      CHECK(now.commands.size() == was.commands.size());
    }
  }
  CHECK(manual == 5);
  // The built-in file itself is refused as a learner's: that is what the template is for.
  CHECK_FALSE(course::parse_course(course::default_course_text(), "copy", course::Validation::full));
}

// The lesson number's range at both ends (issue 42 item 3; an audit found 1 tested and 0, 999, 1000 not).
TEST_CASE("lesson numbers run from 1 to 999: both ends load, 0 and 1000 are refused with the range", "[course]") {
  const auto second = [](const std::string& number) {
    return with_lesson2("[[lessons]]\nnumber = " + number + "\ntitle = \"Two\"\nurl = \"https://example.org/2\"\nfolder = \"02-two\"\n");
  };
  const auto loaded = course::parse_course(second("999"), "c.toml");
  REQUIRE(loaded);
  CHECK(loaded->lessons.back().number == 999);
  for (const char* bad : {"0", "1000"}) {
    INFO(bad);
    CHECK_THAT(error_of(second(bad)), Catch::Contains("c.toml:") && Catch::Contains("999"));
  }
}

TEST_CASE("a lesson's number is found from 1 to 3 digits, leading zeros and all, and 4 digits are no number", "[course]") {
  const auto& c = course::default_course();
  for (const char* key : {"3", "03", "003", " 3 "}) {
    INFO(key);
    const auto* l = course::find_lesson(c, key);
    REQUIRE(l);
    CHECK(l->number == 3);
  }
  CHECK_FALSE(course::find_lesson(c, "0003"));
  CHECK_FALSE(course::find_lesson(c, "000"));
  CHECK_FALSE(course::find_lesson(c, "999"));
}
