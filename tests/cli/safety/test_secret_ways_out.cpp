// Every way a key can leave the machine is guarded, with the real git: a commit message (commit-msg
// hook), a push of commits made with --no-verify (pre-push hook, to a local bare remote), and file
// shapes the old scanner skipped (UTF-16, a NUL byte) in pdo's own commits and in git's.
#include "cli/cli_helpers.hpp"
#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

std::string utf16le(const std::string& ascii) {
  std::string out("\xFF\xFE", 2);
  for (const char c : ascii) out += std::string(1, c) + '\0';
  return out;
}

}  // namespace

TEST_CASE("init installs the commit-msg and pre-push hooks", "[cli][hook]") {
  TempDir tmp("pdo-hooks-all");
  const fs::path ws = tmp / "course";
  const auto init = init_ws(ws);
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  for (const char* name : {"pre-commit", "commit-msg", "pre-push"}) {
    INFO(name);
    CHECK(read_file(ws / ".git" / "hooks" / name).find("pdo-managed") != std::string::npos);
    CHECK(init.out.find(std::string(name) + " hook") != std::string::npos);
  }
}

TEST_CASE("a key in a commit message is refused", "[cli][hook]") {
  TempDir tmp("pdo-hooks-msg");
  const fs::path ws = fresh_workspace(tmp);
  const int before = commit_count(ws);
  append(ws / "questions.md", "- clean\n");
  git_out({"add", "questions.md"}, ws);
  const auto r = git_commit(ws, {"-m", "token " + fake_key(5)});
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find("github-token") != std::string::npos);
  CHECK(r.err.find(fake_key(5).substr(4)) == std::string::npos);
  CHECK(commit_count(ws) == before);
  SECTION("a --no-verify commit message is found by scan --history") {
    REQUIRE(git_commit(ws, {"-q", "--no-verify", "-m", "token " + fake_key(5)}).exit_code == 0);
    const std::string id = git_out({"rev-parse", "HEAD"}, ws).substr(0, 12);
    const auto hist = run_pdo({"--lang", "en", "scan", "--history"}, ws);
    INFO(hist.out << hist.err);
    CHECK(hist.exit_code == 3);
    CHECK(hist.out.find(id + " (commit message):1: github-token") != std::string::npos);
    CHECK(hist.out.find(fake_key(5).substr(4)) == std::string::npos);
    return;
  }
  const auto ok = git_commit(ws, {"-m", "a clean message"});
  INFO(ok.out << ok.err);
  CHECK(ok.exit_code == 0);
  CHECK(commit_count(ws) == before + 1);
}

TEST_CASE("a --no-verify commit holding a key is refused by git push", "[cli][hook]") {
  TempDir tmp("pdo-hooks-push");
  const fs::path ws = workspace_with_remote(tmp);
  append(ws / "questions.md", "- my token " + fake_key(6) + "\n");
  git_out({"add", "questions.md"}, ws);
  REQUIRE(git_commit(ws, {"--no-verify", "-q", "-m", "forced"}).exit_code == 0);
  const std::string bad = git_out({"rev-parse", "HEAD"}, ws).substr(0, 12);

  const auto r = git_push(ws, "origin", "HEAD:refs/heads/main");
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find(bad + " questions.md") != std::string::npos);
  CHECK(r.err.find("github-token") != std::string::npos);
  CHECK(r.err.find(fake_key(6).substr(4)) == std::string::npos);
  CHECK(git_out({"rev-parse", "main"}, tmp / "remote.git") != git_out({"rev-parse", "HEAD"}, ws));

  SECTION("a new branch is refused too, and a clean push goes through") {
    CHECK(git_push(ws, "origin", "HEAD:refs/heads/leak").exit_code != 0);
    git_out({"reset", "-q", "--hard", "HEAD~1"}, ws);
    append(ws / "questions.md", "- a clean question\n");
    git_out({"add", "questions.md"}, ws);
    REQUIRE(git_commit(ws, {"-q", "-m", "clean"}).exit_code == 0);
    const auto ok = git_push(ws, "origin", "HEAD:refs/heads/main");
    INFO(ok.out << ok.err);
    CHECK(ok.exit_code == 0);
  }
  SECTION("an annotated tag on the commit is refused too, a clean tag goes through") {
    git_out({"tag", "-a", "-m", "v1", "v1"}, ws);
    const auto tag = git_push(ws, "origin", "refs/tags/v1");
    INFO(tag.out << tag.err);
    CHECK(tag.exit_code != 0);
    CHECK(tag.err.find(bad + " questions.md") != std::string::npos);
    git_out({"tag", "-a", "-m", "v0", "v0", "HEAD~1"}, ws);
    const auto clean = git_push(ws, "origin", "refs/tags/v0");
    INFO(clean.out << clean.err);
    CHECK(clean.exit_code == 0);
  }
  SECTION("a key only in a --no-verify commit message is refused") {
    git_out({"reset", "-q", "--hard", "HEAD~1"}, ws);
    REQUIRE(git_commit(ws, {"-q", "--allow-empty", "--no-verify", "-m", "token " + fake_key(7)}).exit_code == 0);
    const auto msg = git_push(ws, "origin", "HEAD:refs/heads/main");
    INFO(msg.out << msg.err);
    CHECK(msg.exit_code != 0);
    CHECK(msg.err.find("(提交说明)") != std::string::npos);  // the workspace speaks Chinese
  }
}

TEST_CASE("a UTF-16 file with a key is refused by track and by the hook", "[cli][hook]") {
  TempDir tmp("pdo-hooks-utf16");
  const fs::path ws = fresh_workspace(tmp);
  const int before = commit_count(ws);
  const fs::path file = lesson_dir(ws, "03") / "exercises" / "n.py";
  write_file(file, utf16le("# notes\r\nHF = \"" + fake_key(8) + "\"\r\n"));
  const auto r = pdo_in(ws, {"track", "done", "03", "exercise"});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("n.py:2") != std::string::npos);
  CHECK(commit_count(ws) == before);
  git_out({"add", "-A"}, ws);
  const auto g = git_commit(ws, {"-m", "exercise"});
  INFO(g.out << g.err);
  CHECK(g.exit_code != 0);
  CHECK(commit_count(ws) == before);
}

TEST_CASE("a file with a NUL byte is scanned: track refuses its key", "[cli][hook]") {
  TempDir tmp("pdo-hooks-nul");
  const fs::path ws = fresh_workspace(tmp);
  const int before = commit_count(ws);
  const fs::path file = lesson_dir(ws, "03") / "exercises" / "n.py";
  write_file(file, std::string("# \0\n", 4) + "HF_TOKEN = \"" + fake_key(9) + "\"\n");
  const auto r = pdo_in(ws, {"track", "done", "03", "exercise"});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(commit_count(ws) == before);
  const auto scan = pdo_in(ws, {"scan"});
  CHECK(scan.exit_code == 3);
}
