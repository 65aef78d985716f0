// Secrets never reach the repo: the real pdo binary and the real git CLI, end to end. Fake keys are
// assembled at run time so this file itself passes `pdo scan`.
#include <catch2/catch.hpp>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// A GitHub-token-shaped fake key, different per seed.
std::string fake_key(unsigned seed = 1) {
  const std::string alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::string s = std::string("gh") + "p_";
  std::uint64_t x = 0x2545F4914F6CDD1Dull + seed;
  for (int i = 0; i < 36; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    s += alnum[static_cast<std::size_t>(x % alnum.size())];
  }
  return s;
}

/// Runs `pdo init DIR --yes` in DIR's parent; returns its output.
platform::ProcessResult init_ws(const fs::path& dir, const std::string& lang = "en") {
  return run_pdo({"--lang", lang, "init", util::path_to_utf8(dir), "--yes"}, dir.parent_path());
}

/// The first lesson folder whose name starts with `prefix`.
fs::path lesson_dir(const fs::path& ws, const std::string& prefix) {
  for (const auto& e : fs::directory_iterator(ws / "lessons")) {
    if (e.path().filename().string().rfind(prefix, 0) == 0) return e.path();
  }
  FAIL("no lesson " << prefix);
  return {};
}

int commits(const fs::path& repo) { return std::stoi(git_out({"rev-list", "--count", "HEAD"}, repo)); }

void append(const fs::path& file, const std::string& text) { write_file(file, read_file(file) + text); }

