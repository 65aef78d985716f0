// The checked TOML layer (src/util/toml_doc.hpp): typed getters, declared keys, schema versions, and
// every problem as "file:line: reason".
#include <catch2/catch.hpp>

#include <limits>

#include "util/i18n.hpp"
#include "util/toml_doc.hpp"

using namespace pdo;
using util::Need;
using util::TomlDoc;
using util::TomlText;

namespace {

const char* const k_doc = R"(name = "pdo"
count = 3
ratio = 2.5
on = true
list = ["a", "b"]
[sub]
x = 1
[[items]]
id = "one"
[[items]]
id = "two"
)";

struct English {
  English() { util::set_lang(util::Lang::en); }
  ~English() { util::set_lang(util::Lang::zh); }
};

}  // namespace

TEST_CASE("typed getters read what is there", "[util][toml]") {
  TomlDoc doc(k_doc, "t.toml");
  const auto root = doc.root();
  root.keys({"name", "count", "ratio", "on", "list", "sub", "items"});
  CHECK(root.string("name", Need::required) == "pdo");
  CHECK(root.integer("count", 0, 10) == 3);
  CHECK(root.number("ratio", 0, 10) == Approx(2.5));
  CHECK(root.number("count", 0, 10) == Approx(3.0));
  CHECK(root.boolean("on") == true);
  CHECK(root.strings("list") == std::vector<std::string>{"a", "b"});
  CHECK(root.key_names() == std::vector<std::string>{"name", "count", "ratio", "on", "list", "sub", "items"});
  REQUIRE(root.table("sub"));
  CHECK(root.table("sub")->integer("x", 0, 1) == 1);
  const auto items = root.tables("items");
  REQUIRE(items.size() == 2);
  CHECK(items[1].string("id") == "two");
  CHECK(items[1].line() == 10);
  // Absent optional values are empty, not errors.
  CHECK(root.string("nope").empty());
  CHECK_FALSE(root.integer("nope", 0, 1));
  CHECK_FALSE(root.boolean("nope"));
  CHECK(root.tables("nope").empty());
  CHECK_FALSE(doc.failed());
}

TEST_CASE("an unknown key is an error with its line", "[util][toml]") {
  English en;
  TomlDoc doc("id = \"x\"\n\n[[rule]]\nmin_length = 6\nmin_lenght = 6\n", "rules.toml");
  doc.root().keys({"id", "rule"});
  CHECK_FALSE(doc.failed());
  doc.root().tables("rule").at(0).with_where("rule x: ").keys({"min_length"});
  REQUIRE(doc.failed());
  CHECK_THAT(doc.problem(), Catch::StartsWith("rules.toml:5: rule x: unknown key min_lenght"));
}

TEST_CASE("wrong types and ranges name the file, line and key", "[util][toml]") {
  English en;
  const auto problem_of = [](const std::string& text, auto&& read) {
    TomlDoc doc(text, "w.toml");
    read(doc.root());
    REQUIRE(doc.failed());
    return doc.problem();
  };
  using util::TomlTable;
  CHECK(problem_of("\na = 1\n", [](const TomlTable& t) { t.string("a"); }) == "w.toml:2: field a must be a string");
  CHECK(problem_of("a = \"1\"\n", [](const TomlTable& t) { t.integer("a", 0, 9); }) == "w.toml:1: a must be an integer from 0 to 9");
  CHECK(problem_of("a = 10\n", [](const TomlTable& t) { t.integer("a", 0, 9); }) == "w.toml:1: a must be an integer from 0 to 9");
  // Open ranges: from 0 is "non-negative", any other start is named (mutant toml_doc.cpp:127, min == 1).
  constexpr auto no_limit = std::numeric_limits<std::int64_t>::max();
  CHECK(problem_of("a = -1\n", [](const TomlTable& t) { t.integer("a", 0, no_limit); }) == "w.toml:1: a must be a non-negative integer");
  CHECK(problem_of("a = 0\n", [](const TomlTable& t) { t.integer("a", 1, no_limit); }) == "w.toml:1: a must be an integer of at least 1");
  CHECK(problem_of("a = 1\n", [](const TomlTable& t) { t.boolean("a"); }) == "w.toml:1: a must be true or false");
  CHECK(problem_of("a = [\"x\",\n 2]\n", [](const TomlTable& t) { t.strings("a"); }) == "w.toml:2: a may hold strings only");
  CHECK(problem_of("a = 1\n", [](const TomlTable& t) { t.tables("a"); }) == "w.toml:1: a must be tables ([[a]])");
  CHECK(problem_of("b = 1\n", [](const TomlTable& t) { t.string("a", Need::required); }) == "w.toml: missing field a");
  CHECK(problem_of("a = \"  \"\n", [](const TomlTable& t) { t.string("a", Need::required); }) == "w.toml:1: field a must not be empty");
  CHECK_THAT(problem_of("a = [\n", [](const TomlTable&) {}), Catch::StartsWith("w.toml:"));
}

