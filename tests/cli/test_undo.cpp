// pdo undo: reverts the newest pdo step not undone yet as a new commit (a stack), or refuses and says why.
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;

TEST_CASE("undo reverts the latest pdo step as a new commit, and walks back like a stack", "[cli][undo]") {
  TempDir tmp("undo");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  require_ok(pdo_in(root, {"track", "done", "02", "read"}));
  require_ok(pdo_in(root, {"undo"}));
  CHECK(commit_count(root) == 5);
  CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [x] 01 读讲义") && Catch::Contains("- [ ] 02 读讲义"));
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, root), Catch::Contains("Pdo-Undoes: ") && Catch::Contains("Pdo-State: todo"));
  require_clean_repo(root);

  SECTION("a second undo reverts the step before (never the undo itself); a later hand commit of another box stays") {
    std::string text = read_file(root / "progress.md");
    REQUIRE(Catch::replaceInPlace(text, "- [ ] 05 读讲义", "- [x] 05 读讲义"));
    write_file(root / "progress.md", text);
    git_out({"commit", "-qam", "by hand"}, root);
    require_ok(pdo_in(root, {"undo"}));
    CHECK_THAT(read_file(root / "progress.md"),
               Catch::Contains("- [ ] 01 读讲义") && Catch::Contains("- [ ] 02 读讲义") && Catch::Contains("- [x] 05 读讲义"));
    const auto third = pdo_in(root, {"undo"});
    CHECK(third.exit_code == 2);
    CHECK_THAT(third.out, Catch::Contains("pdo init"));  // the init commit it skipped is named
    require_clean_repo(root);
  }
  SECTION("uncommitted edits stay uncommitted and untouched") {
    write_file(root / "progress.md", read_file(root / "progress.md") + "draft\n");
    require_ok(pdo_in(root, {"undo"}));
    CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [ ] 01 读讲义") && Catch::EndsWith("draft\n"));
    CHECK_THAT(git_out({"show", "HEAD:progress.md"}, root), !Catch::Contains("draft"));
    CHECK_THAT(git_out({"status", "--porcelain"}, root), Catch::Contains(" M progress.md"));
  }
}

TEST_CASE("undo refuses, naming the commit, when a later commit changed the same box", "[cli][undo]") {
  TempDir tmp("undo same");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "02", "read"}));
  std::string text = read_file(root / "progress.md");
  REQUIRE(Catch::replaceInPlace(text, "- [x] 02 读讲义", "- [ ] 02 读讲义"));
  write_file(root / "progress.md", text);
  git_out({"commit", "-qam", "by hand"}, root);
  const auto r = pdo_in(root, {"undo"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("by hand"));
  CHECK(commit_count(root) == 4);
}

TEST_CASE("undo names the step and what it takes back, and undo --dry-run shows it without changing anything", "[cli][undo][issue26]") {
  TempDir tmp("undo dry run");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"ask", "gloo 和 nccl 怎么选？", "--lesson", "04"}));
  const std::string head = git_out({"rev-parse", "HEAD"}, root);
  const std::string questions = read_file(root / "questions.md");
  const auto dry = pdo_in(root, {"undo", "--dry-run"});
  require_ok(dry);
  const std::string date = git_out({"log", "-1", "--format=%ad", "--date=short"}, root);
  CHECK_THAT(dry.out, Catch::Contains(std::string(util::trim(date))) && Catch::Contains(head.substr(0, 12)) &&
                          Catch::Contains("questions.md：删除 - [ ] ") && Catch::Contains("gloo 和 nccl 怎么选？") &&
                          Catch::Contains("--dry-run"));
  CHECK(git_out({"rev-parse", "HEAD"}, root) == head);
  CHECK(read_file(root / "questions.md") == questions);
  require_clean_repo(root);
  const auto undo = pdo_in(root, {"undo"});
  require_ok(undo);
  CHECK_THAT(undo.out, Catch::Contains("已撤销 ") && Catch::Contains(head.substr(0, 12)) && Catch::Contains("gloo 和 nccl 怎么选？"));
  CHECK(read_file(root / "questions.md").find("gloo") == std::string::npos);
  // A tick is named by its box.
  require_ok(pdo_in(root, {"--lang", "en", "track", "done", "02", "read"}));
  const auto track = pdo_in(root, {"--lang", "en", "undo", "--dry-run"});
  CHECK_THAT(track.out, Catch::Contains("pdo undo would revert ") && Catch::Contains("progress.md: untick 02 读讲义"));
  require_clean_repo(root);
}

