#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

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

TEST_CASE("escape_controls: no control character reaches the terminal", "[util]") {
  CHECK(escape_controls("plain 中文 text") == "plain 中文 text");
  CHECK(escape_controls("red \x1b[31mX") == "red \\x1b[31mX");
  CHECK(escape_controls("two\nlines") == "two\\x0alines");
  CHECK(escape_controls("two\nlines\tand tab", Breaks::keep) == "two\nlines\tand tab");
  CHECK(escape_controls("crlf\r\nalone\rcr", Breaks::keep) == "crlf\r\nalone\\x0dcr");
  CHECK(escape_controls("del\x7f") == "del\\x7f");
  CHECK(escape_controls("csi \xC2\x9B"
                        "31m") == "csi \\u009b31m");         // U+009B, the one-byte CSI
  CHECK(escape_controls("\xC2\xA0nbsp") == "\xC2\xA0nbsp");  // U+00A0 is text
}

TEST_CASE("escape_controls shows bidirectional controls and bytes that are not UTF-8", "[util]") {
  CHECK(escape_controls("gpj\xE2\x80\xAE"
                        "exe.py") == "gpj\\u202eexe.py");                    // U+202E RIGHT-TO-LEFT OVERRIDE
  CHECK(escape_controls("\xE2\x81\xA6x\xE2\x81\xA9") == "\\u2066x\\u2069");  // isolates
  CHECK(escape_controls("\xE2\x80\x8F\xD8\x9C") == "\\u200f\\u061c");        // RLM, ALM
  CHECK(escape_controls("lone \x9B"
                        "31m") == "lone \\x9b31m");  // CSI as one raw byte
  CHECK(escape_controls("cut \xE4\xB8") == "cut \\xe4\\xb8");
  CHECK(escape_controls("中\xE4\xB8"
                        "A文") == "中\\xe4\\xb8A文");                               // a three-byte lead without its bytes
  CHECK(escape_controls("\xED\xA0\x80 surrogate") == "\\xed\\xa0\\x80 surrogate");  // not UTF-8
  CHECK(escape_controls("overlong \xC0\x9B") == "overlong \\xc0\\x9b");
  CHECK(escape_controls("\xE2\x80\x94 \xE5\xAD\xA6 \xF0\x9F\x99\x82") == "\xE2\x80\x94 \xE5\xAD\xA6 \xF0\x9F\x99\x82");  // dash, CJK, emoji
  CHECK(utf8_cut_tail("ab\xE5\xAD") == 2);
  CHECK(utf8_cut_tail("ab\xE5\xAD\xA6") == 0);
  CHECK(utf8_cut_tail("ab\xF0") == 1);
  CHECK(utf8_cut_tail("abc") == 0);
}

TEST_CASE("display width counts CJK characters as two columns", "[util]") {
  CHECK(display_width("") == 0);
  CHECK(display_width("read") == 4);
  CHECK(display_width("读讲义") == 6);
  CHECK(display_width("扫描：12 个") == 11);  // the full-width colon is wide too
  CHECK(display_width("✓ ·") == 3);
  std::size_t i = 0;
  CHECK(next_code_point("\xe8\xaf\xbb", i) == 0x8BFB);  // 读
  CHECK(i == 3);
  i = 0;
  CHECK(next_code_point("\xe8", i) == 0xE8);  // a cut sequence is one byte
  CHECK(i == 1);
}

TEST_CASE("append_utf8 writes each length of UTF-8 that next_code_point reads back", "[util]") {
  for (const auto& [cp, bytes] : std::vector<std::pair<unsigned long, std::string>>{
           {0x41, "A"}, {0xB7, "\xc2\xb7"}, {0x8BFB, "\xe8\xaf\xbb"}, {0x1F600, "\xf0\x9f\x98\x80"}, {0x10FFFF, "\xf4\x8f\xbf\xbf"}}) {
    INFO(cp);
    std::string out;
    append_utf8(out, cp);
    CHECK(out == bytes);
    std::size_t i = 0;
    CHECK(next_code_point(out, i) == cp);
    CHECK(i == out.size());
  }
  std::string none;
  append_utf8(none, 0x110000);  // past Unicode: nothing
  CHECK(none.empty());
}

