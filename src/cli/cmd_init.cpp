// pdo init [PATH]: lays out the course workspace (the seed's tree) inside a git repo and commits it.
// It asks for the folder, shows the machine, the plan and what to install, and touches nothing until
// the learner agrees. It does not install software, download lessons, or change files the learner owns.
#include <memory>
#include <ostream>

#include "checks/detect.hpp"
#include "cli/commands.hpp"
#include "app/hook_install.hpp"
#include "app/secret_guard.hpp"
#include <algorithm>

#include "app/trailers.hpp"
#include "app/transaction.hpp"
#include "app/session.hpp"
#include "git/repo.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"
#include "workspace/plan.hpp"

namespace pdo::cli {

using util::tr;
namespace fs = std::filesystem;

namespace {

struct InitOptions {
  std::string path;
  std::string course_file;
  std::string route;
  std::string name;
  std::string email;
  bool yes = false;
  bool dry_run = false;
};

/// Everything decided before asking for consent.
struct InitSetup {
  fs::path root;
  course::Course course;
  std::string course_text;  ///< custom course file to keep in .pdo/ ("" for the built-in one)
  workspace::Settings settings;
  checks::Machine machine;
  std::optional<fs::path> repo;  ///< the existing repo's working tree, if the folder is in one
  workspace::Plan plan;
};

std::optional<workspace::Settings> existing_settings(const fs::path& root) {
  auto text = util::read_file_capped(root / workspace::k_settings_path, util::k_max_toml_bytes);
  if (!text) return std::nullopt;
  auto s = workspace::parse_settings(*text, workspace::k_settings_path);
  return s ? std::optional<workspace::Settings>(*s) : std::nullopt;
}

fs::path resolve_root(const InitOptions& opts, Context& ctx, const course::Course& course) {
  std::string path = opts.path;
  if (path.empty()) {
    const std::string example = util::path_to_utf8(ctx.cwd / util::path_from_utf8(course.workspace_folder));
    auto answer = ask(ctx, tr("课程放在哪个目录？请输入完整路径（例如 ", "Where should the course live? Enter the full path (e.g. ") + example +
                               tr("）：", "): "));
    if (!answer || answer->empty()) {
      throw Failure(Exit::declined, tr("没有得到目录，什么都没有创建。", "no folder given; nothing was created."));
    }
    path = *answer;
  }
  const fs::path p = util::path_from_utf8(path);
  return util::absolute_path(p.is_absolute() ? p : ctx.cwd / p);
}

void load_course(const InitOptions& opts, const std::optional<workspace::Settings>& existing, const fs::path& root,
                 InitSetup& s) {
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

void print_machine(Context& ctx, const InitSetup& s) {
  auto& out = ctx.out;
  out << tr("\n本机情况（只检测，不运行任何程序）：\n", "\nThis machine (detection only, nothing run):\n");
  out << tr("  操作系统：", "  OS: ") << s.machine.os_description << "\n";
  const auto show = [&](const char* label, const auto& found) {
    out << "  " << label << ": " << (found ? tr("已有 ", "found ") + util::path_to_utf8(fs::path(*found)) : tr("未找到", "not found")) << "\n";
  };
  show("git", s.machine.git);
  show(tr("浏览器", "browser").c_str(), s.machine.browser);
  show("Python", s.machine.python);
  const auto expected = platform::parse_os(s.course.expected_os);
  if (expected && *expected != s.machine.os) {
    out << tr("  注意：课程设定你使用 ", "  Note: the course expects ") << s.course.expected_os
        << tr("，但 pdo 检测到的是 ", ", but pdo detected ") << platform::os_id(s.machine.os)
        << tr("；下面的方案按检测到的系统调整。\n", "; the plan below is for the detected system.\n");
  }
}

std::string action_name(workspace::Action a) {
  switch (a) {
    case workspace::Action::create: return tr("新建", "create");
    case workspace::Action::keep: return tr("复用（不改动）", "reuse (untouched)");
    case workspace::Action::update_block: return tr("更新 pdo 区块（区块外不改动）", "refresh pdo's block (rest untouched)");
    case workspace::Action::append: return tr("在末尾追加", "append at the end");
    case workspace::Action::replace: return tr("更新 pdo 设置", "update pdo settings");
    case workspace::Action::no_markers: return tr("保持原样（pdo 区块标记已被删除）", "left as is (pdo's block markers were removed)");
  }
  return {};
}

void print_plan(Context& ctx, const InitSetup& s, const std::vector<checks::ToolNeed>& tools) {
  auto& out = ctx.out;
  out << tr("\n方案：\n", "\nPlan:\n");
  std::size_t kept = 0;
  // A new lesson folder's contents go on its own line ("lessons/03-…/: notes.md, exercises/…"), so
  // the plan stays one screen long yet names every path.
  struct Line {
    std::string path;
    workspace::Action action;
    std::vector<std::string> children;
  };
  std::vector<Line> lines;
  for (const auto& item : s.plan.items) {
    if (item.action == workspace::Action::keep) {
      ++kept;
      continue;
    }
    auto parent = std::find_if(lines.begin(), lines.end(), [&](const Line& line) {
      return item.action == workspace::Action::create && line.action == workspace::Action::create &&
             util::ends_with(line.path, "/") && std::count(line.path.begin(), line.path.end(), '/') >= 2 &&
             util::starts_with(item.path, line.path);
    });
    if (parent != lines.end()) {
      parent->children.push_back(item.path.substr(parent->path.size()));
    } else {
      lines.push_back({item.path, item.action, {}});
    }
  }
  for (const auto& line : lines) {
    out << "  [" << action_name(line.action) << "] " << line.path;
    for (std::size_t i = 0; i < line.children.size(); ++i) out << (i == 0 ? tr("：", ": ") : tr("、", ", ")) << line.children[i];
    out << "\n";
  }
  if (kept) out << tr("  已存在、原样复用的文件和文件夹：", "  existing files and folders reused untouched: ") << kept << "\n";
  out << tr("  git：", "  git: ");
  if (s.repo) {
    out << tr("复用已有仓库 ", "reuse the existing repository at ") << util::path_to_utf8(*s.repo) << "\n";
  } else {
    out << tr("在这里新建仓库 ", "create a new repository at ") << util::path_to_utf8(s.root) << "\n";
  }
  out << tr("  要安装的软件（路线：", "  software to install (route: ") << workspace::route_name(s.settings.route) << "): ";
  std::size_t missing = 0;
  for (const auto& t : tools) {
    if (!t.found) ++missing;
  }
  if (missing == 0) {
    out << tr("无\n", "none\n");
  } else {
    out << tr("pdo 只列出，不会自己安装：\n", "listed only; pdo installs nothing itself:\n");
    for (const auto& t : tools) {
      if (t.found) continue;
      out << "    - " << t.tool->name << (t.detectable ? "" : tr("（无法只靠检测确认是否已装）", " (cannot be confirmed by detection alone)"))
          << ": " << (t.install.empty() ? tr("本系统没有给出安装命令", "no install command given for this OS") : t.install) << "\n";
    }
  }
}

bool consent(const InitOptions& opts, Context& ctx) {
  if (opts.yes) return true;
  const auto answer = ask(ctx, tr("\n按上面的方案创建吗？输入 y / yes / 是 同意，其他任何输入都表示不同意：",
                                  "\nCreate this? Type y / yes to agree; anything else means no: "));
  return answer && is_yes(*answer);
}

/// user.name / user.email for the commits: from flags, git config, or asked once.
std::optional<std::pair<std::string, std::string>> identity_to_set(const InitOptions& opts, Context& ctx, bool known) {
  if (!opts.name.empty() || !opts.email.empty()) {
    if (opts.name.empty() || opts.email.empty()) throw Failure(Exit::usage, tr("--name 和 --email 要一起给出。", "give --name and --email together."));
    return std::make_pair(opts.name, opts.email);
  }
  if (known) return std::nullopt;
  if (opts.yes) {
    throw Failure(Exit::usage, tr("git 还不知道你的名字和邮箱（user.name / user.email），而 --yes 不会询问。请加上 --name \"你的名字\" --email you@example.com。",
                                  "git does not know your name and email (user.name / user.email), and --yes does not ask. Add --name \"Your Name\" --email you@example.com."));
  }
  ctx.out << tr("\ngit 还不知道提交者是谁（user.name / user.email 未设置）。它们只写进这个仓库的配置。\n",
                "\ngit does not know who commits (user.name / user.email are not set). They are stored in this repository's config only.\n");
  auto name = ask(ctx, tr("你的名字：", "Your name: "));
  auto email = name && !name->empty() ? ask(ctx, tr("你的邮箱：", "Your email: ")) : std::nullopt;
  if (!name || name->empty() || !email || email->empty()) {
    throw Failure(Exit::declined, tr("没有得到名字和邮箱，什么都没有创建。也可以用 --name 和 --email 传入。",
                                     "no name and email given; nothing was created. You can also pass --name and --email."));
  }
  return std::make_pair(*name, *email);
}

std::string commit_message(const InitSetup& s, bool first) {
  std::string msg = first ? tr("pdo init：创建「", "pdo init: create the study workspace for \"") + s.course.title + tr("」学习工作区", "\"")
                          : tr("pdo init：更新「", "pdo init: update the study workspace for \"") + s.course.title + tr("」学习工作区", "\"");
  msg += "\n\n" + std::to_string(s.course.lessons.size()) + tr(" 课，路线：", " lessons, route: ") + s.settings.route + "\n\n";
  app::Trailers t;
  t.action = app::Action::init;
  t.id = app::new_action_id();
  t.course = s.course.id;
  return msg + app::write_trailers(t);
}

}  // namespace

int run_init(const InitOptions& opts, Context& ctx);

void setup_init(CLI::App* cmd, Context& ctx) {
  auto opts = std::make_shared<InitOptions>();
  cmd->add_option("path", opts->path, tr("课程目录（完整路径）；不给时会询问", "The course folder (full path); asked for when missing"));
  cmd->add_option("--course", opts->course_file, tr("用这个课程文件（TOML）代替内置课程", "A course file (TOML) instead of the built-in course"))->type_name("FILE");
  cmd->add_option("--route", opts->route, tr("学习路线：browser（默认）、local 或 gpu", "Study route: browser (default), local or gpu"))->check(CLI::IsMember(course::k_routes));
  cmd->add_option("--name", opts->name, tr("git 提交用的名字（git 不知道时）", "Your name for git commits, if git does not know it"));
  cmd->add_option("--email", opts->email, tr("git 提交用的邮箱（git 不知道时）", "Your email for git commits, if git does not know it"));
  cmd->add_flag("-y,--yes", opts->yes, tr("不询问，直接同意方案", "Agree to the plan without asking"));
  cmd->add_flag("--dry-run", opts->dry_run, tr("只显示方案，不创建任何东西", "Print the plan and stop; nothing is created"));
  cmd->callback([opts, &ctx] { ctx.exit_code = run_init(*opts, ctx); });
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
    const std::string path = repo.relative(s.root / util::path_from_utf8(item.path));
    txn.changes.push_back(item.before ? app::Change::put_file(path, item.content, app::Change::Before::bytes, *item.before)
                                      : app::Change::put_file(path, item.content, app::Change::Before::absent));
  }
  for (const auto& path : untracked_scaffold(s, &repo)) txn.changes.push_back(app::Change::whole_file(path));
  txn.message = commit_message(s, !s.repo);
  txn.check = secret_commit_check();
  return txn;
}

void report(Context& ctx, const InitSetup& s, const std::optional<std::string>& commit, bool env_ignored,
            const std::vector<checks::ToolNeed>& tools) {
  auto& out = ctx.out;
  out << tr("\n== 已完成 ==\n", "\n== Done ==\n");
  const auto written = s.plan.written_files();
  out << tr("  课程目录：", "  course folder: ") << util::path_to_utf8(s.root) << "\n";
  out << tr("  新建或更新的文件：", "  files created or updated: ") << written.size() << tr(" 个；", "; ")
      << s.course.lessons.size() << tr(" 个课节文件夹（含 notes.md 和 exercises/）\n", " lesson folders (with notes.md and exercises/)\n");
  if (commit) {
    out << tr("  git 提交：", "  git commit: ") << commit->substr(0, 12) << tr("（只包含课程文件）\n", " (course files only)\n");
  } else {
    out << tr("  没有需要提交的改动（没有新提交）\n", "  nothing new to commit (no new commit)\n");
  }
  if (env_ignored) out << tr("  .env 已被 git 忽略\n", "  .env is ignored by git\n");

  out << tr("\n== 需要你操作 ==\n", "\n== Needs you ==\n");
  std::size_t n = 0;
  for (const auto& item : s.plan.items) {
    if (item.action == workspace::Action::no_markers) {
      out << "  - " << item.path << tr("：pdo 区块的标记被删掉了，pdo 没有改动它。想让 pdo 更新课节清单，请把标记加回去。\n",
                                       ": pdo's block markers were removed, so pdo left it alone. Put the markers back if you want pdo to refresh the lesson list.\n");
      ++n;
    }
  }
  for (const auto& t : tools) {
    if (t.found) continue;
    out << "  - " << tr("安装 ", "install ") << t.tool->name << ": " << (t.install.empty() ? "-" : t.install) << "\n";
    ++n;
  }
  if (!env_ignored) {
    out << tr("  - .env 没有被 git 忽略：检查 .gitignore 里是否有 !.env 之类的规则。\n",
              "  - .env is not ignored by git: look for a rule like !.env in .gitignore.\n");
    ++n;
  }
  for (const auto& c : s.course.checks) {
    if (c.kind == "auto" || (!c.routes.empty() && std::find(c.routes.begin(), c.routes.end(), s.settings.route) == c.routes.end())) continue;
    const bool zh = s.settings.lang == util::Lang::zh;
    out << "  - " << (zh && !c.title_zh.empty() ? c.title_zh : c.title) << ": " << (zh && !c.action_zh.empty() ? c.action_zh : c.action) << "\n";
    ++n;
  }
  if (n == 0) out << tr("  无\n", "  nothing\n");

  out << tr("\n== 尚未验证 ==\n", "\n== Not yet verified ==\n");
  out << tr("  - check-env.md 里的自检项目都还没有运行（运行 pdo check）。\n",
            "  - none of the self-check items in check-env.md has run yet (run pdo check).\n");
  out << tr("  - 课节链接只是记录下来，pdo 没有打开或下载它们。\n",
            "  - the lesson links are recorded only; pdo did not open or download them.\n");
}

}  // namespace

