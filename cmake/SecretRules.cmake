# pdo_secret_rules(<target> <rules.toml>)
# The built-in secret rules as constexpr C++ tables: cmake/gen_secret_rules.py writes rules_builtin.inc
# (included by src/secrets/builtin.cpp) from the TOML at build time, so no pdo process parses it. It runs
# with the build machine's python3 (>= 3.11 for tomllib, or older with the tomli package), also when
# cross-compiling, since it produces source code, not a program.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(PDO_SECRET_RULES_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/gen_secret_rules.py)

function(pdo_secret_rules target rules_toml)
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/generated/secrets)
  set(out ${dir}/rules_builtin.inc)
  file(MAKE_DIRECTORY ${dir})
  add_custom_command(
    OUTPUT ${out}
    COMMAND Python3::Interpreter ${PDO_SECRET_RULES_SCRIPT} ${rules_toml} ${out}
    DEPENDS ${rules_toml} ${PDO_SECRET_RULES_SCRIPT}
    COMMENT "Generating the built-in secret rules (rules_builtin.inc)"
    VERBATIM)
  target_sources(${target} PRIVATE ${out})
  target_include_directories(${target} PRIVATE ${dir})
endfunction()
