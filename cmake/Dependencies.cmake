# Third-party libraries: Debian packages on Linux (pkg-config / CMake configs), a prefix for cross builds.
# toml++ and CLI11 are used header-only everywhere; fmt is linked where a library exists.
add_library(pdo_deps INTERFACE)

find_package(PkgConfig REQUIRED)

# libgit2: the static build without network transports that scripts/build-libgit2.sh makes from
# Debian's source package (pdo never fetches or pushes, and the shared Debian build spends ~10 ms of
# every start-up loading CA certificates); otherwise the system's libgit2 (libgit2-dev).
set(PDO_DEPS_PREFIX "${PROJECT_SOURCE_DIR}/build/deps/prefix" CACHE PATH "Prefix of scripts/build-libgit2.sh")
if(NOT CMAKE_CROSSCOMPILING AND EXISTS "${PDO_DEPS_PREFIX}/lib/pkgconfig/libgit2.pc")
  set(ENV{PKG_CONFIG_PATH} "${PDO_DEPS_PREFIX}/lib/pkgconfig:$ENV{PKG_CONFIG_PATH}")
  pkg_check_modules(PDO_STATIC_LIBGIT2 REQUIRED libgit2>=1.5)
  target_include_directories(pdo_deps SYSTEM INTERFACE ${PDO_STATIC_LIBGIT2_STATIC_INCLUDE_DIRS})
  # libgit2's own dependencies from their static archives where Debian ships them (libz.a, libpcre2-8.a,
  # libhttp_parser.a): each shared library costs every start-up its symbol relocations.
  set(PDO_LIBGIT2_LINK "")
  foreach(flag IN LISTS PDO_STATIC_LIBGIT2_STATIC_LDFLAGS)
    if(flag MATCHES "^-l(z|pcre2-8|http_parser)$")
      find_library(PDO_STATIC_LIB_${CMAKE_MATCH_1} NAMES lib${CMAKE_MATCH_1}.a)
      if(PDO_STATIC_LIB_${CMAKE_MATCH_1})
        set(flag "${PDO_STATIC_LIB_${CMAKE_MATCH_1}}")
      endif()
    endif()
    list(APPEND PDO_LIBGIT2_LINK "${flag}")
  endforeach()
  target_link_libraries(pdo_deps INTERFACE ${PDO_LIBGIT2_LINK})
  message(STATUS "libgit2: static build in ${PDO_DEPS_PREFIX}")
else()
  pkg_check_modules(LIBGIT2 REQUIRED IMPORTED_TARGET libgit2>=1.5)
  target_link_libraries(pdo_deps INTERFACE PkgConfig::LIBGIT2)
  message(STATUS "libgit2: system library ${LIBGIT2_LINK_LIBRARIES}")
endif()

# PCRE2 (8-bit) for the learner's own secret rules in gitleaks' format (src/secrets/regex.cpp), asked for
# by name, not only through libgit2: with the static libgit2 its static archive (libpcre2-8.a, as above),
# with the system libgit2 the system library. The Windows prefix's pcre2 is static: PCRE2_STATIC, else
# its headers declare dllimport (scripts/windows/build-deps.sh also adds it to the prefix's .pc).
pkg_check_modules(PCRE2 REQUIRED IMPORTED_TARGET libpcre2-8>=10.34)
if(PDO_STATIC_LIBGIT2_FOUND)
  find_library(PDO_STATIC_LIB_pcre2-8 NAMES libpcre2-8.a)  # already found above if libgit2 uses pcre2
endif()
if(PDO_STATIC_LIBGIT2_FOUND AND PDO_STATIC_LIB_pcre2-8)
  target_include_directories(pdo_deps SYSTEM INTERFACE ${PCRE2_INCLUDE_DIRS})
  target_link_libraries(pdo_deps INTERFACE ${PDO_STATIC_LIB_pcre2-8})
else()
  target_link_libraries(pdo_deps INTERFACE PkgConfig::PCRE2)
endif()
if(WIN32 AND NOT MSVC)
  target_compile_definitions(pdo_deps INTERFACE PCRE2_STATIC=1)
endif()
message(STATUS "pcre2: ${PCRE2_VERSION}")

# zlib: the secret scanner inflates gzip files (src/secrets/shapes.cpp). With the static libgit2 its
# static archive is already on the link line (libz.a, above); otherwise the system's or the prefix's.
if(NOT PDO_STATIC_LIB_z)
  pkg_check_modules(ZLIB REQUIRED IMPORTED_TARGET zlib)
  target_link_libraries(pdo_deps INTERFACE PkgConfig::ZLIB)
endif()

# nlohmann/json, header-only: the secret scanner reads JSON and notebooks with its SAX parser
# (src/secrets/json_text.cpp, the only file that includes it).
find_path(NLOHMANN_JSON_INCLUDE_DIR nlohmann/json.hpp REQUIRED)
target_include_directories(pdo_deps SYSTEM INTERFACE ${NLOHMANN_JSON_INCLUDE_DIR})

# libcurl for `pdo check --online` (src/checks/http_curl.cpp); a Windows build may use WinHTTP instead.
pkg_check_modules(LIBCURL REQUIRED IMPORTED_TARGET libcurl>=7.68)
if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
  # Loaded at run time by http_curl.cpp: only its headers are needed at build time.
  target_include_directories(pdo_deps SYSTEM INTERFACE ${LIBCURL_INCLUDE_DIRS})
  target_compile_definitions(pdo_deps INTERFACE PDO_CURL_RUNTIME_LOAD=1)
  target_link_libraries(pdo_deps INTERFACE ${CMAKE_DL_LIBS})
else()
  target_link_libraries(pdo_deps INTERFACE PkgConfig::LIBCURL)
endif()

find_package(CLI11 CONFIG QUIET)
if(TARGET CLI11::CLI11)
  target_link_libraries(pdo_deps INTERFACE CLI11::CLI11)
endif()

# fmt (util/format.hpp): header-only on Linux, where Debian ships only a shared libfmt (one more library
# to relocate at every start); the static library of the Windows prefix elsewhere.
find_package(fmt CONFIG QUIET)
if(CMAKE_SYSTEM_NAME STREQUAL "Linux" AND TARGET fmt::fmt-header-only)
  target_link_libraries(pdo_deps INTERFACE fmt::fmt-header-only)
elseif(TARGET fmt::fmt)
  target_link_libraries(pdo_deps INTERFACE fmt::fmt)
else()
  target_compile_definitions(pdo_deps INTERFACE FMT_HEADER_ONLY=1)
endif()

# toml++ header-only: one parser translation unit (src/util/toml_doc.cpp), no shared library to ship on
# Windows. Its configuration lives here, once for every translation unit, never as #defines in a .cpp:
# two TUs seeing toml++ configured differently would break the one-definition rule. No exceptions (pdo
# reports parse errors as values) and no formatters (pdo never writes TOML through toml++).
find_path(TOMLPP_INCLUDE_DIR toml++/toml.h REQUIRED)
add_library(pdo_tomlpp INTERFACE)  # also used alone by the build-time tool pdo_toml_compile
target_include_directories(pdo_tomlpp INTERFACE ${TOMLPP_INCLUDE_DIR})
target_compile_definitions(pdo_tomlpp INTERFACE TOML_HEADER_ONLY=1 TOML_EXCEPTIONS=0 TOML_ENABLE_FORMATTERS=0)
target_link_libraries(pdo_deps INTERFACE pdo_tomlpp)
