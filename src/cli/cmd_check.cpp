// pdo check: runs the course's self-check items for the workspace's route on this OS, writes the report
// into check-env.md's pdo block, commits it, and prints the same report. `confirm` records the learner's
// own word on a needs-you item; --open opens an item's page; --lessons says which lessons can run here;
// --online fetches the lesson pages. It never installs, logs in, pays, submits jobs or runs another OS's
// commands, and never commits anything but check-env.md and .pdo/checks.toml.
#include <algorithm>
#include <memory>
#include <ostream>

#include "app/checks/check_probes.hpp"
#include "app/checks/self_check.hpp"
#include "app/commit/transaction.hpp"
#include "app/display.hpp"
#include "app/hooks/secret_guard.hpp"
#include "app/hooks/trust.hpp"
#include "app/session/session.hpp"
#include "app/trailers.hpp"
#include "checks/confirmations.hpp"
#include "checks/detect.hpp"
#include "checks/online.hpp"
#include "checks/readiness.hpp"
#include "checks/report.hpp"
#include "cli/commands.hpp"
#include "git/repo.hpp"
#include "util/fs.hpp"
#include "util/progress.hpp"
#include "util/text.hpp"
#include "util/time.hpp"
#include "workspace/layout.hpp"
#include "workspace/settings.hpp"

