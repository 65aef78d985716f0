#!/usr/bin/env bash
# Build pdo's third-party dependencies for 64-bit Windows (x86_64-w64-mingw32), statically,
# from Debian 12 (bookworm) source packages only, into build/windows-deps/prefix.
#
#   As root on Debian 12 (bookworm):   scripts/windows/build-deps.sh
#
#   Options:  --clean        remove build/windows-deps first (full rebuild)
#             --no-apt       do not install/check host packages with apt-get
#             --no-wine      do not install wine / do not create the wine prefix
#             --apt-only     only install the host packages and Debian's source lists, then stop (so
#                            a build run later with --no-apt needs no apt lock: .ci/run's background build)
#   Env:      PDO_WINDOWS_DEPS_DIR   work dir (default <repo>/build/windows-deps)
#             JOBS                   parallel jobs (default nproc)
#
# What ends up in the prefix:
#   built from `apt-get source` (Debian's source packages):
#     libgit2 1.5.1+ds  static, WinHTTP (HTTPS), no SSH, SHA1DC, pcre2 regex, system http-parser/zlib
#                      (Debian's "+ds" tarball strips libgit2's deps/: zlib, http-parser, pcre,
#                       winhttp, ntlmclient; they are replaced by the packages below / mingw's winhttp)
#     zlib 1.2.13      libz.a
#     http-parser 2.9.4 libhttp_parser.a
#     pcre2 10.42      libpcre2-8.a (PCRE2_STATIC)
#     curl 7.88.1      libcurl.a (Schannel TLS, zlib; no LDAP/SSH/IDN2/HTTP2) for `pdo check --online`
#     fmtlib 9.1.0     libfmt.a + lib/cmake/fmt (fmt::fmt)
#   copied from Debian's header-only -dev packages installed on the host:
#     libcli11-dev (CLI/, share/cmake/CLI11), libtomlplusplus-dev (toml++/, used header-only),
#     catch2 (catch2/catch.hpp, for the tests)
#
# Every step leaves a stamp in <workdir>/stamps and is skipped on the next run.
set -euo pipefail

HOST=x86_64-w64-mingw32
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLCHAIN="$REPO_ROOT/cmake/toolchains/mingw-w64-x86_64.cmake"
WORK="${PDO_WINDOWS_DEPS_DIR:-$REPO_ROOT/build/windows-deps}"
JOBS="${JOBS:-$(nproc)}"

DO_APT=1
DO_WINE=1
APT_ONLY=0
for arg in "$@"; do
  case "$arg" in
    --clean)   rm -rf "$WORK" ;;
    --no-apt)  DO_APT=0 ;;
    --no-wine) DO_WINE=0 ;;
    --apt-only) APT_ONLY=1 ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
PREFIX="$WORK/prefix"
SRC="$WORK/src"
BLD="$WORK/build"
STAMPS="$WORK/stamps"
mkdir -p "$PREFIX"/{include,lib/pkgconfig,share} "$SRC" "$BLD" "$STAMPS"

log()  { printf '\n==> %s\n' "$*"; }
# static_pc NAME DESCRIPTION VERSION LIBS EXTRA_CFLAGS: a .pc whose plain `pkg-config --libs` gives the
# full static link line (the prefix holds static archives only; CMake's IMPORTED_TARGET reads --libs).
static_pc() {
  cat > "$PREFIX/lib/pkgconfig/$1.pc" <<EOF
prefix=$PREFIX
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: $1
Description: $2
Version: $3
Libs: -L\${libdir} $4
Cflags: -I\${includedir}$5
EOF
}
done_() { [ -e "$STAMPS/$1" ]; }
stamp() { date -u +%FT%TZ > "$STAMPS/$1"; }
START=$(date +%s)

# ---------------------------------------------------------------------------------------------
# 1. Host packages
# ---------------------------------------------------------------------------------------------
HOST_PKGS=(mingw-w64 cmake ninja-build make pkg-config dpkg-dev xz-utils bzip2 ca-certificates git
           libcli11-dev libtomlplusplus-dev nlohmann-json3-dev libfmt-dev catch2 zip unzip)
[ "$DO_WINE" = 1 ] && HOST_PKGS+=(wine wine64)

APT_UPDATED=0
apt_update() {
  if [ "$APT_UPDATED" = 0 ]; then apt-get update -qq; APT_UPDATED=1; fi
}

