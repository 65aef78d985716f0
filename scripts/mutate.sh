#!/usr/bin/env bash
# Mutation testing of pdo's own code: does the suite notice a small deliberate bug?
#   scripts/mutate.sh [--seed N | --seed-from REV] [--count K] [--files GLOB[,GLOB…]] [--changed BASE]
#                     [--tests REGEX] [--timeout SECONDS]
# Draws K mutants (seeded: the same seed gives the same mutants on the same tree), uniformly over the
# mutable lines of src/ (scripts/mutate.py: the sites and operators; Windows-only files left out).
# --seed-from REV takes the seed from a commit's hash (its first 7 hex digits), so nobody picks it;
# --changed BASE draws only from the lines of src/ that differ from BASE (git diff BASE: a change's own
# lines, to run before resolving an issue). Each mutant is applied, built incrementally in build/mutate
# (the mutate preset: dev's compile flags, so ccache shares dev's objects, linked with LeakSanitizer as the
# asan suite checks leaks) and tested with ctest (the unit tests first, then the CLI tests; or only
# --tests REGEX), stopping at the first failure; then the file is put back. One line per mutant:
# FILE:LINE, operator, outcome and the mutated line. Outcomes:
#   killed        a test failed          survived      every test passed
#   timeout       the tests ran past --timeout (default: 3 x the unmutated run + 60 s; counted as
#                 killed: the suite did not pass)
#   build-failed  the mutant does not compile, or warns (warnings are errors), or the build's own run of
#                 pdo code (the embedded data's compilers) hangs past --timeout: left out of the score
#   equivalent    every test passed, and tests/MUTANTS.md lists the mutant as equivalent (same file,
#                 operator and unmutated line text; mutate.py equivalent): left out of the score, as a
#                 mutant no test can tell from the original has nothing to kill
# and last: "mutation score: killed N of M (P %)". The tree is restored even on Ctrl-C or a failure,
# and checked against its state at the start. A survivor gets a test that kills it, or an entry in
# tests/MUTANTS.md saying why it is equivalent.
set -euo pipefail
cd "$(dirname "$0")/.."

seed=$RANDOM count=40 files="" tests="" timeout="" changed=""
usage() { sed -n '2,3p' "$0" | sed 's/^# //' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed=$2; shift 2 ;;
    --seed-from) seed=$((16#$(git rev-parse --short=7 "$2"))); echo "seed $seed: from $2 ($(git rev-parse --short=7 "$2"))"; shift 2 ;;
    --changed) changed=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --files) files=$2; shift 2 ;;
    --tests) tests=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    *) usage ;;
  esac
done

export build=build/mutate tests
# The mutate preset links LeakSanitizer (a deleted free fails as in the asan suite), with its suppressions.
export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp"
backup=$(mktemp -d)
# The lines --changed keeps (FILE:LINE, the new side of git diff BASE), or none: all lines.
lines=""
if [ -n "$changed" ]; then
  lines=$backup/lines
  git diff -U0 "$changed" -- src | awk '
    /^\+\+\+ b\// { file = substr($0, 7) }
    /^@@ / { split($3, r, ","); start = substr(r[1], 2); n = (r[2] == "") ? 1 : r[2]
             for (i = 0; i < n; i++) print file ":" (start + i) }' > "$lines"
  echo "--changed $changed: $(wc -l < "$lines") changed line(s) of src/"
fi
current=""    # the file a mutant is applied to, until it is restored
tests_pid=""  # the running tests' process group (timeout's)
state_before=$(git diff HEAD --binary | sha256sum)
restore() {
  if [ -n "$current" ]; then cp "$backup/file" "$current" && current=""; fi
}
finish() {
  if [ -n "$tests_pid" ]; then kill -- -"$tests_pid" 2> /dev/null || true; fi
  restore
  rm -rf "$backup"
  if [ "$(git diff HEAD --binary | sha256sum)" != "$state_before" ]; then
    echo "mutate.sh: the tree differs from its state at the start: see git diff" >&2
    exit 1
  fi
}
trap finish EXIT
trap 'exit 130' INT TERM

