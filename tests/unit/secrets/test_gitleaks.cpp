// The learner's own rules in gitleaks' format: parsing (strict, with file:line errors), each rule key,
// allowlists, the allow markers and PCRE2's limits. Keys are built at run time from a fixed PRNG, so this
// file holds nothing a scanner would flag.
#include <catch2/catch.hpp>

#include "secrets/gitleaks.hpp"
#include "secrets/regex.hpp"
#include "synthetic.hpp"
#include "util/i18n.hpp"

using namespace pdo::secrets;
using pdo::test::body;
using pdo::test::k_alnum;

namespace {

/// Messages in English for one test case.
struct English {
  English() { pdo::util::set_lang(pdo::util::Lang::en); }
  ~English() { pdo::util::set_lang(pdo::util::Lang::zh); }
  English(const English&) = delete;
  English& operator=(const English&) = delete;
};

/// A synthetic key of the made-up provider "acme" that no built-in rule knows.
std::string acme_key(std::uint32_t seed = 3) { return "acme_" + body(k_alnum, 32, seed); }

const char* const k_acme_rule = R"([[rules]]
id = "acme-key"
description = "Acme API key"
regex = '''acme_[A-Za-z0-9]{32}'''
keywords = ["ACME_"]
)";

GitleaksConfig parse(const std::string& toml) {
  auto config = parse_gitleaks(toml, ".gitleaks.toml");
  INFO((config ? std::string() : config.error().message));
  REQUIRE(config);
  return std::move(*config);
}

std::vector<GitleaksHit> scan(const GitleaksConfig& config, const std::string& text, const std::string& path = "notes.md") {
  std::vector<std::string> stopped;
  auto hits = scan_gitleaks(config, path, text, stopped);
  CHECK(stopped.empty());
  return hits;
}

std::string parse_error(const std::string& toml) {
  auto config = parse_gitleaks(toml, ".gitleaks.toml");
  REQUIRE_FALSE(config);
  return config.error().message;
}

}  // namespace

TEST_CASE("a gitleaks rule finds its key, the built-in rules do not know it", "[secrets]") {
  const auto config = parse(k_acme_rule);
  const std::string text = "first line\nthe key is " + acme_key() + " here\n";
  CHECK(default_scanner().scan("notes.md", text).empty());
  const auto hits = scan(config, text);
  REQUIRE(hits.size() == 1);
  CHECK(hits[0].finding.line == 2);
  CHECK(hits[0].finding.rule_id == "acme-key");
  CHECK(hits[0].finding.description == "Acme API key");
  CHECK(hits[0].finding.redacted == "acme…");
  CHECK(hits[0].secret == acme_key());
}

TEST_CASE("a rule reports at most 1000 findings a file", "[secrets]") {
  // Mutant gitleaks.cpp:259 ("found < k_max_hits" -> "<=", seed 20261205) reported 1001.
  const auto config = parse(k_acme_rule);
  std::string text;
  for (int i = 0; i < 1005; ++i) text += acme_key() + "\n";
  const auto hits = scan(config, text);
  REQUIRE(hits.size() == 1000);
  CHECK(hits.back().finding.line == 1000);
}

