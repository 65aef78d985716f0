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
