#!/usr/bin/env bash
# The Windows scenario of issue 6, end to end under wine, checked with the Linux git CLI through wine's
# Z:/C: drive mapping:
#   pdo.exe init "C:\users\<you>\学习\pytorch-distributed-overview" --yes, track, status --json, log;
#   git fsck clean, the expected commits, a clean status; Chinese output; a progress.md saved with CRLF
#   (as Notepad does) keeps CRLF after `pdo.exe track`; paths with '/', '\', "\\?\" and "C:rel" forms.
#   scripts/windows/smoke.sh [path/to/pdo.exe]        (default build/windows/pdo.exe)
set -euo pipefail
cd "$(dirname "$0")/../.."
PDO_EXE=$(realpath "${1:-build/windows/pdo.exe}")
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree=;mshtml="
# wine maps Windows file names to Unix ones through the locale's charset: in the C locale of a fresh
# machine or CI, non-ASCII names (学习) cannot be written. C.UTF-8 is built into glibc.
case "$(locale charmap 2>/dev/null)" in UTF-8) ;; *) export LC_ALL=C.UTF-8 ;; esac
WINEPREFIX=${WINEPREFIX:-$HOME/.wine}
USER_NAME=$(id -un)  # wine's C:\users\<name> is the Unix user

COURSE='pytorch-distributed-overview'
WIN_DIR="C:\\users\\$USER_NAME\\学习\\$COURSE"
UNIX_DIR="$WINEPREFIX/drive_c/users/$USER_NAME/学习/$COURSE"
rm -rf "$WINEPREFIX/drive_c/users/$USER_NAME/学习"

fail() { echo "SMOKE FAIL: $*" >&2; exit 1; }
pdo() {  # runs pdo.exe under wine, echoes what it printed, fails on a non-zero exit
  local out rc=0
  out=$(wine "$PDO_EXE" "$@" 2>&1) || rc=$?
  printf '$ pdo.exe %s\n%s\n' "$*" "$out" >&2
  [ "$rc" = 0 ] || fail "pdo.exe $* exited $rc"
  printf '%s' "$out"
}

out=$(pdo init "$WIN_DIR" --yes --name "Test Learner" --email learner@example.com)
[[ "$out" == *"课程目录"* && "$out" == *"学习"* ]] || fail "init output lacks Chinese text"
[ -f "$UNIX_DIR/progress.md" ] || fail "no progress.md at $UNIX_DIR"

out=$(cd "$UNIX_DIR" && pdo track "done" 03 read)
[[ "$out" == *"03 读讲义"* ]] || fail "track output: $out"

# A Windows editor saves progress.md with CRLF; the learner commits it; pdo.exe ticks a box.
sed -i 's/$/\r/' "$UNIX_DIR/progress.md"
git -C "$UNIX_DIR" -c user.name=Learner -c user.email=l@example.com -c core.hooksPath=/dev/null \
  commit -q -m "learner: progress.md saved by Notepad (CRLF)" -- progress.md
lines=$(wc -l < "$UNIX_DIR/progress.md")
(cd "$UNIX_DIR" && pdo -C "C:/users/$USER_NAME/学习/$COURSE" track "done" 03 exercise > /dev/null)
crlf=$(grep -c $'\r$' "$UNIX_DIR/progress.md")
[ "$crlf" = "$lines" ] || fail "progress.md: $crlf of $lines lines end in CRLF after track"
changed=$(git -C "$UNIX_DIR" diff HEAD~1 HEAD --numstat -- progress.md)
[ "$changed" = $'1\t1\tprogress.md' ] || fail "track changed more than one line: $changed"

json=$(pdo -C "\\\\?\\$WIN_DIR" status --json)
[[ "$json" == '{"course":"pytorch-distributed-overview",'*'"done":2,'* ]] || fail "status --json: $json"
out=$(pdo -C "C:users\\$USER_NAME\\学习\\$COURSE\\lessons" log)
[[ "$out" == *"学习日志"* && "$out" == *"03 做练习"* ]] || fail "log output: $out"

# The Linux git CLI reads the repository pdo.exe made.
fsck=$(git -C "$UNIX_DIR" fsck --strict 2>&1) || fail "git fsck failed: $fsck"
[ -z "$fsck" ] || fail "git fsck reported: $fsck"
subjects=$(git -C "$UNIX_DIR" log --format=%s)
echo "$subjects" >&2
# init, its self-check (pdo check), two ticks, the learner's CRLF commit.
[ "$(echo "$subjects" | wc -l)" = 5 ] || fail "expected 5 commits"
# The subject is in the workspace's language: "pdo check：通过 2，…" (Chinese, the default) or "pdo check: pass 2, …".
[[ "$(echo "$subjects" | tail -2 | head -1)" == "pdo check："* ]] || fail "second commit is not init's self-check"
[[ "$(echo "$subjects" | tail -1)" == "pdo init"* ]] || fail "first commit is not pdo init"
[[ "$(echo "$subjects" | head -1)" == *"03 做练习"* ]] || fail "last commit is not the CRLF track"
[ -z "$(git -C "$UNIX_DIR" status --porcelain)" ] || fail "git status not clean"
echo "smoke: ok ($WIN_DIR, $(git -C "$UNIX_DIR" rev-list --count HEAD) commits, fsck clean, CRLF kept)"
