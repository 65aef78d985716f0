#!/usr/bin/env bash
# Builds Debian's libgit2 1.5.1 source package as a static library without network transports
# (no HTTPS, SSH or GSSAPI) into build/deps/prefix. pdo never fetches or pushes, and Debian's shared
# libgit2 loads the system CA bundle through mbedTLS at git_libgit2_init(), about 10 ms of every
# command's start-up; the static, transport-free build starts in well under 1 ms.
# Idempotent: a finished build is reused. Usage: scripts/build-libgit2.sh [--clean]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
deps="${PDO_DEPS_DIR:-$root/build/deps}"
prefix="$deps/prefix"
# shellcheck source=lib/debian-source.sh
. "$root/scripts/lib/debian-source.sh"

[ "${1:-}" = "--clean" ] && rm -rf "$deps"
if [ -f "$prefix/lib/pkgconfig/libgit2.pc" ] && [ -f "$prefix/lib/libgit2.a" ]; then
  echo "libgit2: reusing $prefix"
  exit 0
fi
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
$sudo bash -c "$(declare -f have_deb_src ensure_deb_src); ensure_deb_src"
fetch_source libgit2 "$deps/src/libgit2"
echo "==> building $(cat "$deps/src/libgit2/VERSION") (static, no network transports)"
cmake -S "$SRCDIR" -B "$deps/build/libgit2" -G Ninja -Wno-dev \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
  -DBUILD_SHARED_LIBS=OFF -DBUILD_TESTS=OFF -DBUILD_CLI=OFF -DBUILD_EXAMPLES=OFF -DBUILD_FUZZERS=OFF \
  -DUSE_HTTPS=OFF -DUSE_SSH=OFF -DUSE_GSSAPI=OFF -DUSE_NTLMCLIENT=OFF -DUSE_SHA1=CollisionDetection \
  -DREGEX_BACKEND=pcre2 -DUSE_HTTP_PARSER=system -DUSE_BUNDLED_ZLIB=OFF > "$deps/libgit2-configure.log"
cmake --build "$deps/build/libgit2" > "$deps/libgit2-build.log"
cmake --install "$deps/build/libgit2" > /dev/null
echo "libgit2: installed into $prefix"
