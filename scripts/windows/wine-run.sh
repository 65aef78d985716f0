#!/bin/bash
# Runs a Windows program under wine for the CLI tests (PDO_TEST_LAUNCHER): the test's isolated $HOME
# becomes the program's %HOME% (wine imports WINEHOME as HOME; libgit2 reads %HOME%\.gitconfig first),
# while wine itself keeps the prefix in WINEPREFIX (it would otherwise create one under the test's HOME).
# Needs no PATH (tests replace it): wine comes from PDO_WINE, default /usr/bin/wine.
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
exec "${PDO_WINE:-/usr/bin/wine}" "$@"