TEST_CASE("control characters are refused where they cannot belong", "[util][toml]") {
  English en;
  for (const char* value : {"a\\nb", "a\\u001b[31mred", "tab\\there", "del\\u007f", "c1\\u009b"}) {
    INFO(value);
    TomlDoc doc(std::string("\ntitle = \"") + value + "\"\n", "c.toml");
    CHECK(doc.root().string("title").empty());
    REQUIRE(doc.failed());
    CHECK_THAT(doc.problem(), Catch::StartsWith("c.toml:2: field title holds the control character U+00"));
  }
  TomlDoc prose("note = \"line 1\\nline 2\\tend\"\nbad = \"\\u001b\"\n", "c.toml");
  CHECK(prose.root().string("note", Need::optional, TomlText::prose) == "line 1\nline 2\tend");
  CHECK_FALSE(prose.failed());
  prose.root().string("bad", Need::optional, TomlText::prose);
  CHECK_THAT(prose.problem(), Catch::StartsWith("c.toml:2: field bad holds the control character U+001B"));
  TomlDoc arr("a = [\"ok\", \"x\\ny\"]\n", "c.toml");
  CHECK(arr.root().strings("a").empty());
  CHECK(arr.failed());
}

TEST_CASE("bidirectional controls are refused in any string, prose too: they show a title reordered", "[util][toml]") {
  English en;
  for (const char* code : {"202E", "202A", "2066", "2069", "200F", "061C"}) {
    INFO(code);
    TomlDoc doc(std::string("\ntitle = \"gpj\\u") + code + "exe.py\"\n", "c.toml");
    CHECK(doc.root().string("title", Need::optional, TomlText::prose).empty());
    REQUIRE(doc.failed());
    CHECK_THAT(doc.problem(), Catch::StartsWith(std::string("c.toml:2: field title holds the control character U+") + code));
  }
  TomlDoc ok("title = \"中文 and \u00e9 \u00a0 text\"\n", "c.toml");
  CHECK_FALSE(ok.root().string("title").empty());
  CHECK_FALSE(ok.failed());
  // U+2028 and U+2029 end a line in JavaScript and in some editors: the input rule of every stored value
  // (util::forbidden_char, issue 41) refuses them, and so does the loader.
  for (const char* code : {"2028", "2029"}) {
    TomlDoc doc(std::string("title = \"a\\u") + code + "b\"\n", "c.toml");
    CHECK(doc.root().string("title", Need::optional, TomlText::prose).empty());
    CHECK(doc.failed());
  }
}

