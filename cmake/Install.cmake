# What `cmake --install` (and so `cpack -G DEB`) puts where: pdo, its man page in English and Chinese, and
# the bash, zsh and fish completion scripts. The pages and scripts are generated at build time by the
# pdo just built (`pdo help --man`, `pdo completion SHELL`), from its command table: nothing is kept by
# hand. A cross build cannot run the program it makes, so it generates and installs only pdo itself.
include(GNUInstallDirs)

set(PDO_BASH_COMPLETION_DIR "${CMAKE_INSTALL_DATADIR}/bash-completion/completions" CACHE STRING "Where bash-completion finds pdo's script")
set(PDO_ZSH_COMPLETION_DIR "${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions" CACHE STRING "A folder of zsh's fpath for _pdo (Debian: vendor-completions)")
set(PDO_FISH_COMPLETION_DIR "${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d" CACHE STRING "Where fish finds pdo.fish")

install(TARGETS pdo RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

if(NOT CMAKE_CROSSCOMPILING)
  set(gen ${CMAKE_BINARY_DIR}/share)
  set(PDO_GENERATED_DOCS "")
  # name|output|args (args separated by '|' for capture.cmake)
  foreach(spec
      "man/man1/pdo.1|--lang|en|help|--man"
      "man/zh_CN/man1/pdo.1|--lang|zh|help|--man"
      "completion/pdo.bash|completion|bash"
      "completion/_pdo|completion|zsh"
      "completion/pdo.fish|completion|fish"
      "completion/pdo.ps1|completion|powershell")
    string(FIND "${spec}" "|" bar)
    string(SUBSTRING "${spec}" 0 ${bar} rel)
    math(EXPR rest "${bar} + 1")
    string(SUBSTRING "${spec}" ${rest} -1 args)
    get_filename_component(dir ${gen}/${rel} DIRECTORY)
    add_custom_command(
      OUTPUT ${gen}/${rel}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
      COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:pdo> "-DARGS=${args}" -DOUT=${gen}/${rel} -P ${CMAKE_CURRENT_LIST_DIR}/capture.cmake
      DEPENDS pdo ${CMAKE_CURRENT_LIST_DIR}/capture.cmake
      COMMENT "Generating ${rel} from pdo's command table"
      VERBATIM)
    list(APPEND PDO_GENERATED_DOCS ${gen}/${rel})
  endforeach()
  add_custom_target(pdo_docs ALL DEPENDS ${PDO_GENERATED_DOCS})

  install(FILES ${gen}/man/man1/pdo.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${gen}/man/zh_CN/man1/pdo.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/zh_CN/man1)
  install(FILES ${gen}/completion/pdo.bash DESTINATION ${PDO_BASH_COMPLETION_DIR} RENAME pdo)
  install(FILES ${gen}/completion/_pdo DESTINATION ${PDO_ZSH_COMPLETION_DIR})
  install(FILES ${gen}/completion/pdo.fish DESTINATION ${PDO_FISH_COMPLETION_DIR})
endif()
install(FILES README.md README.en.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs FILES_MATCHING PATTERN "*.md")
