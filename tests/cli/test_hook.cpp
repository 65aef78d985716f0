// pdo hook pre-commit: secrets never reach the repo through git commit. The real pdo binary and the real
// git CLI, end to end; fake keys are assembled at run time (fake_key) so this file passes `pdo scan`.
#include <algorithm>

#include "cli/cli_helpers.hpp"
#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

std::size_t line_count(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

TEST_CASE("git commit of a key in notes.md is blocked by the hook", "[cli][hook]") {
  TempDir tmp("pdo-secrets-hook");
  const fs::path ws = tmp / "course";
  const auto init = init_ws(ws);
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  CHECK(init.out.find("pre-commit") != std::string::npos);
  const int before = commit_count(ws);
  const fs::path notes = lesson_dir(ws, "03") / "notes.md";
  const std::size_t line = line_count(read_file(notes)) + 2;
  append(notes, "\nmy token: " + fake_key() + "\n");
  git_out({"add", "-A"}, ws);

  const auto r = git_commit(ws, {"-m", "notes"});
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find("notes.md:" + std::to_string(line)) != std::string::npos);
  CHECK(r.err.find("github-token") != std::string::npos);
  CHECK(r.err.find(".env") != std::string::npos);
  CHECK(r.err.find(fake_key().substr(4)) == std::string::npos);
  CHECK(r.out.find(fake_key().substr(4)) == std::string::npos);
  CHECK(commit_count(ws) == before);

  SECTION("the hook scans what is staged, not the working tree") {
    git_out({"reset", "-q"}, ws);
    write_file(ws / "questions.md", read_file(ws / "questions.md") + "\n- a clean question\n");
    git_out({"add", "questions.md"}, ws);
    const auto ok = git_commit(ws, {"-m", "question"});
    INFO(ok.out << ok.err);
    CHECK(ok.exit_code == 0);
    CHECK(commit_count(ws) == before + 1);
  }
  SECTION("git commit PATH (a temporary index) is checked too") {
    git_out({"reset", "-q"}, ws);
    const auto partial = git_commit(ws, {"-m", "notes", "--", util::path_to_utf8(fs::relative(notes, ws))});
    CHECK(partial.exit_code != 0);
    CHECK(commit_count(ws) == before);
  }
  SECTION("pdo:allow on the line lets it through") {
    write_file(notes, read_file(notes).substr(0, read_file(notes).size() - 1) + "  <!-- pdo:allow -->\n");
    git_out({"add", "-A"}, ws);
    const auto ok = git_commit(ws, {"-m", "allowed"});
    INFO(ok.out << ok.err);
    CHECK(ok.exit_code == 0);
    CHECK(commit_count(ws) == before + 1);
  }
  SECTION("--no-verify is the explicit escape, and scan --history finds the leak afterwards") {
    const auto forced = git_commit(ws, {"--no-verify", "-m", "forced"});
    CHECK(forced.exit_code == 0);
    const std::string id = git_out({"rev-parse", "HEAD"}, ws).substr(0, 12);
    const auto hist = run_pdo({"--lang", "en", "scan", "--history"}, ws);
    INFO(hist.out << hist.err);
    CHECK(hist.exit_code == 3);
    CHECK(hist.out.find(id + " lessons/") != std::string::npos);
    CHECK(hist.out.find(fake_key().substr(4)) == std::string::npos);
  }
}

TEST_CASE("a force-added .env is blocked by the hook and by pdo", "[cli][hook]") {
  TempDir tmp("pdo-secrets-env");
  const fs::path ws = tmp / "course";
  REQUIRE(init_ws(ws).exit_code == 0);
  write_file(ws / ".env", "HF_TOKEN=not-a-real-one\n");
  CHECK(run_git({"add", ".env"}, ws).exit_code != 0);  // ignored: a plain add refuses
  git_out({"add", "-f", ".env"}, ws);
  const auto r = git_commit(ws, {"-m", "env"});
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find(".env: env-file") != std::string::npos);
  CHECK(r.err.find("git rm --cached") != std::string::npos);
  const auto direct = run_pdo({"hook", "pre-commit"}, ws);
  CHECK(direct.exit_code == 3);
  CHECK(commit_count(ws) == 2);
}

