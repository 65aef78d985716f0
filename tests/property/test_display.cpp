// What pdo prints, as properties (RapidCheck, issue 42): whatever text a file, a program or a remote
// hands pdo, escape_controls (the display path of every command's output) leaves no raw control on the
// terminal: no C0 but (with Breaks::keep) LF, tab and CRLF, no DEL, no C1, no bidirectional control, only
// well-formed UTF-8; it changes nothing that needs no escape, and escaping twice changes nothing more.
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "util/text.hpp"

using namespace pdo;

namespace {

/// Arbitrary bytes, and text made of every control range's edges between plain characters.
rc::Gen<std::string> any_text() {
  const std::vector<std::string> edges = {"a",
                                          " ",
                                          "\xe5\xad\xa6",
                                          "\xf0\x9f\x98\x80",
                                          std::string(1, '\0'),
                                          "\x01",
                                          "\x08",
                                          "\t",
                                          "\n",
                                          "\r",
                                          "\r\n",
                                          "\x1b[2J",
                                          "\x1f",
                                          "\x7f",
                                          "\xc2\x80",
                                          "\xc2\x85",
                                          "\xc2\x9b",
                                          "\xc2\x9f",
                                          "\xd8\x9c",
                                          "\xe2\x80\x8e",
                                          "\xe2\x80\x8f",
                                          "\xe2\x80\xaa",
                                          "\xe2\x80\xae",
                                          "\xe2\x81\xa6",
                                          "\xe2\x81\xa9",
                                          "\xff",
                                          "\xc3",
                                          "\xe5\xad",
                                          "\xe0\x80\xaf",
                                          "\xed\xa0\x80",
                                          "\xf4\x90\x80\x80"};
  return rc::gen::oneOf(
      rc::gen::arbitrary<std::string>(),
      rc::gen::map(rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(edges)), [](const std::vector<std::string>& v) {
        std::string s;
        for (const auto& p : v) s += p;
        return s;
      }));
}

/// The first raw control escape_controls must never leave (CR only inside CRLF with Breaks::keep).
bool clean_for_terminal(const std::string& s, util::Breaks breaks) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    const bool kept = breaks == util::Breaks::keep && (b == '\n' || b == '\t' || (b == '\r' && i + 1 < s.size() && s[i + 1] == '\n'));
    if ((b < 0x20 || b == 0x7f) && !kept) return false;
  }
  // Well-formed UTF-8 with no C1 or bidirectional control: the input rule, with line breaks allowed.
  const auto bad = util::forbidden_char(s, true);
  return !bad || *bad == "U+2028" || *bad == "U+2029";
}

}  // namespace

TEST_CASE("no raw control reaches the terminal, whatever the text", "[property]") {
  rc::prop("escape_controls: clean for a terminal, identity on clean text, idempotent", [] {
    const std::string s = *any_text();
    for (const auto breaks : {util::Breaks::escape, util::Breaks::keep}) {
      const std::string shown = util::escape_controls(s, breaks);
      RC_ASSERT(clean_for_terminal(shown, breaks));
      RC_ASSERT(util::escape_controls(shown, breaks) == shown);
      if (clean_for_terminal(s, breaks)) RC_ASSERT(shown == s);
    }
  });
}