# The mutate preset: the dev build in a folder of its own (build/dev is never touched).
if command -v ccache > /dev/null; then export CMAKE_CXX_COMPILER_LAUNCHER=ccache CMAKE_C_COMPILER_LAUNCHER=ccache; fi
cmake --preset mutate > /dev/null

# The tests, fastest first: the unit tests, then the CLI tests (the lint checks judge layout, not behaviour).
ctest_all() {
  if [ -n "$tests" ]; then
    ctest --test-dir "$build" -j2 --stop-on-failure -R "$tests"
  else
    ctest --test-dir "$build" -j2 --stop-on-failure -L unit && ctest --test-dir "$build" -j2 --stop-on-failure -LE 'unit|lint'
  fi > /dev/null 2>&1
}
export -f ctest_all
# 0 all passed, 1 a test failed, 124 (or 137) past the timeout. In the background, so that Ctrl-C reaches
# the trap at once (timeout runs the tests in a process group of their own, which finish() ends).
run_tests() {
  timeout --kill-after=10 "$timeout" bash -c ctest_all &
  tests_pid=$!
  local status=0
  wait "$tests_pid" || status=$?
  tests_pid=""
  return "$status"
}

echo "== building $build and running the unmutated tests (they must pass) =="
cmake --build "$build" -j2 > /dev/null
start=$(date +%s)
if [ -z "$timeout" ]; then timeout=100000; fi
if ! run_tests; then
  echo "mutate.sh: the tests fail (or time out) without any mutant; fix that first" >&2
  exit 1
fi
baseline=$(($(date +%s) - start))
if [ "$timeout" -eq 100000 ]; then timeout=$((baseline * 3 + 60)); fi
echo "== seed $seed: $count mutant(s); the unmutated tests took ${baseline}s, each mutant gets ${timeout}s =="

killed=0 scored=0 equivalents=0
while IFS=$'\t' read -r file line operator nth; do
  listed=0
  if python3 scripts/mutate.py equivalent "$file" "$line" "$operator"; then listed=1; fi
  cp "$file" "$backup/file"
  current=$file
  code=$(python3 scripts/mutate.py apply "$file" "$line" "$operator" "$nth")
  # The build runs pdo's own code too (pdo_toml_compile and pdo_rules_compile make the embedded data), so a
  # mutant can hang it: the build gets the same timeout, and a build that does not finish counts as failed.
  build_status=0
  timeout --kill-after=10 "$timeout" cmake --build "$build" -j2 > /dev/null 2>&1 || build_status=$?
  if [ "$build_status" -ne 0 ]; then
    outcome="build-failed"
    case $build_status in 124 | 137) outcome="build-failed (hung: past ${timeout}s)" ;; esac
  else
    status=0
    run_tests || status=$?
    case $status in
      0) outcome=survived; [ "$listed" = 0 ] || outcome=equivalent ;;
      124 | 137) outcome=timeout ;;
      *) outcome=killed ;;
    esac
    if [ "$outcome" = equivalent ]; then
      equivalents=$((equivalents + 1))
    else
      scored=$((scored + 1))
      [ "$outcome" = survived ] || killed=$((killed + 1))
    fi
  fi
  restore
  printf '%s:%s  %s  %s    %s\n' "$file" "$line" "$operator" "$outcome" "$code"
done < <(python3 scripts/mutate.py pick "$seed" "$count" "$files" "$lines")

# The last build is of the restored tree, so build/mutate matches the sources again.
cmake --build "$build" -j2 > /dev/null 2>&1 || true
percent=$(awk -v k="$killed" -v m="$scored" 'BEGIN { printf "%.1f", m ? 100 * k / m : 0 }')
echo "mutation score: killed $killed of $scored ($percent %)$([ "$equivalents" = 0 ] || echo "; $equivalents equivalent (tests/MUTANTS.md) left out")"
