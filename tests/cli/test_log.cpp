// pdo log: the study journal from pdo's and the learner's commits.
#include "cli/cli_helpers.hpp"

using namespace pdo;
using namespace pdo::test;

TEST_CASE("log shows pdo's commits and the learner's hand-made ones", "[cli][log]") {
  TempDir tmp("log");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  std::string text = read_file(root / "progress.md");
  REQUIRE(Catch::replaceInPlace(text, "- [ ] 02 读讲义", "- [x] 02 读讲义"));
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
