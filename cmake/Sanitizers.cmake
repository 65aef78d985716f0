# ASan + UBSan for pdo's own targets when PDO_SANITIZE is on.
add_library(pdo_sanitizers INTERFACE)
# LeakSanitizer alone (PDO_LEAK_CHECK, the mutate preset): only the link differs from the dev build, so
# ccache shares its objects, and a mutant that leaks (a free deleted) fails as it does in the asan build.
if(PDO_LEAK_CHECK AND NOT PDO_SANITIZE AND NOT MSVC)
  target_link_options(pdo_sanitizers INTERFACE -fsanitize=leak)
endif()
if(PDO_SANITIZE AND NOT MSVC)
  set(_pdo_san -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  target_compile_options(pdo_sanitizers INTERFACE ${_pdo_san})
  target_link_options(pdo_sanitizers INTERFACE ${_pdo_san})
  # Not position-independent: UBSan's data of every check site points at its file name and type, about
  # 2.5 million pointers in a PIE pdo that the loader relocated at each start (0.5 s of `pdo --version`,
  # and the CLI tests start pdo thousands of times). A fixed-address executable has them resolved at link.
  # The same with clang (the asan preset's compiler): 0.13 s of `pdo --version` as a PIE, 0.10 s without.
  if(NOT PDO_FUZZ)
    target_compile_options(pdo_sanitizers INTERFACE -fno-pie)
    target_link_options(pdo_sanitizers INTERFACE -no-pie)
  endif()
endif()
# The fuzz preset: pdo's code carries libFuzzer's coverage instrumentation; the targets link its main.
if(PDO_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "PDO_FUZZ needs clang (libFuzzer): cmake --preset fuzz")
  endif()
  target_compile_options(pdo_sanitizers INTERFACE -fsanitize=fuzzer-no-link)
endif()
