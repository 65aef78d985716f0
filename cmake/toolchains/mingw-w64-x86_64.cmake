# Cross-compile pdo for 64-bit Windows with Debian's mingw-w64 (x86_64-w64-mingw32).
#
#   scripts/windows/build-deps.sh            # once: builds build/windows-deps/prefix
#   cmake -S . -B build/windows \
#         -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/mingw-w64-x86_64.cmake \
#         -DCMAKE_BUILD_TYPE=Release
#   cmake --build build/windows -j2 && ctest --test-dir build/windows   # tests run under wine
#
# Where the dependencies live (libgit2, zlib, pcre2, http-parser, fmt, Catch2, CLI11, toml++):
#   -DPDO_WINDOWS_DEPS_PREFIX=/path  or the environment variable of the same name,
#   default <repo>/build/windows-deps/prefix.
# The produced .exe is fully static: it needs only DLLs that ship with Windows.

set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(PDO_MINGW_TRIPLET x86_64-w64-mingw32)

# Debian installs two thread models; the alternative x86_64-w64-mingw32-g++ defaults to
# "-win32", whose libstdc++ has no std::thread / std::mutex / std::condition_variable.
# Use the "-posix" (winpthreads) variants explicitly; -static below links winpthread in.
find_program(PDO_MINGW_CC  NAMES ${PDO_MINGW_TRIPLET}-gcc-posix ${PDO_MINGW_TRIPLET}-gcc)
find_program(PDO_MINGW_CXX NAMES ${PDO_MINGW_TRIPLET}-g++-posix ${PDO_MINGW_TRIPLET}-g++)
if(NOT PDO_MINGW_CC OR NOT PDO_MINGW_CXX)
  message(FATAL_ERROR "mingw-w64 not found: apt-get install -y mingw-w64 (or run scripts/windows/build-deps.sh)")
endif()
set(CMAKE_C_COMPILER   ${PDO_MINGW_CC})
set(CMAKE_CXX_COMPILER ${PDO_MINGW_CXX})
find_program(PDO_MINGW_WINDRES NAMES ${PDO_MINGW_TRIPLET}-windres)
find_program(PDO_MINGW_AR      NAMES ${PDO_MINGW_TRIPLET}-ar)
find_program(PDO_MINGW_RANLIB  NAMES ${PDO_MINGW_TRIPLET}-ranlib)
set(CMAKE_RC_COMPILER ${PDO_MINGW_WINDRES})
set(CMAKE_AR          ${PDO_MINGW_AR} CACHE FILEPATH "Archiver")
set(CMAKE_RANLIB      ${PDO_MINGW_RANLIB} CACHE FILEPATH "Ranlib")

# Dependency prefix built by scripts/windows/build-deps.sh.
if(NOT PDO_WINDOWS_DEPS_PREFIX)
  if(DEFINED ENV{PDO_WINDOWS_DEPS_PREFIX})
    set(PDO_WINDOWS_DEPS_PREFIX "$ENV{PDO_WINDOWS_DEPS_PREFIX}")
  else()
    get_filename_component(PDO_WINDOWS_DEPS_PREFIX
      "${CMAKE_CURRENT_LIST_DIR}/../../build/windows-deps/prefix" ABSOLUTE)
  endif()
endif()
set(PDO_WINDOWS_DEPS_PREFIX "${PDO_WINDOWS_DEPS_PREFIX}" CACHE PATH
    "Prefix with the Windows (mingw-w64) builds of pdo's dependencies")
# try_compile() projects re-read this file; hand the prefix to them too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES PDO_WINDOWS_DEPS_PREFIX)

# Search headers/libraries/packages only in the mingw sysroot and the deps prefix,
# programs only on the host.
set(CMAKE_FIND_ROOT_PATH /usr/${PDO_MINGW_TRIPLET} "${PDO_WINDOWS_DEPS_PREFIX}")
list(APPEND CMAKE_PREFIX_PATH "${PDO_WINDOWS_DEPS_PREFIX}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config (pkg_check_modules) must see the prefix's .pc files and never the host's.
set(ENV{PKG_CONFIG_LIBDIR} "${PDO_WINDOWS_DEPS_PREFIX}/lib/pkgconfig:${PDO_WINDOWS_DEPS_PREFIX}/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")

# One self-contained .exe: no libgcc_s_seh-1.dll, libstdc++-6.dll, libwinpthread-1.dll.
set(CMAKE_EXE_LINKER_FLAGS_INIT    "-static -static-libgcc -static-libstdc++")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
set(CMAKE_MODULE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")

# Resource script embedding a manifest that sets the process code page to UTF-8 (and
# longPathAware). Add it to every .exe that handles non-ASCII paths or arguments:
#   if(WIN32)
#     enable_language(RC)
#     target_sources(pdo PRIVATE ${PDO_WINDOWS_UTF8_RC})
#   endif()
# Without it, argv/fopen/std::ofstream/std::filesystem::path(std::string) use the ANSI code
# page (CP1252 etc.) and "学习" turns into "??".
set(PDO_WINDOWS_UTF8_RC "${CMAKE_CURRENT_LIST_DIR}/windows/pdo-utf8.rc")

# Let ctest (and Catch2's catch_discover_tests) run the .exe files under wine.
# WINEDLLOVERRIDES stops the first start from asking to install wine-mono/wine-gecko.
find_program(PDO_WINE NAMES wine wine64 NO_CMAKE_FIND_ROOT_PATH)
if(PDO_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR
      /usr/bin/env WINEDEBUG=-all "WINEDLLOVERRIDES=mscoree=;mshtml=" ${PDO_WINE})
endif()
