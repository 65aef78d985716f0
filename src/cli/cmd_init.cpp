// pdo init [PATH]: lays out the course workspace (the seed's tree) inside a git repo and commits it.
// It asks for the folder, shows the machine, the plan and what to install, and touches nothing until
// the learner agrees, then runs the route's self-check once and reports from what it recorded.
// `--script sh|powershell` prints the same tree as a script for a machine without pdo instead.
// It does not install software, download lessons, or change files the learner owns.
#include <algorithm>
#include <memory>
#include <ostream>

#include "app/hook_install.hpp"
#include "app/secret_guard.hpp"
#include "app/self_check.hpp"
#include "app/session.hpp"
#include "app/trailers.hpp"
#include "app/transaction.hpp"
#include "checks/detect.hpp"
#include "checks/readiness.hpp"
#include "cli/commands.hpp"
#include "cli/init_trust.hpp"
#include "cli/init_view.hpp"
#include "git/repo.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"
#include "workspace/marked_block.hpp"
#include "workspace/own_lessons.hpp"
#include "workspace/plan.hpp"
#include "workspace/script.hpp"

namespace pdo::cli {

using util::tr;
namespace fs = std::filesystem;

namespace {

struct InitOptions {
  std::string path;
  std::string course_file;
  std::optional<course::Route> route;  ///< --route, when given
  std::string name;
  std::string email;
  std::string script;  ///< --script: sh or powershell
  std::string output;  ///< -o FILE for --script
  bool yes = false;
  bool dry_run = false;
  bool trust = false;  ///< --trust: agreeing to the plan trusts the course file's commands it lists
};

std::optional<workspace::Settings> existing_settings(const fs::path& root) {
  auto text = util::read_file_capped(root / workspace::k_settings_path, util::k_max_toml_bytes);
  if (!text) return std::nullopt;
  auto s = workspace::parse_settings(*text, workspace::k_settings_path);
  return s ? std::optional<workspace::Settings>(*s) : std::nullopt;
}

std::string home_expanded(const std::string& typed) {
  return util::expand_home(typed, [](const std::string& name) { return platform::get_env(name); });
}

/// Asks until the answer is a full path (with ~, $HOME and %USERPROFILE% expanded); end of input declines.
std::string ask_folder(Context& ctx, const course::Course& course) {
  const std::string example = util::path_to_utf8(ctx.cwd / util::path_from_utf8(course.workspace_folder));
  const std::string question = tr("课程放在哪个目录？请输入完整路径（例如 ", "Where should the course live? Enter the full path (e.g. ") +
                               example + tr("）：", "): ");
  const auto answer = app::ask_until(ctx, question, [&](const std::string& typed) -> std::optional<std::string> {
    const std::string path = home_expanded(typed);
    if (path.empty()) return tr("没有输入目录，请再输入一次。", "No folder given; please try again.");
    const fs::path p = util::path_from_utf8(path);
    std::error_code ec;
    // A file where the folder would be (or on the way to it): asked again, as for any answer that will not do.
    for (fs::path at = p; p.is_absolute() && at.has_relative_path(); at = at.parent_path()) {
      if (fs::exists(at, ec) && !fs::is_directory(at, ec))
        return tr("「", "\"") + path + tr("」：", "\": ") + util::path_to_utf8(at) +
               tr(" 是一个文件，不是文件夹；请输入一个文件夹的完整路径。", " is a file, not a folder; please enter a folder's full path.");
    }
    if (p.is_absolute()) return std::nullopt;
    return tr("「", "\"") + path +
           tr("」不是完整路径（要从盘符或根目录开始，例如 ", "\" is not a full path (start from a drive or the root, e.g. ") + example +
           tr("），请再输入一次。", "); please try again.");
  });
  if (!answer) {
    throw Failure(Exit::declined,
                  tr("没有得到完整路径，什么都没有创建。也可以把目录直接写在命令里：pdo init ",
                     "no full path given; nothing was created. You can also give the folder on the command line: pdo init ") +
                      example);
  }
  return home_expanded(*answer);
}

/// What a folder holds (names, folders with a trailing /), .git left out; empty if it is missing.
std::vector<std::string> folder_entries(const fs::path& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return names;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    std::string name = util::path_to_utf8(e.path().filename());
    if (name == ".git") continue;
    std::error_code ec2;
    if (e.is_directory(ec2)) name += "/";
    names.push_back(std::move(name));
  }
  std::sort(names.begin(), names.end());
  return names;
}

/// A non-empty folder that is not a pdo workspace: says plainly what is in it and suggests a subfolder.
fs::path check_unrelated_folder(const InitOptions& opts, Context& ctx, const course::Course& course, fs::path root) {
  std::error_code ec;
  if (fs::exists(root / workspace::k_settings_path, ec)) return root;
  const auto names = folder_entries(root);
  if (names.empty()) return root;
  fs::path suggestion = root / util::path_from_utf8(course.workspace_folder);
  std::vector<std::string> shown(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(names.size(), 8)));
  ctx.out << tr("注意：", "Note: ") << util::path_to_utf8(root)
          << tr(" 不是空文件夹，也不是 pdo 的课程目录。里面已有 ", " is not empty and is not a pdo course folder. It holds ")
          << names.size() << tr(" 项：", " entries: ") << util::join(shown, tr("、", ", "))
          << (names.size() > shown.size() ? tr(" 等", ", …") : "") << "\n";
  ctx.out << tr("pdo 不会改动这些文件，但课程文件会和它们混在一起。建议改用：",
                "pdo would not change them, but the course files would sit among them. Suggested instead: ")
          << util::path_to_utf8(suggestion) << "\n";
  if (opts.yes || opts.dry_run) {
    ctx.out << tr("（--yes / --dry-run：按你给的目录继续。）\n", "(--yes / --dry-run: going on with the folder you gave.)\n");
    return root;
  }
  std::optional<bool> take_suggestion;
  const auto answer = app::ask_until(ctx,
                                     tr("改用建议的目录吗？直接回车或输入 y 改用建议的目录；输入 n 仍用这个文件夹：",
                                        "Use the suggested folder? Press Enter or type y for the suggestion; type n to keep this folder: "),
                                     [&](const std::string& typed) -> std::optional<std::string> {
                                       if (util::trim(typed).empty()) take_suggestion = true;
                                       if (const auto yes = app::yes_or_no(typed)) take_suggestion = *yes;
                                       if (take_suggestion) return std::nullopt;
                                       return tr("没有看懂这个回答：请直接回车、输入 y 或输入 n。", "Please press Enter, or type y or n.");
                                     });
  if (!answer || !take_suggestion) {
    throw Failure(Exit::declined, tr("没有得到回答，什么都没有创建。也可以把目录直接写在命令里，加上 --yes 就不再询问：pdo init ",
                                     "no answer; nothing was created. You can also give the folder on the command line, with --yes "
                                     "to skip this question: pdo init ") +
                                      util::path_to_utf8(suggestion) + " --yes");
  }
  return *take_suggestion ? suggestion : root;
}

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

