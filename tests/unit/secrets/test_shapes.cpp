// Every file shape holds keys the same way: UTF-8 with or without BOM, UTF-16 LE/BE with or without
// BOM, files with NUL bytes, notebook outputs (text/*, image/svg+xml, application/json), file names and
// literals joined with '+'. Three samples each, built at run time.
#include <catch2/catch.hpp>

#include "secrets/literals.hpp"
#include "secrets/shapes.hpp"
#include "synthetic.hpp"

using namespace pdo::test;
using namespace pdo::secrets;

namespace {

using Ids = std::vector<std::string>;

/// Three sample lines with keys of different rules.
std::vector<std::pair<std::string, std::string>> samples() {
  return {{"HF_TOKEN = \"hf_" + body(k_alpha, 34, 1) + "\"", "huggingface-token"},
          {"token: gh" + std::string("p_") + body(k_alnum, 36, 2), "github-token"},
          {"DEEPSEEK_API_KEY=sk-" + body(k_hex, 32, 3), "sk-api-key"}};
}

std::string utf16(const std::string& ascii, bool big_endian, bool bom) {
  std::string out;
  if (bom) out += big_endian ? std::string("\xFE\xFF") : std::string("\xFF\xFE");
  for (const char c : ascii) {
    out += big_endian ? std::string(1, '\0') + c : std::string(1, c) + '\0';
  }
  return out;
}

}  // namespace

TEST_CASE("utf-8 with a BOM", "[secrets]") {
  for (const auto& [line, rule] : samples()) {
    INFO(line);
    const auto found = default_scanner().scan("notes.md", "\xEF\xBB\xBF" + line + "\n");
    REQUIRE(found.size() == 1);
    CHECK(found[0].rule_id == rule);
    CHECK(found[0].line == 1);
  }
}

TEST_CASE("utf-16 LE and BE, with and without a BOM", "[secrets]") {
  for (const bool big : {false, true}) {
    for (const bool bom : {true, false}) {
      for (const auto& [line, rule] : samples()) {
        INFO(line << (big ? " BE" : " LE") << (bom ? " BOM" : ""));
        const auto found = default_scanner().scan("notes.txt", utf16("# notes\r\n\r\n" + line + "\r\n", big, bom));
        REQUIRE(found.size() == 1);
        CHECK(found[0].rule_id == rule);
        CHECK(found[0].line == 3);
      }
    }
  }
  CHECK(utf16_text("plain ascii text") == std::nullopt);
  CHECK(utf16_text(utf16("\xE4", false, true)) == std::string("\xC3\xA4"));  // U+00E4 as UTF-8
}

TEST_CASE("a NUL byte or binary content: printable runs are scanned", "[secrets]") {
  for (const auto& [line, rule] : samples()) {
    INFO(line);
    // The reproduction: one NUL byte in the first line of a Python file.
    CHECK(found_ids(std::string("# \0\n", 4) + line + "\n", "exercises/n.py") == Ids{rule});
    std::string png("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
    CHECK(found_ids(png + body(std::string("\x01\x02\x90\xff\0", 5), 300, 9) + "\n" + line + std::string("\0\0", 2), "a.bin") == Ids{rule});
  }
  CHECK(printable_runs(std::string("ab\0cdefghijklmnopqrstu\nxy", 25)) == std::string("   cdefghijklmnopqrstu\n  "));
}

TEST_CASE("notebooks: every text-like output is scanned", "[secrets]") {
  const auto notebook = [](const std::string& mime, const std::string& value) {
    return "{\"cells\": [{\"cell_type\": \"code\", \"source\": [], \"outputs\": [{\"data\": {\"" + mime + "\": [\"" + value + "\"]}}]}]}\n";
  };
  // The three samples in each text-like output, as JSON strings (quotes escaped).
  const auto json_escaped = [](const std::string& v) {
    std::string out;
    for (const char c : v) out += c == '"' ? std::string("\\\"") : std::string(1, c);
    return out;
  };
  for (const std::string mime : {"text/plain", "text/html", "image/svg+xml", "application/json"}) {
    for (const auto& [line, rule] : samples()) {
      INFO(mime << ": " << line);
      const std::string value = mime == "image/svg+xml" ? "<svg><text>" + line + "</text></svg>" : line;
      CHECK(found_ids(notebook(mime, json_escaped(value)), "a.ipynb") == Ids{rule});
    }
  }
  CHECK(found_ids(notebook("application/json", "{\\\"key\\\": \\\"sk-" + body(k_hex, 32, 5) + "\\\"}"), "a.ipynb") == Ids{"sk-api-key"});
  // base64 images stay blanked.
  for (const std::string mime : {"image/png", "image/jpeg", "application/pdf"}) {
    INFO(mime);
    CHECK(found_ids(notebook(mime, "gh" + std::string("p_") + body(k_alnum, 36, 7)), "a.ipynb").empty());
  }
}

TEST_CASE("keys in file and folder names", "[secrets]") {
  const auto path_ids = [](const std::string& p) {
    std::vector<std::string> out;
    for (const auto& f : default_scanner().scan_path(p)) out.push_back(f.rule_id);
    return out;
  };
  CHECK(path_ids("tokens/gh" + std::string("p_") + body(k_alnum, 36, 1) + ".txt") == Ids{"github-token"});
  CHECK(path_ids("hf_" + body(k_alpha, 34, 2) + "/config.json") == Ids{"huggingface-token"});
  CHECK(path_ids("lessons/03/sk-" + body(k_hex, 32, 3)) == Ids{"sk-api-key"});
  CHECK(default_scanner().scan_path("tokens/gh" + std::string("p_") + body(k_alnum, 36, 1)).at(0).line == 0);
  CHECK(path_ids("lessons/03-03-getting-started-with-distributed-data/exercises/ddp_tutorial.py").empty());
}

TEST_CASE("keys split into literals joined with +", "[secrets]") {
  const std::string gh = "gh" + std::string("p_") + body(k_alnum, 36, 1);
  CHECK(found_ids("token = \"" + gh.substr(0, 10) + "\" + \"" + gh.substr(10) + "\"\n", "a.py") == Ids{"github-token"});
  const std::string hf = "hf_" + body(k_alpha, 34, 2);
  CHECK(found_ids("x = 1\nlogin('" + hf.substr(0, 3) + "' + '" + hf.substr(3, 15) + "'+'" + hf.substr(18) + "')\n", "a.py") ==
        Ids{"huggingface-token"});
  const std::string sk = "sk-" + body(k_hex, 32, 3);
  const auto found =
      default_scanner().scan("a.js", "const a = 1;\n\nconst k = \"" + sk.substr(0, 20) + "\" +  \"" + sk.substr(20) + "\";\n");
  REQUIRE(found.size() == 1);
  CHECK(found[0].rule_id == "sk-api-key");
  CHECK(found[0].line == 3);
  CHECK(joined_literals("print(\"a\", \"b\")").empty());
}

TEST_CASE("gitleaks:allow works like pdo:allow", "[secrets]") {
  const std::string gh = "gh" + std::string("p_") + body(k_alnum, 36, 1);
  CHECK(found_ids("token " + gh + "  # gitleaks" + std::string(":allow") + "\n").empty());
  CHECK(found_ids("token " + gh + "\n") == Ids{"github-token"});
}
