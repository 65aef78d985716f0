// Keys split into string literals of one statement are found joined: three samples of every shape issue
// 28 named (implicit concatenation over lines, '+' with a backslash continuation, JS template literals,
// f-string nesting, "".join of literals), and what must not be joined.
#include <catch2/catch.hpp>

#include "secrets/literals.hpp"
#include "synthetic.hpp"

using namespace pdo::secrets;
using namespace pdo::test;

namespace {

using Ids = std::vector<std::string>;

std::string ghp(std::uint32_t seed) { return "gh" + std::string("p_") + body(k_alnum, 36, seed); }
std::string hf(std::uint32_t seed) { return "hf" + std::string("_") + body(k_alnum, 34, seed); }
std::string sk(std::uint32_t seed) { return "sk-" + std::string("proj-") + body(k_b64url, 48, seed); }

/// `key` cut in three pieces.
std::vector<std::string> pieces(const std::string& key) { return {key.substr(0, 3), key.substr(3, 12), key.substr(15)}; }

}  // namespace

TEST_CASE("split literals of one statement are joined, in every shape", "[secrets]") {
  struct Case {
    std::string shape, text, path, rule;
  };
  std::vector<Case> cases;
  for (std::uint32_t seed = 1; seed <= 3; ++seed) {
    const auto g = pieces(ghp(seed)), h = pieces(hf(seed + 10)), s = pieces(sk(seed + 20));
    cases.push_back(
        {"implicit", "TOKEN = (\"" + g[0] + "\"\n         \"" + g[1] + "\"\n         \"" + g[2] + "\")\n", "a.py", "github-token"});
    cases.push_back(
        {"continuation", "key = '" + h[0] + "' + \\\n    '" + h[1] + "' \\\n    + '" + h[2] + "'\n", "a.py", "huggingface-token"});
    cases.push_back({"template", "const key = `" + s[0] + "` +\n  `" + s[1] + "` + `" + s[2] + "`;\n", "a.js", "openai-api-key"});
    cases.push_back({"f-string", "token = f\"{'" + g[0] + "'}{'" + g[1] + "'}{'" + g[2] + "'}\"\n", "a.py", "github-token"});
    cases.push_back(
        {"join", "hf_token = \"\".join([\"" + h[0] + "\", \"" + h[1] + "\",\n    \"" + h[2] + "\"])\n", "a.py", "huggingface-token"});
  }
  for (const auto& c : cases) {
    INFO(c.shape << ": " << c.text);
    CHECK(found_ids(c.text, c.path) == Ids{c.rule});
  }
  // The finding is on the statement's first line, and a marker on any line of it covers it.
  const auto g = pieces(ghp(7));
  const std::string split = "x = 1\nTOKEN = (\"" + g[0] + "\"\n  \"" + g[1] + "\"\n  \"" + g[2] + "\")\n";
  const auto found = default_scanner().scan("a.py", split);
  REQUIRE(found.size() == 1);
  CHECK(found[0].line == 2);
  CHECK(found_ids("TOKEN = (\"" + g[0] + "\"  # pdo" + std::string(":allow") + "\n  \"" + g[1] + g[2] + "\")\n", "a.py").empty());
}

TEST_CASE("what is not one statement's literals is not joined", "[secrets]") {
  CHECK(joined_literals("print(\"a\", \"b\")").empty());
  CHECK(joined_literals("don't stop, it's fine").empty());
  CHECK(joined_literals("x = 'ab'\ny = 1\nz = 'cd'").empty());
  const auto runs = joined_literals("a = \"x\" \"y\"; b = ', '.join(['p', 'q'])");
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].text == "xy");
  CHECK(runs[1].text == "p, q");
  // Bounded: at most 16 literals are joined, so a long table of strings costs a bounded run each.
  std::string many;
  for (int i = 0; i < 40; ++i) many += "\"ab\"\n";
  const auto bounded = joined_literals(many);
  REQUIRE_FALSE(bounded.empty());
  CHECK(bounded[0].text.size() == 32);
}