void load_course(const InitOptions& opts, const std::optional<workspace::Settings>& existing, const fs::path& root, InitSetup& s) {
  if (!opts.course_file.empty()) {
    const fs::path file = util::absolute_path(util::path_from_utf8(opts.course_file));
    s.course_text = util::read_file_capped(file, util::k_max_toml_bytes).take();
    s.course = course::parse_course(s.course_text, util::path_to_utf8(file)).take();
  } else if (existing) {
    s.course = workspace::load_course(root, *existing).take();
    if (!existing->course_file.empty()) s.course_text = workspace::course_file_text(root, *existing).take();
  } else {
    s.course = course::default_course();
  }
}

/// The learner's yes to the plan (and, with `trust`, to trusting the course commands it lists).
bool consent(const InitOptions& opts, Context& ctx, CommandTrust trust, bool create = true) {
  if (opts.yes) return true;
  const std::string words = app::yes_choices();
  const bool trusting = trust == CommandTrust::asked;
  const std::string what =
      create
          ? trusting ? tr("按上面的方案创建，并信任上面列出的课程命令吗？", "Create this, and trust the course commands listed above?")
                     : tr("按上面的方案创建吗？", "Create this?")
          : tr("信任上面列出的课程命令，并在自检时运行它们吗？", "Trust the course commands listed above and run them in the self-check?");
  // Only a yes or an explicit no ends the question: anything else asks again, and Ctrl-C or the end of
  // input (or three answers that are neither) is a no.
  const auto answer = app::ask_until(
      ctx, "\n" + what + tr("同意请输入 ", " Type ") + words + tr("；不同意请输入 否 或 n：", " to agree, n or no to cancel: "),
      [](const std::string& a) -> std::optional<std::string> {
        if (app::yes_or_no(a)) return std::nullopt;
        return tr("没看懂这个回答：同意请输入 好 或 y，不同意请输入 否 或 n。",
                  "That is neither a yes nor a no: type y to agree, n to cancel.");
      });
  return answer && *app::yes_or_no(*answer);
}

