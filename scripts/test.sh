#!/usr/bin/env bash
# Runs every test once, in the ASan + UBSan build (the asan preset: the dev build's warnings as errors,
# built with clang, plus the sanitizers), with ctest: each Catch2 test case is its own test, two at a time; the last
# line is ctest's summary. The dev build runs the same tests without the sanitizers, so running both
# would run each test twice for nothing the sanitized run does not already check; it stays the quick loop.
# Usage: scripts/test.sh                        (the asan build)
#        PDO_TEST_PRESETS="dev asan" scripts/test.sh   (the listed presets, in order)
#        ctest --preset dev -N                  (list the test cases; -R REGEX runs some, -L cli|unit a suite)
set -euo pipefail
cd "$(dirname "$0")/.."
presets=${PDO_TEST_PRESETS:-asan}
# Test-only dependencies, installed here (not by bootstrap.sh) so building pdo never needs them:
#   chromium            renders `pdo report --html` (tests/cli/test_report.cpp)
#   bash-completion zsh fish   check and run the completion scripts (tests/cli/test_completion.cpp)
#   man-db              renders the man pages (tests/cli/test_help.cpp)
#   pre-commit          runs pdo's .pre-commit-hooks.yaml (tests/cli/test_hook_framework.cpp)
#   python3-jsonschema python3-yaml   validate the Scoop and winget manifests (tests/cli/test_release.cpp)
#   clang-format clang-tidy shellcheck   the house checks (ctest's lint/* tests, scripts/check-*.sh)
#   clang libclang-rt-14-dev   libFuzzer, for the parsers' fuzz targets (scripts/fuzz.sh, tests/fuzz/)
#   curl ca-certificates   fetch lefthook (below), which chains git hooks (tests/cli/test_hook.cpp)
test_packages="chromium bash-completion zsh fish man-db pre-commit python3-jsonschema python3-yaml clang-format clang-tidy shellcheck
  clang libclang-rt-14-dev curl ca-certificates"
missing=""
for pkg in $test_packages; do
  dpkg-query -W -f='${Status}' "$pkg" 2> /dev/null | grep -q "install ok installed" || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "== installing test-only packages:$missing =="
  # shellcheck disable=SC2086
  $sudo apt-get install -y --no-install-recommends $missing > /dev/null
fi
# lefthook (a git hook manager; tests/cli/test_hook.cpp chains it) is not in Debian: its Linux binary from
# the npm registry, pinned by version and checksum, on PATH for the tests.
lefthook_version=2.2.4
lefthook_sha256=80179b596cdcbda1554aa34b61a91478a2a3895db7de0554d7495acc38338be7
tools=$PWD/build/tools
if [ "$(uname -m)" = x86_64 ] && ! [ -x "$tools/lefthook" ]; then
  mkdir -p "$tools"
  curl -sSfL -o "$tools/lefthook.tgz" "https://registry.npmjs.org/lefthook-linux-x64/-/lefthook-linux-x64-$lefthook_version.tgz"
  echo "$lefthook_sha256  $tools/lefthook.tgz" | sha256sum -c --quiet
  tar -xzf "$tools/lefthook.tgz" -C "$tools" --strip-components=2 package/bin/lefthook
  rm "$tools/lefthook.tgz"
fi
export PATH="$tools:$PATH"
# ctest names a skipped test (one that cannot run on this machine: tests/support/skip.hpp); its reason is
# in the log. PDO_REQUIRE_ALL=1 (.ci/run) makes every skip a failure instead.
skip_reasons() {
  awk '/^[0-9]+\/[0-9]+ Test: / { sub(/^[0-9]+\/[0-9]+ Test: /, ""); name = $0 }
       /^pdo_test_skipped: / { sub(/^pdo_test_skipped: /, ""); print "  skipped: " name " (" $0 ")" }' \
    "build/$1/Testing/Temporary/LastTest.log"
}
for preset in $presets; do
  echo "== $preset build =="
  cmake --preset "$preset" > /dev/null
  cmake --build --preset "$preset" -j2
  echo "== $preset tests =="
  status=0
  ctest --preset "$preset" -j2 || status=$?
  skip_reasons "$preset"
  [ "$status" -eq 0 ] || exit "$status"
done
