#!/usr/bin/env bash
# Runs clang-tidy with .clang-tidy's small set of checks (every finding is an error) on the C++ files
# changed since the previous commit, or on the whole tree.
# Usage: scripts/check-tidy.sh [--all|--src] [BUILD]  BUILD: a configured build folder with
#                                               compile_commands.json (default build/dev); --all: every .cpp
#                                               of src/ and tests/; --src: every .cpp of src/ (and src/'s
#                                               headers through them: CI's run, half the time of --all);
#                                               neither: the .cpp files that `git diff --name-only HEAD~1`
#                                               names, and those of changed .hpp
#        scripts/check-tidy.sh --self-test      (a file with a finding must fail, a clean one pass)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tool=${CLANG_TIDY:-clang-tidy}
command -v "$tool" > /dev/null || { echo "check-tidy: $tool not found (apt-get install clang-tidy)" >&2; exit 2; }

# tidy BUILD FILE...: each file through clang-tidy, two at a time; fails if any has a finding.
tidy() {
  local build=$1
  shift
  [ $# -gt 0 ] || return 0
  printf '%s\n' "$@" | xargs -P "${PDO_TIDY_JOBS:-2}" -n 4 "$tool" -p "$build" --quiet
}

# The files of the tree that the build compiles (Windows-only files are not in a Linux build).
compiled() {
  local build=$1
  shift
  local f
  for f in "$@"; do
    [ -f "$here/$f" ] && grep -qF "\"$here/$f\"" "$build/compile_commands.json" && echo "$here/$f"
  done
  return 0
}

self_test() {
  local tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  cp "$here/.clang-tidy" "$tmp/"
  printf 'int twice(int x) { return x + x; }\n' > "$tmp/good.cpp"
  printf 'bool same(int x) { return x == x; }\n' > "$tmp/bad.cpp"  # misc-redundant-expression
  printf '[{"directory": "%s", "file": "%s/good.cpp", "command": "c++ -std=c++17 -c good.cpp"},\n {"directory": "%s", "file": "%s/bad.cpp", "command": "c++ -std=c++17 -c bad.cpp"}]\n' \
    "$tmp" "$tmp" "$tmp" "$tmp" > "$tmp/compile_commands.json"
  if ! tidy "$tmp" "$tmp/good.cpp" > /dev/null 2>&1; then echo "check-tidy self-test: a clean file failed" >&2; return 1; fi
  if tidy "$tmp" "$tmp/bad.cpp" > /dev/null 2>&1; then echo "check-tidy self-test: a file with a finding passed" >&2; return 1; fi
  echo "check-tidy self-test: ok"
}

all=0
case "${1:-}" in
  --self-test) self_test; exit ;;
  --all) all=1; shift ;;
  --src) all=src; shift ;;
esac
build=$(cd "${1:-$here/build/dev}" && pwd)
[ -f "$build/compile_commands.json" ] || { echo "check-tidy: no compile_commands.json in $build (cmake --preset dev)" >&2; exit 2; }
cd "$here"
if [ "$all" = 1 ]; then
  mapfile -t wanted < <(git ls-files 'src/*.cpp' 'tests/*.cpp')
elif [ "$all" = src ]; then
  mapfile -t wanted < <(git ls-files 'src/*.cpp')
else
  mapfile -t changed < <(git diff --name-only HEAD~1 -- 'src/*' 'tests/*' 2> /dev/null || true)
  wanted=()
  for f in "${changed[@]}"; do
    case "$f" in
      *.cpp) wanted+=("$f") ;;
      *.hpp) [ -f "${f%.hpp}.cpp" ] && wanted+=("${f%.hpp}.cpp") ;;
    esac
  done
fi
mapfile -t files < <(compiled "$build" "${wanted[@]}" | sort -u)
tidy "$build" "${files[@]}"
echo "check-tidy: ok (${#files[@]} files)"