/// Why `email` cannot be an email address (an `@` with something before it and a domain with a dot in it);
/// nullopt when it can.
std::optional<std::string> email_problem(const std::string& email) {
  const auto at = email.find('@');
  const std::string domain = at == std::string::npos ? "" : email.substr(at + 1);
  const auto dot = domain.find('.');
  const bool ok = at != std::string::npos && at > 0 && domain.find('@') == std::string::npos && dot != std::string::npos && dot > 0 &&
                  domain.back() != '.' && email.find_first_of(" \t") == std::string::npos;
  if (ok) return std::nullopt;
  return tr("「", "\"") + email +
         tr("」不像邮箱地址（要有 @，@ 后面的域名里要有一个点，例如 you@example.com）。",
            "\" does not look like an email address (it needs an @ and a domain with a dot, e.g. you@example.com).");
}

/// How to give the name and email without being asked, for the messages that stop init.
std::string identity_flags(const fs::path& root) {
  return "pdo init \"" + util::path_to_utf8(root) +
         tr("\" --name \"你的名字\" --email you@example.com", "\" --name \"Your Name\" --email you@example.com");
}

/// user.name / user.email for the commits: from flags, git config, or asked (again on an empty or malformed answer).
std::optional<std::pair<std::string, std::string>> identity_to_set(const InitOptions& opts, Context& ctx, bool known,
                                                                   const fs::path& root) {
  if (!opts.name.empty() || !opts.email.empty()) {
    if (opts.name.empty() || opts.email.empty())
      throw Failure(Exit::usage, tr("--name 和 --email 要一起给出。", "give --name and --email together."));
    return std::make_pair(opts.name, opts.email);
  }
  if (known) return std::nullopt;
  if (opts.yes) {
    throw Failure(Exit::usage, tr("git 还不知道你的名字和邮箱（user.name / user.email），而 --yes 不会询问。请这样运行：",
                                  "git does not know your name and email (user.name / user.email), and --yes does not ask. Run: ") +
                                   identity_flags(root) + " --yes");
  }
  ctx.out << tr(
      "\ngit 还不知道提交者是谁（user.name / user.email 未设置）。它们只写进这个仓库的配置。\n",
      "\ngit does not know who commits (user.name / user.email are not set). They are stored in this repository's config only.\n");
  const auto name = app::ask_until(ctx, tr("你的名字：", "Your name: "), [](const std::string& typed) -> std::optional<std::string> {
    if (!typed.empty()) return std::nullopt;
    return tr("名字不能为空（git 把它写进每一次提交），请再输入一次。",
              "The name cannot be empty (git writes it into every commit); please try again.");
  });
  const auto email = name ? app::ask_until(ctx, tr("你的邮箱：", "Your email: "), email_problem) : std::nullopt;
  if (!name || !email) {
    throw Failure(Exit::declined, tr("没有得到名字和邮箱，什么都没有创建。也可以直接写在命令里：",
                                     "no name and email given; nothing was created. You can also give them on the command line: ") +
                                      identity_flags(root));
  }
  return std::make_pair(*name, *email);
}

