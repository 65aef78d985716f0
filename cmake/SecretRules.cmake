# pdo_secret_rules(<target> <rules.toml>)
# The built-in secret rules as constexpr C++ tables: pdo_rules_compile (src/secrets/rules_compile_main.cpp)
# reads the TOML with parse_rules, the strict reader the unit tests exercise, and writes rules_builtin.inc
# (included by src/secrets/builtin.cpp), so no pdo process parses it. A cross build runs a host build's
# tool: -DPDO_HOST_RULES_COMPILER=build/dev/pdo_rules_compile (scripts/windows/build.sh passes it).
set(PDO_HOST_RULES_COMPILER "" CACHE FILEPATH "pdo_rules_compile of a host build, for cross builds")
if(NOT CMAKE_CROSSCOMPILING)
  add_executable(pdo_rules_compile src/secrets/rules_compile_main.cpp src/secrets/rules.cpp src/util/toml_doc.cpp src/util/toml_guard.cpp
                                   src/util/toml_compiled.cpp src/util/text.cpp src/util/i18n.cpp)
  target_include_directories(pdo_rules_compile PRIVATE src)
  target_link_libraries(pdo_rules_compile PRIVATE pdo_tomlpp pdo_warnings)
  set(PDO_RULES_COMPILER $<TARGET_FILE:pdo_rules_compile>)
elseif(PDO_HOST_RULES_COMPILER)
  set(PDO_RULES_COMPILER ${PDO_HOST_RULES_COMPILER})
else()
  message(FATAL_ERROR "a cross build needs -DPDO_HOST_RULES_COMPILER=<host build>/pdo_rules_compile (scripts/windows/build.sh)")
endif()

function(pdo_secret_rules target rules_toml)
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/generated/secrets)
  set(out ${dir}/rules_builtin.inc)
  file(MAKE_DIRECTORY ${dir})
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${PDO_RULES_COMPILER} ${rules_toml} ${out} templates/secrets/rules.toml
    DEPENDS ${rules_toml} $<$<NOT:$<BOOL:${CMAKE_CROSSCOMPILING}>>:pdo_rules_compile>
    COMMENT "Generating the built-in secret rules (rules_builtin.inc)"
    VERBATIM)
  target_sources(${target} PRIVATE ${out})
  target_include_directories(${target} PRIVATE ${dir})
endfunction()
