# pdo_embed_files(<target> BASE <dir> FILES <relative paths...> [GENERATED <name>=<absolute path>...])
# Generates a C++ source holding every listed file as bytes, looked up by its path relative to BASE
# (see src/util/embedded.hpp), so the binary needs no data files at run time. GENERATED files (outputs of
# other build steps) are looked up by the name given.
file(GLOB_RECURSE PDO_TEMPLATE_FILES RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_SOURCE_DIR}/templates/*)
file(GLOB PDO_HOOK_FILES RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_SOURCE_DIR}/hooks/*)

set(PDO_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed.cmake)

function(pdo_embed_files target)
  cmake_parse_arguments(ARG "" "BASE" "FILES;GENERATED" ${ARGN})
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${target}.cpp)
  set(abs_files "")
  foreach(f IN LISTS ARG_FILES)
    list(APPEND abs_files ${ARG_BASE}/${f})
  endforeach()
  foreach(g IN LISTS ARG_GENERATED)
    string(REGEX REPLACE "^[^=]*=" "" path "${g}")
    list(APPEND abs_files ${path})
  endforeach()
  string(REPLACE ";" "|" files_arg "${ARG_FILES}")
  string(REPLACE ";" "|" generated_arg "${ARG_GENERATED}")
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DBASE=${ARG_BASE} "-DFILES=${files_arg}" "-DGENERATED=${generated_arg}" -DOUT=${out}
            -P ${PDO_EMBED_SCRIPT}
    DEPENDS ${abs_files} ${PDO_EMBED_SCRIPT}
    COMMENT "Embedding ${target} data files"
    VERBATIM)
  add_library(${target} STATIC ${out})
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
endfunction()
