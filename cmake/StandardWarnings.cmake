# Warnings for pdo's own targets only (linked as an INTERFACE target).
add_library(pdo_warnings INTERFACE)
if(MSVC)
  target_compile_options(pdo_warnings INTERFACE /W4 /utf-8 $<$<BOOL:${PDO_WARNINGS_AS_ERRORS}>:/WX>)
else()
  target_compile_options(pdo_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor
    -Wold-style-cast -Wcast-align -Wunused -Woverloaded-virtual -Wnull-dereference
    -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
    $<$<BOOL:${PDO_WARNINGS_AS_ERRORS}>:-Werror>)
  # libgit2's *_INIT macros (GIT_DIFF_OPTIONS_INIT, …) set the version field only, as its manual says to;
  # clang's -Wextra calls each of those a missing initializer, g++ does not.
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    target_compile_options(pdo_warnings INTERFACE -Wno-missing-field-initializers)
  endif()
endif()
