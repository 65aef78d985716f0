#!/bin/bash
# Runs a Windows program under wine for the CLI tests (PDO_TEST_LAUNCHER): the test's isolated $HOME
# becomes the program's %HOME% (wine imports WINEHOME as HOME; libgit2 reads %HOME%\.gitconfig first),
# while wine itself keeps the prefix in WINEPREFIX (it would otherwise create one under the test's HOME).
# Needs no PATH (tests replace it): wine comes from PDO_WINE, default /usr/bin/wine.
#
# Rarely, under load, wine ends the program with exit code 1 before it wrote a byte (seen in CI twice in
# one run, in two different cases; a local run once saw such a launch create nothing). How often is not
# measured: the retry log below is where it will show.
# pdo itself never exits non-zero without saying why, so such a launch is wine's failure: it is run again,
# at most twice, and each time is appended to PDO_WINE_RETRY_LOG (test.sh prints that log at the end).
# So the streams are files here: the whole input is read first (tests always close it), and the outputs
# are passed on when the program has ended.
: "${WINEPREFIX:?set WINEPREFIX to the wine prefix (scripts/windows/test.sh does)}"
export WINEPREFIX
if [[ "$HOME" == /* ]]; then
  export WINEHOME="Z:${HOME//\//\\}"  # wine maps / to Z:
else
  export WINEHOME="$HOME"
fi
export WINEDEBUG="${WINEDEBUG:--all}" WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-mscoree=;mshtml=}"
# wine maps Windows file names to Unix ones through the locale's charset: in the C locale of a fresh
# machine or CI, non-ASCII names (学习) cannot be written. C.UTF-8 is built into glibc.
case "$(locale charmap 2>/dev/null)" in UTF-8) ;; *) export LC_ALL=C.UTF-8 ;; esac
streams=$(/usr/bin/mktemp -d) || exit 125
trap '/usr/bin/rm -rf "$streams"' EXIT
/usr/bin/cat > "$streams/in"
for attempt in 1 2 3; do
  status=0
  "${PDO_WINE:-/usr/bin/wine}" "$@" < "$streams/in" > "$streams/out" 2> "$streams/err" || status=$?
  if [ "$status" -ne 1 ] || [ -s "$streams/out" ] || [ -s "$streams/err" ] || [ "$attempt" -eq 3 ]; then break; fi
  [ -z "${PDO_WINE_RETRY_LOG:-}" ] ||
    printf '%s attempt %s of %s in %s: exit 1, no output; run again\n' "$(/usr/bin/date +%T)" "$attempt" "$*" "$PWD" >> "$PDO_WINE_RETRY_LOG"
done
/usr/bin/cat "$streams/err" >&2
/usr/bin/cat "$streams/out"
exit "$status"
