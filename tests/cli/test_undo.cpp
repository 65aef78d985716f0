// pdo undo: reverts the newest pdo step not undone yet as a new commit (a stack), or refuses and says why.
#include "cli/cli_helpers.hpp"

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
