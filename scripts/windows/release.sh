#!/usr/bin/env bash
# One command -> build/windows-release/pdo-<version>-windows-x86_64.zip with pdo.exe (static, stripped),
# README.md, README.en.md, docs/, the licences of what it links (THIRD-PARTY-LICENSES.txt), built by scripts/windows/build.sh (fresh Debian 12 machine, as root).
# With --base-url, also the Scoop manifest (scoop/pdo.json) and winget's multi-file manifest (winget/manifests/…)
# for the zip downloaded from BASE_URL/<zip name>, its SHA-256 filled in here, checked against the published
# schemas kept in scripts/windows/schemas/ (scripts/windows/manifests.py, validate-manifests.py).
#   scripts/windows/release.sh [--base-url https://…/releases/download/v<version>] [build-deps.sh options, e.g. --no-apt]
set -euo pipefail
cd "$(dirname "$0")/../.."

BASE_URL=""
BUILD_ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --base-url) [ $# -ge 2 ] || { echo "release.sh: --base-url needs a URL" >&2; exit 2; }; BASE_URL=$2; shift 2 ;;
    --base-url=*) BASE_URL=${1#--base-url=}; shift ;;
    *) BUILD_ARGS+=("$1"); shift ;;
  esac
done
case "$BASE_URL" in ""|https://*) ;; *) echo "release.sh: --base-url must be an https:// URL" >&2; exit 2 ;; esac

scripts/windows/build.sh ${BUILD_ARGS[@]+"${BUILD_ARGS[@]}"}

VERSION=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' build/windows/CMakeCache.txt)
[ -n "$VERSION" ] || { echo "no project version in build/windows/CMakeCache.txt" >&2; exit 1; }
NAME="pdo-$VERSION-windows-x86_64"
OUT="build/windows-release"
STAGE="$OUT/$NAME"
rm -rf "$STAGE" "$OUT/$NAME.zip"
mkdir -p "$STAGE"

x86_64-w64-mingw32-strip -o "$STAGE/pdo.exe" build/windows/pdo.exe
scripts/windows/check-dlls.sh "$STAGE/pdo.exe" > /dev/null
cp README.md README.en.md "$STAGE/"
mkdir -p "$STAGE/docs" && cp docs/*.md "$STAGE/docs/"
licence_found=0
for f in LICENSE LICENSE.txt LICENSE.md COPYING; do
  if [ -f "$f" ]; then cp "$f" "$STAGE/$f"; licence_found=1; fi
done
[ "$licence_found" = 1 ] || echo "WARNING: the repository has no LICENSE file yet: the zip ships without pdo's own licence" >&2

# pdo.exe is static: the licences of everything linked into it travel with it, from Debian's packages.
{
  echo "pdo.exe includes the following software, built from Debian's packages. Their copyright and licence"
  echo "texts follow, as Debian ships them (debian/copyright)."
  for pkg in libgit2 zlib pcre2 http-parser curl fmtlib; do
    copyrights=(build/windows-deps/src/"$pkg"/*/debian/copyright)
    f=${copyrights[0]}
    printf '\n==================== %s (%s) ====================\n\n' "$pkg" "$(cat build/windows-deps/src/"$pkg"/VERSION)"
    cat "$f"
  done
  for doc in libcli11-dev libtomlplusplus-dev mingw-w64-common gcc-mingw-w64-base; do
    printf '\n==================== %s ====================\n\n' "$doc"
    cat "/usr/share/doc/$doc/copyright"
  done
} > "$STAGE/THIRD-PARTY-LICENSES.txt"

# Fixed timestamps and order: the same sources give the same zip.
find "$STAGE" -exec touch -d "$(git log -1 --format=%cI 2>/dev/null || echo 2026-01-01T00:00:00Z)" {} +
(cd "$OUT" && find "$NAME" -type f | LC_ALL=C sort | zip -X -q -9 "$NAME.zip" -@)

exe_bytes=$(stat -c %s "$STAGE/pdo.exe")
zip_bytes=$(stat -c %s "$OUT/$NAME.zip")
echo
echo "$OUT/$NAME.zip: $zip_bytes bytes ($(( (zip_bytes + 1023) / 1024 )) KiB); pdo.exe inside: $exe_bytes bytes"
unzip -l "$OUT/$NAME.zip"

if [ -n "$BASE_URL" ]; then
  echo
  python3 scripts/windows/manifests.py --zip "$OUT/$NAME.zip" --version "$VERSION" --base-url "$BASE_URL" --out "$OUT"
  python3 scripts/windows/validate-manifests.py "$OUT" --zip "$OUT/$NAME.zip" --base-url "$BASE_URL"
else
  echo "(no --base-url: no Scoop or winget manifest written)"
fi