namespace {

/// A repository with the learner's own pre-commit hook, then `pdo init` over it.
fs::path workspace_over_own_hook(const TempDir& tmp, const std::string& mine) {
  fs::path ws = tmp / "course";
  fs::create_directories(ws);
  git_out({"init", "-q"}, ws);
  const fs::path hook = ws / ".git" / "hooks" / "pre-commit";
  write_file(hook, mine);
  fs::permissions(hook, fs::perms::owner_all, fs::perm_options::add);
  const auto init = init_ws(ws);
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  CHECK(init.out.find("pre-commit.local") != std::string::npos);
  return ws;
}

const char* const k_own_hook = "#!/bin/sh\necho ran >> .git/local-hook-ran\n";

}  // namespace

TEST_CASE("an existing pre-commit hook is kept as pre-commit.local and not chained twice", "[cli][hook]") {
  TempDir tmp("pdo-secrets-keep");
  const fs::path ws = workspace_over_own_hook(tmp, k_own_hook);
  const fs::path hook = ws / ".git" / "hooks" / "pre-commit";
  CHECK(read_file(ws / ".git" / "hooks" / "pre-commit.local") == k_own_hook);
  CHECK(read_file(hook).find("pdo-managed") != std::string::npos);

  const auto again = init_ws(ws);
  INFO(again.out << again.err);
  CHECK(again.exit_code == 0);
  CHECK(again.out.find("pre-commit.local") == std::string::npos);
  CHECK(read_file(ws / ".git" / "hooks" / "pre-commit.local") == k_own_hook);
  CHECK_FALSE(fs::exists(ws / ".git" / "hooks" / "pre-commit.local.local"));
  CHECK(read_file(hook).find("pdo-managed") != std::string::npos);
}

// [posix:sh] pdo's hook script runs pre-commit.local itself: the Linux git and sh run it here, and under
// wine the Linux sh cannot start pdo.exe.
TEST_CASE("a chained pre-commit.local still runs before pdo's check", "[cli][hook][posix][posix:sh]") {
  TempDir tmp("pdo-secrets-chain");
  const fs::path ws = workspace_over_own_hook(tmp, k_own_hook);
  write_file(ws / "questions.md", read_file(ws / "questions.md") + "\n- clean\n");
  git_out({"add", "questions.md"}, ws);
  const auto ok = run_git({"commit", "-m", "q"}, ws);
  INFO(ok.out << ok.err);
  CHECK(ok.exit_code == 0);
  CHECK(read_file(ws / ".git" / "local-hook-ran") == "ran\n");

  append(ws / "questions.md", fake_key(3) + "\n");
  git_out({"add", "questions.md"}, ws);
  CHECK(run_git({"commit", "-m", "key"}, ws).exit_code != 0);
  CHECK(read_file(ws / ".git" / "local-hook-ran") == "ran\nran\n");
}

namespace {

/// A repository whose core.hooksPath is .githooks, then `pdo init` over it; returns its pre-commit hook.
fs::path hookspath_workspace(const TempDir& tmp) {
  const fs::path ws = tmp / "course";
  fs::create_directories(ws);
  git_out({"init", "-q"}, ws);
  git_out({"config", "core.hooksPath", ".githooks"}, ws);
  const auto plan = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws), "--dry-run"}, tmp.path());
  CHECK(plan.out.find(".githooks/pre-commit") != std::string::npos);
  REQUIRE(init_ws(ws).exit_code == 0);
  fs::path hook = ws / ".githooks" / "pre-commit";
  REQUIRE(fs::exists(hook));
  CHECK_FALSE(fs::exists(ws / ".git" / "hooks" / "pre-commit"));
  return hook;
}

}  // namespace

TEST_CASE("the hook respects core.hooksPath", "[cli][hook]") {
  TempDir tmp("pdo-secrets-hookspath");
  const fs::path hook = hookspath_workspace(tmp);
  CHECK(read_file(hook).find("pdo-managed") != std::string::npos);
  CHECK(read_file(hook).find("hook pre-commit") != std::string::npos);
}

// [posix:sh] what the hook script does without pdo is the script's own (sh) logic, run by the Linux git.
TEST_CASE("the hook fails closed without pdo", "[cli][hook][posix][posix:sh]") {
  TempDir tmp("pdo-secrets-nopdo");
  const fs::path hook = hookspath_workspace(tmp);
  const fs::path ws = tmp / "course";
  std::string text = read_file(hook);
  const auto at = text.find("pdo_bin='");
  text.replace(at, text.find('\'', at + 9) - at + 1, "pdo_bin='/nonexistent/pdo'");
  write_file(hook, text);
  append(ws / "questions.md", "- clean\n");
  git_out({"add", "questions.md"}, ws);
  const auto r = run_git({"commit", "-m", "q"}, ws, {{"PATH", "/usr/bin:/bin"}});
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find("pdo was not found") != std::string::npos);
}
