// The test support itself: PDO_SKIP ends a case as skipped (ctest's marker, the run's count), and fails
// it under PDO_REQUIRE_ALL=1. The visible cases run the hidden ([.]) one in a child process of this binary.
#include <catch2/catch.hpp>

#include "support/skip.hpp"
#include "util/fs.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"

using namespace pdo;

namespace {

platform::ProcessResult run_skipping_child(const std::string& require_all, const std::string& name = "skip child: cannot run here") {
  const auto self = platform::self_exe();
  REQUIRE(self);
  platform::ProcessOptions opts;
  opts.env = {{"PDO_REQUIRE_ALL", require_all}};
  opts.timeout = std::chrono::milliseconds(60000);
  return platform::run_process({util::path_to_utf8(*self), name}, opts);
}

/// The child's output with the marker replaced: a failed check prints what it matched, and the marker in
/// this case's own output would make ctest report its failure as a skip.
std::string shown(const std::string& out) { return util::replace_all(out, test::k_skip_marker, "<skip marker>"); }

}  // namespace

TEST_CASE("skip child: cannot run here", "[.][skip_child]") {
  PDO_SKIP("no such thing here");
  FAIL("never reached");
}

TEST_CASE("skip child: may skip anywhere", "[.][skip_child][may-skip]") { PDO_SKIP("needs what no machine here has"); }

TEST_CASE("PDO_SKIP prints ctest's marker with its reason and counts the case as skipped, not passed", "[support]") {
  const auto r = run_skipping_child("");
  INFO("child stdout: " << shown(r.out) << "\nchild stderr: " << r.err);
  const std::string out = shown(r.out);
  CHECK(r.exit_code == 0);
  CHECK_THAT(out, Catch::Contains("<skip marker> no such thing here"));
  CHECK_THAT(out, Catch::Contains("test cases: 0 passed, 1 skipped, 0 failed"));
  CHECK_THAT(out, Catch::Contains("skipped: skip child: cannot run here (no such thing here)"));
}

TEST_CASE("under PDO_REQUIRE_ALL=1 a skip is a failure", "[support]") {
  const auto r = run_skipping_child("1");
  INFO("child stdout: " << shown(r.out) << "\nchild stderr: " << r.err);
  const std::string out = shown(r.out);
  CHECK(r.exit_code == 1);
  CHECK_THAT(out, Catch::Contains("would skip (no such thing here), but PDO_REQUIRE_ALL=1"));
  CHECK_THAT(out, !Catch::Contains("<skip marker>"));
}

TEST_CASE("a case tagged [may-skip] skips under PDO_REQUIRE_ALL=1 too", "[support]") {
  const auto r = run_skipping_child("1", "skip child: may skip anywhere");
  const std::string out = shown(r.out);
  INFO("child stdout: " << out << "\nchild stderr: " << r.err);
  CHECK(r.exit_code == 0);
  CHECK_THAT(out, Catch::Contains("<skip marker> needs what no machine here has"));
  CHECK_THAT(out, Catch::Contains("test cases: 0 passed, 1 skipped, 0 failed"));
}