// A survivor of scripts/mutate.sh --seed-from 00dc2a9 (literals.cpp:55, the backslash kept instead of the
// character it escapes): the joined text is what the literals stand for, escapes resolved, and a
// backslash before a line break stands for nothing.
TEST_CASE("joined literals stand for their characters: escapes resolved, a continuation dropped", "[secrets]") {
  auto runs = joined_literals("k = \"a\\\"b\" \"c\\\\d\"");
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].text == "a\"bc\\d");
  runs = joined_literals("k = \"ab\\\ncd\" \"ef\"");
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].text == "abcdef");
  // A key whose piece escapes a letter, as a JSON or JS encoder may, is found whole.
  const auto g = pieces(ghp(8));
  CHECK(found_ids("TOKEN = (\"" + g[0] + "\"\n  \"\\" + g[1] + "\"\n  \"" + g[2] + "\")\n", "a.js") == Ids{"github-token"});
}

TEST_CASE("a key in a Markdown fence is reported at its own line, and a fence is no template literal", "[secrets]") {
  const std::string key = std::string("gh") + "s_" + body(k_alnum, 36, 301);
  for (const std::string fence : {"```", "```python", "````", "```js"}) {
    INFO(fence);
    for (const std::string eol : {"\n", "\r\n"}) {
      const std::string text = "# 笔记" + eol + fence + eol + "import torch" + eol + key + eol + "```" + eol + "after" + eol;
      const auto found = default_scanner().scan("notes.md", text);
      REQUIRE(found.size() == 1);
      CHECK(found[0].line == 4);
      CHECK(found[0].rule_id == "github-token");
    }
  }
  // The fence's backticks start no literal, so nothing after the fence is joined to what is inside it.
  CHECK(joined_literals("```\n`sk-ab`\n```python\n```").empty());
  // A key split over template literals still joins, and is reported where its first piece stands.
  const std::string split = "const a = 1;\nconst k = `" + key.substr(0, 10) + "` +\n  `" + key.substr(10) + "`;\n";
  const auto found = default_scanner().scan("app.js", split);
  REQUIRE(found.size() == 1);
  CHECK(found[0].line == 2);
  // A run that starts with other text: the key's line is where its own first character is.
  const std::string later = "msg = \"note: \" \\\n  \"" + key.substr(0, 10) + "\" \"" + key.substr(10) + "\"\n";
  const auto at_key = default_scanner().scan("run.py", later);
  REQUIRE(at_key.size() == 1);
  CHECK(at_key[0].line == 2);
}

TEST_CASE("literals split the ways Python 3.12, JS templates and C++ strings allow are joined", "[secrets]") {
  for (std::uint32_t seed = 31; seed <= 33; ++seed) {
    const auto g = pieces(ghp(seed));
    // An f-string holding a literal in its own quotes (Python 3.12), and rf-strings.
    CHECK(found_ids("token = f\"" + g[0] + "{\"" + g[1] + "\"}" + g[2] + "\"\n", "a.py") == Ids{"github-token"});
    CHECK(found_ids("token = rf'" + g[0] + "{'" + g[1] + "'}{'" + g[2] + "'}'\n", "a.py") == Ids{"github-token"});
    // A template literal with text around ${"…"}.
    CHECK(found_ids("const t = `" + g[0] + "${\"" + g[1] + "\"}" + g[2] + "`;\n", "a.js") == Ids{"github-token"});
    CHECK(found_ids("const t = `" + g[0] + "${'" + g[1] + "'}` + `" + g[2] + "`;\n", "a.ts") == Ids{"github-token"});
    // C++: std::string("…") + "…".
    CHECK(found_ids("auto t = std::string(\"" + g[0] + "\") + \"" + g[1] + "\" + \"" + g[2] + "\";\n", "a.cpp") == Ids{"github-token"});
  }
  // What is code, not a literal, still splits them: a variable in the piece, a call's result and another call.
  const auto g = pieces(ghp(34));
  CHECK(found_ids("t = f\"" + g[0] + "{x}" + g[1] + g[2] + "\"\n", "a.py").empty());
  CHECK(found_ids("const t = `" + g[0] + "${x}" + g[1] + g[2] + "`;\n", "a.js").empty());
  CHECK(found_ids("f(\"" + g[0] + "\"), g(\"" + g[1] + g[2] + "\");\n", "a.cpp").empty());
}
