// pdo init [PATH]: lays out the course workspace (the seed's tree) inside a git repo and commits it.
// It asks for the folder, shows the machine, the plan and what to install, and touches nothing until
// the learner agrees, then runs the route's self-check once and reports from what it recorded.
// `--script sh|powershell` prints the same tree as a script for a machine without pdo instead.
// It does not install software, download lessons, or change files the learner owns.
#include <memory>
#include <ostream>

#include "app/checks/self_check.hpp"
#include "app/hooks/hook_install.hpp"
#include "app/init/init.hpp"
#include "app/session/session.hpp"
#include "checks/readiness.hpp"
#include "cli/commands.hpp"
#include "cli/init_prompts.hpp"
#include "cli/init_trust.hpp"
#include "cli/init_view.hpp"
#include "git/repo.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"
#include "workspace/script.hpp"

namespace pdo::cli {

using util::tr;
namespace fs = std::filesystem;

namespace {

fs::path resolve_root(const InitOptions& opts, Context& ctx, const course::Course& course) {
  // A script asks nothing, and its PATH is only text for the machine that runs it: the settings and own
  // lessons carried over are those of the workspace pdo runs in, if any.
  if (!opts.script.empty()) return workspace::find_root(ctx.cwd).value_or(ctx.cwd / util::path_from_utf8(course.workspace_folder));
  // Run inside a workspace (a clone on a second machine, or a re-run), init completes that one.
  if (opts.path.empty()) {
    if (auto here = workspace::find_root(ctx.cwd)) return *here;
  }
  const std::string path = opts.path.empty() ? ask_folder(ctx, course) : home_expanded(opts.path);
  const fs::path p = util::path_from_utf8(path);
  const fs::path root = util::absolute_path(p.is_absolute() ? p : ctx.cwd / p);
  return check_unrelated_folder(opts, ctx, course, root);
}

}  // namespace

int run_init(const InitOptions& opts, Context& ctx);

void setup_init(Args cmd, Context& ctx) {
  auto opts = std::make_shared<InitOptions>();
  cmd.option("path", opts->path, tr("课程目录（完整路径）；不给时会询问", "The course folder (full path); asked for when missing"))
      .type_name(k_dir_value);
  cmd.option("--course", opts->course_file, tr("用这个课程文件（TOML）代替内置课程", "A course file (TOML) instead of the built-in course"))
      .type_name(k_file_value);
  // The value is checked against the ids before it is parsed, so a bad one gets CLI11's usual message.
  cmd.option(
         "--route", [opts](const std::string& id) { opts->route = course::parse_route(id); },
         tr("学习路线：browser（默认）、local 或 gpu", "Study route: browser (default), local or gpu"))
      .choices(course::route_ids());
  cmd.option("--name", opts->name, tr("git 提交用的名字（git 不知道时）", "Your name for git commits, if git does not know it"));
  cmd.option("--email", opts->email, tr("git 提交用的邮箱（git 不知道时）", "Your email for git commits, if git does not know it"));
  cmd.flag("-y,--yes", opts->yes, tr("不询问，直接同意方案", "Agree to the plan without asking"));
  cmd.flag("--trust", opts->trust,
           tr("同意方案时也信任课程文件里的检查命令（方案会列出），让自检运行它们（内置课程不需要）",
              "Agreeing to the plan also trusts the course file's check commands (the plan lists them), so the self-check runs "
              "them (the built-in course needs none)"));
  Arg dry = cmd.flag("--dry-run", opts->dry_run, tr("只显示方案，不创建任何东西", "Print the plan and stop; nothing is created"));
  Arg script = cmd.option("--script", opts->script,
                          tr("不创建任何东西，改为输出一个脚本（sh 或 powershell），在没有 pdo 的机器上创建同样的目录和文件",
                             "Create nothing; print a script (sh or powershell) that creates the same tree on a machine without pdo"))
                   .choices({"sh", "powershell"})
                   .type_name("sh|powershell");
  script.excludes(dry);
  cmd.option("-o,--output", opts->output,
             tr("配合 --script：把脚本写进这个文件（不覆盖已有文件）",
                "With --script: write the script to this file (never over an existing file)"))
      .type_name(k_file_value)
      .needs(script);
  cmd.callback([opts, &ctx] { ctx.exit_code = run_init(*opts, ctx); });
}

namespace {

/// --script: the plan for a folder with nothing in it, as a script; nothing is created here.
int run_script(const InitOptions& opts, Context& ctx, const InitSetup& s) {
  const auto kind = opts.script == "sh" ? workspace::ScriptKind::sh : workspace::ScriptKind::powershell;
  const std::string text = app::init_script_text(s, kind, opts.path.empty() ? "./" + s.course.workspace_folder : opts.path);
  if (opts.output.empty()) {
    ctx.out << text;
    return 0;
  }
  // Windows PowerShell 5.1 reads a script without a BOM in the ANSI code page: the BOM keeps it UTF-8.
  const std::string bytes = kind == workspace::ScriptKind::powershell ? "\xEF\xBB\xBF" + text : text;
  const fs::path file = util::absolute_path(ctx.cwd / util::path_from_utf8(home_expanded(opts.output)));
  std::error_code ec;
  if (fs::exists(file, ec) || fs::is_symlink(file, ec)) {
    throw Failure(Exit::usage, util::path_to_utf8(file) + tr(" 已经存在；pdo 不会覆盖它。请换一个文件名。",
                                                             " already exists; pdo never replaces it. Choose another name."));
  }
  if (auto st = util::write_file_atomic(file, bytes, util::Replace::never); !st) {
    throw Failure(st.error().code == Exit::failure ? Exit::unwritable : st.error().code,
                  tr("脚本没有写出（已有的文件不会被覆盖）：", "the script was not written (an existing file is never replaced): ") +
                      st.error().message);
  }
  ctx.out << tr("已写出脚本：", "Script written: ") << util::path_to_utf8(file) << "\n";
  ctx.out << (kind == workspace::ScriptKind::sh
                  ? tr("运行：sh ", "Run: sh ") + util::path_to_utf8(file) + tr(" [课程目录]\n", " [course folder]\n")
                  : tr("运行：powershell -ExecutionPolicy Bypass -File ", "Run: powershell -ExecutionPolicy Bypass -File ") +
                        util::path_to_utf8(file) + tr(" [-Target 课程目录]\n", " [-Target course-folder]\n"));
  return 0;
}

/// The self-check run once after init, and the report from what it recorded.
void check_and_report(Context& ctx, const InitSetup& s, git::Repo& repo, const std::optional<std::string>& commit,
                      const std::vector<checks::ToolNeed>& tools, CommandTrust trust) {
  const workspace::Workspace ws = workspace::open_workspace(s.root).take();
  if (trust == CommandTrust::asked) trust_course(ctx, s, ws);
  ctx.out << tr("\n运行一次自检（和 pdo check 相同；不安装、不登录、不产生费用）……\n",
                "\nRunning the self-check once (as pdo check does; nothing installs, logs in or costs money)...\n");
  const auto check = app::run_self_check(ws, repo, s.machine.python);
  print_report(ctx.out, s, commit, check, tools);
}

}  // namespace

int run_init(const InitOptions& opts, Context& ctx) {
  if (auto problem = opts.email.empty() ? std::nullopt : app::email_problem(opts.email)) throw Failure(Exit::usage, "--email: " + *problem);
  InitSetup s;
  if (!opts.course_file.empty()) app::load_init_course(s, opts.course_file, std::nullopt);
  s.root = resolve_root(opts, ctx, s.course.id.empty() ? course::default_course() : s.course);
  // A killed pdo's commit is finished or undone before anything is read to plan from (a plan made first
  // would keep files that the recovery under the commit's lock then takes away).
  if (opts.script.empty() && !opts.dry_run) app::recover_first(ctx, s.root);
  const auto script = opts.script.empty()   ? std::nullopt
                      : opts.script == "sh" ? std::optional<workspace::ScriptKind>(workspace::ScriptKind::sh)
                                            : std::optional<workspace::ScriptKind>(workspace::ScriptKind::powershell);
  app::settle_init(s, opts.course_file, opts.route, ctx.lang_flag, script);
  if (!opts.script.empty()) return run_script(opts, ctx, s);
  ctx.out << tr("课程目录（绝对路径）：", "Course folder (absolute path): ") << util::path_to_utf8(s.root) << "\n";
  if (opts.path.empty() && s.settings_reused) {
    ctx.out << tr("（你就在这个工作区里：pdo init 补全它，不再询问目录。）\n",
                  "(You are inside this workspace: pdo init completes it and does not ask for a folder.)\n");
  }
  print_machine(ctx.out, s);
  s.repo = git::Repo::discover(s.root);
  s.plan = app::init_plan(s, s.root);
  const auto tools = checks::route_tools(s.course, s.settings.route, s.machine.os);
  print_plan(ctx.out, s, tools);

  std::optional<git::Repo> repo;
  if (s.repo) {
    repo = git::Repo::open(*s.repo).take();
    if (auto st = repo->ready_to_commit(true); !st) throw Failure(st.error());
  }
  const auto hooks = app::plan_hooks(repo ? &*repo : nullptr, s.root);
  ctx.out << app::describe_hook_plans(hooks, s.root);
  const auto trust = command_trust(s, opts.trust);
  print_course_commands(ctx.out, s, trust);
  if (opts.dry_run) {
    ctx.out << tr("\n（--dry-run：只显示方案，什么都没有创建。）\n", "\n(--dry-run: plan shown, nothing created.)\n");
    return 0;
  }
  if (!s.plan.changes_anything() && repo && app::untracked_scaffold(s, &*repo).empty() && !repo->head_unborn() &&
      !app::hooks_change_anything(hooks)) {
    const auto lock = lock_workspace(ctx, *repo);  // finishes a killed pdo's commit, rebuilds a missing index
    ctx.out << tr("\n工作区已经完整，没有需要创建或提交的内容。\n", "\nThe workspace is complete; nothing to create or commit.\n");
    if (trust == CommandTrust::asked && !consent(opts, ctx, trust, false)) {
      ctx.out << tr("已取消：没有信任任何命令，什么都没有运行。\n", "Cancelled: nothing trusted, nothing run.\n");
      return static_cast<int>(Exit::declined);
    }
    if (shared_hooks_answer(opts.yes, ctx, hooks) == app::SharedHooks::write) install_and_report_hooks(ctx, *repo, app::SharedHooks::write);
    check_and_report(ctx, s, *repo, std::nullopt, tools, trust);
    return 0;
  }
  // Consent means what was shown: a file that changed while the question waited gets a new plan, shown
  // and asked again.
  for (int round = 0;; ++round) {
    if (!consent(opts, ctx, trust)) {
      ctx.out << tr("已取消：什么都没有创建或改动。\n", "Cancelled: nothing was created or changed.\n");
      return static_cast<int>(Exit::declined);
    }
    auto again = app::init_plan(s, s.root);
    if (again.items == s.plan.items) break;
    s.plan = std::move(again);
    if (opts.yes || round >= 2) {
      throw Failure(Exit::busy,
                    tr("在 pdo 准备写入时，课程目录里的文件被改动了；为了不覆盖这些改动，什么都没有写。请重新运行 pdo init。",
                       "files in the course folder changed while pdo was about to write; so as not to overwrite them, nothing was "
                       "written. Run pdo init again."));
    }
    ctx.out << tr("\n在你确认之前，课程目录里有文件被改动了。新的方案：\n",
                  "\nFiles in the course folder changed before you agreed. The new plan:\n");
    print_plan(ctx.out, s, tools);
  }
  const auto shared = shared_hooks_answer(opts.yes, ctx, hooks);
  const auto identity = identity_to_set(opts, ctx, repo ? repo->has_identity() : git::Repo::default_identity_known(), s.root);

  if (!repo) repo = git::Repo::init(s.root).take();
  const auto lock = lock_workspace(ctx, *repo);
  if (identity) {
    if (auto st = repo->set_identity(identity->first, identity->second); !st) {
      throw Failure(st.error().code == Exit::busy ? util::lock_held(util::path_to_utf8(repo->config_path()) + ".lock") : st.error());
    }
  }
  for (const auto& item : s.plan.items) {
    if (util::ends_with(item.path, "/") && item.action == workspace::Action::create)
      util::make_dirs(s.root / util::path_from_utf8(item.path)).take();
  }
  install_and_report_hooks(ctx, *repo, shared);
  auto txn = app::init_transaction(s, *repo);
  txn.identity = identity;
  const auto commit = app::run(*repo, txn).take();
  check_and_report(ctx, s, *repo, commit, tools, trust);
  return 0;
}

}  // namespace pdo::cli