std::size_t line_count(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

TEST_CASE("scan and hook have help", "[cli][secrets]") {
  TempDir tmp("pdo-secrets-help");
  CHECK(run_pdo({"scan", "--help"}, tmp.path()).exit_code == 0);
  CHECK(run_pdo({"hook", "--help"}, tmp.path()).exit_code == 0);
  CHECK(run_pdo({"hook", "post-commit"}, tmp.path()).exit_code == 2);
}

TEST_CASE("git commit of a key in notes.md is blocked by the hook", "[cli][secrets][posix]") {
  TempDir tmp("pdo-secrets-hook");
  const fs::path ws = tmp / "course";
  const auto init = init_ws(ws);
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  CHECK(init.out.find("pre-commit") != std::string::npos);
  const int before = commits(ws);
  const fs::path notes = lesson_dir(ws, "03") / "notes.md";
  const std::size_t line = line_count(read_file(notes)) + 2;
  append(notes, "\nmy token: " + fake_key() + "\n");
  git_out({"add", "-A"}, ws);

  const auto r = run_git({"commit", "-m", "notes"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find("notes.md:" + std::to_string(line)) != std::string::npos);
  CHECK(r.err.find("github-token") != std::string::npos);
  CHECK(r.err.find(".env") != std::string::npos);
  CHECK(r.err.find(fake_key().substr(4)) == std::string::npos);
  CHECK(r.out.find(fake_key().substr(4)) == std::string::npos);
  CHECK(commits(ws) == before);

  SECTION("the hook scans what is staged, not the working tree") {
    git_out({"reset", "-q"}, ws);
    write_file(ws / "questions.md", read_file(ws / "questions.md") + "\n- a clean question\n");
    git_out({"add", "questions.md"}, ws);
    const auto ok = run_git({"commit", "-m", "question"}, ws);
    INFO(ok.out << ok.err);
    CHECK(ok.exit_code == 0);
    CHECK(commits(ws) == before + 1);
  }
  SECTION("git commit PATH (a temporary index) is checked too") {
    git_out({"reset", "-q"}, ws);
    const auto partial = run_git({"commit", "-m", "notes", "--", util::path_to_utf8(fs::relative(notes, ws))}, ws);
    CHECK(partial.exit_code != 0);
    CHECK(commits(ws) == before);
  }
  SECTION("pdo:allow on the line lets it through") {
    write_file(notes, read_file(notes).substr(0, read_file(notes).size() - 1) + "  <!-- pdo:allow -->\n");
    git_out({"add", "-A"}, ws);
    const auto ok = run_git({"commit", "-m", "allowed"}, ws);
    INFO(ok.out << ok.err);
    CHECK(ok.exit_code == 0);
    CHECK(commits(ws) == before + 1);
  }
  SECTION("--no-verify is the explicit escape, and scan --history finds the leak afterwards") {
    const auto forced = run_git({"commit", "--no-verify", "-m", "forced"}, ws);
    CHECK(forced.exit_code == 0);
    const std::string id = git_out({"rev-parse", "HEAD"}, ws).substr(0, 12);
    const auto hist = run_pdo({"--lang", "en", "scan", "--history"}, ws);
    INFO(hist.out << hist.err);
    CHECK(hist.exit_code == 3);
    CHECK(hist.out.find(id + " lessons/") != std::string::npos);
    CHECK(hist.out.find(fake_key().substr(4)) == std::string::npos);
  }
}

TEST_CASE("a force-added .env is blocked by the hook and by pdo", "[cli][secrets][posix]") {
  TempDir tmp("pdo-secrets-env");
  const fs::path ws = tmp / "course";
  REQUIRE(init_ws(ws).exit_code == 0);
  write_file(ws / ".env", "HF_TOKEN=not-a-real-one\n");
  CHECK(run_git({"add", ".env"}, ws).exit_code != 0);  // ignored: a plain add refuses
  git_out({"add", "-f", ".env"}, ws);
  const auto r = run_git({"commit", "-m", "env"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find(".env: env-file") != std::string::npos);
  CHECK(r.err.find("git rm --cached") != std::string::npos);
  const auto direct = run_pdo({"hook", "pre-commit"}, ws);
  CHECK(direct.exit_code == 3);
  CHECK(commits(ws) == 1);
}

TEST_CASE("an existing pre-commit hook is chained, still runs, and is not chained twice", "[cli][secrets][posix]") {
  TempDir tmp("pdo-secrets-chain");
  const fs::path ws = tmp / "course";
  fs::create_directories(ws);
  git_out({"init", "-q"}, ws);
  const fs::path hook = ws / ".git" / "hooks" / "pre-commit";
  const std::string mine = "#!/bin/sh\necho ran >> .git/local-hook-ran\n";
  write_file(hook, mine);
  fs::permissions(hook, fs::perms::owner_all, fs::perm_options::add);

  const auto init = init_ws(ws);
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  CHECK(init.out.find("pre-commit.local") != std::string::npos);
  CHECK(read_file(ws / ".git" / "hooks" / "pre-commit.local") == mine);
  CHECK(read_file(hook).find("pdo-managed") != std::string::npos);

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
  git_out({"checkout", "-q", "HEAD", "--", "questions.md"}, ws);

  const auto again = init_ws(ws);
  INFO(again.out << again.err);
  CHECK(again.exit_code == 0);
  CHECK(again.out.find("pre-commit.local") == std::string::npos);
  CHECK(read_file(ws / ".git" / "hooks" / "pre-commit.local") == mine);
  CHECK_FALSE(fs::exists(ws / ".git" / "hooks" / "pre-commit.local.local"));
  CHECK(read_file(hook).find("pdo-managed") != std::string::npos);
}

TEST_CASE("the hook respects core.hooksPath and fails closed without pdo", "[cli][secrets][posix]") {
  TempDir tmp("pdo-secrets-hookspath");
  const fs::path ws = tmp / "course";
  fs::create_directories(ws);
  git_out({"init", "-q"}, ws);
  git_out({"config", "core.hooksPath", ".githooks"}, ws);
  const auto plan = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws), "--dry-run"}, tmp.path());
  CHECK(plan.out.find(".githooks/pre-commit") != std::string::npos);
  REQUIRE(init_ws(ws).exit_code == 0);
  const fs::path hook = ws / ".githooks" / "pre-commit";
  REQUIRE(fs::exists(hook));
  CHECK_FALSE(fs::exists(ws / ".git" / "hooks" / "pre-commit"));

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

TEST_CASE("pdo's own commits are scanned: init refuses to commit a key", "[cli][secrets]") {
  TempDir tmp("pdo-secrets-init");
  const fs::path ws = tmp / "course";
  const auto plan = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws), "--dry-run"}, tmp.path());
  REQUIRE(plan.exit_code == 0);
  // The learner's own notes, written before pdo init, with a key in them.
  const fs::path notes = ws / "lessons" / "01-01-pytorch-distributed-overview" / "notes.md";
  write_file(notes, "# my notes\nkey " + fake_key(5) + "\n");
  const auto r = init_ws(ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("notes.md:2") != std::string::npos);
  CHECK(r.err.find(fake_key(5).substr(4)) == std::string::npos);
  CHECK(run_git({"rev-parse", "HEAD"}, ws).exit_code != 0);  // no commit
  CHECK(read_file(notes) == "# my notes\nkey " + fake_key(5) + "\n");
}

