// A page title's numeric character references as properties (RapidCheck): `check --online` compares the
// <title> a server sends with the lesson's title as a browser would show it. Every code point, written in
// decimal or hex (either x, leading zeros), decodes to its UTF-8; 0, a surrogate and anything past U+10FFFF
// to U+FFFD, as a browser shows them; the text around a reference is kept.
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "checks/online.hpp"
#include "util/text.hpp"

using namespace pdo;

namespace {

/// Code points from every range's edges and inside: 0, C0, ASCII, C1, the BMP, the surrogates, the
/// planes above, U+10FFFF and past it.
rc::Gen<unsigned long> code_point() {
  return rc::gen::oneOf(rc::gen::elementOf(std::vector<unsigned long>{0,      1,      0x1f,   0x20,    0x7e,     0x7f,     0x80,    0x9f,
                                                                      0xa0,   0x7ff,  0x800,  0xd7ff,  0xd800,   0xdbff,   0xdc00,  0xdfff,
                                                                      0xe000, 0xfffd, 0xffff, 0x10000, 0x10ffff, 0x110000, 0xffffff}),
                        rc::gen::inRange<unsigned long>(0, 0x110010));
}

}  // namespace

TEST_CASE("a numeric character reference in a title decodes as a browser shows it", "[property]") {
  rc::prop("&#N; and &#xH; give the code point's UTF-8, or U+FFFD where a browser shows it", [] {
    const unsigned long cp = *code_point();
    // Blanks collapse in a title (a title of them only is empty): outside the letters they stay one.
    RC_PRE(cp != ' ' && cp != '\t' && cp != '\n' && cp != '\r');
    const bool hex = *rc::gen::arbitrary<bool>();
    const int zeros = *rc::gen::inRange(0, 3);
    char digits[16];
    std::snprintf(digits, sizeof digits, hex ? "%lx" : "%lu", cp);
    const std::string number = std::string(static_cast<std::size_t>(zeros), '0') + digits;
    const std::string written = "&#" + (hex ? std::string(1, *rc::gen::elementOf(std::string("xX"))) : std::string()) + number + ";";
    RC_PRE(written.size() - 1 <= 10);  // longer names are not read as references: they stay text
    std::string expected = "a";
    const bool replaced = cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff);
    util::append_utf8(expected, replaced ? 0xfffdul : cp);
    expected += "b";
    RC_ASSERT(checks::page_title("<title>a" + written + "b</title>") == expected);
  });
}
