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

std::string ghp(std::uint32_t seed) { return "gh" + std::string("p_") + body(k_alnum, 36, seed); }

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

namespace {

/// printable_runs as it was written first, a byte at a time: what the 64-byte masks must give.
std::string printable_runs_bytewise(std::string_view content, std::size_t min_run) {
  std::string out(content);
  const auto printable = [](unsigned char c) { return (c >= 0x20 && c != 0x7F) || c == '\t' || c == '\r'; };
  std::size_t start = 0;
  for (std::size_t i = 0; i <= out.size(); ++i) {
    if (i < out.size() && printable(static_cast<unsigned char>(out[i]))) continue;
    if (i - start < min_run) std::fill(out.begin() + static_cast<std::ptrdiff_t>(start), out.begin() + static_cast<std::ptrdiff_t>(i), ' ');
    if (i < out.size() && out[i] != '\n') out[i] = ' ';
    start = i + 1;
  }
  return out;
}

/// Bytes where printable runs of every length meet the 64-byte blocks at every offset.
std::string mixed_bytes(std::size_t n, std::uint32_t seed) {
  const std::string noise = random_bytes(n, seed);
  std::string out;
  for (std::size_t i = 0; out.size() < n; ++i) {
    const std::size_t run = static_cast<unsigned char>(noise[i % n]) % 40;  // 0-39 printable bytes
    out += body(k_alnum + " \t\r\x80\xff", run, seed + static_cast<std::uint32_t>(i));
    out += "\0\n\x1f\x7f"[i % 4];
  }
  out.resize(n);
  return out;
}

}  // namespace

TEST_CASE("printable runs: the 64-byte masks give what a byte-at-a-time pass gives", "[secrets]") {
  for (const std::size_t n : std::initializer_list<std::size_t>{0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 1000, 4099}) {
    for (const std::size_t min_run : std::initializer_list<std::size_t>{1, 2, 15, 16, 17, 33, 64}) {
      for (std::uint32_t seed = 1; seed <= 3; ++seed) {
        for (const std::string& bytes : {mixed_bytes(n, seed), random_bytes(n, seed), std::string(n, 'a')}) {
          INFO("n " << n << ", min_run " << min_run << ", seed " << seed);
          const PrintableRuns got = printable_runs_of(bytes, min_run);
          const std::string want = printable_runs_bytewise(bytes, min_run);
          REQUIRE(got.text == want);
          // The runs are exactly the kept bytes, whole, in order: outside them only blanks and line feeds.
          std::string outside = got.text;
          std::size_t end = 0;
          for (const TextRange& run : got.runs) {
            REQUIRE(run.begin >= end);
            REQUIRE(run.begin < run.end);
            REQUIRE(run.end - run.begin >= min_run);
            REQUIRE(got.text.compare(run.begin, run.end - run.begin, bytes, run.begin, run.end - run.begin) == 0);
            REQUIRE((run.begin == 0 || bytes[run.begin - 1] != got.text[run.begin - 1] || bytes[run.begin - 1] == '\n'));
            REQUIRE((run.end == bytes.size() || bytes[run.end] != got.text[run.end] || bytes[run.end] == '\n'));
            std::fill(outside.begin() + static_cast<std::ptrdiff_t>(run.begin), outside.begin() + static_cast<std::ptrdiff_t>(run.end),
                      ' ');
            end = run.end;
          }
          CHECK(outside.find_first_not_of(" \n") == std::string::npos);
        }
      }
    }
  }
}

TEST_CASE("a binary file: a key is found wherever its run falls in the 64-byte blocks", "[secrets]") {
  // The scan of a binary file looks for anchors only in its printable runs (and the blanks just before
  // them): the same findings as a scan of the whole blanked text.
  const std::string key = ghp(11);
  for (std::size_t pad = 0; pad < 140; ++pad) {
    INFO("pad " << pad);
    const std::string bytes = std::string("\0", 1) + random_bytes(pad, 5) + "\x01" + key + std::string("\0\x02", 2) + random_bytes(70, 6);
    CHECK(found_ids(bytes, "lib/native.so") == Ids{"github-token"});
    CHECK(found_ids(bytes, "notes.txt") == found_ids(printable_runs(bytes), "notes.txt"));
  }
  // An anchor may start with a blank (" key" of a log line): where a control byte before the run was
  // blanked, the anchor starts in the blanks, outside the run.
  const std::string value = body(k_alnum, 40, 12);
  const std::string log_line = std::string("\0\x01", 2) + "Key=" + value + "\n";
  REQUIRE(found_ids(printable_runs(log_line), "app.log") == Ids{"log-line-key"});
  CHECK(found_ids(log_line, "app.log") == Ids{"log-line-key"});
  for (std::uint32_t seed = 1; seed <= 40; ++seed) {
    const std::string mixed = mixed_bytes(3000, seed) + "\x01" + key + "\x02" + mixed_bytes(200, seed + 100) + "\x03Key=" + value;
    INFO("seed " << seed);
    CHECK(found_ids(mixed, "notes.txt") == found_ids(printable_runs(mixed), "notes.txt"));
  }
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
