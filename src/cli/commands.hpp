#pragma once
// The command table: one row per subcommand (name, one-line help, setup), as libgit2's cli_cmds[] or
// ninja's tool table. Each setup_<name> lives in its own cmd_<name>.cpp; run.cpp registers the rows in
// order, and the help test, completions and the man page read the same table.
#include "app/checks/check_probes.hpp"
#include "app/context.hpp"
#include "app/hooks/hook_install.hpp"
#include "app/hooks/secret_guard.hpp"
#include "app/session/session.hpp"
#include "cli/args.hpp"

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
using app::secret_advice;
using app::secret_commit_check;
using app::workspace_probes;

/// CLI11 type names that say what a value is, for completions and the manual. A positional or option
/// named "lesson" or "step" counts too, so a new command taking a lesson completes it without more code.
inline constexpr const char* k_lesson_value = "LESSON";    ///< 03, 3 or a lesson folder
inline constexpr const char* k_step_value = "STEP";        ///< read / exercise / notes, or 读讲义 / 做练习 / 记笔记
inline constexpr const char* k_item_value = "ITEM";        ///< a self-check item id
inline constexpr const char* k_command_value = "COMMAND";  ///< a command of the table
inline constexpr const char* k_file_value = "FILE";
inline constexpr const char* k_path_value = "PATH";  ///< a file or a folder
inline constexpr const char* k_dir_value = "DIR";

/// One subcommand: its name, its one-line help in both languages, and what adds its options and callback.
struct Command {
  const char* name;
  const char* help_zh;
  const char* help_en;
  void (*setup)(Args cmd, Context& ctx);
};

/// Every subcommand, in the order `pdo --help` lists them.
const std::vector<Command>& commands();

/// Which rows of the table build_cli sets up in full (options, positionals, callback).
enum class SetUp { all, typed };

/// pdo's command line on `app`: its description, the global options (--lang, -C, --color, --version) and
/// one subcommand per row of commands(). SetUp::typed (run_cli) sets up only the row named `typed`: when
/// that is a command, it is the only subcommand; otherwise every row gets just its name and one-line help,
/// which is all `pdo --help` shows. SetUp::all sets up every row, as completions, the manual and
/// `pdo help` read it.
void build_cli(CLI::App& app, Context& ctx, SetUp which = SetUp::all, const std::optional<std::string>& typed = std::nullopt);

/// `pdo init`: lay out the course workspace and its git repo.
void setup_init(Args cmd, Context& ctx);

/// `pdo check`: the environment self-check.
void setup_check(Args cmd, Context& ctx);

/// `pdo track`: tick or untick one box, as a commit.
void setup_track(Args cmd, Context& ctx);

/// `pdo status`: the lessons, their steps and the next step.
void setup_status(Args cmd, Context& ctx);

/// `pdo log`: the study journal from git history.
void setup_log(Args cmd, Context& ctx);

/// `pdo report`: the study report as one HTML file.
void setup_report(Args cmd, Context& ctx);

/// `pdo undo`: revert the newest pdo step not undone yet.
void setup_undo(Args cmd, Context& ctx);

/// `pdo start`: the per-lesson prompt, link and folders.
void setup_start(Args cmd, Context& ctx);

/// `pdo ask`: a dated question in questions.md, as a commit.
void setup_ask(Args cmd, Context& ctx);

/// `pdo lesson`: add, list and remove the learner's own lessons.
void setup_lesson(Args cmd, Context& ctx);

/// `pdo glossary`: the terms defined in the notes, gathered into glossary.md.
void setup_glossary(Args cmd, Context& ctx);

/// `pdo sync`: fetch, rebase and push the workspace through a remote the learner chose.
void setup_sync(Args cmd, Context& ctx);

/// `pdo scan`: look for secrets in files, folders or every commit.
void setup_scan(Args cmd, Context& ctx);

/// `pdo hook`: a git hook's secret check.
void setup_hook(Args cmd, Context& ctx);

/// `pdo hook NAME|HOOK-FILE ARGS…` with its words after "hook": what setup_hook's callback runs, and what
/// run_cli runs without building the parser for the installed hooks' exact call. The hook's exit code.
int run_hook(Context& ctx, const std::vector<std::string>& words);

/// `pdo completion`: the completion script of a shell.
void setup_completion(Args cmd, Context& ctx);

/// `pdo course template`: the built-in course as a course file of the learner's own (cmd_course.cpp).
void setup_course(Args cmd, Context& ctx);

/// `pdo help`: the manual, as text or as the man page's roff.
void setup_help(Args cmd, Context& ctx);

}  // namespace pdo::cli
