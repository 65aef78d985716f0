// checks::lesson_readiness: course-file facts only (min_gpus, published, the free notebooks listed).
#include <catch2/catch.hpp>

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

TEST_CASE("lesson readiness per route, from the course file", "[checks]") {
  util::set_lang(util::Lang::en);
  const auto& c = course::default_course();

  SECTION("browser: 2 GPUs only on Kaggle's 2×T4; 8 GPUs nowhere free") {
    const auto all = checks::lesson_readiness(c, "browser", std::nullopt);
    CHECK(lesson(all, 4).runs_here);
    CHECK(lesson(all, 3).runs_here);
    CHECK(lesson(all, 3).verdict.find("Kaggle (2×T4)") != std::string::npos);
    CHECK(lesson(all, 3).verdict.find("Colab") == std::string::npos);
    CHECK_FALSE(lesson(all, 7).runs_here);
    CHECK(lesson(all, 7).verdict.find("none of the course file's free notebooks") != std::string::npos);
  }
  SECTION("local CPU machine: CPU lessons here; GPU lessons not on this machine, Kaggle can") {
    const auto all = checks::lesson_readiness(c, "local", std::nullopt);
    CHECK(lesson(all, 4).runs_here);
    CHECK_FALSE(lesson(all, 3).runs_here);
    CHECK(lesson(all, 3).verdict.find("not on this machine") != std::string::npos);
    CHECK(lesson(all, 3).verdict.find("Kaggle (2×T4)") != std::string::npos);
  }
  SECTION("gpu machine with 2 GPUs") {
    const auto all = checks::lesson_readiness(c, "gpu", 2);
    CHECK(lesson(all, 3).runs_here);
    CHECK_FALSE(lesson(all, 7).runs_here);
  }
  SECTION("the text says where the facts come from") {
    const auto text = checks::render_readiness(c, "browser", checks::lesson_readiness(c, "browser", std::nullopt));
    CHECK(text.find("course-file facts") != std::string::npos);
    CHECK(text.find("2+ GPUs (the code asserts it)") != std::string::npos);
  }
}

TEST_CASE("an unpublished lesson is marked, never ready", "[checks]") {
  util::set_lang(util::Lang::en);
  auto c = course::default_course();
  c.lessons[0].published = false;
  const auto all = checks::lesson_readiness(c, "browser", std::nullopt);
  CHECK_FALSE(all[0].runs_here);
  CHECK(all[0].verdict.find("unpublished") != std::string::npos);
}
