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
