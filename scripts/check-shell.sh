#!/usr/bin/env bash
# Runs shellcheck on every shell script of the repository (*.sh, .ci/run, hooks/*): any finding fails.
# Usage: scripts/check-shell.sh [ROOT]      (ROOT defaults to the repository)
#        scripts/check-shell.sh --self-test (a script with a known finding must fail, a clean one pass)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
command -v shellcheck > /dev/null || { echo "check-shell: shellcheck not found (apt-get install shellcheck)" >&2; exit 2; }

scripts_of() {
  local root=$1
  find "$root" -path "$root/build" -prune -o -path "$root/.git" -prune -o -type f -name '*.sh' -print
  [ -f "$root/.ci/run" ] && echo "$root/.ci/run"
  [ -d "$root/hooks" ] && find "$root/hooks" -type f
  return 0
}

check() {
  local root=$1 files
  files=$(scripts_of "$root" | sort)
  [ -n "$files" ] || { echo "check-shell: no scripts under $root" >&2; return 1; }
  # -x with the scripts' own folders: `. "$here/lib/x.sh"` is followed where shellcheck can see it.
  # shellcheck disable=SC2086  # one path a line, none with spaces
  shellcheck -x -P SCRIPTDIR $files
}

self_test() {
  local tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  # shellcheck disable=SC2016  # the samples are scripts: their $1 is theirs
  printf '#!/bin/sh\nset -eu\nrm -rf -- "${1:?}/build"\n' > "$tmp/good.sh"
  if ! check "$tmp" > /dev/null 2>&1; then echo "check-shell self-test: a clean script failed" >&2; return 1; fi
  # shellcheck disable=SC2016
  printf '#!/bin/sh\nrm -rf $1/build\n' > "$tmp/bad.sh"  # unquoted: SC2086
  if check "$tmp" > /dev/null 2>&1; then echo "check-shell self-test: a script with a finding passed" >&2; return 1; fi
  echo "check-shell self-test: ok"
}

case "${1:-}" in
  --self-test) self_test ;;
  *) check "${1:-$here}" && echo "check-shell: ok ($(scripts_of "${1:-$here}" | wc -l) scripts)" ;;
esac
