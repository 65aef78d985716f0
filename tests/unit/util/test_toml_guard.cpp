// util/toml_guard: the texts toml++ 3.3 cannot read without undefined behaviour are refused before it
// sees them (found by fuzzing: tests/fuzz/fuzz_settings, fuzz_own_lessons, fuzz_confirmations), and
// only those: the same characters inside strings and comments are read as usual.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

#include "util/text.hpp"
#include "util/toml_doc.hpp"
#include "util/toml_guard.hpp"
#include "workspace/settings.hpp"

using namespace pdo;

namespace {

std::string utf8(unsigned long cp) {
  std::string out;
  util::append_utf8(out, cp);
  return out;
}

}  // namespace

TEST_CASE("toml_trap finds exactly the code points toml++ 3.3 cannot classify, outside strings and comments", "[util]") {
  // Each range's first and last code point trips; its neighbours do not (U+00A0, U+3000, U+FEFF are ones
  // toml++ knows as whitespace).
  for (const unsigned long cp : {0xA1ul, 0x34Ful, 0x499ul, 0x2C5Eul, 0x2FFFul, 0x3001ul, 0x3002ul, 0x3057ul, 0xFB26ul, 0xFEFEul}) {
    CAPTURE(cp);
    const auto trap = util::toml_trap("a = 1\n" + utf8(cp) + "b = 2\n");
    REQUIRE(trap);
    CHECK(trap->line == 2);
    CHECK(trap->code_point == cp);
  }
  for (const unsigned long cp : {0xA0ul, 0x49Aul, 0x2C5Dul, 0x3000ul, 0x3058ul, 0x4E2Dul, 0xFB25ul, 0xFEFFul}) {
    CAPTURE(cp);
    CHECK_FALSE(util::toml_trap("a = 1\n" + utf8(cp) + "b = 2\n"));
  }
}

TEST_CASE("toml_trap reads strings and comments as toml++ does, and a multi-line string's backslashes", "[util]") {
  CHECK_FALSE(util::toml_trap("# 说明。pdo 会读取这个文件。\ntitle = \"第三课。分布式\" # 注释。\nnote = '字面。'\n"));
  CHECK_FALSE(util::toml_trap("a = \"\"\"\n第一行。\n第二行。\"\"\"\nb = '''\n。\\\n。'''\n"));
  CHECK_FALSE(util::toml_trap("a = \"x\\\"。\"\n"));               // an escaped quote does not end the string
  CHECK_FALSE(util::toml_trap("a = \"\"\"x \\\n  中文\"\"\"\n"));  // after a line-ending backslash: a character toml++ knows
  const auto continued = util::toml_trap("a = \"\"\"x \\\n\n   。b\"\"\"\n");
  REQUIRE(continued);
  CHECK(continued->line == 3);
  // toml++ skips its non-ASCII blanks there too, and asks again of the character after each (fuzz_settings).
  for (const unsigned long blank : {0xA0ul, 0x1680ul, 0x2000ul, 0x200Bul, 0x202Ful, 0x2060ul, 0x3000ul, 0xFEFFul}) {
    CAPTURE(blank);
    const auto after_blank = util::toml_trap("a = \"\"\"x\\\n\n" + utf8(blank) + " \n" + utf8(blank) + "。\"\"\"\n");
    REQUIRE(after_blank);
    CHECK(after_blank->line == 4);
    CHECK(after_blank->code_point == 0x3002);
    CHECK_FALSE(util::toml_trap("a = \"\"\"x\\\n" + utf8(blank) + "中。\"\"\"\n"));
  }
  const auto escaped = util::toml_trap("a = \"\"\"x\\。\"\"\"\n");
  REQUIRE(escaped);
  CHECK(escaped->line == 1);
  CHECK(util::toml_trap("\xEF\xBB\xBFtitle = 1\n。\n"));  // after a BOM
  CHECK(util::toml_trap("\xEF\xBB\xBF\xC4\x80 = 1\n"));   // U+0100 right after it (mutant toml_guard.cpp:26: a 4-byte BOM)
  CHECK(util::toml_trap("a = \"one line\n。\n"));         // an unterminated string ends at its line
  // A quote toml++ scans as part of a value, not as a string (found by fuzzing, fuzz_own_lessons).
  CHECK(util::toml_trap("#c\"\nurl =-\"\"17-\"\xEF\xBB\xAF"));
  CHECK(util::toml_trap("a = 1\"。\"\n"));
  CHECK_FALSE(util::toml_trap("\"key。\" = [\"a。\", {b = \"c。\"}]\nd.\"e。\" = 1\n"));
}

TEST_CASE("a TOML file with such a character outside a string is refused with its line and code point", "[util]") {
  // The inputs fuzzing found, each of which made toml++ reach __builtin_unreachable().
  const auto settings = workspace::parse_settings("\xcd\x8f", "config.toml");
  REQUIRE_FALSE(settings);
  CHECK_THAT(settings.error().message, Catch::Contains("config.toml:1:") && Catch::Contains("U+034F"));
  util::TomlDoc lessons("。pdo 会读取这个文件。\nschema = 1\n", "lessons.toml");
  REQUIRE(lessons.failed());
  CHECK_THAT(lessons.problem(), Catch::Contains("lessons.toml:1:") && Catch::Contains("U+3002"));
  util::TomlDoc confirmations("[[confirmed]]\xce\xa7\n", "checks.toml");
  REQUIRE(confirmations.failed());
  CHECK_THAT(confirmations.problem(), Catch::Contains("checks.toml:1:") && Catch::Contains("U+03A7"));
  // Chinese inside strings and comments still reads.
  util::TomlDoc fine("# 我的课。\ntitle = \"分布式。\"\n", "lessons.toml");
  CHECK_FALSE(fine.failed());
}