// Issue 41 item 2: the one rule of every stored value. Every code point (each encoded as UTF-8, alone and
// between letters) is refused exactly when it is a C0 control, DEL, a C1 control, a bidirectional control
// or U+2028/U+2029, and named as U+XXXX; in prose tab, LF and CR are text. Every ill-formed sequence is
// refused: each byte 0x80..0xFF alone, a lead cut short, overlong forms, surrogates, past U+10FFFF.
TEST_CASE("forbidden_char: every code point, and every ill-formed sequence", "[util]") {
  const auto expected = [](unsigned long cp) {
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || pdo::util::is_bidi_control(cp) || cp == 0x2028 || cp == 0x2029;
  };
  std::size_t refused = 0;
  for (unsigned long cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string one;
    pdo::util::append_utf8(one, cp);
    const auto bad = pdo::util::forbidden_char("a" + one + "b");
    if (bad.has_value() != expected(cp)) FAIL("U+" << std::hex << cp << (bad ? " refused" : " accepted"));
    if (bad) {
      ++refused;
      char name[16];
      std::snprintf(name, sizeof name, "U+%04lX", cp);
      if (*bad != name) FAIL(*bad << " names U+" << std::hex << cp);
    }
  }
  CHECK(refused == 0x20 + 0x21 + 12 + 2);  // C0, DEL and C1, the bidi controls, U+2028/2029
  for (const char c : {'\t', '\n', '\r'}) {
    CHECK(pdo::util::forbidden_char(std::string("a") + c + "b", true) == std::nullopt);
    CHECK(pdo::util::forbidden_char(std::string("a") + c + "b") != std::nullopt);
  }
  CHECK(pdo::util::forbidden_char("a\x01"
                                  "b",
                                  true) == "U+0001");
  CHECK(pdo::util::forbidden_char("") == std::nullopt);
  for (int b = 0x80; b <= 0xFF; ++b) {
    CAPTURE(b);
    CHECK(pdo::util::forbidden_char(std::string("a") + static_cast<char>(b)) != std::nullopt);
    CHECK(pdo::util::forbidden_char(std::string("a") + static_cast<char>(b) + "bcd") != std::nullopt);
  }
  for (const std::string ill : {"\xc0\xaf", "\xc1\xbf", "\xe0\x80\xaf", "\xe0\x9f\xbf", "\xf0\x80\x80\xaf", "\xf0\x8f\xbf\xbf",
                                "\xed\xa0\x80", "\xed\xbf\xbf", "\xf4\x90\x80\x80", "\xf7\xbf\xbf\xbf", "\xe5\xad", "\xe5\x41\xa6"}) {
    CAPTURE(ill);
    CHECK(pdo::util::forbidden_char("x" + ill + "y") != std::nullopt);
  }
  CHECK(pdo::util::forbidden_char("\xe5\xad\xa6\xe4\xb9\xa0 \xf0\x9f\x98\x80") == std::nullopt);
}

TEST_CASE("is_wide: every wide range from its first to its last code point, and not one past either end", "[util]") {
  const std::pair<unsigned long, unsigned long> wide[] = {{0x1100, 0x115F}, {0x2E80, 0xA4CF}, {0xAC00, 0xD7A3}, {0xF900, 0xFAFF},
                                                          {0xFE30, 0xFE4F}, {0xFF00, 0xFF60}, {0xFFE0, 0xFFE6}, {0x20000, 0x3FFFD}};
  for (const auto& [first, last] : wide) {
    INFO(std::hex << first << ".." << last);
    CHECK(is_wide(first));
    CHECK(is_wide(last));
    CHECK_FALSE(is_wide(first - 1));
    CHECK_FALSE(is_wide(last + 1));
    std::string two;
    append_utf8(two, first);
    append_utf8(two, last);
    CHECK(display_width(two) == 4);
  }
  CHECK(display_width("a学") == 3);
}
