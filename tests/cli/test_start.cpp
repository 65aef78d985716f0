// pdo start: prints the filled-in prompt, link and folders of a lesson.
#include "cli/cli_helpers.hpp"

using namespace pdo;
using namespace pdo::test;

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
