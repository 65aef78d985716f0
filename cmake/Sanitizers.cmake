# ASan + UBSan for pdo's own targets when PDO_SANITIZE is on.
add_library(pdo_sanitizers INTERFACE)
if(PDO_SANITIZE AND NOT MSVC)
  set(_pdo_san -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  target_compile_options(pdo_sanitizers INTERFACE ${_pdo_san})
  target_link_options(pdo_sanitizers INTERFACE ${_pdo_san})
endif()
