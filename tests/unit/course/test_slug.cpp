// Lesson folder names from titles: the rule reproduces every folder of the built-in course.
#include <catch2/catch.hpp>

#include "course/course.hpp"
#include "course/slug.hpp"

using namespace pdo;

TEST_CASE("the slug rule gives the built-in course's 17 folder names from their titles", "[course]") {
  const auto& course = course::default_course();
  REQUIRE(course.lessons.size() == 17);
  for (const auto& l : course.lessons) {
    const auto slug = course::slug_from_title(l.title);
    REQUIRE(slug);
    CHECK(course::lesson_folder(l.number, *slug) == l.folder);
  }
}

TEST_CASE("slugs: ASCII words only, five at most, 45 characters, none from a Chinese title", "[course]") {
  CHECK(course::slug_from_title("DeepSpeed ZeRO 与 FSDP") == std::optional<std::string>("deepspeed-zero-fsdp"));
  CHECK(course::slug_from_title("Megatron-LM TP/PP") == std::optional<std::string>("megatron-lm-tp-pp"));
  CHECK(course::slug_from_title("  (Ring) Attention!  ") == std::optional<std::string>("ring-attention"));
  CHECK(course::slug_from_title("上下文并行") == std::nullopt);
  CHECK(course::slug_from_title("") == std::nullopt);
  CHECK(course::slug_from_title("——") == std::nullopt);
  // Cut at 45 characters, never ending in '-'.
  const auto cut = course::slug_from_title("Abcdefghijklmnopqrstuvwxyz abcdefghijklmnopqr abc");
  REQUIRE(cut);
  CHECK(cut->size() == 45);
  const auto dash = course::slug_from_title("abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq rest");
  REQUIRE(dash);
  CHECK(*dash == "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq-r");
  const auto trailing = course::slug_from_title("abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqr st");
  REQUIRE(trailing);
  CHECK(*trailing == "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqr");
  CHECK(course::lesson_folder(18, "ring-attention") == "18-18-ring-attention");
  CHECK(course::lesson_folder(120, "x") == "120-120-x");
}
