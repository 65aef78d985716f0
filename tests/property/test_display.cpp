// What pdo prints, as properties (RapidCheck, issue 42): whatever text a file, a program or a remote
// hands pdo, escape_controls (the display path of every command's output) leaves no raw control on the
// terminal: no C0 but (with Breaks::keep) LF, tab and CRLF, no DEL, no C1, no bidirectional control, only
// well-formed UTF-8; it changes nothing that needs no escape, and escaping twice changes nothing more.
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "property/generators.hpp"
#include "util/text.hpp"

using namespace pdo;

namespace {

/// The first raw control escape_controls must never leave (CR only inside CRLF with Breaks::keep).
bool clean_for_terminal(const std::string& s, util::Breaks breaks) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    const bool kept = breaks == util::Breaks::keep && (b == '\n' || b == '\t' || (b == '\r' && i + 1 < s.size() && s[i + 1] == '\n'));
    if ((b < 0x20 || b == 0x7f) && !kept) return false;
  }
  // Well-formed UTF-8 with no C1 or bidirectional control: the input rule, with line breaks allowed. The
  // rule names only the first character it refuses, so U+2028 and U+2029 go first: a U+2028 before a
  // truncated sequence ("\xE2\x80\xA8\xD0", found by a random run) once passed for clean.
  const std::string rest = util::replace_all(util::replace_all(s, "\u2028", " "), "\u2029", " ");
  return !util::forbidden_char(rest, true);
}

}  // namespace

TEST_CASE("no raw control reaches the terminal, whatever the text", "[property]") {
  CHECK_FALSE(clean_for_terminal("\xE2\x80\xA8\xD0", util::Breaks::keep));  // the case a random run found
  CHECK(
      clean_for_terminal("a\xE2\x80\xA8"
                         "b\xE2\x80\xA9",
                         util::Breaks::keep));
  CHECK_FALSE(clean_for_terminal("\xE2\x80\xA9\xE2\x81\xA9", util::Breaks::keep));  // U+2029, then U+2069
  rc::prop("escape_controls: clean for a terminal, identity on clean text, idempotent", [] {
    const std::string s = *test::edgy_text();
    for (const auto breaks : {util::Breaks::escape, util::Breaks::keep}) {
      const std::string shown = util::escape_controls(s, breaks);
      RC_ASSERT(clean_for_terminal(shown, breaks));
      RC_ASSERT(util::escape_controls(shown, breaks) == shown);
      if (clean_for_terminal(s, breaks)) RC_ASSERT(shown == s);
    }
  });
}

TEST_CASE("an excerpt keeps a short text whole and cuts a long one between characters", "[property]") {
  rc::prop("excerpt(s, n): s if it fits, else the longest start that ends between characters, then ...", [] {
    const std::string s = *test::edgy_text();
    const std::size_t max = *rc::gen::inRange<std::size_t>(0, s.size() + 3);
    const std::string e = util::excerpt(s, max);
    if (s.size() <= max) {
      RC_ASSERT(e == s);
      return;
    }
    RC_ASSERT(util::ends_with(e, "..."));
    const std::string kept = e.substr(0, e.size() - 3);
    RC_ASSERT(kept.size() <= max);
    RC_ASSERT(s.compare(0, kept.size(), kept) == 0);
    std::size_t at = 0;  // kept ends where a character ends
    while (at < kept.size()) util::next_code_point(s, at);
    RC_ASSERT(at == kept.size());
    util::next_code_point(s, at);  // and the next character would not fit
    RC_ASSERT(at > max);
  });
}
