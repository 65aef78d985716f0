#pragma once
// The command table: each subcommand lives in its own cmd_<name>.cpp and registers itself here.
#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace pdo::cli {

/// `pdo init`: lay out the course workspace and its git repo.
void add_init(CLI::App& app, Context& ctx);

}  // namespace pdo::cli
