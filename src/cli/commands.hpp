#pragma once
// The command table: each subcommand lives in its own cmd_<name>.cpp and registers itself here.
#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace pdo::cli {

/// `pdo init`: lay out the course workspace and its git repo.
void add_init(CLI::App& app, Context& ctx);

/// `pdo scan [PATH…] | --history`: look for secrets in files, folders or every commit.
void add_scan(CLI::App& app, Context& ctx);

/// `pdo hook pre-commit`: the installed git hook's secret check of the staged index.
void add_hook(CLI::App& app, Context& ctx);

}  // namespace pdo::cli
