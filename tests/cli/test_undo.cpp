// pdo undo: reverts the latest pdo commit as a new commit, or refuses and says why.
#include "cli/cli_helpers.hpp"

using namespace pdo;
using namespace pdo::test;

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
    REQUIRE(Catch::replaceInPlace(text, "- [ ] 05 读讲义", "- [x] 05 读讲义"));
    write_file(root / "progress.md", text);
    git_out({"commit", "-qam", "by hand"}, root);
    require_ok(pdo_in(root, {"undo"}));  // undoes the undo: 02 read is done again
    CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [x] 02 读讲义") && Catch::Contains("- [x] 05 读讲义"));
  }
  SECTION("a later hand commit of the same box: refused") {
    std::string text = read_file(root / "progress.md");
    REQUIRE(Catch::replaceInPlace(text, "- [ ] 02 读讲义", "- [x] 02 读讲义"));
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