std::string commit_message(const InitSetup& s, bool first) {
  std::string msg = first
                        ? tr("pdo init：创建「", "pdo init: create the study workspace for \"") + s.course.title + tr("」学习工作区", "\"")
                        : tr("pdo init：更新「", "pdo init: update the study workspace for \"") + s.course.title + tr("」学习工作区", "\"");
  msg += "\n\n" + std::to_string(s.course.lessons.size()) + tr(" 课，路线：", " lessons, route: ") +
         std::string(course::route_id(s.settings.route)) + "\n\n";
  app::Trailers t;
  t.action = app::Action::init;
  t.id = app::new_action_id();
  t.course = s.course.id;
  return msg + app::write_trailers(t);
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

/// Scaffold files init does not write but git has never seen (a killed init's, or the learner's
/// untracked copies): committed as they are. Never the learner's edits to files git already has.
std::vector<std::string> untracked_scaffold(const InitSetup& s, const git::Repo* repo) {
  std::vector<std::string> paths;
  const auto written = s.plan.written_files();
  for (const auto& rel : s.plan.scaffold_files()) {
    if (std::find(written.begin(), written.end(), rel) != written.end()) continue;
    const std::string in_repo = repo ? repo->relative(s.root / util::path_from_utf8(rel)) : rel;
    if (!repo || !repo->head_blob(in_repo)) paths.push_back(in_repo);
  }
  return paths;
}

/// The plan as one transaction: every written file with the bytes the learner agreed to.
app::Transaction init_transaction(const InitSetup& s, const git::Repo& repo) {
  app::Transaction txn;
  for (const auto& item : s.plan.items) {
    if (util::ends_with(item.path, "/") || item.action == workspace::Action::keep || item.action == workspace::Action::no_markers) continue;
    auto path = util::RelPath::parse(repo.relative(s.root / util::path_from_utf8(item.path))).take();
    // pdo's block in a committed file (README.md) is refreshed as an edit: the commit gets the committed
    // text with the new block, the working file the new block amid the learner's uncommitted lines, which
    // stay uncommitted.
    const auto block = item.action == workspace::Action::update_block ? workspace::find_block(item.content, "readme") : std::nullopt;
    if (block && repo.head_blob(path.str())) {
      txn.changes.push_back(app::Change::edited(std::move(path), [fresh = util::replace_all(*block, "\r\n", "\n")](const std::string& t) {
        return Result<std::string>(workspace::replace_block(t, fresh, "readme").value_or(t));
      }));
      continue;
    }
    txn.changes.push_back(item.before ? app::Change::put_file(std::move(path), item.content, app::Change::Before::bytes, *item.before)
                                      : app::Change::put_file(std::move(path), item.content, app::Change::Before::absent));
  }
  for (const auto& path : untracked_scaffold(s, &repo)) txn.changes.push_back(app::Change::whole_file(util::RelPath::parse(path).take()));
  txn.message = commit_message(s, !s.repo);
  txn.check = secret_commit_check();
  return txn;
}

}  // namespace