namespace pdo::cli {

using util::tr;
namespace fs = std::filesystem;

namespace {

struct CheckOptions {
  bool trust = false;  ///< --trust: the learner trusts the course file's commands as they are now
  bool online = false;
  std::string base_url;
  bool lessons = false;
  std::string open_id;
  std::string confirm_id;
  std::string failed;  ///< --failed: what the learner saw
};

const course::CheckItem* find_item(const course::Course& course, const std::string& id) {
  for (const auto& c : course.checks) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

std::string item_ids(const course::Course& course, course::Route route, bool learner_only) {
  std::vector<std::string> ids;
  for (const auto& c : course.checks) {
    if (!course::in_route(c, route)) continue;
    if (learner_only && course::pdo_runs(c)) continue;
    ids.push_back(c.id);
  }
  return util::join(ids, ", ");
}

int run_open(const workspace::Workspace& ws, const std::string& id, Context& ctx) {
  const course::CheckItem* item = find_item(ws.course, id);
  if (!item || item->url.empty()) {
    throw Failure(
        Exit::usage, tr("没有带网页的自检项目 ", "no self-check item with a page is called ") + id +
                         tr("。可以打开的：", ". Items with a page: ") + [&] {
                           std::vector<std::string> ids;
                           for (const auto& c : ws.course.checks) {
                             if (!c.url.empty() && course::in_route(c, ws.settings.route)) ids.push_back(c.id);
                           }
                           return util::join(ids, ", ");
                         }());
  }
  if (platform::open_url(item->url)) {
    ctx.out << tr("已在浏览器中打开：", "Opened in your browser: ") << item->url << "\n";
    ctx.out << tr("看到预期结果后运行：pdo check confirm ", "When you see what you should, run: pdo check confirm ") << id << "\n";
    return 0;
  }
  // As start --open and report --open: the URL is printed, so a missing browser is a note, not a failure.
  ctx.err << tr("pdo：没能打开浏览器；请自己打开这个网址：", "pdo: could not start a browser; open this URL yourself: ") << item->url
          << "\n";
  ctx.out << tr("看到预期结果后运行：pdo check confirm ", "When you see what you should, run: pdo check confirm ") << id << "\n";
  return 0;
}

/// GPUs this machine shows (nvidia-smi -L, read-only, with a timeout); nullopt without nvidia-smi.
std::optional<int> local_gpu_count(Context& ctx) {
  if (!platform::find_program("nvidia-smi")) {
    ctx.out << tr("本机 GPU：没有找到 nvidia-smi，按没有 GPU 处理。\n", "GPUs here: nvidia-smi not found; counted as none.\n");
    return std::nullopt;
  }
  platform::ProcessOptions opts;
  opts.timeout = std::chrono::seconds(10);
  const auto r = platform::run_process({"nvidia-smi", "-L"}, opts);
  int n = 0;
  for (const auto line : util::split_lines(r.out)) n += util::starts_with(line, "GPU ") ? 1 : 0;
  ctx.out << tr("本机 GPU：`nvidia-smi -L` 列出 ", "GPUs here: `nvidia-smi -L` lists ") << n << "\n";
  return r.exit_code == 0 ? std::optional<int>(n) : std::nullopt;
}

int run_lessons(const workspace::Workspace& ws, Context& ctx) {
  std::optional<int> gpus;
  if (ws.settings.route != course::Route::browser) gpus = local_gpu_count(ctx);
  const auto lessons = checks::lesson_readiness(ws.course, ws.settings.route, gpus, checks::recorded_checks(ws.root));
  ctx.out << checks::render_readiness(ws.course, ws.settings.route, lessons);
  return 0;
}

/// Whether the course file's commands may run; with --trust, records the learner's trust first. Prints
/// the commands either way, so what is trusted is what the learner saw.
void announce_trust(app::CommandGate& gate, const workspace::Workspace& ws, bool trust_now, Context& ctx) {
  const auto& source = gate.source();
  if (!source) {
    if (trust_now) ctx.out << tr("内置课程的命令不需要信任。\n", "The built-in course's commands need no trust.\n");
    return;
  }
  const std::string file = app::for_display(util::path_to_utf8(source->file), util::Breaks::escape);
  const auto commands = app::course_command_lines(ws.course, ws.settings.route);
  if (trust_now && !gate.open()) {
    if (auto st = gate.trust(); !st) throw Failure(st.error());
    ctx.out << tr("已信任课程文件 ", "Trusted the course file ") << file << " (sha256 " << source->sha256.substr(0, 16)
            << tr(")：从现在起 pdo check 会运行它的命令，文件一改就需要重新信任。\n",
                  "): pdo check runs its commands from now on, until the file changes.\n");
    for (const auto& line : commands) ctx.out << line << "\n";
    ctx.out << "\n";
  } else if (!gate.open() && !commands.empty()) {
    ctx.out << tr("课程文件 ", "The course file ") << file << " (sha256 " << source->sha256.substr(0, 16)
            << tr(") 不是 pdo 的内置课程，你还没有信任它，所以 pdo 没有运行它的命令：\n",
                  ") is not pdo's built-in course and you have not trusted it, so pdo did not run its commands:\n");
    for (const auto& line : commands) ctx.out << line << "\n";
    ctx.out << tr("读一读这些命令；确定它们可以在你的电脑上运行后：pdo check --trust\n\n",
                  "Read them; once you are sure they may run on your computer: pdo check --trust\n\n");
  }
}

/// Validates and stores `pdo check confirm`; returns the updated list.
std::vector<checks::Confirmation> record(const workspace::Workspace& ws, const CheckOptions& opts, std::vector<checks::Confirmation> all,
                                         const std::string& today) {
  const course::CheckItem* item = find_item(ws.course, opts.confirm_id);
  if (!item || !course::in_route(*item, ws.settings.route)) {
    throw Failure(Exit::usage, tr("本路线没有需要你确认的项目 ", "this route has no item for you to confirm called ") + opts.confirm_id +
                                   tr("。可以确认的：", ". Items you can confirm: ") + item_ids(ws.course, ws.settings.route, true));
  }
  if (course::pdo_runs(*item)) {
    throw Failure(Exit::usage, opts.confirm_id + tr(" 由 pdo 自己检查，不能由你确认；运行 pdo check 即可。",
                                                    " is checked by pdo itself and cannot be confirmed by you; just run pdo check."));
  }
  checks::Confirmation c{opts.confirm_id, opts.failed.empty(), today, opts.failed};
  checks::record_confirmation(all, c);
  return all;
}

std::string file_note(checks::FileUpdate u) {
  switch (u) {
    case checks::FileUpdate::created:
      return tr("check-env.md：原来不存在，已重新创建。", "check-env.md: it was missing, so it was created again.");
    case checks::FileUpdate::updated:
      return tr("check-env.md：已更新 pdo 区块（区块外你的内容原样保留）。",
                "check-env.md: pdo's block updated (your text outside it is kept as is).");
    case checks::FileUpdate::unchanged:
      return tr("check-env.md：结果和上次相同，没有改动。", "check-env.md: same results as last time, unchanged.");
    case checks::FileUpdate::no_markers:
      break;
  }
  return tr(
      "check-env.md：pdo 区块的标记（<!-- pdo:begin check-env --> … <!-- pdo:end check-env -->）已被删除，pdo 没有改动这个文件。想让 pdo 记录结果，请把这两行标记加回去。",
      "check-env.md: pdo's block markers (<!-- pdo:begin check-env --> … <!-- pdo:end check-env -->) were removed, so pdo left the file alone. Put the two marker lines back for pdo to record results.");
}

std::string commit_message(const std::vector<checks::ItemResult>& results, const CheckOptions& opts) {
  std::string msg = checks::commit_subject(results, opts.confirm_id, !opts.failed.empty()) + "\n\n";
  app::Trailers t;
  t.action = opts.confirm_id.empty() ? app::Action::check : app::Action::confirm;
  t.id = app::new_action_id();
  msg += app::write_trailers(t);
  return msg;
}

/// What `pdo check` does to check-env.md, judged from the working copy.
checks::FileUpdate check_env_update(const std::optional<std::string>& before, const std::optional<std::string>& after) {
  if (!before) return checks::FileUpdate::created;
  if (!after) return checks::FileUpdate::no_markers;
  return *before == *after ? checks::FileUpdate::unchanged : checks::FileUpdate::updated;
}

/// Commits the report (and the confirmations, when any) as one transaction: refused (a key in some
/// command's output), both files are put back exactly as they were.
void commit_report(Session& s, const std::string& report, const std::optional<std::string>& confirmations, bool report_file,
                   const std::string& message, Context& ctx) {
  if (auto st = s.repo.ready_to_commit(false); !st) {
    ctx.out << tr("没有提交：", "Not committed: ") << st.error().message << "\n";
    return;
  }
  app::Transaction txn;
  std::vector<std::string> files;
  if (report_file) {
    const std::string fresh = workspace::check_env_text(s.ws.course, s.ws.settings);
    txn.changes.push_back(app::Change::edited(s.repo_path("check-env.md"), [report, fresh](const std::string& text) -> Result<std::string> {
      // A version without pdo's markers (HEAD's, or one the learner staged) is left as it is.
      return checks::with_report(text, report, fresh).value_or(text);
    }));
    files.push_back("check-env.md");
  }
  if (confirmations) {
    txn.changes.push_back(app::Change::put_file(s.repo_path(checks::k_confirmations_path), *confirmations, app::Change::Before::any));
    files.push_back(checks::k_confirmations_path);
  }
  txn.message = message;
  const auto id = commit(s, std::move(txn));
  if (id) {
    ctx.out << tr("git 提交：", "git commit: ") << id->substr(0, 12) << tr("（", " (") << util::join(files, tr("、", ", "))
            << tr("）\n", ")\n");
  } else {
    ctx.out << tr("git：没有新的改动需要提交。\n", "git: nothing new to commit.\n");
  }
}

/// Without a repository: the files are written directly, nothing is committed.
void write_without_git(const workspace::Workspace& ws, const std::string& report, const std::optional<std::string>& confirmations,
                       Context& ctx) {
  // No commit to refuse: the files are scanned before they are written, as a commit's would be.
  std::vector<git::StagedBlob> blobs{{"check-env.md", report}};
  if (confirmations) blobs.push_back({checks::k_confirmations_path, *confirmations});
  if (auto st = app::check_blobs_for_secrets(blobs); !st) throw Failure(st.error());
  const auto update = checks::update_check_env(ws.root / "check-env.md", report, workspace::check_env_text(ws.course, ws.settings)).take();
  if (confirmations) util::write_file_atomic(ws.root / checks::k_confirmations_path, *confirmations, util::Replace::allowed).take();
  ctx.out << file_note(update) << "\n";
  ctx.out << tr("没有提交：这里没有 git 仓库（运行 pdo init）。\n", "Not committed: there is no git repository here (run pdo init).\n");
}

int run_check(const CheckOptions& opts, Context& ctx) {
  workspace::Workspace ws = workspace::open_workspace(ctx.cwd).take();
  util::set_lang(ctx.lang_flag ? *ctx.lang_flag : ws.settings.lang);
  if (!opts.open_id.empty()) return run_open(ws, opts.open_id, ctx);
  if (opts.lessons) return run_lessons(ws, ctx);

  std::optional<Session> session;
  if (auto repo = git::Repo::find_open(ws.root).take()) {
    session.emplace(Session{ws, std::move(*repo), nullptr});
    // Like track: one pdo writer at a time, and what a killed pdo left is finished or undone first.
    bool recovered = false;
    session->lock = lock_workspace(ctx, session->repo, &recovered);
    if (recovered) ws = session->ws = workspace::open_workspace(ctx.cwd).take();  // plan from what recovery left
    if (auto warning = app::hook_warning(session->repo)) ctx.err << *warning << "\n";
  }

  const std::string today = util::today();
  auto confirmations = app::load_confirmations(ws.root);
  std::optional<std::string> confirmations_file;
  if (!opts.confirm_id.empty()) {
    confirmations = record(ws, opts, std::move(confirmations), today);
    confirmations_file = checks::confirmations_text(confirmations);
  }

  checks::RunInput in;
  in.course = &ws.course;
  in.route = ws.settings.route;
  in.cwd = ws.root;
  in.python = checks::detect_machine().python;
  in.probes = workspace_probes(session ? &session->repo : nullptr, ws.root);
  in.confirmations = confirmations;
  in.today = today;
  app::CommandGate gate(ws);
  announce_trust(gate, ws, opts.trust, ctx);
  in.commands = gate.commands();
  auto results = checks::run_checks(in);
  if (opts.online) {
    util::Progress progress(
        ctx.err, app::show_progress(ctx),
        [](std::uint64_t done, std::uint64_t total, double rate) {
          return tr("核对课节页面：", "Fetching lesson pages: ") + std::to_string(done) + "/" + std::to_string(total) +
                 tr("（每秒 ", " (") + util::rate_text(rate) + tr(" 个）", "/s)");
        },
        static_cast<std::uint64_t>(
            std::count_if(ws.course.lessons.begin(), ws.course.lessons.end(), [](const auto& l) { return l.published; })));
    const auto pages = checks::check_lesson_pages(
        ws.course, opts.base_url,
        [&progress](const std::string& url) {
          auto page = checks::http_get(url);
          progress.add();
          return page;
        },
        today);
    progress.finish();
    results.insert(results.end(), pages.begin(), pages.end());
  }

  const checks::ReportInfo info{today, ws.settings.route, std::string(platform::os_id(platform::current_os())), opts.online};
  const std::string report = checks::render_report(results, info);
  // The terminal's copy in colour; the file's never. A key in it stops the commit below and is never shown whole.
  // A confirmation shows its own item and the counts: the whole report is in check-env.md.
  const auto style = app::style(ctx, platform::StdStream::out);
  if (opts.confirm_id.empty()) {
    ctx.out << app::redact_secrets(checks::render_report(results, info, style)) << "\n";
  } else {
    for (const auto& r : results) {
      if (r.id == opts.confirm_id) ctx.out << app::redact_secrets(checks::render_item(r, style));
    }
    ctx.out << tr("摘要：", "Summary: ") << checks::summary_line(results)
            << tr("（每一项见 check-env.md；重新检查全部：pdo check）\n",
                  " (every item: check-env.md; to check them all again: pdo check)\n");
  }
  if (!session) {
    write_without_git(ws, report, confirmations_file, ctx);
  } else {
    std::optional<std::string> before;
    if (auto text = util::read_file(ws.root / "check-env.md")) before = std::move(text).value();
    const auto after = checks::with_report(before.value_or(""), report, workspace::check_env_text(ws.course, ws.settings));
    const auto update = check_env_update(before, after);
    ctx.out << file_note(update) << "\n";
    commit_report(*session, report, confirmations_file, update != checks::FileUpdate::no_markers, commit_message(results, opts), ctx);
  }
  return checks::count(results).fail > 0 ? static_cast<int>(Exit::failure) : 0;
}

}  // namespace

void setup_check(Args cmd, Context& ctx) {
  auto opts = std::make_shared<CheckOptions>();
  Arg trust = cmd.flag(
      "--trust", opts->trust,
      tr("信任工作区课程文件里现在的命令（内置课程不需要），然后运行自检",
         "Trust the commands of the workspace's course file as it is now (the built-in course needs none), then run the self-check"));
  Arg online = cmd.flag("--online", opts->online,
                        tr("同时访问每课页面，核对 HTTP 状态和标题", "Also fetch every lesson page and compare its HTTP status and title"));
  cmd.option("--base-url", opts->base_url,
             tr("配合 --online：改从这个地址访问课节页面（例如本地镜像）",
                "With --online: fetch the lesson paths from this host instead (e.g. a local mirror)"))
      .type_name("URL")
      .needs(online);
  Arg lessons = cmd.flag("--lessons", opts->lessons,
                         tr("逐课说明代码能否在当前路线和机器上运行（依据课程文件）",
                            "Say per lesson whether its code can run on this route and machine (course-file facts)"));
  cmd.option("--open", opts->open_id,
             tr("在浏览器中打开某个自检项目对应的页面（打不开时打印网址，退出码仍为 0）",
                "Open the page a self-check item is about in your browser (if none can be started: the URL, exit code still 0)"))
      .type_name(k_item_value)
      .excludes(lessons)
      .excludes(online);
  lessons.excludes(online);
  trust.excludes(lessons);
  Args confirm = cmd.subcommand("confirm", tr("记录你已亲自完成某个“需要你操作”的项目（失败时加 --failed）",
                                              "Record that you did a needs-you item yourself (or that it failed, with --failed)"));
  confirm.option("id", opts->confirm_id, tr("项目编号，见 check-env.md", "The item id, as shown in check-env.md"))
      .required()
      .type_name(k_item_value);
  Arg failed = confirm.option("--failed", opts->failed, tr("没有成功：写下你实际看到的情况", "It did not work: what you saw instead"))
                   .type_name("TEXT");
  cmd.callback([opts, failed, &ctx] {
    if (failed.given() && util::trim(opts->failed).empty()) {
      throw Failure(Exit::usage, tr("--failed 需要写上你看到了什么。", "--failed needs what you saw."));
    }
    ctx.exit_code = run_check(*opts, ctx);
  });
}

}  // namespace pdo::cli
