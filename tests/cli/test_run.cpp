// The pdo binary is main.cpp forwarding argv to run_cli: one smoke test of that path here. Help and
// usage errors of every command are tested in-process, in tests/unit/cli/test_run.cpp.
#include "cli/cli_helpers.hpp"

using namespace pdo;
using namespace pdo::test;

TEST_CASE("the binary forwards to run_cli: help, version and a usage error", "[cli]") {
  TempDir tmp("run");
  const auto help = run_pdo({"--lang", "en", "track", "--help"}, tmp.path());
  CHECK(help.exit_code == 0);
  CHECK(help.err.empty());
  CHECK_THAT(help.out, Catch::Contains("Tick (done) or untick (todo)") && Catch::Contains("lesson"));
  const auto version = run_pdo({"--version"}, tmp.path());
  CHECK(version.exit_code == 0);
  CHECK_THAT(version.out, Catch::StartsWith("pdo "));
  const auto bad = run_pdo({"track", "done"}, tmp.path());
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::StartsWith("pdo: error:"));
}
