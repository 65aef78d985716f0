// checks::lesson_readiness: course-file facts only (min_gpus, published, the free notebooks listed).
#include <catch2/catch.hpp>

#include <algorithm>

#include "checks/readiness.hpp"
#include "util/i18n.hpp"

using namespace pdo;

namespace {

const checks::LessonReadiness& lesson(const std::vector<checks::LessonReadiness>& all, int number) {
  for (const auto& r : all) {
    if (r.lesson->number == number) return r;
  }
  FAIL("no lesson " << number);
  return all.front();
}

}  // namespace

TEST_CASE("lesson readiness per route, from the course file's structured needs", "[checks]") {
  util::set_lang(util::Lang::en);
  const auto& c = course::default_course();

  SECTION("browser: 2 GPUs only on Kaggle's 2×T4; 8 GPUs nowhere free; Monarch read only") {
    const auto all = checks::lesson_readiness(c, course::Route::browser, std::nullopt);
    CHECK(lesson(all, 4).runs_here);
    CHECK(lesson(all, 3).runs_here);
    CHECK(lesson(all, 3).verdict.find("Kaggle (2×T4)") != std::string::npos);
    CHECK(lesson(all, 3).verdict.find("Colab") == std::string::npos);
    CHECK_FALSE(lesson(all, 7).runs_here);
    CHECK(lesson(all, 7).where == checks::Where::read_only);
    CHECK(lesson(all, 13).where == checks::Where::read_only);
    CHECK(lesson(all, 13).verdict.find("SLURM") != std::string::npos);
    CHECK(lesson(all, 13).needs.find("nightly") != std::string::npos);
  }
  SECTION("local CPU machine: CPU lessons here; GPU lessons need GPUs, Kaggle can") {
    const auto all = checks::lesson_readiness(c, course::Route::local, std::nullopt, {}, platform::Os::gnu_linux);
    CHECK(lesson(all, 4).runs_here);
    CHECK_FALSE(lesson(all, 3).runs_here);
    CHECK(lesson(all, 3).where == checks::Where::blocked);
    CHECK(lesson(all, 3).verdict.find("no GPU seen") != std::string::npos);
    CHECK(lesson(all, 3).verdict.find("Kaggle (2×T4)") != std::string::npos);
  }
  SECTION("a recorded failure of a gating check: never runnable") {
    const checks::RecordedChecks recorded{{"python", checks::CheckStatus::pass}, {"torch-import", checks::CheckStatus::fail}};
    const auto all = checks::lesson_readiness(c, course::Route::local, std::nullopt, recorded, platform::Os::gnu_linux);
    CHECK_FALSE(lesson(all, 4).runs_here);
    CHECK(lesson(all, 4).verdict.find("recorded as failed") != std::string::npos);
    CHECK(lesson(all, 4).verdict.find("torch-import") != std::string::npos);
    const auto notebooks =
        checks::lesson_readiness(c, course::Route::browser, std::nullopt, {{"notebook-two-gpus", checks::CheckStatus::fail}});
    CHECK(lesson(notebooks, 4).runs_here);
    CHECK_FALSE(lesson(notebooks, 3).runs_here);
  }
  SECTION("gpu machine with 2 GPUs; Linux-only lessons on Windows are read only") {
    const auto all = checks::lesson_readiness(c, course::Route::gpu, 2, {}, platform::Os::gnu_linux);
    CHECK(lesson(all, 3).runs_here);
    CHECK_FALSE(lesson(all, 7).runs_here);
    const auto win = checks::lesson_readiness(c, course::Route::gpu, 8, {}, platform::Os::windows);
    CHECK(lesson(win, 7).where == checks::Where::read_only);
    CHECK(lesson(win, 7).verdict.find("Linux") != std::string::npos);
  }
  SECTION("the text says where the facts come from") {
    const auto text =
        checks::render_readiness(c, course::Route::browser, checks::lesson_readiness(c, course::Route::browser, std::nullopt));
    CHECK(text.find("structured needs") != std::string::npos);
    CHECK(text.find("2+ GPUs (the code asserts it)") != std::string::npos);
  }
}

TEST_CASE("an unpublished lesson is marked, never ready", "[checks]") {
  util::set_lang(util::Lang::en);
  auto c = course::default_course();
  c.lessons[0].published = false;
  const auto all = checks::lesson_readiness(c, course::Route::browser, std::nullopt);
  CHECK_FALSE(all[0].runs_here);
  CHECK(all[0].verdict.find("unpublished") != std::string::npos);
}

// Issue 43 item 5: the exercise of a page without code, and of a lesson read only on the route, is not on the
// route; a lesson blocked only by this machine's GPUs still has it (the machine changes, the route does not),
// and an unpublished lesson is left alone.
TEST_CASE("steps off the route: no code or read only on it, from the course file and the route alone", "[checks]") {
  util::set_lang(util::Lang::en);
  auto c = course::default_course();
  const auto keys = [](const progress::NotApplicable& na) {
    std::vector<int> out;
    for (const auto& [key, why] : na) {
      CHECK(key.second == progress::Step::exercise);
      CHECK_FALSE(why.empty());
      out.push_back(key.first);
    }
    return out;
  };
  const auto browser = checks::steps_off_route(c, course::Route::browser, platform::Os::windows);
  CHECK(keys(browser) == std::vector<int>{1, 7, 13});
  CHECK(browser.at({1, progress::Step::exercise}) == "the page has no code to run");
  CHECK(browser.at({7, progress::Step::exercise}) == "its code is read only on this route");
  // The local route on Linux: 07 needs more GPUs than this machine may have, which is not the route's doing.
  const auto local = keys(checks::steps_off_route(c, course::Route::local, platform::Os::gnu_linux));
  CHECK(std::find(local.begin(), local.end(), 1) != local.end());
  CHECK(std::find(local.begin(), local.end(), 7) == local.end());
  c.lessons[0].published = false;
  CHECK(keys(checks::steps_off_route(c, course::Route::browser, platform::Os::windows)) == std::vector<int>{7, 13});
}