TEST_CASE("schema: absent or 1 is read, a newer one asks to upgrade pdo", "[util][toml]") {
  English en;
  TomlDoc none("a = 1\n", "s.toml");
  none.check_schema();
  CHECK_FALSE(none.failed());
  TomlDoc one("schema = 1\n", "s.toml");
  one.check_schema();
  CHECK_FALSE(one.failed());
  TomlDoc two("# later\nschema = 2\nnew_key = 1\n", "s.toml");
  two.check_schema();
  REQUIRE(two.failed());
  CHECK_THAT(two.problem(), Catch::StartsWith("s.toml:2: written by a newer pdo") && Catch::EndsWith("upgrade pdo"));
  CHECK(two.newer_schema());
  CHECK_FALSE(none.newer_schema());
  TomlDoc bad("schema = \"1\"\n", "s.toml");
  bad.check_schema();
  CHECK(bad.failed());
  // Schemas start at 1 (mutant toml_doc.cpp:194, the lowest 0, seed 11 on 7818eaf, read schema = 0).
  TomlDoc zero("schema = 0\n", "s.toml");
  zero.check_schema();
  REQUIRE(zero.failed());
  CHECK_THAT(zero.problem(), Catch::StartsWith("s.toml:1:"));
  CHECK_FALSE(zero.newer_schema());
  util::set_lang(util::Lang::zh);
  TomlDoc zh("schema = 3\n", "s.toml");
  zh.check_schema();
  CHECK_THAT(zh.problem(), Catch::Contains("请升级 pdo"));
}

TEST_CASE("the first problem wins", "[util][toml]") {
  English en;
  TomlDoc doc("a = 1\nb = 2\n", "f.toml");
  doc.root().string("b");
  doc.root().string("a");
  CHECK(doc.problem() == "f.toml:2: field b must be a string");
}

TEST_CASE("toml_quote reads back byte for byte", "[util][toml]") {
  for (const std::string& value : {std::string("plain"), std::string("上下文并行"), std::string("a \"quoted\" \\ back\\slash"),
                                   std::string("tab\tnew\nline"), std::string()}) {
    TomlDoc doc("v = " + util::toml_quote(value) + "\n", "q.toml");
    CHECK(doc.root().string("v", Need::optional, TomlText::prose) == value);
    CHECK_FALSE(doc.failed());
  }
  // A control character is written as an escape the parser reads (and the getter then refuses, as always).
  TomlDoc esc("v = " + util::toml_quote("a\x1b[2J") + "\n", "q.toml");
  CHECK(util::toml_quote("a\x1b").find('\x1b') == std::string::npos);
  CHECK(esc.root().string("v").empty());
  CHECK_THAT(esc.problem(), Catch::StartsWith("q.toml:1:"));
}

TEST_CASE("a syntax error in Chinese quotes its line, a long one cut at 120 bytes on a character's start", "[util][toml]") {
  // Mutant toml_doc.cpp:32 (the cut at 120 -> 121, seed 20261205) showed one byte more.
  util::set_lang(util::Lang::zh);
  const TomlDoc ascii("a = " + std::string(200, 'x') + "\n", "f.toml");
  REQUIRE(ascii.failed());
  CHECK_THAT(ascii.problem(), Catch::EndsWith("「a = " + std::string(116, 'x') + "」"));
  // "中" is 3 bytes: byte 120 falls inside the 39th, so the cut goes back to its start: 38 whole characters.
  std::string chinese;
  for (int i = 0; i < 60; ++i) chinese += "中";
  const TomlDoc wide("a = " + chinese + "\n", "f.toml");
  REQUIRE(wide.failed());
  CHECK_THAT(wide.problem(), Catch::EndsWith("「a = " + chinese.substr(0, 38 * 3) + "」"));
  // The quoted line is the error's own, after lines before it (mutant toml_doc.cpp:38, the next line's start
  // one byte early, seed 20261205 on 14a7269: every line after the first quoted as "").
  const TomlDoc third("a = 1\nb = 2\nc = = 3\nd = 4\n", "f.toml");
  REQUIRE(third.failed());
  CHECK_THAT(third.problem(), Catch::EndsWith("「c = = 3」"));
}
