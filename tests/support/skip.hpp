#pragma once
// A test that cannot run here ends as skipped, never as passed: PDO_SKIP("reason") prints the marker
// below, which ctest's SKIP_REGULAR_EXPRESSION (tests/CMakeLists.txt) reports as "Skipped", and the
// run's last lines count it apart from the passed cases (catch_main.cpp). With PDO_REQUIRE_ALL=1 (.ci/run,
// where every test must run) a skip is a failure instead, unless the case is tagged [may-skip]: one that
// needs what no machine of this project has (PowerShell), said in a comment above it.
#include <string>

namespace pdo::test {

/// What a skipped case prints before its reason; ctest looks for it.
inline constexpr const char* k_skip_marker = "pdo_test_skipped:";

/// Records the running test case as skipped for `reason` (or fails it under PDO_REQUIRE_ALL=1, unless it
/// is tagged [may-skip]). The caller must end the case at once: use PDO_SKIP.
void skip_case(const std::string& reason);

}  // namespace pdo::test

/// Ends the running test case as skipped, saying why.
#define PDO_SKIP(reason)            \
  do {                              \
    ::pdo::test::skip_case(reason); \
    return;                         \
  } while (false)
