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
exec "${PDO_WINE:-/usr/bin/wine}" "$@"
