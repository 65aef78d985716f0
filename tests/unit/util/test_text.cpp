#include <catch2/catch.hpp>

#include "util/text.hpp"

using namespace pdo::util;

TEST_CASE("line endings and BOMs are detected", "[util]") {
  CHECK(detect_eol("a\r\nb\n") == "\r\n");
  CHECK(detect_eol("a\nb\r\n") == "\n");
  CHECK(detect_eol("no newline") == "\n");
  CHECK(has_bom("\xEF\xBB\xBFx"));
  CHECK_FALSE(has_bom("x"));
  CHECK(with_eol("a\nb\n", "\r\n") == "a\r\nb\r\n");
}

TEST_CASE("lines keep their terminators", "[util]") {
  const auto lines = split_lines("a\r\nb\nc");
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "a\r\n");
  CHECK(chomp(lines[0]) == "a");
  CHECK(lines[2] == "c");
  CHECK(split_lines("").empty());
}

TEST_CASE("small string helpers", "[util]") {
  CHECK(pad2(3) == "03");
  CHECK(pad2(17) == "17");
  CHECK(pad2(120) == "120");
  CHECK(trim("  x \t\n") == "x");
  CHECK(replace_all("a-b-c", "-", "+") == "a+b+c");
  CHECK(is_digits("0123"));
  CHECK_FALSE(is_digits("1a"));
  CHECK(split("a,b,,c", ',').size() == 4);
}
