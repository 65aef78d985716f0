// pdo status: the progress table and the next step.
#include "cli/cli_helpers.hpp"

using namespace pdo;
using namespace pdo::test;

TEST_CASE("status shows the table and the next step", "[cli][status]") {
  TempDir tmp("status");
  const auto root = fresh_workspace(tmp);
  std::string text = read_file(root / "progress.md");
  REQUIRE(Catch::replaceInPlace(text, "- [ ] 01 读讲义", "- [x] 01 读讲义"));
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
