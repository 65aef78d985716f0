#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "support/skip.hpp"
#include "support/temp_dir.hpp"

namespace pdo::test {

namespace {

// Set by the listener below; read by ~TempDir. Catch2 runs one test case at a time per process.
bool g_test_case_failed = false;
std::string g_test_case_name;
bool g_may_skip = false;                                     // the running case is tagged [may-skip]
std::vector<std::pair<std::string, std::string>> g_skipped;  // test case, reason

/// Remembers whether any assertion of the running test case failed (not just the last one), so that
/// a TempDir destroyed after later passing assertions still keeps its folder; at the end of the run,
/// counts the skipped cases apart from the passed ones (Catch2 v2 knows no skip: it counts them passed).
class FailureListener : public Catch::TestEventListenerBase {
public:
  using TestEventListenerBase::TestEventListenerBase;
  void testCaseStarting(const Catch::TestCaseInfo& info) override {
    g_test_case_failed = false;
    g_test_case_name = info.name;
    g_may_skip = std::find(info.tags.begin(), info.tags.end(), "may-skip") != info.tags.end();
    TestEventListenerBase::testCaseStarting(info);
  }
  bool assertionEnded(const Catch::AssertionStats& stats) override {
    if (!stats.assertionResult.isOk()) g_test_case_failed = true;
    return TestEventListenerBase::assertionEnded(stats);
  }
  void testRunEnded(const Catch::TestRunStats& stats) override {
    const auto& cases = stats.totals.testCases;
    std::cout << "test cases: " << cases.passed - g_skipped.size() << " passed, " << g_skipped.size() << " skipped, " << cases.failed
              << " failed\n";
    for (const auto& [name, reason] : g_skipped) std::cout << "  skipped: " << name << " (" << reason << ")\n";
    TestEventListenerBase::testRunEnded(stats);
  }
};

CATCH_REGISTER_LISTENER(FailureListener)

}  // namespace

bool current_test_case_failed() { return g_test_case_failed; }

void skip_case(const std::string& reason) {
  const char* require_all = std::getenv("PDO_REQUIRE_ALL");
  if (require_all && std::string(require_all) == "1" && !g_may_skip) FAIL("would skip (" << reason << "), but PDO_REQUIRE_ALL=1");
  // A case that already failed stays failed: the marker would make ctest call it skipped.
  if (g_test_case_failed) return;
  g_skipped.emplace_back(g_test_case_name, reason);
  std::cout << k_skip_marker << " " << reason << std::endl;
}

}  // namespace pdo::test