TEST_CASE("no false positives on a fresh workspace or on pdo's own sources", "[cli][secrets]") {
  for (const std::string lang : {"zh", "en"}) {
    TempDir tmp("pdo-secrets-clean-" + lang);
    const fs::path ws = tmp / "course";
    REQUIRE(init_ws(ws, lang).exit_code == 0);
    const auto r = run_pdo({"scan"}, ws);
    INFO(lang << ": " << r.out << r.err);
    CHECK(r.exit_code == 0);
    const auto h = run_pdo({"scan", "--history"}, ws);
    CHECK(h.exit_code == 0);
  }
  // This repository: sources, docs, templates, hooks, tests (fake keys in tests are built at run time).
  const fs::path source_root = fs::path(__FILE__).parent_path().parent_path().parent_path();
  const auto r = run_pdo({"--lang", "en", "scan", util::path_to_utf8(source_root)}, source_root);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("found 0 possible secrets") != std::string::npos);
}

TEST_CASE("pdo scan names files and lines, skips what git ignores, exit 3", "[cli][secrets]") {
  TempDir tmp("pdo-secrets-scan");
  const fs::path ws = tmp / "course";
  REQUIRE(init_ws(ws).exit_code == 0);
  write_file(ws / ".env", "GH=" + fake_key(7) + "\n");  // ignored: where keys belong
  write_file(ws / "data" / "leak.txt", "a\nb\n" + fake_key(8) + "\n");
  const auto r = run_pdo({"--lang", "en", "scan"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.out.find("data/leak.txt:3: github-token") != std::string::npos);
  CHECK(r.out.find(".env") == r.out.find(".env file at the workspace root"));  // only in the advice
  CHECK(r.out.find(fake_key(8).substr(4)) == std::string::npos);
  const auto one = run_pdo({"scan", "data/leak.txt"}, ws);
  CHECK(one.exit_code == 3);
  CHECK(run_pdo({"scan", "README.md"}, ws).exit_code == 0);
  CHECK(run_pdo({"scan", "missing.md"}, ws).exit_code == 2);
}

TEST_CASE("pdo track done 03 notes refuses a key in notes.md", "[cli][secrets]") {
  TempDir tmp("pdo-secrets-track");
  const fs::path ws = tmp / "course";
  REQUIRE(init_ws(ws).exit_code == 0);
  const fs::path notes = lesson_dir(ws, "03") / "notes.md";
  append(notes, "\nHF " + fake_key(9) + "\n");
  const std::string before_notes = read_file(notes);
  const std::string before_progress = read_file(ws / "progress.md");
  const int before = commits(ws);
  const auto r = run_pdo({"--lang", "en", "track", "done", "03", "notes"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("notes.md:") != std::string::npos);
  CHECK(r.err.find(fake_key(9).substr(4)) == std::string::npos);
  CHECK(commits(ws) == before);
  CHECK(read_file(notes) == before_notes);
  CHECK(read_file(ws / "progress.md") == before_progress);
}
