// in_example: whether a contextual rule's value stands in documentation's example (secrets/examples.hpp),
// judged from a few lines above it and never from further than 1000 bytes back.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "secrets/examples.hpp"

using namespace pdo::secrets;

namespace {

constexpr std::string_view k_words[] = {"example", "rfc", ">>>", "e.g."};

bool example_at(const std::string& text, std::string_view value) {
  const auto at = text.find(value);
  REQUIRE(at != std::string::npos);
  return in_example(text, at, span_of(k_words));
}

}  // namespace

TEST_CASE("an example heading a few lines above marks the value, and one past a line of over 1000 bytes does not", "[secrets]") {
  CHECK(example_at("For example:\n\n    password = \"VALUE\"\n", "VALUE"));
  CHECK(example_at(">>> login()\npassword = 'VALUE'\n", "VALUE"));
  CHECK_FALSE(example_at("An example of sharding.\npassword = \"VALUE\"\n", "VALUE"));
  // The search stops at a line that began more than 1000 bytes before the value (minified JSON, a long
  // log line): the heading above it is not looked at. Mutant examples.cpp:67 (return true there, seed
  // 20261205 on 14a7269) took every such value for an example, and hid it.
  const std::string long_line(1500, 'x');
  CHECK_FALSE(example_at("For example:\n" + long_line + "\npassword = \"VALUE\"\n", "VALUE"));
  CHECK_FALSE(example_at(long_line + "\npassword = \"VALUE\"\n", "VALUE"));
}

// Both edges (issue 42 item 3; an audit found neither tested): a heading 12 lines above the value's line
// counts and 13 do not; a heading in the 1000 bytes before the value counts and one a byte further does not.
TEST_CASE("an example heading counts up to 12 lines and 1000 bytes above the value, not one further", "[secrets]") {
  const auto lines_between = [](int n) {
    std::string text = "For example:\n";
    for (int i = 0; i < n; ++i) text += "    x = 1\n";
    return text + "password = \"VALUE\"\n";
  };
  CHECK(example_at(lines_between(11), "VALUE"));  // the heading is the 12th line above
  CHECK_FALSE(example_at(lines_between(12), "VALUE"));
  const auto value_at = [](std::size_t at) {  // the heading at the file's start, the value at byte `at`
    return "For example:\n    " + std::string(at - 30, 'x') + "\npassword = \"VALUE\"\n";
  };
  REQUIRE(value_at(1000).find("VALUE") == 1000);
  CHECK(example_at(value_at(1000), "VALUE"));
  CHECK_FALSE(example_at(value_at(1001), "VALUE"));
}