TEST_CASE("undo refuses, naming the commit, when a later commit changed the same question", "[cli][undo]") {
  TempDir tmp("undo same question");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"ask", "why does all_reduce hang?", "--lesson", "3"}));
  std::string text = read_file(root / "questions.md");
  REQUIRE(Catch::replaceInPlace(text, "why does all_reduce hang?", "why does all_reduce hang on two GPUs?"));
  write_file(root / "questions.md", text);
  git_out({"commit", "-qam", "sharper question"}, root);
  const std::string later = git_out({"rev-parse", "HEAD"}, root).substr(0, 12);
  const auto r = pdo_in(root, {"--lang", "en", "undo"});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("a later commit " + later) && Catch::Contains("sharper question") &&
                        Catch::Contains("also changed that question"));
  CHECK(commit_count(root) == 4);
  CHECK(read_file(root / "questions.md") == text);
}

// Issue 41 item 2: a workspace file that fails to load never blocks `pdo undo` (nor `pdo status`, which shows
// what is wrong): every command exited 2 on a .pdo/lessons.toml it refused, undo included. They now say the
// file, its line and what is wrong, and go on without the learner's own lessons.
TEST_CASE("a .pdo/lessons.toml that does not load never blocks undo or status", "[cli][undo][own-state]") {
  TempDir tmp("undo broken lessons");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  const std::string official = util::path_to_utf8(lesson_dir(root, "05").filename());
  std::filesystem::create_directories(root / ".pdo");
  write_file(root / ".pdo/lessons.toml",
             "schema = 1\n\n[[lessons]]\nnumber = 18\nid = \"own-broken\"\ntitle = \"Mine\"\nfolder = \"" + official + "\"\n");
  git_out({"add", ".pdo/lessons.toml"}, root);
  git_out({"-c", "core.hooksPath=" + util::path_to_utf8(tmp / "none"), "commit", "-qm", "by hand"}, root);
  CHECK(pdo_in(root, {"track", "done", "01", "notes"}).exit_code == 2);  // planning from the lessons still stops
  const auto status = pdo_in(root, {"--lang", "en", "status"});
  INFO(status.out << status.err);
  CHECK(status.exit_code == 0);
  // The lesson's own line: its [[lessons]] is line 3.
  CHECK_THAT(status.err, Catch::Contains(".pdo/lessons.toml:3: ") && Catch::Contains("without your own lessons"));
  const auto undo = pdo_in(root, {"--lang", "en", "undo"});
  INFO(undo.out << undo.err);
  CHECK(undo.exit_code == 0);
  CHECK_THAT(undo.err, Catch::Contains(".pdo/lessons.toml"));
  CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [ ] 01"));
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
}

