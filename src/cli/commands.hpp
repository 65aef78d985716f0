#pragma once
// The command table: one row per subcommand (name, one-line help, setup), as libgit2's cli_cmds[] or
// ninja's tool table. Each setup_<name> lives in its own cmd_<name>.cpp; run.cpp registers the rows in
// order, and the help test, completions and the man page read the same table.
#include <CLI/CLI.hpp>

#include "app/check_probes.hpp"
#include "app/context.hpp"
#include "app/hook_install.hpp"
#include "app/secret_guard.hpp"
#include "app/session.hpp"

namespace pdo::cli {

using app::Access;
using app::ask;
using app::commit;
using app::Context;
using app::is_yes;
using app::lesson_arg;
using app::lock_workspace;
using app::open_session;
using app::open_workspace_files;
using app::Session;
// Glue the commands share (app/): secrets, the hook, the workspace probes.
using app::check_blobs_for_secrets;
using app::describe_hook_plan;
using app::format_finding;
using app::hook_changes_anything;
using app::HookPlan;
using app::install_pre_commit_hook;
using app::plan_pre_commit_hook;
using app::secret_advice;
using app::secret_commit_check;
using app::workspace_probes;

/// One subcommand: its name, its one-line help in both languages, and what adds its options and callback.
struct Command {
  const char* name;
  const char* help_zh;
  const char* help_en;
  void (*setup)(CLI::App* cmd, Context& ctx);
};

/// Every subcommand, in the order `pdo --help` lists them.
const std::vector<Command>& commands();

/// `pdo init`: lay out the course workspace and its git repo.
void setup_init(CLI::App* cmd, Context& ctx);

/// `pdo check`: the environment self-check.
void setup_check(CLI::App* cmd, Context& ctx);

/// `pdo track`: tick or untick one box, as a commit.
void setup_track(CLI::App* cmd, Context& ctx);

/// `pdo status`: the lessons, their steps and the next step.
void setup_status(CLI::App* cmd, Context& ctx);

/// `pdo log`: the study journal from git history.
void setup_log(CLI::App* cmd, Context& ctx);

/// `pdo report`: the study report as one HTML file.
void setup_report(CLI::App* cmd, Context& ctx);

/// `pdo undo`: revert the newest pdo step not undone yet.
void setup_undo(CLI::App* cmd, Context& ctx);

/// `pdo start`: the per-lesson prompt, link and folders.
void setup_start(CLI::App* cmd, Context& ctx);

/// `pdo ask`: a dated question in questions.md, as a commit.
void setup_ask(CLI::App* cmd, Context& ctx);

/// `pdo lesson`: add, list and remove the learner's own lessons.
void setup_lesson(CLI::App* cmd, Context& ctx);

/// `pdo glossary`: the terms defined in the notes, gathered into glossary.md.
void setup_glossary(CLI::App* cmd, Context& ctx);

/// `pdo sync`: fetch, rebase and push the workspace through a remote the learner chose.
void setup_sync(CLI::App* cmd, Context& ctx);

/// `pdo scan`: look for secrets in files, folders or every commit.
void setup_scan(CLI::App* cmd, Context& ctx);

/// `pdo hook`: a git hook's secret check.
void setup_hook(CLI::App* cmd, Context& ctx);

}  // namespace pdo::cli
