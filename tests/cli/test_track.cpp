// The study loop (track, status, log, undo, start, ask) run as the real binary, checked with git.
#include <thread>

#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;

namespace {

std::filesystem::path fresh_workspace(const TempDir& tmp, const std::vector<std::string>& extra = {}) {
  const auto root = tmp / "pytorch-distributed-overview";
  init_workspace(root, extra);
  return root;
}

platform::ProcessResult pdo_in(const std::filesystem::path& root, const std::vector<std::string>& args, const std::string& input = "") {
  return run_pdo(args, root, input);
}

void require_ok(const platform::ProcessResult& r) {
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.exit_code == 0);
}

}  // namespace

TEST_CASE("track done ticks one box as one commit", "[cli][track]") {
  TempDir tmp("track");
  const auto root = fresh_workspace(tmp);
  write_file(root / "mine.txt", "learner's staged file\n");
  git_out({"add", "mine.txt"}, root);
  const std::string before = read_file(root / "progress.md");

  require_ok(pdo_in(root, {"track", "done", "03", "read"}));
  const std::string after = read_file(root / "progress.md");
  REQUIRE(after.size() == before.size());
  std::size_t diff = 0;
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (after[i] != before[i]) ++diff;
  }
  CHECK(diff == 1);
  CHECK(git_out({"diff", "--numstat", "HEAD~1", "HEAD", "--", "progress.md"}, root) == "1\t1\tprogress.md\n");
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, root),
             Catch::Contains("Pdo-Lesson: 03") && Catch::Contains("Pdo-Step: read") && Catch::Contains("Pdo-State: done"));
  CHECK(git_out({"show", "--name-only", "--format=", "HEAD"}, root) == "progress.md\n");
  CHECK(git_out({"diff", "--cached", "--name-only"}, root) == "mine.txt\n");
  CHECK(git_out({"status", "--porcelain"}, root) == "A  mine.txt\n");
  const auto status = pdo_in(root, {"status", "--json"});
  require_ok(status);
  CHECK_THAT(status.out, Catch::Contains(R"("folder":"03-03-getting-started-with-distributed-data","url":)"
                                         R"("https://docs.pytorch.org/tutorials/intermediate/ddp_tutorial.html","published":true,)"
                                         R"("steps":{"read":true,"exercise":false,"notes":false}})"));
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
}

TEST_CASE("track accepts 3, 03, the folder name and Chinese step names", "[cli][track]") {
  TempDir tmp("track names");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "3", "读讲义"}));
  require_ok(pdo_in(root, {"track", "done", "03-03-getting-started-with-distributed-data", "做练习"}));
  require_ok(pdo_in(root, {"track", "done", "03", "记笔记"}));
  CHECK(commit_count(root) == 4);
  const auto again = pdo_in(root, {"track", "done", "03", "notes"});
  require_ok(again);
  CHECK_THAT(again.out, Catch::Contains("已经勾选过了"));
  CHECK(commit_count(root) == 4);
  require_ok(pdo_in(root, {"track", "todo", "3", "exercise"}));
  CHECK(commit_count(root) == 5);
  CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [x] 03 读讲义\n- [ ] 03 做练习\n- [x] 03 记笔记\n"));
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, root), Catch::Contains("Pdo-State: todo"));
  const auto undone = pdo_in(root, {"track", "todo", "03", "exercise"});
  require_ok(undone);
  CHECK_THAT(undone.out, Catch::Contains("本来就没有勾选"));
  require_clean_repo(root);
}

TEST_CASE("unknown lessons and steps say what is valid and write nothing", "[cli][track]") {
  TempDir tmp("track bad");
  const auto root = fresh_workspace(tmp);
  const std::string before = read_file(root / "progress.md");
  const auto lesson = pdo_in(root, {"track", "done", "99", "read"});
  CHECK(lesson.exit_code == 2);
  CHECK_THAT(lesson.err, Catch::StartsWith("pdo: error:") && Catch::Contains("01–17"));
  const auto step = pdo_in(root, {"--lang", "en", "track", "done", "03", "watch"});
  CHECK(step.exit_code == 2);
  CHECK_THAT(step.err, Catch::Contains("read, exercise, notes"));
  const auto state = pdo_in(root, {"track", "finished", "03", "read"});
  CHECK(state.exit_code == 2);
  CHECK(read_file(root / "progress.md") == before);
  CHECK(commit_count(root) == 1);
  require_clean_repo(root);
}

