#!/usr/bin/env bash
# Builds pdo.exe (scripts/windows/build.sh) and tests it under wine:
#   1. the unit tests, cross-built as pdo_unit_tests.exe, under wine (ctest --preset windows);
#   2. the CLI tests: the Linux pdo_cli_tests binary drives `wine pdo.exe` (PDO_TEST_LAUNCHER /
#      PDO_TEST_BINARY) and checks every repository with the Linux git CLI through wine's Z: drive;
#   3. the issue-6 scenario (scripts/windows/smoke.sh): C:\users\<you>\学习\…, CRLF, git fsck/log/status.
#
#   scripts/windows/test.sh [build-deps.sh options, e.g. --no-apt]
#   Env: PDO_LINUX_BUILD  Linux build folder holding tests/pdo_cli_tests (default build/dev; configured
#                         with the dev preset and built if missing)
#        WINEPREFIX       wine prefix (default ~/.wine, created by build-deps.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
START=$(date +%s)
phase() { printf '\n==> %s (%ss so far)\n' "$*" "$(( $(date +%s) - START ))"; }

phase "build pdo.exe"
scripts/windows/build.sh "$@"

export WINEPREFIX="${WINEPREFIX:-$HOME/.wine}" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree=;mshtml="
# wine maps Windows file names to Unix ones through the locale's charset: in the C locale of a fresh
# machine or CI, non-ASCII names (学习) cannot be written. C.UTF-8 is built into glibc.
case "$(locale charmap 2>/dev/null)" in UTF-8) ;; *) export LC_ALL=C.UTF-8 ;; esac
# One wine server for the whole run (each cold start costs ~2.5 s); it exits 60 s after the last client.
wineserver -p 60 2> /dev/null || true  # fails harmlessly when one already runs
# Windows opens a .html file with the default browser (.html -> htmlfile); a wine prefix may lack that link,
# and then `pdo report --open`'s ShellExecute finds no program (htmlfile itself runs winebrowser).
wine reg add 'HKCR\.html' /ve /d htmlfile /f > /dev/null 2>&1 || true

# Test cases tagged [posix] test POSIX itself, not pdo.exe, and are left out here; each also carries a
# [posix:<reason>] tag, and the listing at the end says how many and why. Fake git/python/xdg-open are
# copies of pdo_test_child.exe (tests/support/child_main.cpp), and the hook cases call pdo.exe's hooks
# as git would (tests/cli/cli_helpers.hpp), so those run here.
phase "unit tests under wine (pdo_unit_tests.exe)"
# "~[.]": a negated filter alone would also run the hidden child cases the TempDir test starts itself.
wine build/windows/tests/pdo_unit_tests.exe "~[posix]~[.]"

phase "CLI tests: Linux pdo_cli_tests against wine pdo.exe"
LINUX_BUILD="${PDO_LINUX_BUILD:-build/dev}"
if [ ! -x "$LINUX_BUILD/tests/pdo_cli_tests" ]; then
  cmake --preset dev > /dev/null
  cmake --build --preset dev --target pdo_cli_tests
  LINUX_BUILD=build/dev
fi
# In as many shards as cores, at once (most of a case is wine starting pdo.exe). Each shard gets every
# n-th name, escaped for Catch2's test spec (, [ ] "), and must run exactly the cases it was given.
# (Catch2 v2's --list-* exits with the number of names listed: not a failure.)
cli_cases=$("$LINUX_BUILD/tests/pdo_cli_tests" "~[posix]~[.]" --list-test-names-only | sed '/^$/d' || true)
[ -n "$cli_cases" ] || { echo "no CLI test to run under wine" >&2; exit 1; }
shards=${PDO_WINE_SHARDS:-$(nproc)}
# A sanitized driver (PDO_LINUX_BUILD=build/asan, as in CI) with the options its ctest preset sets.
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$ROOT/tests/lsan.supp}
shard_dir=$(mktemp -d)
shard_pids=()
run_shard() {  # run_shard I LOG: the cases of shard I, its output in LOG
  PDO_TEST_LAUNCHER="$ROOT/scripts/windows/wine-run.sh" PDO_TEST_BINARY="$ROOT/build/windows/pdo.exe" \
    PDO_WINE_RETRY_LOG="$shard_dir/wine-retries.log" \
    "$LINUX_BUILD/tests/pdo_cli_tests" --input-file "$shard_dir/$1.txt" --warn NoTests > "$2" 2>&1
}
ran_of() { sed -n -E 's/^All tests passed \(.* in ([0-9]+) test cases?\)$/\1/p; s/^test cases: *([0-9]+) .*/\1/p' "$1" | tail -1; }
for ((i = 0; i < shards; i++)); do
  printf '%s\n' "$cli_cases" | awk -v n="$shards" -v i="$i" '(NR - 1) % n == i' | sed 's/[],["]/\\&/g' > "$shard_dir/$i.txt"
  run_shard "$i" "$shard_dir/$i.log" &
  shard_pids+=($!)
done
shard_failed=0
for ((i = 0; i < shards; i++)); do
  status=0
  wait "${shard_pids[$i]}" || status=$?
  given=$(grep -c . "$shard_dir/$i.txt" || true)
  ran=$(ran_of "$shard_dir/$i.log")
  echo "shard $((i + 1))/$shards: $given case(s) given, $ran run, exit $status"
  if [ "$status" -ne 0 ] || [ "$ran" != "$given" ]; then
    cat "$shard_dir/$i.log"
    shard_failed=1
  else
    tail -2 "$shard_dir/$i.log"
  fi
