// The pre-commit framework (Debian's `pre-commit`) running pdo's hooks from pdo's own
// .pre-commit-hooks.yaml: as a `repo: local` copy and as a hook repository cloned from a path on disk (no
// network either way). The framework's hook stops a commit holding a key, and pdo check / pdo status
// count it as an active secret check.
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// The environment of a learner's shell: pdo's folder first on PATH, pre-commit's cache in the test.
std::vector<std::pair<std::string, std::string>> learner_env(const TempDir& tmp) {
  return {{"PATH", pdo_dir() + ":" + platform::get_env("PATH").value_or("/usr/bin:/bin")},
          {"PRE_COMMIT_HOME", util::path_to_utf8(tmp / "pre-commit-cache")},
          {"PRE_COMMIT_COLOR", "never"}};
}

platform::ProcessResult run(const std::vector<std::string>& argv, const fs::path& cwd, const TempDir& tmp) {
  platform::ProcessOptions opts;
  opts.cwd = cwd;
  opts.env = test_env();
  const auto extra = learner_env(tmp);
  opts.env.insert(opts.env.end(), extra.begin(), extra.end());
  opts.timeout = std::chrono::milliseconds(120000);
  return platform::run_process(argv, opts);
}

std::string manifest() { return read_file(util::path_from_utf8(PDO_SOURCE_DIR) / ".pre-commit-hooks.yaml"); }

/// pdo's manifest as a `repo: local` configuration: the same hook definitions, indented under hooks:.
std::string local_config() {
  const std::string text = manifest();  // split_lines' views point into it
  std::string hooks;
  for (const auto line : util::split_lines(text)) {
    const std::string l(util::chomp(line));
    if (l.empty() || l[0] == '#') continue;
    hooks += "    " + l + "\n";
  }
  return "repos:\n  - repo: local\n    hooks:\n" + hooks;
}

int commits(const fs::path& ws) { return commit_count(ws); }

}  // namespace

// [posix:pre-commit] the Linux pre-commit framework runs `pdo` by name from PATH.
TEST_CASE("the pre-commit framework blocks a staged key through pdo's hook from a repo: local config",
          "[cli][hook][framework][posix][posix:pre-commit]") {
  TempDir tmp;
  REQUIRE(platform::find_program("pre-commit"));  // Debian's pre-commit (scripts/test.sh installs it)
  const auto ws = fresh_workspace(tmp, {"--lang", "en"});
  write_file(ws / ".pre-commit-config.yaml", local_config());
  // --overwrite: the framework's hook replaces pdo's own, so only the framework can stop the commit.
  const auto install = run({"pre-commit", "install", "--overwrite"}, ws, tmp);
  INFO(install.out << install.err);
  REQUIRE(install.exit_code == 0);
  REQUIRE_FALSE(fs::exists(ws / ".git/hooks/pre-commit.legacy"));
  git_out({"add", ".pre-commit-config.yaml"}, ws);
  const int before = commits(ws);

  write_file(ws / "data" / "train.py", "token = \"" + fake_key(5) + "\"\n");
  git_out({"add", "data/train.py"}, ws);
  const auto blocked = run({"git", "commit", "-m", "train"}, ws, tmp);
  INFO(blocked.out << blocked.err);
  CHECK(blocked.exit_code != 0);
  CHECK(commits(ws) == before);
  const std::string said = blocked.out + blocked.err;
  CHECK_THAT(said, Catch::Contains("pdo secret scan (staged files)"));
  CHECK_THAT(said, Catch::Contains("Failed"));
  CHECK_THAT(said, Catch::Contains("exit code: 3"));
  CHECK_THAT(said, Catch::Contains("data/train.py:1"));
  CHECK(said.find(fake_key(5)) == std::string::npos);  // redacted

  write_file(ws / "data" / "train.py", "import os\ntoken = os.environ[\"HF_TOKEN\"]\n");
  git_out({"add", "data/train.py"}, ws);
  const auto clean = run({"git", "commit", "-m", "train"}, ws, tmp);
  INFO(clean.out << clean.err);
  CHECK(clean.exit_code == 0);
  CHECK(commits(ws) == before + 1);

  // pdo sees the framework's hook as its active check: no warning, and check's hook item passes.
  const auto status = run({"pdo", "status"}, ws, tmp);
  CHECK(status.err.find("not active") == std::string::npos);
  FakeBin bin(tmp / "bin");
  const auto check = run_pdo({"check"}, ws, "", bin.env());
  INFO(check.out << check.err);
  CHECK_THAT(
      read_file(ws / "check-env.md"),
      Catch::Contains(".git/hooks/pre-commit: the pre-commit framework's hook; .pre-commit-config.yaml runs pdo's check (pdo-secrets)"));
  CHECK(check.err.find("not active") == std::string::npos);
  // A second pdo init leaves the framework's hook alone (no chaining into pre-commit.local).
  const std::string hook = read_file(ws / ".git/hooks/pre-commit");
  // In the learner's shell (pdo on PATH, which the framework's hook runs by name): init's self-check runs the
  // hooks git runs with a canary key, and the framework's pdo refuses it.
  const auto again = run({"pdo", "--lang", "en", "init", util::path_to_utf8(ws), "--yes"}, ws, tmp);
  INFO(again.out << again.err);
  CHECK(again.exit_code == 0);
  CHECK(read_file(ws / ".git/hooks/pre-commit") == hook);
  CHECK_THAT(again.out, Catch::Contains("nothing to create or commit"));
  CHECK_THAT(again.out, Catch::Contains("pre-push) are installed in this workspace: pass"));
}