TEST_CASE("a broken progress line is named and never repaired", "[cli][track]") {
  TempDir tmp("track broken");
  const auto root = fresh_workspace(tmp);
  std::string text = read_file(root / "progress.md");
  text.erase(text.find("- [ ] 05 做练习\n"), std::string("- [ ] 05 做练习\n").size());
  write_file(root / "progress.md", text);
  const auto r = pdo_in(root, {"track", "done", "05", "exercise"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("- [ ] 05 做练习"));
  CHECK(read_file(root / "progress.md") == text);
  CHECK(commit_count(root) == 1);
  const auto status = pdo_in(root, {"status", "--json"});
  CHECK_THAT(status.out, Catch::Contains(R"("steps":{"read":false,"exercise":null,"notes":false})"));
}

TEST_CASE("CRLF, BOM and the learner's own lines survive track byte for byte", "[cli][track]") {
  TempDir tmp("track crlf");
  const auto root = fresh_workspace(tmp);
  std::string text = "\xEF\xBB\xBF" + read_file(root / "progress.md") + "\n我自己的备注：周末复习\n";
  text = Catch::replaceInPlace(text, "- [ ] 04 记笔记", "- [x] 04 记笔记 (手动勾选)") ? text : text;
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  write_file(root / "progress.md", crlf);
  git_out({"commit", "-qam", "hand edits"}, root);
  require_ok(pdo_in(root, {"track", "done", "03", "read"}));
  const std::string after = read_file(root / "progress.md");
  std::string expected = crlf;
  expected[expected.find("- [ ] 03 读讲义") + 3] = 'x';
  CHECK(after == expected);
  require_clean_repo(root);
}

TEST_CASE("notes and exercise steps commit the lesson's files, nothing else", "[cli][track]") {
  TempDir tmp("track files");
  const auto root = fresh_workspace(tmp);
  const std::string lesson = "lessons/03-03-getting-started-with-distributed-data/";
  write_file(root / (lesson + "notes.md"), read_file(root / (lesson + "notes.md")) + "DDP: one process per GPU.\n");
  write_file(root / (lesson + "exercises/ddp.py"), "print('hi')\n");
  write_file(root / (lesson + "exercises/.env"), "not committed\n");
  write_file(root / "other.txt", "not pdo's\n");
  require_ok(pdo_in(root, {"track", "done", "03", "notes"}));
  CHECK(git_out({"show", "--name-only", "--format=", "HEAD"}, root) == lesson + "notes.md\nprogress.md\n");
  require_ok(pdo_in(root, {"track", "done", "03", "exercise"}));
  CHECK(git_out({"show", "--name-only", "--format=", "HEAD"}, root) == lesson + "exercises/ddp.py\nprogress.md\n");
  CHECK(git_out({"status", "--porcelain"}, root) == "?? other.txt\n");
}

TEST_CASE("status shows the table and the next step", "[cli][status]") {
  TempDir tmp("status");
  const auto root = fresh_workspace(tmp);
  std::string text = read_file(root / "progress.md");
  Catch::replaceInPlace(text, "- [ ] 01 读讲义", "- [x] 01 读讲义");
  write_file(root / "progress.md", text);  // ticked by hand: honoured
  const auto r = pdo_in(root, {"status"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("1/51") && Catch::Contains("下一步：01 做练习") && Catch::Contains("pdo start 01"));
  const auto j = pdo_in(root, {"status", "--json"});
  CHECK_THAT(j.out, Catch::StartsWith(R"({"course":"pytorch-distributed-overview")") &&
                        Catch::Contains(R"("next":{"lesson":"01","number":1,"step":"exercise"})"));
  const auto en = pdo_in(root, {"--lang", "en", "status"});
  CHECK_THAT(en.out, Catch::Contains("next: 01 Do the exercise"));
}

TEST_CASE("log shows pdo's commits and the learner's hand-made ones", "[cli][log]") {
  TempDir tmp("log");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  std::string text = read_file(root / "progress.md");
  Catch::replaceInPlace(text, "- [ ] 02 读讲义", "- [x] 02 读讲义");
  write_file(root / "progress.md", text);
  git_out({"commit", "-qam", "read lesson 2 on the train"}, root);
  const auto r = pdo_in(root, {"log", "--json"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains(R"("lesson":1,"id":"01","step":"read","state":"done")") &&
                        Catch::Contains(R"("lesson":2,"id":"02","step":"read","state":"done")") &&
                        Catch::Contains(R"("source":"manual")") && Catch::Contains(R"("source":"pdo")") &&
                        Catch::Contains(R"("days_studied":1,"current_streak":1)"));
  const auto text_log = pdo_in(root, {"log"});
  CHECK_THAT(text_log.out, Catch::Contains("01 读讲义") && Catch::Contains("手动提交"));
}

TEST_CASE("undo reverts the latest pdo commit as a new commit", "[cli][undo]") {
  TempDir tmp("undo");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  require_ok(pdo_in(root, {"track", "done", "02", "read"}));
  require_ok(pdo_in(root, {"undo"}));
  CHECK(commit_count(root) == 4);
  CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [x] 01 读讲义") && Catch::Contains("- [ ] 02 读讲义"));
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, root), Catch::Contains("Pdo-Undo: ") && Catch::Contains("Pdo-State: todo"));
  require_clean_repo(root);

  SECTION("a later hand commit of another box stays") {
    std::string text = read_file(root / "progress.md");
    Catch::replaceInPlace(text, "- [ ] 05 读讲义", "- [x] 05 读讲义");
    write_file(root / "progress.md", text);
    git_out({"commit", "-qam", "by hand"}, root);
    require_ok(pdo_in(root, {"undo"}));  // undoes the undo: 02 read is done again
    CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [x] 02 读讲义") && Catch::Contains("- [x] 05 读讲义"));
  }
  SECTION("a later hand commit of the same box: refused") {
    std::string text = read_file(root / "progress.md");
    Catch::replaceInPlace(text, "- [ ] 02 读讲义", "- [x] 02 读讲义");
    write_file(root / "progress.md", text);
    git_out({"commit", "-qam", "by hand"}, root);
    const auto r = pdo_in(root, {"undo"});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("by hand"));
    CHECK(commit_count(root) == 5);
  }
  SECTION("uncommitted edits: refused") {
    write_file(root / "progress.md", read_file(root / "progress.md") + "draft\n");
    const auto r = pdo_in(root, {"undo"});
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("progress.md"));
  }
}