TEST_CASE("keywords are a case-insensitive prefilter", "[secrets]") {
  const auto config = parse(R"([[rules]]
id = "upper-run"
regex = '''[A-Z0-9]{24}'''
keywords = ["zeta"]
)");
  const std::string value = body("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 24, 5);
  CHECK(scan(config, "value " + value + "\n").empty());
  CHECK(scan(config, "ZETA value " + value + "\n").size() == 1);
}

TEST_CASE("secretGroup picks the secret, without it the first non-empty group", "[secrets]") {
  const std::string first = body(k_alnum, 20, 1), second = body(k_alnum, 20, 2);
  const std::string text = "pair=" + first + ":" + second + "\n";
  const auto grouped = parse(R"([[rules]]
id = "pair"
regex = '''pair=([A-Za-z0-9]+):([A-Za-z0-9]+)'''
secretGroup = 2
)");
  auto hits = scan(grouped, text);
  REQUIRE(hits.size() == 1);
  CHECK(hits[0].secret == second);
  CHECK(hits[0].match == text.substr(0, text.size() - 1));
  const auto plain = parse(R"([[rules]]
id = "pair"
regex = '''pair=(x*)([A-Za-z0-9]+):([A-Za-z0-9]+)'''
)");
  hits = scan(plain, text);
  REQUIRE(hits.size() == 1);
  CHECK(hits[0].secret == first);
  CHECK(parse_error(R"([[rules]]
id = "pair"
regex = '''pair=(\w+)'''
secretGroup = 3
)")
            .find(".gitleaks.toml:4:") != std::string::npos);
}

TEST_CASE("entropy is a minimum on the secret", "[secrets]") {
  const auto config = parse(R"([[rules]]
id = "token"
regex = '''tok_([a-zA-Z0-9]{20})'''
entropy = 3.5
)");
  CHECK(scan(config, "tok_aaaaaaaaaabbbbbbbbbb\n").empty());
  CHECK(scan(config, "tok_" + body(k_alnum, 20, 9) + "\n").size() == 1);
}

TEST_CASE("path rules: alone they flag the file, with a regex they limit it", "[secrets]") {
  const auto config = parse(R"([[rules]]
id = "pfx-file"
description = "PKCS#12 file"
path = '''\.pfx$'''

[[rules]]
id = "acme-in-config"
regex = '''acme_[A-Za-z0-9]{32}'''
path = '''(^|/)config/'''
)");
  auto hits = scan(config, "anything", "certs/server.pfx");
  REQUIRE(hits.size() == 1);
  CHECK(hits[0].finding.line == 0);
  CHECK(hits[0].finding.rule_id == "pfx-file");
  CHECK(hits[0].finding.redacted.empty());
  CHECK(scan(config, acme_key() + "\n", "notes.md").empty());
  CHECK(scan(config, acme_key() + "\n", "app/config/prod.yaml").size() == 1);
}

TEST_CASE("a line with gitleaks:allow or pdo:allow is skipped", "[secrets]") {
  const auto config = parse(k_acme_rule);
  const std::string text = acme_key(1) + " # gitleaks:allow\n" + acme_key(2) + " # pdo:allow\n" + acme_key(4) + "\n";
  const auto hits = scan(config, text);
  REQUIRE(hits.size() == 1);
  CHECK(hits[0].finding.line == 3);
}

TEST_CASE("a gitleaks file is read strictly: unknown keys and bad regexes name file:line", "[secrets]") {
  const English english;
  auto message = parse_error(std::string(k_acme_rule) + "entropie = 3.0\n");
  CHECK(message.find(".gitleaks.toml:6:") != std::string::npos);
  CHECK(message.find("entropie") != std::string::npos);
  message = parse_error("titel = \"x\"\n");
  CHECK(message.find(".gitleaks.toml:1:") != std::string::npos);
  message = parse_error(std::string(k_acme_rule) + "[rules.allowlist]\nregex = ['''x''']\n");
  CHECK(message.find(".gitleaks.toml:7:") != std::string::npos);
  message = parse_error("[[rules]]\nid = \"broken\"\nregex = '''acme_[A-Z'''\n");
  CHECK(message.find(".gitleaks.toml:3:") != std::string::npos);
  CHECK(message.find("broken") != std::string::npos);
  CHECK(message.find("regex") != std::string::npos);
  CHECK(parse_error("[[rules]]\nid = \"nothing\"\n").find("nothing") != std::string::npos);
  CHECK(parse_error("[[rules]]\nid = \"a\"\npath = 'x'\n[[rules]]\nid = \"a\"\npath = 'y'\n").find(".gitleaks.toml:5:") !=
        std::string::npos);
  CHECK(parse_error("[allowlist]\ncondition = \"XOR\"\n").find("condition") != std::string::npos);
  // A global allowlist is read as strictly as a rule's (mutant gitleaks.cpp:83: its key check deleted).
  message = parse_error("title = \"x\"\n[allowlist]\nregex = ['''x''']\n");
  CHECK(message.find(".gitleaks.toml:3:") != std::string::npos);
  CHECK(message.find("regex") != std::string::npos);
  message = parse_error("[[allowlists]]\npaths = ['''x''']\nstopword = ['y']\n");
  CHECK(message.find(".gitleaks.toml:3:") != std::string::npos);
}

TEST_CASE("a match's spans: the whole match, and npos for a group that took no part", "[secrets]") {
  // Mutant regex.cpp:86 (spans[1] tested instead of spans[0], seed 20261205) replaced the whole match
  // with an empty span at its end whenever group 1 took no part.
  const auto re = Regex::compile("a(x)?(b)").take();
  Regex::Match m;
  const auto forever = Regex::Deadline::max();
  REQUIRE(re.search("zzab", 0, m, forever) == Regex::Outcome::found);
  using Span = std::pair<std::size_t, std::size_t>;
  const Span none{std::string_view::npos, std::string_view::npos};
  CHECK(m.spans == std::vector<Span>{{2, 4}, none, {3, 4}});
  REQUIRE(re.search("zzaxb", 0, m, forever) == Regex::Outcome::found);
  CHECK(m.spans == std::vector<Span>{{2, 5}, {3, 4}, {4, 5}});
}

TEST_CASE("a gitleaks file holds at most 2000 rules", "[secrets]") {
  // Mutant gitleaks.cpp:24 (k_max_rules 2000 -> 1999, seed 20261205) refused the 2000th rule.
  const English english;
  std::string toml;
  for (int i = 1; i <= 2000; ++i) toml += "[[rules]]\nid = \"r" + std::to_string(i) + "\"\npath = '''x" + std::to_string(i) + "'''\n";
  CHECK(parse(toml).rules.size() == 2000);
  toml += "[[rules]]\nid = \"r2001\"\npath = '''x2001'''\n";
  CHECK(parse_error(toml).find("more than 2000 rules") != std::string::npos);
}

TEST_CASE("a gitleaks regex holds at most 4096 characters, and a longer one is named, not dropped", "[secrets]") {
  // Mutant gitleaks.cpp:52 (that message deleted, seed 20261205) dropped the long regex without a word.
  const English english;
  const auto rule = [](std::size_t length) { return "[[rules]]\nid = \"long\"\nregex = '''" + std::string(length, 'a') + "'''\n"; };
  CHECK(parse(rule(4096)).rules.size() == 1);
  const auto message = parse_error(rule(4097));
  CHECK(message.find(".gitleaks.toml:3:") != std::string::npos);
  CHECK(message.find("the regex is longer than 4096 characters") != std::string::npos);
}

TEST_CASE("[extend], tags and commits are accepted and named once as ignored", "[secrets]") {
  const auto config = parse(R"(title = "mine"
[extend]
useDefault = true

[[rules]]
id = "acme-key"
regex = '''acme_[A-Za-z0-9]{32}'''
tags = ["key"]

[[rules]]
id = "pfx-file"
path = '''\.pfx$'''
tags = ["file"]

[allowlist]
commits = ["0123456789abcdef"]
)");
  CHECK(config.rules.size() == 2);
  CHECK(config.ignored.find("extend") != std::string::npos);
  CHECK(config.ignored.find("tags") != std::string::npos);
  CHECK(config.ignored.find("8, 13") != std::string::npos);
  CHECK(config.ignored.find("commits") != std::string::npos);
  CHECK(parse(k_acme_rule).ignored.empty());
}

TEST_CASE("an allowlist knows its line, a dotted-key one too (the warning that it is not trusted names it)", "[secrets]") {
  const auto config = parse(R"([[rules]]
id = "acme-key"
regex = '''acme_[A-Za-z0-9]{32}'''
allowlist.regexes = ['''^acme_test''']

[allowlist]
paths = ['''^fixtures/''']
)");
  REQUIRE(config.rules.at(0).allowlists.size() == 1);
  CHECK(config.rules[0].allowlists[0].line == 4);  // an implicit table: the line of its key
  REQUIRE(config.allowlists.size() == 1);
  CHECK(config.allowlists[0].line == 6);
}

TEST_CASE("allowlists: regexes by target, paths, stopwords, OR and AND", "[secrets]") {
  const auto config = parse(R"([[rules]]
id = "acme-key"
regex = '''acme_[A-Za-z0-9]{32}'''

[[rules.allowlists]]
regexes = ['''^acme_test''']

[[rules.allowlists]]
condition = "AND"
paths = ['''^fixtures/''']
stopwords = ["dummy"]

[[allowlists]]
regexTarget = "line"
regexes = ['''^example:''']
targetRules = ["other"]

[[allowlists]]
commits = ["0123456789abcdef"]
)");
  const auto& own = config.rules[0].allowlists;
  REQUIRE(own.size() == 2);
  REQUIRE(config.allowlists.size() == 2);
  const std::string key = acme_key();
  CHECK(own[0].allows({"acme-key", "notes.md", "acme_testABC", "acme_testABC", "x"}));
  CHECK_FALSE(own[0].allows({"acme-key", "notes.md", key, key, "x"}));
  CHECK(own[1].allows({"acme-key", "fixtures/a.txt", "acme_DUMMYx", "", ""}));
  CHECK_FALSE(own[1].allows({"acme-key", "src/a.txt", "acme_DUMMYx", "", ""}));
  CHECK_FALSE(own[1].allows({"acme-key", "fixtures/a.txt", key, "", ""}));
  CHECK(config.allowlists[0].allows({"other", "a", key, key, "example: " + key}));
  CHECK_FALSE(config.allowlists[0].allows({"acme-key", "a", key, key, "example: " + key}));  // not its target rule
  CHECK_FALSE(config.allowlists[1].allows({"acme-key", "a", key, key, key}));                // pdo scans no commit here
}

TEST_CASE("a catastrophically backtracking rule stops at PCRE2's limit and the scan goes on", "[secrets]") {
  const auto config = parse(R"([[rules]]
id = "nested"
regex = '''(a+)+$'''

[[rules]]
id = "acme-key"
regex = '''acme_[A-Za-z0-9]{32}'''
)");
  const std::string text = std::string(5000, 'a') + "b\n" + acme_key() + "\n";
  std::vector<std::string> stopped;
  const auto hits = scan_gitleaks(config, "notes.md", text, stopped);
  REQUIRE(stopped.size() == 1);
  CHECK(stopped[0] == "nested");
  REQUIRE(hits.size() == 1);
  CHECK(hits[0].finding.rule_id == "acme-key");
  // pdo's own limit (200,000 steps a start), not PCRE2's default of 10 million: 20 a's take about a
  // million (mutant regex.cpp:55, the match limit never set, finds nothing and stops nothing).
  stopped.clear();
  CHECK(scan_gitleaks(config, "notes.md", std::string(20, 'a') + "b\n", stopped).empty());
  CHECK(stopped == std::vector<std::string>{"nested"});
}

TEST_CASE("regexes read invalid UTF-8 and RE2's syntax", "[secrets]") {
  const auto config = parse(R"([[rules]]
id = "named"
regex = '''(?i)\bkey-(?P<value>[a-z0-9]{16})\b'''
secretGroup = 1
)");
  const std::string value = body("abcdefghijklmnopqrstuvwxyz0123456789", 16, 4);
  const auto hits = scan(config, "\xff\xfe broken \xc3 bytes\nKEY-" + value + "\n");
  REQUIRE(hits.size() == 1);
  CHECK(hits[0].secret == value);
  CHECK(hits[0].finding.line == 2);
}