namespace {

/// The init plan for `root`, progress.md marking the steps the course has not on the route for `os`.
workspace::Plan plan_for(const InitSetup& s, const fs::path& root, platform::Os os = platform::current_os()) {
  return workspace::make_plan(root, s.course, s.settings, s.course_text, os, checks::steps_off_route(s.course, s.settings.route, os))
      .take();
}

/// --script: the plan for a folder with nothing in it, as a script; nothing is created here.
int run_script(const InitOptions& opts, Context& ctx, const InitSetup& s) {
  // A path that cannot exist, so every item is `create` with its full content whatever is on this machine.
  const fs::path nowhere = fs::temp_directory_path() / ("pdo-script-" + std::to_string(platform::current_pid()) + "-absent") / "none";
  const auto kind = opts.script == "sh" ? workspace::ScriptKind::sh : workspace::ScriptKind::powershell;
  // The script runs on another machine: the commands it lists are that system's, and the folder is the
  // text typed, for the script to resolve there (C:\…, %USERPROFILE% or ~ mean nothing on this one).
  const auto os = kind == workspace::ScriptKind::powershell ? platform::Os::windows : platform::current_os();
  const auto plan = plan_for(s, nowhere, os);
  workspace::ScriptInfo info;
  info.target = opts.path.empty() ? "./" + s.course.workspace_folder : opts.path;
  info.course_title = s.course.title;
  InitSetup fresh = s;
  fresh.repo.reset();
  info.commit_message = commit_message(fresh, true);
  info.lang = s.settings.lang;
  const std::string text = workspace::init_script(kind, plan, info);
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
  if (auto problem = opts.email.empty() ? std::nullopt : email_problem(opts.email)) throw Failure(Exit::usage, "--email: " + *problem);
  InitSetup s;
  if (!opts.course_file.empty()) load_course(opts, std::nullopt, {}, s);
  s.root = resolve_root(opts, ctx, s.course.id.empty() ? course::default_course() : s.course);
  // A killed pdo's commit is finished or undone before anything is read to plan from (a plan made first
  // would keep files that the recovery under the commit's lock then takes away).
  if (opts.script.empty() && !opts.dry_run) app::recover_first(ctx, s.root);
  const auto existing = existing_settings(s.root);
  s.settings_reused = existing.has_value();
  if (opts.course_file.empty()) load_course(opts, existing, s.root, s);
  s.course = workspace::with_own_lessons(s.root, std::move(s.course)).take();  // a re-run keeps the learner's own lessons
  s.settings.course_id = s.course.id;
  s.settings.course_file = s.course_text.empty() ? "" : workspace::k_course_copy_path;
  s.settings.route = opts.route ? *opts.route : existing ? existing->route : s.course.route;
  s.settings.lang = ctx.lang_flag ? *ctx.lang_flag : existing ? existing->lang : *util::parse_lang(s.course.language);
  util::set_lang(s.settings.lang);

  s.machine = checks::detect_machine();
  // The README's commands are for the OS the workspace is made on: the one detected (as the plan is), or
  // the script's shell's; an existing workspace keeps its own.
  if (opts.script == "powershell") {
    s.settings.os = platform::Os::windows;
  } else if (opts.script == "sh") {
    s.settings.os = s.machine.os == platform::Os::windows ? platform::Os::gnu_linux : s.machine.os;
  } else {
    s.settings.os = existing && existing->os ? existing->os : s.machine.os;
  }
  if (!opts.script.empty()) return run_script(opts, ctx, s);
  ctx.out << tr("课程目录（绝对路径）：", "Course folder (absolute path): ") << util::path_to_utf8(s.root) << "\n";
  if (opts.path.empty() && existing) {
    ctx.out << tr("（你就在这个工作区里：pdo init 补全它，不再询问目录。）\n",
                  "(You are inside this workspace: pdo init completes it and does not ask for a folder.)\n");
  }
  print_machine(ctx.out, s);
  s.repo = git::Repo::discover(s.root);
  s.plan = plan_for(s, s.root);
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
  if (!s.plan.changes_anything() && repo && untracked_scaffold(s, &*repo).empty() && !repo->head_unborn() &&
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
    auto again = plan_for(s, s.root);
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
  auto txn = init_transaction(s, *repo);
  txn.identity = identity;
  const auto commit = app::run(*repo, txn).take();
  check_and_report(ctx, s, *repo, commit, tools, trust);
  return 0;
}

}  // namespace pdo::cli
