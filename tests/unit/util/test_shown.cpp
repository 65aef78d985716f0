#include <catch2/catch.hpp>

#include <sstream>

#include "util/color.hpp"
#include "util/shown.hpp"

using namespace pdo;

namespace {

/// What reaches the target when `pieces` are written to a ShownStream one by one.
std::string shown(const std::vector<std::string>& pieces, bool paint = false) {
  std::ostringstream target;
  {
    util::ShownStream out(target);
    if (paint) util::allow_paint(out);
    for (const auto& p : pieces) out << p;
  }
  return target.str();
}

}  // namespace

TEST_CASE("a ShownStream escapes every control character, however the text is cut into writes", "[util]") {
  CHECK(shown({"evil\x1b]0;PWNED\x07\x1b[2Jname.py\n"}) == "evil\\x1b]0;PWNED\\x07\\x1b[2Jname.py\n");
  CHECK(shown({"tab\tand\nline"}) == "tab\tand\nline");
  // A UTF-8 character, a CRLF and a C1 control split across writes are judged whole.
  CHECK(shown({"\xE5", "\xAD\xA6 ", "\xE2\x80", "\xAE", " \xC2", "\x9B"}) == "\xE5\xAD\xA6 \\u202e \\u009b");
  CHECK(shown({"crlf\r", "\nlone\r", "x"}) == "crlf\r\nlone\\x0dx");
  CHECK(shown({"ends in a CR\r"}) == "ends in a CR\\x0d");
  CHECK(shown({"cut \xE4\xB8"}) == "cut \\xe4\\xb8");  // held back, then shown escaped at the end
}

TEST_CASE("a ShownStream passes paint()'s colours only where the policy allowed them, and nothing else", "[util]") {
  const util::OutputStyle colour{true, true};
  const std::string red = util::paint(colour, util::Tone::bad, "key");
  CHECK(shown({red}) == "\\x1b[31mkey\\x1b[0m");
  CHECK(shown({red}, true) == red);
  CHECK(shown({"\x1b[3", "1mkey\x1b", "[0m"}, true) == red);  // a sequence cut into writes
  // Colours allowed, other sequences are still escaped: hiding text, moving the cursor, the title.
  CHECK(shown({"\x1b[8mhidden \x1b[2J\x1b]0;t\x07"}, true) == "\\x1b[8mhidden \\x1b[2J\\x1b]0;t\\x07");
}

TEST_CASE("write_control writes pdo's own control bytes in order with the text", "[util]") {
  std::ostringstream target;
  {
    util::ShownStream out(target);
    out << "50%";
    util::write_control(out, "\r");
    out << "60%\r";
    util::write_control(out, "\r");
    CHECK(&util::shown_target(out) == &target);
  }
  CHECK(target.str() == "50%\r60%\\x0d\r");
}
