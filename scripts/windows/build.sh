#!/usr/bin/env bash
# One command, fresh Debian 12 machine (as root) -> build/windows/pdo.exe, a static 64-bit Windows
# program that imports only DLLs shipped with Windows (checked here with objdump).
#
#   scripts/windows/build.sh              # deps (first time ~3 min), then pdo.exe and the test .exe files
#   scripts/windows/build.sh --no-apt     # options are passed to build-deps.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

scripts/windows/build-deps.sh "$@"
echo
# The embedded course is compiled at build time by pdo_toml_compile, which runs here: take it from the
# Linux dev build (configured if missing; PDO_LINUX_BUILD names another build folder).
host=${PDO_LINUX_BUILD:-build/dev}
if [ ! -f "$host/CMakeCache.txt" ]; then
  [ "$host" = build/dev ] || { echo "no Linux build in $host (PDO_LINUX_BUILD)" >&2; exit 1; }
  cmake --preset dev > /dev/null
fi
echo "==> pdo_toml_compile and pdo_rules_compile for the build ($host)"
cmake --build "$host" --target pdo_toml_compile pdo_rules_compile
echo "==> pdo for Windows (cmake --preset windows)"
cmake --preset windows -DPDO_HOST_TOML_COMPILER="$PWD/$host/pdo_toml_compile" \
  -DPDO_HOST_RULES_COMPILER="$PWD/$host/pdo_rules_compile" > /dev/null
cmake --build --preset windows
scripts/windows/check-dlls.sh build/windows/pdo.exe build/windows/tests/*.exe
