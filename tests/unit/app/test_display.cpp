// app::redact_secrets / for_display: what pdo shows never holds a whole key or a raw control character.
#include <catch2/catch.hpp>

#include <string>

#include "app/display.hpp"

using namespace pdo;

namespace {

/// A GitHub-token-shaped key built at run time (pdo scans its own sources in the tests).
std::string key() {
  std::string k = std::string("gh") + "p_";
  for (int i = 0; i < 36; ++i) k += "aB3dE6gH9jK2mN5pQ8rS1tU4vW7xY0zA3bC6x"[i];
  return k;
}

}  // namespace

TEST_CASE("displayed text keeps only the first 4 characters of a key", "[app]") {
  const std::string k = key();
  const std::string text = "  - what you saw: token " + k + " printed\nsecond line " + k + "\nclean line\n";
  const std::string shown = app::redact_secrets(text);
  CHECK(shown.find(k) == std::string::npos);
  CHECK(shown.find(k.substr(0, 5)) == std::string::npos);
  CHECK(shown == "  - what you saw: token ghp_… printed\nsecond line ghp_…\nclean line\n");
  CHECK(app::redact_secrets("nothing secret\n") == "nothing secret\n");
}

TEST_CASE("for_display escapes control characters and keeps line breaks", "[app]") {
  CHECK(app::for_display("a\x1b[2Jb\nc\n") == "a\\x1b[2Jb\nc\n");
  CHECK(app::for_display("title\nforged", util::Breaks::escape) == "title\\x0aforged");
}

// On a key's line, every key-like run starting with its kept characters is redacted too (a key quoted
// twice, or cut and pasted with more after it), from 8 characters: a shorter word merely starts alike.
TEST_CASE("a run of 8 key characters after a key's first ones is redacted, one of 7 is kept", "[app]") {
  const std::string k = key();
  const std::string seven = std::string("gh") + "p_abc", eight = std::string("gh") + "p_abcd";
  const std::string shown = app::redact_secrets("token " + k + " then " + seven + " and " + eight + " end\n");
  CHECK(shown == "token ghp_… then " + seven + " and ghp_… end\n");
}
