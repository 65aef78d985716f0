# Third-party libraries: Debian packages on Linux (pkg-config / CMake configs), a prefix for cross builds.
# toml++ and CLI11 are used header-only everywhere; fmt is linked where a library exists.
add_library(pdo_deps INTERFACE)

find_package(PkgConfig REQUIRED)
pkg_check_modules(LIBGIT2 REQUIRED IMPORTED_TARGET libgit2>=1.5)
target_link_libraries(pdo_deps INTERFACE PkgConfig::LIBGIT2)

# libcurl for `pdo check --online` (src/checks/http_curl.cpp); a Windows build may use WinHTTP instead.
pkg_check_modules(LIBCURL REQUIRED IMPORTED_TARGET libcurl>=7.68)
target_link_libraries(pdo_deps INTERFACE PkgConfig::LIBCURL)

find_package(CLI11 CONFIG QUIET)
if(TARGET CLI11::CLI11)
  target_link_libraries(pdo_deps INTERFACE CLI11::CLI11)
endif()

find_package(fmt CONFIG QUIET)
if(TARGET fmt::fmt)
  target_link_libraries(pdo_deps INTERFACE fmt::fmt)
else()
  target_compile_definitions(pdo_deps INTERFACE FMT_HEADER_ONLY=1)
endif()

# toml++ header-only: one parser translation unit, no shared library to ship on Windows.
find_path(TOMLPP_INCLUDE_DIR toml++/toml.h REQUIRED)
target_include_directories(pdo_deps INTERFACE ${TOMLPP_INCLUDE_DIR})