if [ "$DO_APT" = 1 ]; then
  missing=()
  for p in "${HOST_PKGS[@]}"; do
    [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" = "install ok installed" ] || missing+=("$p")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    log "apt-get install ${missing[*]}"
    apt_update
    DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
  fi
fi

# shellcheck source=../lib/debian-source.sh
. "$REPO_ROOT/scripts/lib/debian-source.sh"
if [ "$APT_ONLY" = 1 ]; then
  ensure_deb_src
  exit 0
fi

for tool in "$HOST-gcc-posix" "$HOST-g++-posix" "$HOST-ar" "$HOST-ranlib" cmake dpkg-source; do
  command -v "$tool" >/dev/null || { echo "missing $tool (run without --no-apt)" >&2; exit 1; }
done
CC="$HOST-gcc-posix"
AR="$HOST-ar"

# ---------------------------------------------------------------------------------------------
# 2./3. deb-src entries and source packages (patches applied by dpkg-source), shared with
#       scripts/build-libgit2.sh: fetch PKG -> sets SRCDIR to the unpacked tree
# ---------------------------------------------------------------------------------------------
ensure_deb_src
fetch() {
  fetch_source "$1" "$SRC/$1"
  echo "   $1: $(cat "$SRC/$1/VERSION") in $SRCDIR"
}

cmake_build() {  # NAME SRCDIR [cmake args...]
  local name="$1" src="$2"; shift 2
  rm -rf "${BLD:?}/${name:?}"
  cmake -S "$src" -B "$BLD/$name" \
    -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" \
    -DPDO_WINDOWS_DEPS_PREFIX="$PREFIX" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$PREFIX" \
    -DCMAKE_INSTALL_LIBDIR=lib \
    -DBUILD_SHARED_LIBS=OFF \
    "$@" > "$BLD/$name.configure.log" 2>&1 || { tail -40 "$BLD/$name.configure.log" >&2; exit 1; }
  cmake --build "$BLD/$name" -j "$JOBS" > "$BLD/$name.build.log" 2>&1 \
    || { tail -40 "$BLD/$name.build.log" >&2; exit 1; }
  cmake --install "$BLD/$name" > "$BLD/$name.install.log" 2>&1 \
    || { tail -40 "$BLD/$name.install.log" >&2; exit 1; }
}

# ---------------------------------------------------------------------------------------------
# 4. zlib (Debian "dfsg" tarball has no win32/ makefiles: compile the library files directly)
# ---------------------------------------------------------------------------------------------
fetch zlib
if ! done_ zlib; then
  log "building zlib"
  rm -rf "$BLD/zlib"; mkdir -p "$BLD/zlib"
  ZSRC=(adler32 compress crc32 deflate gzclose gzlib gzread gzwrite infback inffast inflate
        inftrees trees uncompr zutil)
  for f in "${ZSRC[@]}"; do
    "$CC" -O2 -DNDEBUG -D_LARGEFILE64_SOURCE=1 -I"$SRCDIR" -c "$SRCDIR/$f.c" -o "$BLD/zlib/$f.o"
  done
  rm -f "$PREFIX/lib/libz.a"
  "$AR" rcs "$PREFIX/lib/libz.a" "$BLD"/zlib/*.o
  install -m644 "$SRCDIR/zlib.h" "$SRCDIR/zconf.h" "$PREFIX/include/"
  ZVER="$(sed -n 's/^#define ZLIB_VERSION[[:space:]]*"\(.*\)".*/\1/p' "$SRCDIR/zlib.h")"
  cat > "$PREFIX/lib/pkgconfig/zlib.pc" <<EOF
prefix=$PREFIX
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: zlib
Description: zlib compression library (static, mingw-w64)
Version: $ZVER
Libs: -L\${libdir} -lz
Cflags: -I\${includedir}
EOF
  stamp zlib
fi

# ---------------------------------------------------------------------------------------------
# 5. http-parser (one C file)
# ---------------------------------------------------------------------------------------------
fetch http-parser
if ! done_ http-parser; then
  log "building http-parser"
  rm -rf "$BLD/http-parser"; mkdir -p "$BLD/http-parser"
  "$CC" -O2 -DNDEBUG -DHTTP_PARSER_STRICT=0 -I"$SRCDIR" -c "$SRCDIR/http_parser.c" \
    -o "$BLD/http-parser/http_parser.o"
  rm -f "$PREFIX/lib/libhttp_parser.a"
  "$AR" rcs "$PREFIX/lib/libhttp_parser.a" "$BLD/http-parser/http_parser.o"
  install -m644 "$SRCDIR/http_parser.h" "$PREFIX/include/"
  stamp http-parser
fi

# ---------------------------------------------------------------------------------------------
# 6. pcre2 (8-bit library only, static)
# ---------------------------------------------------------------------------------------------
fetch pcre2
if ! done_ pcre2; then
  log "building pcre2"
  cmake_build pcre2 "$SRCDIR" \
    -DBUILD_STATIC_LIBS=ON \
    -DPCRE2_BUILD_PCRE2_8=ON -DPCRE2_BUILD_PCRE2_16=OFF -DPCRE2_BUILD_PCRE2_32=OFF \
    -DPCRE2_BUILD_PCRE2GREP=OFF -DPCRE2_BUILD_TESTS=OFF -DPCRE2_SUPPORT_JIT=OFF \
    -DPCRE2_SUPPORT_LIBBZ2=OFF -DPCRE2_SUPPORT_LIBZ=OFF -DPCRE2_SUPPORT_LIBREADLINE=OFF \
    -DPCRE2_SUPPORT_LIBEDIT=OFF -DINSTALL_MSVC_PDB=OFF
  stamp pcre2
fi

# ---------------------------------------------------------------------------------------------
# 7. libgit2
# ---------------------------------------------------------------------------------------------
fetch libgit2
if ! done_ libgit2; then
  log "building libgit2"
  # Debian's +ds tarball has no deps/winhttp (libgit2's private winhttp.h + import library
  # for old MinGW). mingw-w64 ships winhttp.h and libwinhttp.a: use those when deps/ is gone.
  if ! grep -q 'PDO: system winhttp' "$SRCDIR/cmake/SelectWinHTTP.cmake"; then
    # shellcheck disable=SC2016  # ${PROJECT_SOURCE_DIR} is CMake's, written into the file as is
    sed -i 's|^\tif(MINGW)$|\tif(MINGW AND EXISTS "${PROJECT_SOURCE_DIR}/deps/winhttp") # PDO: system winhttp otherwise|' \
      "$SRCDIR/cmake/SelectWinHTTP.cmake"
    grep -q 'PDO: system winhttp' "$SRCDIR/cmake/SelectWinHTTP.cmake" \
      || { echo "failed to patch SelectWinHTTP.cmake" >&2; exit 1; }
  fi
  cmake_build libgit2 "$SRCDIR" \
    -DBUILD_TESTS=OFF -DBUILD_CLI=OFF -DBUILD_EXAMPLES=OFF -DBUILD_FUZZERS=OFF \
    -DUSE_SSH=OFF -DUSE_HTTPS=WinHTTP -DUSE_WINHTTP=ON -DUSE_NTLMCLIENT=OFF -DUSE_GSSAPI=OFF \
    -DUSE_SHA1=CollisionDetection -DUSE_SHA256=Win32 \
    -DUSE_BUNDLED_ZLIB=OFF -DUSE_HTTP_PARSER=system -DREGEX_BACKEND=pcre2 \
    -DCMAKE_C_FLAGS="-DPCRE2_STATIC" -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG"
  grep -E '^-- (Enabled|Disabled) features|^ \* ' "$BLD/libgit2.configure.log" || true
  stamp libgit2
fi

# libgit2.pc as generated lists the dependencies in Libs.private/Requires.private. The prefix
# only has static archives, so make plain `pkg-config --libs libgit2` (what CMake's
# pkg_check_modules(IMPORTED_TARGET) uses) return the full static link line.
# The list below is libgit2's own LIBGIT2_SYSTEM_LIBS for this configuration (see the generated
# build/libgit2/libgit2.pc + ws2_32 from src/CMakeLists.txt) with the static deps spelled out.
GIT2_LIBS="-lgit2 -lpcre2-8 -lhttp_parser -lz -lwinhttp -lrpcrt4 -lcrypt32 -lole32 -lws2_32"
GIT2_VER="$(sed -n 's/^#define LIBGIT2_VERSION[[:space:]]*"\(.*\)".*/\1/p' "$PREFIX/include/git2/version.h")"
[ -n "$GIT2_VER" ] || { echo "cannot read LIBGIT2_VERSION from git2/version.h" >&2; exit 1; }
static_pc libgit2 "The git library, take 2 (static, mingw-w64, WinHTTP)" "$GIT2_VER" "$GIT2_LIBS" ""
# pcre2's .pc forgets that a static pcre2 on Windows needs PCRE2_STATIC (else dllimport).
for pc in "$PREFIX"/lib/pkgconfig/libpcre2-*.pc; do
  grep -q PCRE2_STATIC "$pc" || sed -i 's|^Cflags: \(.*\)$|Cflags: \1 -DPCRE2_STATIC|' "$pc"
done
rm -rf "${PREFIX:?}/man" "${PREFIX:?}/share/doc/pcre2"

# ---------------------------------------------------------------------------------------------
# 7b. curl (libcurl only, HTTP(S) only, static, Schannel TLS + Windows certificate store, zlib; for `pdo check`)
# ---------------------------------------------------------------------------------------------
fetch curl
if ! done_ curl; then
  # curl's own make build for mingw (lib/Makefile.mk, features chosen by CFG, settings from
  # lib/config-win32.h): no configure step. Its CMake build spent 120 of its 200 s here trying 223
  # compiles to learn what Windows has.
  log "building libcurl (lib/Makefile.mk)"
  rm -rf "${SRCDIR:?}/lib/$HOST"
  mkdir -p "$SRCDIR/lib/$HOST"
  # From the environment, not make's command line, so the makefile's own += still add to them.
  CROSSPREFIX="$HOST-" CC=gcc-posix TRIPLET="$HOST" CFG=-zlib-schannel-sspi-ipv6-winidn ZLIB_PATH="$PREFIX" \
    CFLAGS=-O2 CPPFLAGS="-DCURL_STATICLIB -DHTTP_ONLY" \
    make -C "$SRCDIR/lib" -f Makefile.mk -j "$JOBS" libcurl.a > "$BLD/curl.build.log" 2>&1 \
    || { tail -40 "$BLD/curl.build.log" >&2; exit 1; }
  install -D -m644 "$SRCDIR/lib/libcurl.a" "$PREFIX/lib/libcurl.a"
  rm -rf "$PREFIX/include/curl"
  install -D -m644 -t "$PREFIX/include/curl" "$SRCDIR"/include/curl/*.h
  stamp curl
fi
# As for libgit2: the prefix is static-only, so `pkg-config --libs libcurl` gives the full line.
CURL_LIBS="-lcurl -lz -lws2_32 -lcrypt32 -lbcrypt -lsecur32 -lnormaliz -ladvapi32"
CURL_VER="$(sed -n 's/^#define LIBCURL_VERSION[[:space:]]*"\(.*\)".*/\1/p' "$PREFIX/include/curl/curlver.h")"
[ -n "$CURL_VER" ] || { echo "cannot read LIBCURL_VERSION from curl/curlver.h" >&2; exit 1; }
[ -f "$PREFIX/lib/libcurl.a" ] || { echo "libcurl.a missing from the prefix" >&2; exit 1; }
static_pc libcurl "Library to transfer files with HTTP(S) (static, mingw-w64, Schannel)" "$CURL_VER" "$CURL_LIBS" " -DCURL_STATICLIB"

# ---------------------------------------------------------------------------------------------
# 8. fmt (static library + fmt::fmt CMake config)
# ---------------------------------------------------------------------------------------------
fetch fmtlib
if ! done_ fmtlib; then
  log "building fmt"
  cmake_build fmtlib "$SRCDIR" -DFMT_DOC=OFF -DFMT_TEST=OFF -DFMT_INSTALL=ON
  stamp fmtlib
fi

# ---------------------------------------------------------------------------------------------
# 9. Header-only libraries (and Catch2's header) from the host's Debian packages
# ---------------------------------------------------------------------------------------------
copy_pkg_headers() {  # PKG INCLUDE-SUBDIR
  local n=0 f
  while read -r f; do
    case "$f" in /usr/include/"$2"/*) ;; *) continue ;; esac
    [ -f "$f" ] || continue
    install -D -m644 "$f" "$PREFIX/include/${f#/usr/include/}"
    n=$((n + 1))
  done < <(dpkg -L "$1")
  [ "$n" -gt 0 ] || { echo "no headers under /usr/include/$2 in $1" >&2; exit 1; }
}
if ! done_ cli11; then
  log "installing CLI11 headers (libcli11-dev $(dpkg-query -W -f='${Version}' libcli11-dev))"
  rm -rf "$PREFIX/include/CLI" "$PREFIX/share/cmake/CLI11"
  copy_pkg_headers libcli11-dev CLI
  # Relocatable config: computes its prefix from its own location (share/cmake/CLI11).
  install -D -m644 -t "$PREFIX/share/cmake/CLI11" /usr/share/cmake/CLI11/*.cmake
  sed "s|^prefix=.*|prefix=$PREFIX|" /usr/share/pkgconfig/CLI11.pc > "$PREFIX/lib/pkgconfig/CLI11.pc"
  stamp cli11
fi
if ! done_ catch2-header; then
  # The cross build lists no test cases (that would run the tests while building), so it needs no
  # Catch.cmake and no library: pdo's own tests/catch_main.cpp is the main.
  log "installing the Catch2 header (catch2 $(dpkg-query -W -f='${Version}' catch2))"
  rm -rf "$PREFIX/include/catch2"
  copy_pkg_headers catch2 catch2
  stamp catch2-header
fi
if ! done_ nlohmann-json; then
  log "installing nlohmann/json headers (nlohmann-json3-dev $(dpkg-query -W -f='${Version}' nlohmann-json3-dev))"
  rm -rf "$PREFIX/include/nlohmann"
  copy_pkg_headers nlohmann-json3-dev nlohmann
  stamp nlohmann-json
fi
if ! done_ tomlplusplus; then
  log "installing toml++ headers (libtomlplusplus-dev $(dpkg-query -W -f='${Version}' libtomlplusplus-dev))"
  rm -rf "$PREFIX/include/toml++"
  copy_pkg_headers libtomlplusplus-dev 'toml++'
  # Debian's own tomlplusplus config links libtomlplusplus.so; on Windows it is header-only.
  mkdir -p "$PREFIX/lib/cmake/tomlplusplus"
  cat > "$PREFIX/lib/cmake/tomlplusplus/tomlplusplusConfig.cmake" <<'EOF'
# toml++ header-only (mingw-w64 prefix made by pdo's scripts/windows/build-deps.sh)
if(NOT TARGET tomlplusplus::tomlplusplus)
  get_filename_component(_tomlpp_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
  add_library(tomlplusplus::tomlplusplus INTERFACE IMPORTED)
  set_target_properties(tomlplusplus::tomlplusplus PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_tomlpp_prefix}/include"
    INTERFACE_COMPILE_DEFINITIONS "TOML_HEADER_ONLY=1")
  unset(_tomlpp_prefix)
endif()
EOF
  TOMLVER="$(dpkg-query -W -f='${Version}' libtomlplusplus-dev | sed 's/[+~-].*//')"
  cat > "$PREFIX/lib/cmake/tomlplusplus/tomlplusplusConfigVersion.cmake" <<EOF
set(PACKAGE_VERSION "$TOMLVER")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
EOF
  cat > "$PREFIX/lib/pkgconfig/tomlplusplus.pc" <<EOF
prefix=$PREFIX
includedir=\${prefix}/include

Name: tomlplusplus
Description: TOML config file parser and serializer for C++ (header-only)
Version: $TOMLVER
Cflags: -I\${includedir} -DTOML_HEADER_ONLY=1
EOF
  stamp tomlplusplus
fi

# ---------------------------------------------------------------------------------------------
# 10. wine prefix (so the first ctest run does not spend a minute in wineboot)
# ---------------------------------------------------------------------------------------------
if [ "$DO_WINE" = 1 ] && command -v wine >/dev/null && [ ! -f "${WINEPREFIX:-$HOME/.wine}/system.reg" ]; then
  log "creating wine prefix ${WINEPREFIX:-$HOME/.wine} (one-time, ~1 min)"
  WINEDEBUG=-all WINEDLLOVERRIDES="mscoree=;mshtml=" wineboot -i > "$WORK/wineboot.log" 2>&1 || true
  wineserver -w 2>/dev/null || true
fi

# ---------------------------------------------------------------------------------------------
# Summary
# ---------------------------------------------------------------------------------------------
{
  echo "pdo Windows (x86_64-w64-mingw32) dependency prefix"
  echo "built: $(date -u +%FT%TZ)"
  echo "source packages:"
  for p in zlib http-parser pcre2 libgit2 curl fmtlib; do echo "  $(cat "$SRC/$p/VERSION")"; done
  echo "header-only from host -dev packages:"
  for p in libcli11-dev libtomlplusplus-dev catch2; do echo "  $p $(dpkg-query -W -f='${Version}' $p)"; done
  echo "compile: -I$PREFIX/include -DTOML_HEADER_ONLY=1"
  echo "link:    -L$PREFIX/lib $GIT2_LIBS $CURL_LIBS -lfmt -static -static-libgcc -static-libstdc++"
} > "$PREFIX/share/pdo-windows-deps.txt"

log "done in $(( $(date +%s) - START ))s"
cat "$PREFIX/share/pdo-windows-deps.txt"
echo
echo "PREFIX=$PREFIX"
EXTRA=""
[ "$PREFIX" = "$REPO_ROOT/build/windows-deps/prefix" ] || EXTRA=" -DPDO_WINDOWS_DEPS_PREFIX=$PREFIX"
echo "configure pdo with:"
echo "  cmake -S $REPO_ROOT -B $REPO_ROOT/build/windows -DCMAKE_TOOLCHAIN_FILE=$TOOLCHAIN -DCMAKE_BUILD_TYPE=Release$EXTRA"
echo "  cmake --build $REPO_ROOT/build/windows -j$JOBS && ctest --test-dir $REPO_ROOT/build/windows   # tests under wine"