// [posix:pre-commit] as above.
TEST_CASE("pdo's hooks from a hook repository at a rev: a key in the message is stopped too",
          "[cli][hook][framework][posix][posix:pre-commit]") {
  TempDir tmp;
  REQUIRE(platform::find_program("pre-commit"));
  // A repository holding pdo's manifest, as pdo's own repository does; cloned by path, no network.
  const auto hooks_repo = tmp / "pdo-hooks";
  write_file(hooks_repo / ".pre-commit-hooks.yaml", manifest());
  git_out({"init", "-q"}, hooks_repo);
  git_out({"add", "."}, hooks_repo);
  git_out({"commit", "-q", "-m", "hooks"}, hooks_repo);
  const std::string rev(util::trim(git_out({"rev-parse", "HEAD"}, hooks_repo)));
  const auto ws = fresh_workspace(tmp, {"--lang", "en"});
  write_file(ws / ".pre-commit-config.yaml", "repos:\n  - repo: " + util::path_to_utf8(hooks_repo) + "\n    rev: " + rev +
                                                 "\n    hooks:\n      - id: pdo-secrets\n      - id: pdo-secrets-commit-msg\n");
  const auto install = run({"pre-commit", "install", "--overwrite", "-t", "pre-commit", "-t", "commit-msg"}, ws, tmp);
  INFO(install.out << install.err);
  REQUIRE(install.exit_code == 0);
  git_out({"add", ".pre-commit-config.yaml"}, ws);
  const int before = commits(ws);

  write_file(ws / "notes.txt", "key = " + fake_key(6) + "\n");
  git_out({"add", "notes.txt"}, ws);
  const auto staged = run({"git", "commit", "-m", "notes"}, ws, tmp);
  INFO(staged.out << staged.err);
  CHECK(staged.exit_code != 0);
  CHECK_THAT(staged.out + staged.err, Catch::Contains("notes.txt:1"));

  write_file(ws / "notes.txt", "nothing secret\n");
  git_out({"add", "notes.txt"}, ws);
  const auto message = run({"git", "commit", "-m", "the key is " + fake_key(8)}, ws, tmp);
  INFO(message.out << message.err);
  CHECK(message.exit_code != 0);
  CHECK_THAT(message.out + message.err, Catch::Contains("pdo secret scan (commit message)"));
  CHECK(commits(ws) == before);

  const auto ok = run({"git", "commit", "-m", "notes"}, ws, tmp);
  INFO(ok.out << ok.err);
  CHECK(ok.exit_code == 0);
  CHECK(commits(ws) == before + 1);
  // Both framework hooks count: the tamper warning stays silent (pre-push is still pdo's own).
  CHECK(run({"pdo", "status"}, ws, tmp).err.find("not active") == std::string::npos);
}

// [posix:pre-commit] as above.
TEST_CASE("a pre-commit framework hook that does not run pdo is reported with the id to add",
          "[cli][hook][framework][posix][posix:pre-commit]") {
  TempDir tmp;
  REQUIRE(platform::find_program("pre-commit"));
  const auto ws = fresh_workspace(tmp, {"--lang", "en"});
  write_file(
      ws / ".pre-commit-config.yaml",
      "repos:\n  - repo: local\n    hooks:\n      - id: lint\n        name: lint\n        entry: 'true'\n        language: system\n");
  const auto install = run({"pre-commit", "install", "--overwrite"}, ws, tmp);
  REQUIRE(install.exit_code == 0);
  const auto status = run({"pdo", "--lang", "en", "status"}, ws, tmp);
  CHECK_THAT(status.err, Catch::Contains("pdo's git hooks are not active"));
  CHECK_THAT(status.err, Catch::Contains("is the pre-commit framework's hook, but .pre-commit-config.yaml does not run pdo's check"));
  FakeBin bin(tmp / "bin");
  run_pdo({"check"}, ws, "", bin.env());
  CHECK_THAT(read_file(ws / "check-env.md"),
             Catch::Contains("Add pdo's pdo-secrets hook (see pdo's .pre-commit-hooks.yaml) to .pre-commit-config.yaml"));
}