// Issue 43 item 1: `pdo undo --list` shows the stack undo walks, newest first, and changes nothing.
TEST_CASE("undo --list shows the steps undo would take back, newest first, and changes nothing", "[cli][undo][issue43]") {
  TempDir tmp("undo list");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  require_ok(pdo_in(root, {"ask", "为什么？", "--lesson", "02"}));
  require_ok(pdo_in(root, {"track", "done", "03", "read"}));
  require_ok(pdo_in(root, {"undo"}));  // 03 read: no longer on the stack
  const std::string before = git_out({"rev-parse", "HEAD"}, root);
  const auto r = pdo_in(root, {"--lang", "en", "undo", "--list"});
  require_ok(r);
  INFO(r.out);
  CHECK(git_out({"rev-parse", "HEAD"}, root) == before);
  const auto question = r.out.find("→ "), read = r.out.find("完成 01 读讲义");  // the commits speak the workspace's language
  REQUIRE(question != std::string::npos);
  CHECK_THAT(r.out.substr(question, r.out.find('\n', question) - question), Catch::Contains("问题：02"));  // the next one
  CHECK(read != std::string::npos);
  CHECK(r.out.find("问题：02") < read);
  CHECK_THAT(r.out, !Catch::Contains("03 读讲义") && !Catch::Contains("skipped"));
  CHECK_THAT(read_file(root / "README.md"), Catch::Contains("pdo undo --list"));
}

namespace {

/// `n` hand-made commits on top of main (git fast-import), each changing hand.txt: no pdo step among them.
void hand_commits(const std::filesystem::path& root, int n) {
  std::string stream;
  for (int i = 1; i <= n; ++i) {
    const std::string msg = "by hand " + std::to_string(i) + "\n", text = std::to_string(i) + "\n";
    stream += "commit refs/heads/main\ncommitter L <l@example.com> " + std::to_string(1700000000 + i) + " +0800\ndata " +
              std::to_string(msg.size()) + "\n" + msg + (i == 1 ? "from refs/heads/main^0\n" : "") + "M 100644 inline hand.txt\ndata " +
              std::to_string(text.size()) + "\n" + text + "\n";
  }
  platform::ProcessOptions opts;
  opts.cwd = root;
  opts.env = test_env();
  opts.input = stream;
  const auto imported = platform::run_process({"git", "fast-import", "--quiet"}, opts);
  INFO(imported.err);
  REQUIRE(imported.exit_code == 0);
  git_out({"reset", "-q", "--hard", "main"}, root);
}

}  // namespace

// undo looks back 1000 commits: a step that is the 1000th commit from HEAD is found, the 1001st is not.
TEST_CASE("undo finds a step 1000 commits back and says there is none at 1001", "[cli][undo]") {
  TempDir tmp("undo depth");
  const auto root = fresh_workspace(tmp);
  REQUIRE(git_out({"branch", "--show-current"}, root) == "main\n");
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  hand_commits(root, 999);  // the step is the 1000th commit read
  const auto found = pdo_in(root, {"--lang", "en", "undo", "--dry-run"});
  INFO(found.out << found.err);
  CHECK(found.exit_code == 0);
  CHECK_THAT(found.out, Catch::Contains("would revert") && Catch::Contains("01"));
  hand_commits(root, 1);  // now the 1001st
  const auto none = pdo_in(root, {"--lang", "en", "undo", "--dry-run"});
  INFO(none.out << none.err);
  CHECK(none.exit_code == 2);
  CHECK_THAT(none.err, Catch::Contains("no pdo step to undo"));
}

// undo --list shows the 20 newest steps of a longer stack.
TEST_CASE("undo --list shows 20 steps of 21", "[cli][undo]") {
  TempDir tmp("undo list 20");
  const auto root = fresh_workspace(tmp);
  for (int lesson = 1; lesson <= 17; ++lesson) require_ok(pdo_in(root, {"track", "done", std::to_string(lesson), "read"}));
  for (int lesson = 1; lesson <= 4; ++lesson) require_ok(pdo_in(root, {"track", "done", std::to_string(lesson), "notes"}));
  const auto r = pdo_in(root, {"--lang", "en", "undo", "--list"});
  require_ok(r);
  INFO(r.out);
  std::size_t steps = 0;
  for (const auto line : util::split_lines(r.out)) steps += util::starts_with(line, "→ ") || util::starts_with(line, "  ") ? 1u : 0u;
  CHECK(steps == 20);
  CHECK_THAT(r.out, Catch::Contains("04 记笔记") && Catch::Contains("02 读讲义") && !Catch::Contains("01 读讲义"));
}
