#pragma once
// The whole CLI as a library call: main() forwards here, tests call it in-process.
#include <iosfwd>
#include <string>
#include <vector>

namespace pdo::cli {

/// Runs pdo with `args` (without the program name); returns the exit code.
int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace pdo::cli
