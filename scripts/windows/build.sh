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
echo "==> pdo for Windows (cmake --preset windows)"
cmake --preset windows > /dev/null
cmake --build --preset windows
scripts/windows/check-dlls.sh build/windows/pdo.exe build/windows/tests/*.exe
