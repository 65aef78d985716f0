// What every command shares (src/cli/run.cpp): help, usage errors, running outside a workspace.
#include "cli/cli_helpers.hpp"

using namespace pdo;
using namespace pdo::test;

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
