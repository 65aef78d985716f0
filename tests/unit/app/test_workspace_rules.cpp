// The workspace's .gitleaks.toml as every scan meets it: its rules only add findings, its allowlists
// skip a finding only once the learner trusted the file, and its warnings come once.
#include <catch2/catch.hpp>

#include "app/hooks/workspace_rules.hpp"
#include "unit/secrets/synthetic.hpp"
#include "util/i18n.hpp"

using namespace pdo;
using pdo::test::body;
using pdo::test::k_alnum;

namespace {

/// Messages in English for one test case.
struct English {
  English() { util::set_lang(util::Lang::en); }
  ~English() { util::set_lang(util::Lang::zh); }
  English(const English&) = delete;
  English& operator=(const English&) = delete;
};

std::string acme_key(std::uint32_t seed = 3) { return "acme_" + body(k_alnum, 32, seed); }
std::string github_key(std::uint32_t seed = 5) { return std::string("gh") + "p_" + body(k_alnum, 36, seed); }

app::WorkspaceRules rules(const std::string& toml, bool trusted) {
  auto config = secrets::parse_gitleaks(toml, ".gitleaks.toml");
  INFO((config ? std::string() : config.error().message));
  REQUIRE(config);
  return {{"/ws/.gitleaks.toml", "0"}, std::move(*config), trusted};
}

std::vector<std::string> ids(const std::vector<secrets::Finding>& findings) {
  std::vector<std::string> out;
  out.reserve(findings.size());
  for (const auto& f : findings) out.push_back(f.rule_id + ":" + std::to_string(f.line));
  return out;
}

const char* const k_acme = R"([[rules]]
id = "acme-key"
regex = '''acme_[A-Za-z0-9]{32}'''

[[rules.allowlists]]
paths = ['''^fixtures/''']
)";

}  // namespace

TEST_CASE("workspace rules add findings to the built-in ones", "[app]") {
  const English english;
  const app::SecretScan scan(rules(k_acme, false));
  const std::string text = github_key() + "\n" + acme_key() + "\n";
  CHECK(ids(app::SecretScan().scan("notes.md", text)) == std::vector<std::string>{"github-token:1"});
  CHECK(ids(scan.scan("notes.md", text)) == std::vector<std::string>{"github-token:1", "acme-key:2"});
  CHECK(scan.warnings().empty());
}

TEST_CASE("an allowlist skips a finding only once the file is trusted", "[app]") {
  const English english;
  const std::string text = "x\n" + acme_key() + "\n";
  const app::SecretScan untrusted(rules(k_acme, false));
  CHECK(ids(untrusted.scan("fixtures/a.txt", text)) == std::vector<std::string>{"acme-key:2"});
  CHECK(ids(untrusted.scan("fixtures/b.txt", text)) == std::vector<std::string>{"acme-key:2"});
  const auto notes = untrusted.warnings();
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].find("not trusted") != std::string::npos);
  CHECK(notes[0].find("pdo scan --trust-rules") != std::string::npos);
  const app::SecretScan trusted(rules(k_acme, true));
  CHECK(trusted.scan("fixtures/a.txt", text).empty());
  CHECK(ids(trusted.scan("notes.md", text)) == std::vector<std::string>{"acme-key:2"});
  CHECK(trusted.warnings().empty());
}

TEST_CASE("workspace rules remove a built-in finding only by a trusted global allowlist", "[app]") {
  const English english;
  const std::string text = "x " + github_key() + "\n";
  // A rule of the same id, or one that claims nothing, changes nothing about the built-in finding.
  const char* const same_id = "[[rules]]\nid = \"github-token\"\nregex = '''nothing-matches-this'''\n";
  CHECK(ids(app::SecretScan(rules(same_id, true)).scan("notes.md", text)) == std::vector<std::string>{"github-token:1"});
  const char* const global = "[allowlist]\npaths = ['''^docs/''']\n";
  CHECK(ids(app::SecretScan(rules(global, false)).scan("docs/a.md", text)) == std::vector<std::string>{"github-token:1"});
  CHECK(app::SecretScan(rules(global, true)).scan("docs/a.md", text).empty());
  CHECK(ids(app::SecretScan(rules(global, true)).scan("notes.md", text)) == std::vector<std::string>{"github-token:1"});
  // regexTarget = "line": each built-in finding is judged by its own line.
  const char* const by_line = "[[allowlists]]\nregexTarget = \"line\"\nregexes = ['^example: ']\n";
  const std::string lines =
      "x " + github_key(1) + "\nexample: " + github_key(2) + "\n\nx " + github_key(3) + "\nexample: " + github_key(4) + "\n";
  CHECK(ids(app::SecretScan(rules(by_line, true)).scan("notes.md", lines)) == std::vector<std::string>{"github-token:1", "github-token:4"});
  CHECK(app::SecretScan(rules(by_line, false)).scan("notes.md", lines).size() == 4);
}

TEST_CASE("unimplemented gitleaks keys give exactly one warning, a stopped rule one per rule", "[app]") {
  const English english;
  const app::SecretScan scan(rules(R"([extend]
useDefault = true

[[rules]]
id = "nested"
regex = '''(a+)+$'''
tags = ["slow"]
)",
                                   false));
  const std::string line = std::string(4000, 'a') + "b\n";
  CHECK(scan.scan("one.txt", line).empty());
  CHECK(scan.scan("two.txt", line).empty());
  const auto warnings = scan.warnings();
  REQUIRE(warnings.size() == 2);
  CHECK(warnings[0].find("extend") != std::string::npos);
  CHECK(warnings[0].find("tags") != std::string::npos);
  CHECK(warnings[1].find("nested") != std::string::npos);
  CHECK(warnings[1].find("stopped") != std::string::npos);
  CHECK(warnings[1].find("one.txt") != std::string::npos);
  // Stopped once, the rule is not run on the scan's other files; a new scan runs it again.
  CHECK(scan.scan("short.txt", "aaa\n").empty());
  const app::SecretScan fresh(rules("[[rules]]\nid = \"nested\"\nregex = '(a+)+$'\n", false));
  CHECK(ids(fresh.scan("short.txt", "aaa\n")) == std::vector<std::string>{"nested:1"});
}