TEST_CASE("toml_trap refuses a table header whose name starts where toml++ 3.3 asserts, and only that", "[util]") {
  // Found by fuzzing with asserts on (fuzz_settings "[ & ", fuzz_confirmations "[[[[confirmed]]",
  // fuzz_gitleaks "[*r["): toml++ asserts the name's first character is a bare-key character or a quote.
  for (const std::string& text :
       std::vector<std::string>{"[ & \n", "a = 1\n[[[[confirmed]]\n", "[*r[", "[\n", "[[ \t&x]]\n", "[ .a]\n", "[" + utf8(0x4E2D) + "]\n",
                                "a = \"x\"\n[@b]]\n", "a = 'x'\n[[[b]]\n", "a = [1]\n[\x01b]\n"}) {
    CAPTURE(text);
    const auto trap = util::toml_trap(text);
    REQUIRE(trap);
    CHECK(trap->table_header);
  }
  CHECK(util::toml_trap("a = 1\n[[[[confirmed]]\n")->line == 2);
  CHECK(util::toml_trap("[" + utf8(0x4E2D) + "]\n")->code_point == 0x4E2D);
  // Valid headers, arrays of arrays and inline tables in arrays, and what toml++ refuses before asserting.
  for (const std::string& text :
       std::vector<std::string>{"[a]\n[ \"b c\" ]\n[[ 'd' ]]\n[-_9]\n", "a = [\n  [ {x = 1} ],\n  [ +1 ],\n]\n[t]\nb = [[1], [\n[2]]]\n",
                                "x = { a = [ [ &] ] }\n", "[ [a]]\n", "[]\n", "["}) {
    CAPTURE(text);
    const auto trap = util::toml_trap(text);
    CHECK_FALSE((trap && trap->table_header));
  }
  const util::TomlDoc doc("a = 1\n[ & ]\n", "x.toml");
  REQUIRE(doc.failed());
  CHECK(doc.problem().rfind("x.toml:2: ", 0) == 0);
}

TEST_CASE("toml_trap reads a quote inside a bare value as toml++ does: part of the value, not a string", "[util]") {
  // Found by fuzzing (fuzz_confirmations): "it =0.\"\u0110…" reached toml++'s unreachable() on U+0110,
  // which the guard had skipped as if inside a string (a dot starts a dotted key's next part, not a value's).
  const auto trap = util::toml_trap("[[c]]\nit =0.\"" + utf8(0x110) + "\"\n");
  REQUIRE(trap);
  CHECK(trap->code_point == 0x110);
  CHECK(trap->line == 2);
  // toml++ reads a value that does not start with a quote, [ or { up to a blank, ], }, , or #, asking of each
  // character: a [, {, = or quote inside it opens nothing (fuzz_confirmations: "id =9.\"…D['\uFEFA").
  for (const std::string after : {"['", "[\"", "{\"", "=\"", ".'", "\""}) {
    CAPTURE(after);
    const auto inside = util::toml_trap("[[c]]\nid =9" + after + utf8(0xFEFA) + "'\n");
    REQUIRE(inside);
    CHECK(inside->code_point == 0xFEFA);
    CHECK(inside->line == 2);
  }
  CHECK(util::toml_trap("a = [1, -{'" + utf8(0x110) + "'}]\n"));
  CHECK_FALSE(util::toml_trap("a = [1,\"" + utf8(0x110) + "\", 2023-01-01, [true,'" + utf8(0x110) + "'], {b = 1.5,c='" + utf8(0x110) +
                              "'}] # '" + utf8(0x110) + "\nd = 1#'" + utf8(0x110) + "\n"));
  // In keys, a dot still starts a quoted part, inline tables included, and on the line after a comment.
  CHECK_FALSE(util::toml_trap("a = 1 # note\nb.\"caf" + utf8(0xE9) + "\" = 2\n"));
  CHECK_FALSE(util::toml_trap("a.\"" + utf8(0x110) + "\" = 1\n[t.\"" + utf8(0x110) + "\"]\nx = { y.\"" + utf8(0x110) + "\" = 1, z.'" +
                              utf8(0x110) + "' = [1.5, 2] }\n"));
}

TEST_CASE("toml_trap reads no byte past the end of its text, wherever the text stops", "[util]") {
  // Each prefix is copied into a buffer of exactly its size: under ASan (scripts/test.sh) a read of the byte
  // after it fails the test. The text has every construct the guard follows.
  const std::string text = "# c\n[t.\"k\"]\na = \"\"\"x\\\n \xC2\xA0\xE4\xB8\xAD\"\"\"\nb = [1, 'y', {c = 9.5}]\nd = 0.\"e\" # f\n";
  for (std::size_t n = 0; n <= text.size(); ++n) {
    CAPTURE(n);
    const auto buffer = std::make_unique<char[]>(n);
    std::copy_n(text.data(), n, buffer.get());
    const auto trap = util::toml_trap(std::string_view(buffer.get(), n));
    const auto same = util::toml_trap(text.substr(0, n));
    REQUIRE(trap.has_value() == same.has_value());
    if (trap) CHECK((trap->line == same->line && trap->code_point == same->code_point));
  }
}
