// The test support itself: TempDir keeps the folder of a test case in which any assertion failed. The
// visible case runs two hidden ([.]) cases of this same binary in a child process and looks at what they
// left behind.
#include <catch2/catch.hpp>

#include <iostream>

#include "support/temp_dir.hpp"
#include "util/fs.hpp"
#include "util/platform.hpp"

using namespace pdo;
using namespace pdo::test;

namespace {

const char* const k_failing_child = "temp dir child: an early CHECK fails and later ones pass";
const char* const k_passing_child = "temp dir child: every CHECK passes";

/// A TempDir with one file in it; prints its path for the parent.
void make_evidence(TempDir& dir) {
  write_file(dir / "evidence.txt", "what the test saw\n");
  std::cout << "temp dir: " << util::path_to_utf8(dir.path()) << "\n";
}

struct ChildRun {
  platform::ProcessResult result;
  std::filesystem::path dir;  ///< the child's TempDir ("" if it printed none)
};

ChildRun run_child(const std::string& test_name) {
  const auto self = platform::self_exe();
  REQUIRE(self);
  platform::ProcessOptions opts;
  opts.env = {{"PDO_KEEP_TEMP", ""}};  // unset: the child decides by its own result
  opts.timeout = std::chrono::milliseconds(60000);
  ChildRun run{platform::run_process({util::path_to_utf8(*self), test_name}, opts), {}};
  const auto at = run.result.out.find("temp dir: ");
  if (at != std::string::npos) {
    const auto start = at + 10;
    std::string line = run.result.out.substr(start, run.result.out.find('\n', start) - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();  // a Windows child writes CRLF
    run.dir = util::path_from_utf8(line);
  }
  return run;
}

}  // namespace

TEST_CASE("temp dir child: an early CHECK fails and later ones pass", "[.][temp_dir_child]") {
  TempDir dir("pdo-temp-dir-child");
  make_evidence(dir);
  CHECK(util::path_to_utf8(dir.path()).empty());         // fails on purpose: the parent expects this failure
  CHECK(std::filesystem::exists(dir / "evidence.txt"));  // passes: the last assertion is not the failed one
}

TEST_CASE("temp dir child: every CHECK passes", "[.][temp_dir_child]") {
  TempDir dir("pdo-temp-dir-child");
  make_evidence(dir);
  CHECK(std::filesystem::exists(dir / "evidence.txt"));
}

TEST_CASE("TempDir keeps and prints its folder when any assertion of the test case failed", "[support]") {
  const ChildRun failed = run_child(k_failing_child);
  INFO("child stdout: " << failed.result.out << "\nchild stderr: " << failed.result.err);
  CHECK(failed.result.exit_code == 1);  // one failed test case
  REQUIRE_FALSE(failed.dir.empty());
  CHECK(std::filesystem::exists(failed.dir / "evidence.txt"));
  CHECK_THAT(failed.result.err, Catch::Contains("kept temp dir: " + util::path_to_utf8(failed.dir)));
  std::error_code ec;
  std::filesystem::remove_all(failed.dir, ec);
}

TEST_CASE("TempDir removes its folder when every assertion passed", "[support]") {
  const ChildRun passed = run_child(k_passing_child);
  INFO("child stdout: " << passed.result.out << "\nchild stderr: " << passed.result.err);
  CHECK(passed.result.exit_code == 0);
  REQUIRE_FALSE(passed.dir.empty());
  CHECK_FALSE(std::filesystem::exists(passed.dir));
  CHECK_THAT(passed.result.err, !Catch::Contains("kept temp dir"));
}
