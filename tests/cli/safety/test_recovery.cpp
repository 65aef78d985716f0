// Issue 24's reproductions of recovery, run against the real pdo and checked with the real git CLI: the
// next pdo finishes or undoes a killed commit before it reads anything to plan from (repro 4).
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

constexpr const char* k_pause_points[] = {"lock-taken", "worktree-written", "objects-written", "index-written",
                                          "ref-locked", "index-renamed",    "ref-moved"};

}  // namespace

// [posix:signals] kill -9 at pdo's test pause points, which the Windows build leaves out (PDO_TEST_HOOKS=OFF).
TEST_CASE("issue 24 repro 4: init killed while it commits, then init again, gives a whole workspace",
          "[cli][safety][transaction][init][posix][posix:signals]") {
  for (const char* point : k_pause_points) {
    DYNAMIC_SECTION(point) {
      TempDir tmp("init-killed");
      const auto cwd = tmp / "run";
      fs::create_directories(cwd);
      const auto root = cwd / "W";
      REQUIRE(kill_at(cwd, {"init", "W", "--yes"}, point));
      const auto again = run_pdo({"init", "W", "--yes"}, cwd);
      INFO(again.out << again.err);
      CHECK(again.exit_code == 0);
      for (const char* file : {"README.md", "progress.md", "questions.md", ".pdo/config.toml", ".gitignore"}) {
        INFO(file);
        CHECK(fs::is_regular_file(root / file));
        CHECK(run_git({"cat-file", "-e", std::string("HEAD:") + file}, root).exit_code == 0);
      }
      require_clean_repo(root);
      require_ok(run_pdo({"track", "done", "01", "read"}, root));
      CHECK_THAT(git_out({"show", "HEAD:progress.md"}, root), Catch::Contains("- [x] 01 "));
    }
  }
}

// The same for every other committing command: `pdo lesson add` reads .pdo/lessons.toml to plan the next
// one; read before the recovery that takes the killed run's lesson away, its plan would be stale.
// [posix:signals] kill -9 at a test pause point.
TEST_CASE("issue 24 repro 4: a command after a killed one plans from what recovery left",
          "[cli][safety][transaction][lesson][posix][posix:signals]") {
  TempDir tmp("lesson-killed");
  const auto root = fresh_workspace(tmp);
  REQUIRE(kill_at(root, {"lesson", "add", "Killed Lesson", "--url", "https://example.com/killed"}, "worktree-written"));
  REQUIRE_THAT(read_file(root / ".pdo/lessons.toml"), Catch::Contains("Killed Lesson"));
  const auto next = pdo_in(root, {"lesson", "add", "Second Lesson", "--url", "https://example.com/second"});
  INFO(next.out << next.err);
  CHECK(next.exit_code == 0);
  const std::string lessons = git_out({"show", "HEAD:.pdo/lessons.toml"}, root);
  CHECK_THAT(lessons, Catch::Contains("Second Lesson") && !Catch::Contains("Killed Lesson"));
  CHECK(read_file(root / ".pdo/lessons.toml") == lessons);
  require_clean_repo(root);
}
