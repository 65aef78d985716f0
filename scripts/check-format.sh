#!/usr/bin/env bash
# Checks that every C++ file under src/ and tests/ is formatted as .clang-format says (clang-format
# --dry-run -Werror): a difference fails with the file and line. Fix with: scripts/check-format.sh --fix
# Usage: scripts/check-format.sh [ROOT]      (ROOT defaults to the repository)
#        scripts/check-format.sh --fix       (rewrites the files in place)
#        scripts/check-format.sh --self-test (a misformatted sample must fail, a formatted one pass)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tool=${CLANG_FORMAT:-clang-format}
command -v "$tool" > /dev/null || { echo "check-format: $tool not found (apt-get install clang-format)" >&2; exit 2; }

files_of() { find "$1/src" "$1/tests" -type f \( -name '*.cpp' -o -name '*.hpp' \) | sort; }

check() {
  local root=$1
  [ -f "$root/.clang-format" ] || { echo "check-format: no .clang-format in $root" >&2; return 1; }
  # shellcheck disable=SC2046  # one file name a line, no spaces in the tree's C++ file names
  (cd "$root" && "$tool" --dry-run -Werror --style=file $(files_of .))
}

self_test() {
  local tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  mkdir -p "$tmp/src" "$tmp/tests"
  cp "$here/.clang-format" "$tmp/"
  printf 'int main() { return 0; }\n' > "$tmp/src/good.cpp"
  if ! check "$tmp" > /dev/null 2>&1; then echo "check-format self-test: a formatted file failed" >&2; return 1; fi
  printf 'int  main( ) {   return 0 ; }\n' > "$tmp/tests/bad.cpp"
  if check "$tmp" > /dev/null 2>&1; then echo "check-format self-test: a misformatted file passed" >&2; return 1; fi
  echo "check-format self-test: ok"
}

case "${1:-}" in
  --self-test) self_test ;;
  --fix) files_of "$here" | xargs "$tool" -i --style=file ;;
  *) check "${1:-$here}" && echo "check-format: ok ($(files_of "${1:-$here}" | wc -l) files)" ;;
esac
