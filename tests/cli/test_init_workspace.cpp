// pdo init run inside a workspace, or inside a clone of one on a second machine (issue 26): it completes
// that workspace. No folder question, no nested course folder, pdo's hooks installed, and the report says
// what it found and kept.
#include <regex>

#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

TEST_CASE("pdo init in a clone of a workspace uses it: no folder question, hooks installed, reuse reported", "[cli][init][issue26]") {
  TempDir tmp("init in clone");
  const auto origin = fresh_workspace(tmp);
  const auto clone = tmp / "second machine/pytorch-distributed-overview";
  REQUIRE(run_git({"clone", "-q", util::path_to_utf8(origin), util::path_to_utf8(clone)}, tmp.path()).exit_code == 0);
  REQUIRE_FALSE(fs::exists(clone / ".git/hooks/pre-commit"));  // a clone gets no hooks
  SECTION("from the workspace's root") {
    const auto r = run_pdo({"init"}, clone, "y\n");
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, !Catch::Contains("课程放在哪个目录") && Catch::Contains("你就在这个工作区里"));
    CHECK_THAT(r.out, Catch::Contains("沿用：工作区设置 .pdo/config.toml（课程 pytorch-distributed-overview，路线 browser，语言 zh）") &&
                          Catch::Contains("git 仓库 " + pdo_path(clone)) && Catch::Contains("个已有文件（原样保留）"));
    // Issue 43 item 9: the plan and the summary count the same files (the plan once counted folders too).
    std::smatch plan, summary;
    REQUIRE(std::regex_search(r.out, plan, std::regex("已存在、原样保留：([0-9]+) 个文件、([0-9]+) 个文件夹")));
    REQUIRE(std::regex_search(r.out, summary, std::regex("([0-9]+) 个已有文件（原样保留）")));
    CHECK(plan[1] == summary[1]);
    CHECK(std::stoi(plan[2]) > 0);
  }
  SECTION("from a lesson folder inside it") {
    const auto r = run_pdo({"init"}, lesson_dir(clone, "03"), "y\n");
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, !Catch::Contains("课程放在哪个目录") && Catch::Contains("课程目录（绝对路径）：" + pdo_path(clone)));
  }
  CHECK_FALSE(fs::exists(clone / "pytorch-distributed-overview"));
  CHECK_FALSE(fs::exists(lesson_dir(clone, "03") / "pytorch-distributed-overview"));
  for (const char* hook : {"pre-commit", "commit-msg", "pre-push"}) {
    INFO(hook);
    CHECK(fs::exists(clone / ".git/hooks" / hook));
  }
  CHECK(tree_of(clone) == tree_of(origin));
  require_clean_repo(clone);
}

// Issue 43 item 8: re-running pdo init committed the learner's uncommitted text below README's generated
// block together with its own refresh of the block (a hand tick in progress.md, by contrast, stays
// uncommitted). The commit now has the committed README with the new block; the learner's line stays in
// the working file, uncommitted.
TEST_CASE("re-running init refreshes README's block without committing the learner's uncommitted lines", "[cli][init][issue43]") {
  TempDir tmp("init readme uncommitted");
  const auto root = fresh_workspace(tmp);
  std::string readme = read_file(root / "README.md");
  Catch::replaceInPlace(readme, "https://docs.pytorch.org/tutorials/beginner/dist_overview.html", "https://example.com/stale");
  write_file(root / "README.md", readme);
  git_out({"commit", "-qam", "a stale block"}, root);
  append(root / "README.md", "my own line, not committed yet\n");
  const auto r = run_pdo({"init", util::path_to_utf8(root), "--yes"}, tmp.path());
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const std::string committed = git_out({"show", "HEAD:README.md"}, root);
  CHECK_THAT(committed, !Catch::Contains("my own line") && !Catch::Contains("example.com/stale") &&
                            Catch::Contains("https://docs.pytorch.org/tutorials/beginner/dist_overview.html"));
  CHECK_THAT(read_file(root / "README.md"), Catch::EndsWith("my own line, not committed yet\n") && !Catch::Contains("example.com/stale"));
  CHECK(git_out({"status", "--porcelain"}, root) == " M README.md\n");
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
}
