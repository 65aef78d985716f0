// The colour and glyph policy: NO_COLOR, FORCE_COLOR, TERM=dumb, terminal or pipe, --ascii.
#include <catch2/catch.hpp>

#include "util/color.hpp"

using namespace pdo;
using namespace pdo::util;

namespace {

StyleInputs terminal() {
  StyleInputs in;
  in.terminal = platform::TerminalInfo{true, true, true};
  in.term = "xterm-256color";
  return in;
}

}  // namespace

TEST_CASE("a Unicode terminal gets colours and shades", "[util]") {
  const auto style = decide_style(terminal());
  CHECK(style.color);
  CHECK(style.unicode);
}

TEST_CASE("NO_COLOR turns colours off when set and not empty, and wins over FORCE_COLOR", "[util]") {
  auto in = terminal();
  in.no_color = "1";
  CHECK_FALSE(decide_style(in).color);
  CHECK(decide_style(in).unicode);
  in.force_color = "1";
  CHECK_FALSE(decide_style(in).color);
  in.no_color = "";
  CHECK(decide_style(in).color);
}

TEST_CASE("a pipe gets no colours unless FORCE_COLOR says so", "[util]") {
  auto in = terminal();
  in.terminal.is_terminal = false;
  in.terminal.ansi = false;
  CHECK_FALSE(decide_style(in).color);
  in.force_color = "0";
  CHECK_FALSE(decide_style(in).color);
  in.force_color = "1";
  CHECK(decide_style(in).color);
}

TEST_CASE("ASCII glyphs for --ascii, a non-UTF-8 locale and TERM=dumb", "[util]") {
  auto in = terminal();
  in.ascii = AsciiOnly::yes;
  CHECK_FALSE(decide_style(in).unicode);
  in = terminal();
  in.terminal.unicode = false;
  CHECK_FALSE(decide_style(in).unicode);
  in = terminal();
  in.term = "dumb";
  CHECK_FALSE(decide_style(in).unicode);
  CHECK_FALSE(decide_style(in).color);
  in = terminal();
  in.terminal.ansi = false;  // an old Windows console
  CHECK_FALSE(decide_style(in).color);
}

TEST_CASE("an explicit --color=always colours a pipe and wins over NO_COLOR and TERM=dumb", "[util]") {
  auto in = terminal();
  in.terminal.is_terminal = false;
  in.terminal.ansi = false;
  in.no_color = "1";
  in.term = "dumb";
  CHECK_FALSE(decide_style(in).color);
  in.when = ColorWhen::always;
  CHECK(decide_style(in).color);
}

TEST_CASE("an explicit --color=never leaves a terminal plain whatever FORCE_COLOR says", "[util]") {
  auto in = terminal();
  in.force_color = "1";
  CHECK(decide_style(in).color);
  in.when = ColorWhen::never;
  CHECK_FALSE(decide_style(in).color);
  CHECK(decide_style(in).unicode);  // glyphs are not colours
}

TEST_CASE("the --color value is auto always or never", "[util]") {
  CHECK(parse_color_when("auto") == ColorWhen::automatic);
  CHECK(parse_color_when("always") == ColorWhen::always);
  CHECK(parse_color_when("never") == ColorWhen::never);
  CHECK_FALSE(parse_color_when("yes"));
  CHECK_FALSE(parse_color_when(""));
}

TEST_CASE("paint wraps text in one SGR sequence and a reset only when the style has colour", "[util]") {
  OutputStyle plain;
  CHECK(paint(plain, Tone::bad, "fail") == "fail");
  OutputStyle coloured;
  coloured.color = true;
  CHECK(paint(coloured, Tone::bad, "fail") == "\x1b[31mfail\x1b[0m");
  CHECK(paint(coloured, Tone::good, "✓") == "\x1b[32m✓\x1b[0m");
  CHECK(paint(coloured, Tone::muted, "").empty());  // nothing to colour: no stray sequences
}