done
# wine's failed launches (wine-run.sh): each was run again; how many and which, whatever the outcome.
if [ -s "$shard_dir/wine-retries.log" ]; then
  printf '\nwine ended pdo.exe with exit 1 and no output %s time(s); each was run again:\n' "$(grep -c . "$shard_dir/wine-retries.log")"
  cat "$shard_dir/wine-retries.log"
fi
rm -rf "$shard_dir"
[ "$shard_failed" -eq 0 ] || exit 1

# Say what was left out, and why, rather than let a filter hide it.
reason_of() {
  case "$1" in
    chromium)    echo "renders the report with the Linux headless Chromium" ;;
    devices)     echo "/dev/zero, FIFOs: POSIX device files" ;;
    git-from-pdo) echo "pdo starts git for the transport; pdo.exe under wine cannot see a Linux git's exit code" ;;
    opener)      echo "no program handles web links: wine's winebrowser always does" ;;
    names)       echo "file and folder names holding control characters, which Windows does not allow" ;;
    packages)    echo "Debian's dpkg tools on the Linux build's .deb" ;;
    paths)       echo "answers typed as POSIX paths, or the Linux README section expected" ;;
    permissions) echo "POSIX permissions, owners or the execute bit" ;;
    pre-commit)  echo "the Linux pre-commit framework runs pdo by name from PATH" ;;
    pty)         echo "a POSIX pseudo-terminal from util-linux script(1)" ;;
    python)      echo "needs a real Python pdo can start (wine has no Windows Python)" ;;
    race)        echo "races the Linux git CLI against pdo in real time" ;;
    rlimit)      echo "a POSIX file-size limit (RLIMIT_FSIZE) to make a write fail" ;;
    shebang)     echo "a hook's #! line: Windows hooks are always the sh wrapper" ;;
    sh)          echo "runs a /bin/sh script itself (the hook script's own logic, an editor, init --script sh)" ;;
    stat)        echo "POSIX stat data: inode numbers and link counts (pdo reads them itself only on POSIX)" ;;
    shells)      echo "a Linux bash, zsh, fish or pwsh starts pdo at each Tab" ;;
    signals)     echo "POSIX signals: SIGPIPE dispositions, kill -9" ;;
    symlinks)    echo "POSIX symlinks" ;;
    tmpfs)       echo "a small tmpfs as a full disk" ;;
    test-hooks)  echo "pdo's test pause points (PDO_TEST_PAUSE), which the Windows build leaves out" ;;
    wine-profile) echo "wine sets USERPROFILE itself, so a test cannot point it elsewhere" ;;
    *)           echo "see the comment above each case" ;;
  esac
}
# list SUITE ARGS…: the suite's listing without CRs. Catch2 v2 exits with the number of cases it listed,
# so a listing's status is not a failure.
list() {
  local suite=$1
  shift
  case "$suite" in *.exe) (wine "$suite" "$@" 2> /dev/null || true) | tr -d '\r' ;;
                   *) "$suite" "$@" || true ;; esac
}
LEFT_OUT=0
for suite in "build/windows/tests/pdo_unit_tests.exe" "$LINUX_BUILD/tests/pdo_cli_tests"; do
  all=$(list "$suite" "[posix]" --list-test-names-only | sed '/^$/d')
  count=$(printf '%s' "$all" | grep -c . || true)
  LEFT_OUT=$((LEFT_OUT + count))
  printf '\nLeft out of %s under wine: %s case(s) tagged [posix], by reason:\n' "$(basename "$suite")" "$count"
  explained=""
  for tag in $(list "$suite" "[posix]" --list-tags | grep -o '\[posix:[a-z-]*\]' | sort -u); do
    reason=${tag#[posix:}
    reason=${reason%]}
    names=$(list "$suite" "$tag" --list-test-names-only | sed '/^$/d')
    explained=$(printf '%s\n%s' "$explained" "$names")
    printf '  %s (%s): %s\n' "$reason" "$(printf '%s\n' "$names" | grep -c .)" "$(reason_of "$reason")"
    printf '%s\n' "$names" | sed 's/^/      - /'
  done
  # A [posix] case without a reason tag is a case nobody has justified leaving out.
  unexplained=$(printf '%s\n' "$all" | grep -vxF -f <(printf '%s\n' "$explained" | sed '/^$/d') || true)
  if [ -n "$unexplained" ]; then
    printf '  NO REASON TAG ([posix:<reason>]) on:\n%s\n' "$(printf '%s\n' "$unexplained" | sed 's/^/      - /')"
    exit 1
  fi
done
printf '\n%s case(s) left out in all, each for the reason above.\n' "$LEFT_OUT"

phase "scenario: pdo.exe in C:\\users\\<you>\\学习, checked with Linux git"
# Its transcript (every pdo.exe call and output) goes to a log, shown whole only when it fails.
scripts/windows/smoke.sh build/windows/pdo.exe 2> build/windows/smoke.log || { tail -n 60 build/windows/smoke.log; exit 1; }

phase "Windows tests passed"