int run_init(const InitOptions& opts, Context& ctx) {
  InitSetup s;
  if (!opts.course_file.empty()) load_course(opts, std::nullopt, {}, s);
  s.root = resolve_root(opts, ctx, s.course.id.empty() ? course::default_course() : s.course);
  const auto existing = existing_settings(s.root);
  if (opts.course_file.empty()) load_course(opts, existing, s.root, s);
  s.settings.course_id = s.course.id;
  s.settings.course_file = s.course_text.empty() ? "" : workspace::k_course_copy_path;
  s.settings.route = !opts.route.empty() ? opts.route : existing ? existing->route : s.course.route;
  s.settings.lang = ctx.lang_flag ? *ctx.lang_flag : existing ? existing->lang : *util::parse_lang(s.course.language);
  util::set_lang(s.settings.lang);

  ctx.out << tr("课程目录（绝对路径）：", "Course folder (absolute path): ") << util::path_to_utf8(s.root) << "\n";
  s.machine = checks::detect_machine();
  print_machine(ctx, s);
  s.repo = git::Repo::discover(s.root);
  s.plan = workspace::make_plan(s.root, s.course, s.settings, s.course_text).take();
  const auto tools = checks::route_tools(s.course, s.settings.route, s.machine.os);
  print_plan(ctx, s, tools);

  std::optional<git::Repo> repo;
  if (s.repo) {
    repo = git::Repo::open(*s.repo).take();
    if (auto st = repo->ready_to_commit(true); !st) throw Failure(st.error());
  }
  const auto hooks = app::plan_hooks(repo ? &*repo : nullptr, s.root);
  ctx.out << app::describe_hook_plans(hooks, s.root);
  if (opts.dry_run) {
    ctx.out << tr("\n（--dry-run：只显示方案，什么都没有创建。）\n", "\n(--dry-run: plan shown, nothing created.)\n");
    return 0;
  }
  if (!s.plan.changes_anything() && repo && untracked_scaffold(s, &*repo).empty() && !repo->head_unborn() && !app::hooks_change_anything(hooks)) {
    const auto lock = lock_workspace(ctx, *repo);  // finishes a killed pdo's commit, rebuilds a missing index
    ctx.out << tr("\n工作区已经完整，没有需要创建或提交的内容。\n", "\nThe workspace is complete; nothing to create or commit.\n");
    report(ctx, s, std::nullopt, repo->is_ignored(repo->relative(s.root / ".env")), tools);
    return 0;
  }
  // Consent means what was shown: a file that changed while the question waited gets a new plan, shown
  // and asked again.
  for (int round = 0;; ++round) {
    if (!consent(opts, ctx)) {
      ctx.out << tr("已取消：什么都没有创建或改动。\n", "Cancelled: nothing was created or changed.\n");
      return static_cast<int>(Exit::declined);
    }
    auto again = workspace::make_plan(s.root, s.course, s.settings, s.course_text).take();
    if (again.items == s.plan.items) break;
    s.plan = std::move(again);
    if (opts.yes || round >= 2) {
      throw Failure(Exit::busy, tr("在 pdo 准备写入时，课程目录里的文件被改动了；为了不覆盖这些改动，什么都没有写。请重新运行 pdo init。",
                                   "files in the course folder changed while pdo was about to write; so as not to overwrite them, nothing was "
                                   "written. Run pdo init again."));
    }
    ctx.out << tr("\n在你确认之前，课程目录里有文件被改动了。新的方案：\n", "\nFiles in the course folder changed before you agreed. The new plan:\n");
    print_plan(ctx, s, tools);
  }
  const auto identity = identity_to_set(opts, ctx, repo ? repo->has_identity() : git::Repo::default_identity_known());

  if (!repo) repo = git::Repo::init(s.root).take();
  const auto lock = lock_workspace(ctx, *repo);
  for (const auto& item : s.plan.items) {
    if (util::ends_with(item.path, "/") && item.action == workspace::Action::create) util::make_dirs(s.root / util::path_from_utf8(item.path)).take();
  }
  const auto hook_result = app::install_hooks(*repo);
  ctx.out << (hook_result ? *hook_result : tr("  注意：", "  Note: ") + hook_result.error().message + "\n");
  auto txn = init_transaction(s, *repo);
  txn.identity = identity;
  const auto commit = app::run(*repo, txn).take();
  report(ctx, s, commit, repo->is_ignored(repo->relative(s.root / ".env")), tools);
  return 0;
}

}  // namespace pdo::cli
