# cmake -DPROGRAM=<exe> "-DARGS=a|b|c" -DOUT=<file> -P capture.cmake
# Runs PROGRAM with ARGS and writes its standard output to OUT (no shell redirection, so it works with
# every generator); fails the build when the program fails.
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${PROGRAM} ${args} OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "${PROGRAM} ${args}: exit ${rc}\n${err}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
