// pdo's entry point: everything else is a library (see cli/run.hpp).
#include <iostream>

#include "cli/run.hpp"
#include "util/platform.hpp"

int main(int argc, char** argv) {
  pdo::platform::setup_console();
  return pdo::cli::run_cli(pdo::platform::utf8_args(argc, argv), std::cin, std::cout, std::cerr);
}
