#pragma once
// The command table: each subcommand lives in its own cmd_<name>.cpp and registers itself here.
#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace pdo::cli {

/// `pdo init`: lay out the course workspace and its git repo.
void add_init(CLI::App& app, Context& ctx);

/// `pdo check [confirm <id>] [--online] [--lessons] [--open <id>]`: the environment self-check.
void add_check(CLI::App& app, Context& ctx);

/// `pdo scan [PATH…] | --history`: look for secrets in files, folders or every commit.
void add_scan(CLI::App& app, Context& ctx);

/// `pdo hook pre-commit`: the installed git hook's secret check of the staged index.
void add_hook(CLI::App& app, Context& ctx);

/// `pdo track done|todo <lesson> <step>`: tick or untick one box, as a commit.
void add_track(CLI::App& app, Context& ctx);

/// `pdo status`: the lessons, their steps and the next step.
void add_status(CLI::App& app, Context& ctx);

/// `pdo log`: the study journal from git history.
void add_log(CLI::App& app, Context& ctx);

/// `pdo undo`: revert the most recent pdo commit.
void add_undo(CLI::App& app, Context& ctx);

/// `pdo start <lesson>`: the per-lesson prompt, link and folders.
void add_start(CLI::App& app, Context& ctx);

/// `pdo ask "<question>"`: a dated question in questions.md, as a commit.
void add_ask(CLI::App& app, Context& ctx);

}  // namespace pdo::cli
