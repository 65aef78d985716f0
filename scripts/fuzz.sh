#!/usr/bin/env bash
# Fuzzes pdo's parsers of outside input with libFuzzer (clang-14, ASan + UBSan): builds the targets of
# tests/fuzz/ (the fuzz preset, build/fuzz) and runs each for S seconds from its seed corpus
# tests/fuzz/corpus/<target>/ (the inputs it finds on the way stay in build/fuzz/corpus/).
#   scripts/fuzz.sh [TARGET] [--seconds S]      (default: every target, 60 s each)
# Fails on any crash, leak, timeout (an input taking over 10 s) or out-of-memory (over 2 GB); the input
# that did it is kept in build/fuzz/findings/ and named at the end. A finding becomes a unit test.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    -*) sed -n '5p' "$0" | sed 's/^# //' >&2; exit 2 ;;
    *) only=$1; shift ;;
  esac
done

cmake --preset fuzz > /dev/null
targets=()
for source in tests/fuzz/fuzz_*.cpp; do
  name=$(basename "$source" .cpp)
  name=${name#fuzz_}
  if [ -z "$only" ] || [ "$only" = "$name" ]; then targets+=("$name"); fi
done
if [ ${#targets[@]} -eq 0 ]; then echo "fuzz.sh: no target named $only (see tests/fuzz/)" >&2; exit 2; fi
cmake --build --preset fuzz -j2 --target "${targets[@]/#/fuzz_}"

findings=build/fuzz/findings
mkdir -p "$findings"
rm -f "$findings"/.failed-*
# One target a core at a time (each fuzzer runs on one): PDO_FUZZ_JOBS overrides.
jobs=${PDO_FUZZ_JOBS:-$(nproc)}
run_one() {
  local name=$1 corpus=build/fuzz/corpus/$1 log=build/fuzz/$1.log
  mkdir -p "$corpus"
  # -timeout: seconds per input; -rss_limit_mb: out-of-memory; leaks are found at each input's end.
  if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "build/fuzz/tests/fuzz/fuzz_$name" "$corpus" "tests/fuzz/corpus/$name" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$findings/$name-" -print_final_stats=1 > "$log" 2>&1; then
    printf '%-14s ok: %s runs, no finding\n' "$name" "$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')"
  else
    printf '%-14s FINDING: %s\n' "$name" "$(grep -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error' "$log" || echo "see $log")"
    # The input itself, so a finding on a CI machine can be replayed here (base64 -d > file).
    grep -m1 '^Base64: ' "$log" | cut -c1-2000 || true
    touch "$findings/.failed-$name"
  fi
}
running=0
for name in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
  run_one "$name" &
  running=$((running + 1))
done
wait
failed=()
for name in "${targets[@]}"; do
  if [ -e "$findings/.failed-$name" ]; then failed+=("$name"); fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: findings in ${failed[*]}: inputs in $findings/, logs in build/fuzz/<target>.log" >&2
  exit 1
fi
echo "fuzz.sh: ${#targets[@]} target(s), ${seconds}s each, no finding"
