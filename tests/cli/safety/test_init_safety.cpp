// pdo init's plan against the learner's files in the moment between its last look and its write: pdo
// pauses at a step of its transaction (a test build's PDO_TEST_PAUSE with PDO_TEST_PAUSE_WAIT), the test
// writes a file there, and pdo goes on.
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

// [posix:test-hooks] the pause points exist only in test builds; the Windows build leaves them out.
TEST_CASE("init never overwrites a file that appeared after its plan and before its write",
          "[cli][safety][init][posix][posix:test-hooks]") {
  TempDir tmp("init-race");
  const auto root = tmp / "ws";
  const std::string mine = "# my questions, written while pdo init was committing\n";
  const auto r =
      run_paused(tmp.path(), {"init", util::path_to_utf8(root), "--yes"}, "lock-taken", [&] { write_file(root / "questions.md", mine); });
  INFO(r.out << r.err);
  CHECK(r.exit_code == 5);  // busy: run init again to see the new plan
  CHECK_THAT(r.err, Catch::Contains("questions.md"));
  CHECK(read_file(root / "questions.md") == mine);
  CHECK_FALSE(fs::exists(root / ".git/index.lock"));
  // The next init plans around the learner's file and keeps it.
  require_ok(run_pdo({"init", util::path_to_utf8(root), "--yes"}, tmp.path()));
  CHECK(read_file(root / "questions.md") == mine);
  CHECK(git_out({"show", "HEAD:questions.md"}, root) == mine);
}
