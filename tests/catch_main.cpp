#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "support/temp_dir.hpp"

namespace pdo::test {

namespace {

// Set by the listener below; read by ~TempDir. Catch2 runs one test case at a time per process.
bool g_test_case_failed = false;

/// Remembers whether any assertion of the running test case failed (not just the last one), so that
/// a TempDir destroyed after later passing assertions still keeps its folder.
class FailureListener : public Catch::TestEventListenerBase {
public:
  using TestEventListenerBase::TestEventListenerBase;
  void testCaseStarting(const Catch::TestCaseInfo& info) override {
    g_test_case_failed = false;
    TestEventListenerBase::testCaseStarting(info);
  }
  bool assertionEnded(const Catch::AssertionStats& stats) override {
    if (!stats.assertionResult.isOk()) g_test_case_failed = true;
    return TestEventListenerBase::assertionEnded(stats);
  }
};

CATCH_REGISTER_LISTENER(FailureListener)

}  // namespace

bool current_test_case_failed() { return g_test_case_failed; }

}  // namespace pdo::test
