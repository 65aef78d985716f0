#!/usr/bin/env bash
# The model of two machines (tests/cli/model/test_two_machines.cpp) for many sequences, not the handful
# ctest runs: scripts/model.sh [SEQUENCES (default 1000)] [PRESET (default dev)].
# A failure prints the shrunk sequence of operations and the seed; replay it with
#   RC_PARAMS="seed=N" PDO_MODEL_SEQUENCES=SEQUENCES build/PRESET/tests/pdo_cli_tests "two machines*"
set -euo pipefail
cd "$(dirname "$0")/.."
sequences=${1:-1000} preset=${2:-dev}
cmake --build --preset "$preset" --target pdo pdo_cli_tests > /dev/null
PDO_MODEL_SEQUENCES=$sequences "build/$preset/tests/pdo_cli_tests" "two machines*"
