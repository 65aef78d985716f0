#!/usr/bin/env bash
# Runs every test suite: a dev build (warnings are errors) and an ASan+UBSan build, each with ctest.
# ctest runs each Catch2 test case as its own test, two at a time; the last line is ctest's summary.
# Usage: scripts/test.sh            (both builds)
#        PDO_TEST_PRESETS=dev scripts/test.sh   (only the listed presets)
#        ctest --preset dev -N                  (list the test cases; -R REGEX runs some, -L cli|unit a suite)
set -euo pipefail
cd "$(dirname "$0")/.."
presets=${PDO_TEST_PRESETS:-"dev asan"}
# Test-only dependency: headless Chromium renders `pdo report --html` for tests/cli/test_report.cpp.
# Installed here, not by bootstrap.sh, so building pdo never downloads a browser.
if ! command -v chromium > /dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "== installing chromium (test-only) =="
  $sudo apt-get install -y --no-install-recommends chromium > /dev/null
fi
for preset in $presets; do
  echo "== $preset build =="
  cmake --preset "$preset" > /dev/null
  cmake --build --preset "$preset" -j2
  echo "== $preset tests =="
  ctest --preset "$preset" -j2
done
