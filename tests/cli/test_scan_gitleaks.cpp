// The workspace's .gitleaks.toml: pdo scan and the pre-commit hook use its rules; its allowlists wait for
// `pdo scan --trust-rules`; a broken file is an error naming file:line. Keys are built at run time.
#include "cli/cli_helpers.hpp"
#include "util/fs.hpp"
#include "util/sha256.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// A key of the made-up provider "acme", which no built-in rule knows.
std::string acme_key(unsigned seed = 1) { return "acme_" + fake_key(seed).substr(4, 32); }

const std::string k_acme_rule =
    "[[rules]]\nid = \"acme-key\"\ndescription = \"Acme API key\"\nregex = '''acme_[A-Za-z0-9]{32}'''\n"
    "keywords = [\"acme_\"]\n";

fs::path workspace(const TempDir& tmp, const std::string& rules) {
  fs::path ws = tmp / "course";
  const auto init = init_ws(ws);
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  write_file(ws / ".gitleaks.toml", rules);
  return ws;
}

}  // namespace

TEST_CASE("a .gitleaks.toml rule is found by pdo scan and refuses a git commit", "[cli][scan][gitleaks]") {
  TempDir tmp("pdo-gitleaks-rule");
  const fs::path ws = workspace(tmp, k_acme_rule);
  write_file(ws / "data" / "keys.txt", "a\n" + acme_key() + "\n");
  const auto r = run_pdo({"--lang", "en", "scan"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.out.find("data/keys.txt:2: acme-key (Acme API key): acme…") != std::string::npos);
  CHECK(r.out.find(acme_key().substr(5)) == std::string::npos);
  CHECK(r.err.find("warning") == std::string::npos);

  git_out({"add", "-A"}, ws);
  const int before = commit_count(ws);
  const auto refused = git_commit(ws, {"-m", "keys"});
  INFO(refused.out << refused.err);
  CHECK(refused.exit_code != 0);
  CHECK(refused.err.find("data/keys.txt:2: acme-key") != std::string::npos);
  CHECK(commit_count(ws) == before);
  // Without the rules file the same commit goes through: the finding was the workspace rule's.
  git_out({"rm", "-q", "--cached", ".gitleaks.toml"}, ws);
  fs::remove(ws / ".gitleaks.toml");
  const auto ok = git_commit(ws, {"-m", "keys"});
  INFO(ok.out << ok.err);
  CHECK(ok.exit_code == 0);
}

TEST_CASE("a broken .gitleaks.toml is an error naming file:line, in pdo scan and in the hook", "[cli][scan][gitleaks]") {
  TempDir tmp("pdo-gitleaks-broken");
  const fs::path ws = workspace(tmp, k_acme_rule + "secret_group = 1\n");
  const auto r = run_pdo({"--lang", "en", "scan"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find(".gitleaks.toml:6:") != std::string::npos);
  CHECK(r.err.find("secret_group") != std::string::npos);
  git_out({"add", "-A"}, ws);
  const auto refused = git_commit(ws, {"-m", "rules"});
  CHECK(refused.exit_code != 0);
  CHECK(refused.err.find(".gitleaks.toml:6:") != std::string::npos);
  write_file(ws / ".gitleaks.toml", "[[rules]]\nid = \"bad\"\nregex = '''acme_(['''\n");
  const auto bad = run_pdo({"--lang", "en", "scan"}, ws);
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find(".gitleaks.toml:3:") != std::string::npos);
  CHECK(bad.err.find("rule bad") != std::string::npos);
}

TEST_CASE("[extend] and tags are accepted with exactly one warning", "[cli][scan][gitleaks]") {
  TempDir tmp("pdo-gitleaks-extend");
  const fs::path ws = workspace(tmp, "[extend]\nuseDefault = true\n\n" + k_acme_rule + "tags = [\"key\", \"acme\"]\n");
  const auto r = run_pdo({"--lang", "en", "scan"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(count_of(r.err, "warning") == 1);
  CHECK(r.err.find("extend (line 1)") != std::string::npos);
  CHECK(r.err.find("tags (line 9)") != std::string::npos);
  const auto history = run_pdo({"--lang", "en", "scan", "--history"}, ws);  // the same rules, the same warning
  INFO(history.out << history.err);
  CHECK(history.exit_code == 0);
  CHECK(count_of(history.err, "warning") == 1);
}

TEST_CASE("a catastrophically backtracking rule stops with a warning, the scan finishes", "[cli][scan][gitleaks]") {
  TempDir tmp("pdo-gitleaks-redos");
  const fs::path ws = workspace(tmp, "[[rules]]\nid = \"nested-plus\"\nregex = '''(a+)+$'''\n\n" + k_acme_rule);
  write_file(ws / "long.txt", std::string(200000, 'a') + "b\n" + acme_key(2) + "\n");
  const auto r = run_pdo({"--lang", "en", "scan"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.out.find("long.txt:2: acme-key") != std::string::npos);
  CHECK(r.err.find("rule nested-plus of .gitleaks.toml was stopped in long.txt") != std::string::npos);
}

TEST_CASE("allowlists of .gitleaks.toml apply only once the learner trusted those bytes", "[cli][scan][gitleaks]") {
  TempDir tmp("pdo-gitleaks-trust");
  const std::string rules = k_acme_rule + "[[rules.allowlists]]\npaths = ['''^fixtures/''']\n\n[allowlist]\npaths = ['''^docs/''']\n";
  const fs::path ws = workspace(tmp, rules);
  write_file(ws / "fixtures" / "a.txt", acme_key(3) + "\n");
  write_file(ws / "docs" / "b.md", fake_key(4) + "\n");  // a built-in finding
  const auto untrusted = run_pdo({"--lang", "en", "scan"}, ws);
  INFO(untrusted.out << untrusted.err);
  CHECK(untrusted.exit_code == 3);
  CHECK(untrusted.out.find("fixtures/a.txt:1: acme-key") != std::string::npos);
  CHECK(untrusted.out.find("docs/b.md:1: github-token") != std::string::npos);
  CHECK(count_of(untrusted.err, "you have not trusted that file") == 1);
  CHECK(untrusted.err.find("pdo scan --trust-rules") != std::string::npos);
  git_out({"add", "-A"}, ws);
  CHECK(git_commit(ws, {"-m", "fixtures"}).exit_code != 0);

  const auto trusted = run_pdo({"--lang", "en", "scan", "--trust-rules"}, ws);
  INFO(trusted.out << trusted.err);
  CHECK(trusted.exit_code == 0);
  CHECK(trusted.err.find("Trusted .gitleaks.toml (sha256 " + util::sha256_hex(read_file(ws / ".gitleaks.toml")).substr(0, 12) + "…)") !=
        std::string::npos);
  CHECK(trusted.out.find("found 0 possible secrets") != std::string::npos);
  CHECK(run_pdo({"scan"}, ws).exit_code == 0);  // the trust is remembered
  const auto committed = git_commit(ws, {"-m", "fixtures"});
  INFO(committed.out << committed.err);
  CHECK(committed.exit_code == 0);

  append(ws / ".gitleaks.toml", "# changed\n");
  const auto changed = run_pdo({"--lang", "en", "scan"}, ws);
  CHECK(changed.exit_code == 3);
  CHECK(changed.err.find("you have not trusted that file") != std::string::npos);
  fs::remove(ws / ".gitleaks.toml");
  const auto none = run_pdo({"--lang", "en", "scan", "--trust-rules"}, ws);
  CHECK(none.exit_code == 2);
  CHECK(none.err.find("no .gitleaks.toml") != std::string::npos);
}