TEST_CASE("ask files a dated question under the lesson and undo removes it", "[cli][ask]") {
  TempDir tmp("ask");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"ask", "DDP 和 FSDP 的区别？", "--lesson", "3"}));
  require_ok(pdo_in(root, {"ask", "为什么要 barrier？", "--lesson", "03"}));
  const std::string q = read_file(root / "questions.md");
  CHECK_THAT(q, Catch::Contains("## 03 Getting Started with Distributed Data Parallel\n\n- [ ] "));
  CHECK(q.find("DDP 和 FSDP 的区别？\n- [ ] ") != std::string::npos);
  CHECK(commit_count(root) == 3);
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, root), Catch::Contains("Pdo-Action: ask"));
  require_ok(pdo_in(root, {"undo"}));
  CHECK(read_file(root / "questions.md").find("barrier") == std::string::npos);
  CHECK(read_file(root / "questions.md").find("FSDP") != std::string::npos);
  require_clean_repo(root);
}

TEST_CASE("start prints the filled-in prompt, link and folders", "[cli][start]") {
  TempDir tmp("start");
  const auto root = fresh_workspace(tmp);
  const auto r = pdo_in(root / "lessons", {"start", "3"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("第 03 课：Getting Started with Distributed Data Parallel") &&
                        Catch::Contains("https://docs.pytorch.org/tutorials/intermediate/ddp_tutorial.html") &&
                        Catch::Contains("lessons/03-03-getting-started-with-distributed-data/exercises") &&
                        Catch::Contains("只给提示"));
  CHECK(pdo_in(root, {"start", "18"}).exit_code == 2);
  CHECK(git_out({"status", "--porcelain"}, root).empty());
}

TEST_CASE("commands outside a workspace say what to do", "[cli]") {
  TempDir tmp("outside");
  for (const auto& cmd : std::vector<std::vector<std::string>>{{"status"}, {"log"}, {"track", "done", "1", "read"}, {"undo"}}) {
    const auto r = run_pdo(cmd, tmp.path());
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("pdo init"));
  }
}

TEST_CASE("every command has help", "[cli]") {
  TempDir tmp("help");
  for (const char* cmd : {"track", "status", "log", "undo", "start", "ask"}) {
    const auto r = run_pdo({cmd, "--help"}, tmp.path());
    INFO(cmd);
    CHECK(r.exit_code == 0);
    CHECK_FALSE(r.out.empty());
  }
}
