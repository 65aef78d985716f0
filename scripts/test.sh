#!/usr/bin/env bash
# Runs every test suite: a dev build (warnings are errors) and an ASan+UBSan build, each with ctest.
# Usage: scripts/test.sh            (both builds)
#        PDO_TEST_PRESETS=dev scripts/test.sh   (only the listed presets)
set -euo pipefail
cd "$(dirname "$0")/.."
presets=${PDO_TEST_PRESETS:-"dev asan"}
for preset in $presets; do
  echo "== $preset build =="
  cmake --preset "$preset" > /dev/null
  cmake --build --preset "$preset"
  echo "== $preset tests =="
  ctest --preset "$preset"
done