// [posix:pre-commit] as above.
TEST_CASE("a pre-commit framework hook whose config does not run pdo fails pdo check even chained behind pdo's",
          "[cli][hook][framework][posix][posix:pre-commit]") {
  TempDir tmp;
  REQUIRE(platform::find_program("pre-commit"));
  const fs::path ws = tmp / "course";
  fs::create_directories(ws);
  git_out({"init", "-q"}, ws);
  write_file(
      ws / ".pre-commit-config.yaml",
      "repos:\n  - repo: local\n    hooks:\n      - id: lint\n        name: lint\n        entry: 'true'\n        language: system\n");
  const auto install = run({"pre-commit", "install"}, ws, tmp);
  INFO(install.out << install.err);
  REQUIRE(install.exit_code == 0);
  const auto init = init_ws(ws);  // pdo's hook in front, the framework's kept as pre-commit.local
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  REQUIRE(read_file(ws / ".git/hooks/pre-commit.local").find("File generated by pre-commit") != std::string::npos);
  FakeBin bin(tmp / "bin");
  const auto check = run_pdo({"--lang", "en", "check"}, ws, "", bin.env());
  INFO(check.out << check.err);
  CHECK(check.exit_code == 1);
  CHECK_THAT(read_file(ws / "check-env.md"),
             Catch::Contains(".git/hooks/pre-commit.local is the pre-commit framework's hook, but .pre-commit-config.yaml does not run "
                             "pdo's check") &&
                 Catch::Contains("Add pdo's pdo-secrets hook (see pdo's .pre-commit-hooks.yaml) to .pre-commit-config.yaml."));
}

// Issue 41 item 4 (repro 6): a pre-commit framework configuration whose hook is named pdo-secrets but runs
// `true` (or runs only at stages: [manual]) passed pdo check while a key went into a commit. The hooks item
// now judges what git runs: a canary key staged in a throwaway index through `git hook run pre-commit`, the
// message hook, and pre-push through `git push --dry-run`; it passes only when each refused the canary.
// [posix:pre-commit] the Linux pre-commit framework runs `pdo` by name from PATH.
TEST_CASE("issue 41 repro 6: check's hooks item judges what git runs, not what the configuration says",
          "[cli][hook][framework][posix][posix:pre-commit]") {
  TempDir tmp;
  REQUIRE(platform::find_program("pre-commit"));
  const auto ws = fresh_workspace(tmp, {"--lang", "en"});
  SECTION("pdo's own hooks: every canary refused") {
    const auto check = run({"pdo", "check"}, ws, tmp);
    INFO(check.out << check.err);
    CHECK_THAT(read_file(ws / "check-env.md"), Catch::Contains("`pre-commit-hook` · automatic (pdo) · pass") &&
                                                   Catch::Contains("the hooks git runs refused a canary key (pdo-check-canary)") &&
                                                   Catch::Contains("hooks folder named by git (git rev-parse --git-path hooks)"));
  }
  std::string hook_yaml;
  SECTION("a pdo-secrets hook that runs true") {
    // It says that it ran: the warning of every committing command must not run it (below).
    hook_yaml = "      - id: pdo-secrets\n        name: not pdo\n        entry: sh -c 'echo ran >> \"" +
                util::path_to_utf8(tmp / "team.log") + "\"'\n        language: system\n        pass_filenames: false\n";
  }
  SECTION("pdo's hook, at the manual stage only") {
    const std::string text = manifest();
    for (const auto line : util::split_lines(text)) {
      const std::string l(util::chomp(line));
      if (l.empty() || l[0] == '#') continue;
      hook_yaml += "      " + l + "\n";
      if (util::starts_with(util::trim(l), "- id:")) hook_yaml += "        stages: [manual]\n";
    }
  }
  if (hook_yaml.empty()) return;
  write_file(ws / ".pre-commit-config.yaml", "repos:\n  - repo: local\n    hooks:\n" + hook_yaml);
  const auto install = run({"pre-commit", "install", "--overwrite"}, ws, tmp);
  INFO(install.out << install.err);
  REQUIRE(install.exit_code == 0);
  const auto check = run({"pdo", "--lang", "en", "check"}, ws, tmp);
  INFO(check.out << check.err);
  CHECK(check.exit_code == 1);
  CHECK_THAT(read_file(ws / "check-env.md"),
             Catch::Contains("`pre-commit-hook` · automatic (pdo) · fail") &&
                 Catch::Contains("git hook run pre-commit: the pre-commit hooks git runs let a canary key through"));
  // And git itself agrees: a key goes through.
  write_file(ws / "data" / "train.py", "token = \"" + fake_key(9) + "\"\n");
  git_out({"add", "data/train.py"}, ws);
  CHECK(run({"git", "commit", "-qm", "train"}, ws, tmp).exit_code == 0);
  // A committing command warns that the hooks are not pdo's, from the files alone: it runs no hook.
  if (fs::exists(tmp / "team.log")) {
    CHECK_THAT(read_file(tmp / "team.log"), Catch::Contains("ran"));  // pdo check ran it, with the canary
    write_file(tmp / "team.log", "");
    const auto track = run({"pdo", "--lang", "en", "track", "done", "01", "read"}, ws, tmp);
    INFO(track.out << track.err);
    CHECK(track.exit_code == 0);
    CHECK(read_file(tmp / "team.log") == "");
  }
  // The canary left nothing behind: no file, nothing staged, no ref.
  CHECK_FALSE(fs::exists(ws / "pdo-check-canary.txt"));
  CHECK(git_out({"status", "--porcelain"}, ws).find("pdo-check-canary") == std::string::npos);
  CHECK(git_out({"for-each-ref"}, ws).find("pdo-check-canary") == std::string::npos);
}
