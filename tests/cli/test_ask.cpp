// pdo ask: files a dated question under its lesson in questions.md.
#include "cli/cli_helpers.hpp"

using namespace pdo;
using namespace pdo::test;

TEST_CASE("ask files a dated question under the lesson and undo removes it", "[cli][ask]") {
  TempDir tmp("ask");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"ask", "DDP 和 FSDP 的区别？", "--lesson", "3"}));
  require_ok(pdo_in(root, {"ask", "为什么要 barrier？", "--lesson", "03"}));
  const std::string q = read_file(root / "questions.md");
  CHECK_THAT(q, Catch::Contains("## 03 Getting Started with Distributed Data Parallel\n\n- [ ] "));
  CHECK(q.find("DDP 和 FSDP 的区别？\n- [ ] ") != std::string::npos);
  CHECK(commit_count(root) == 4);
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, root), Catch::Contains("Pdo-Action: ask"));
  require_ok(pdo_in(root, {"undo"}));
  CHECK(read_file(root / "questions.md").find("barrier") == std::string::npos);
  CHECK(read_file(root / "questions.md").find("FSDP") != std::string::npos);
  require_clean_repo(root);
}

TEST_CASE("ask without --lesson files the question under the lesson last started, and says which", "[cli][ask][issue26]") {
  TempDir tmp("ask started");
  const auto root = fresh_workspace(tmp);
  // Before any start: the lesson of the next step (01), named as such.
  const auto first = pdo_in(root, {"ask", "概览页讲了哪几种并行？"});
  require_ok(first);
  CHECK_THAT(first.out, Catch::Contains("01 PyTorch Distributed Overview") && Catch::Contains("下一步"));
  require_ok(pdo_in(root, {"start", "05"}));
  const auto r = pdo_in(root / "lessons", {"ask", "FSDP2 和 FSDP1 的区别？"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("05 Getting Started with Fully Sharded Data Parallel (FSDP2)") && Catch::Contains("pdo start"));
  const std::string q = read_file(root / "questions.md");
  const auto at05 = q.find("## 05 ");
  REQUIRE(at05 != std::string::npos);
  CHECK(q.find("FSDP2 和 FSDP1 的区别？", at05) != std::string::npos);
  CHECK(q.find("概览页讲了哪几种并行？") < at05);
  // --lesson still wins; the record is kept in .git/, never in the work tree.
  require_ok(pdo_in(root, {"ask", "TP 怎么切矩阵？", "--lesson", "07"}));
  CHECK(read_file(root / "questions.md").find("TP 怎么切矩阵？") > read_file(root / "questions.md").find("## 07 "));
  require_clean_repo(root);
  // A record naming no lesson of the course (edited by hand, a removed lesson) is ignored.
  write_file(root / ".git" / "pdo-started-lesson", "99\n");
  CHECK_THAT(pdo_in(root, {"ask", "还有问题"}).out, Catch::Contains("下一步"));
}

// questions.md taken out of git by the learner (`git rm --cached`, committed): neither HEAD nor the index
// has it, and ask's edit stages it anew, as a plain file (found by mutation: no test edited a path that
// was in neither).
TEST_CASE("ask after questions.md was taken out of git commits it again as a plain file", "[cli][ask]") {
  TempDir tmp("ask untracked");
  const auto root = fresh_workspace(tmp);
  REQUIRE(run_git({"rm", "-q", "--cached", "questions.md"}, root).exit_code == 0);
  REQUIRE(run_git({"commit", "-q", "--no-verify", "-m", "untrack questions"}, root).exit_code == 0);
  require_ok(pdo_in(root, {"ask", "what is a bucket?", "--lesson", "2"}));
  CHECK_THAT(git_out({"show", "HEAD:questions.md"}, root), Catch::Contains("what is a bucket?"));
  CHECK(git_out({"ls-files", "-s", "questions.md"}, root).rfind("100644 ", 0) == 0);
  // Exactly pdo's change is committed (HEAD had no questions.md); the rest of the working file, which git
  // no longer tracked, stays the learner's, uncommitted, with the question in it too.
  CHECK_THAT(read_file(root / "questions.md"), Catch::Contains("what is a bucket?"));
  CHECK(git_out({"status", "--porcelain"}, root) == " M questions.md\n");
}

// Mutation seed 18520729 (--seed-from 11a9a99) negated the condition of ask's "(commit …)" and every test
// passed: none read which commit a command says it made. Each committing command that names its commit
// names HEAD's, in both languages.
TEST_CASE("a command that names its commit names the commit it made, HEAD", "[cli][ask]") {
  TempDir tmp("names its commit");
  const auto root = fresh_workspace(tmp);
  write_file(lesson_dir(root, "03-") / "notes.md", "## 名称解释\n\n- DDP：数据并行\n");
  const std::vector<std::vector<std::string>> commands = {
      {"--lang", "en", "ask", "why barrier?", "--lesson", "03"}, {"ask", "为什么要 barrier？", "--lesson", "03"},
      {"--lang", "en", "track", "done", "03", "read"},           {"track", "done", "03", "notes"},
      {"--lang", "en", "lesson", "add", "Ray basics"},           {"glossary"}};
  for (const auto& args : commands) {
    CAPTURE(args);
    const auto r = pdo_in(root, args);
    require_ok(r);
    const std::string head = git_out({"rev-parse", "HEAD"}, root).substr(0, 12);
    CHECK_THAT(r.out, Catch::Contains("(commit " + head + ")") || Catch::Contains("（提交 " + head + "）"));
  }
  require_clean_repo(root);
}
