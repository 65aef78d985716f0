// pdo report [--html FILE] [--open]: writes the study report — the lessons × steps grid, the 26-week
// calendar, each lesson's first and last day, the open questions — as one self-contained HTML file
// (default report.html in the course folder, where Explorer and Finder show it; .gitignore keeps it out of
// git). It reads the workspace and commits nothing; it replaces an existing file only while that file holds
// exactly the report pdo wrote there (app/report_record), or with --force. --open opens it; without a
// browser it says so and still exits 0, as start and check do: the report is written, and its path printed.
#include <memory>
#include <ostream>
#include <string>

#include "app/report/report_html.hpp"
#include "app/report/report_record.hpp"
#include "app/report/study_log.hpp"
#include "checks/readiness.hpp"
#include "cli/commands.hpp"
#include "progress/status.hpp"
#include "util/fs.hpp"
#include "util/time.hpp"

namespace pdo::cli {

using util::tr;
namespace fs = std::filesystem;

namespace {

struct ReportOptions {
  std::string html;
  bool open = false;
  bool force = false;
};

/// The default report, course-relative: visible beside README.md, ignored by the workspace's .gitignore.
constexpr const char* k_default_report = "report.html";

/// A workspace file's text, "" when there is none; any other failure (a FIFO, a huge file) is an error.
std::string read_text(const std::filesystem::path& file) {
  auto text = util::read_file_capped(file, util::k_max_text_bytes);  // the cap track, ask and status write under
  std::error_code ec;
  if (!text && !fs::exists(fs::symlink_status(file, ec))) return {};
  return std::move(text).take();
}

/// Writes the page, replacing a file only when pdo wrote it, or with --force.
void write_report(const ReportOptions& opts, const Session& s, const std::filesystem::path& target, const std::string& html) {
  const fs::path gitdir = s.repo.gitdir();
  const auto there = app::report_target(gitdir, s.ws.root, target).take();
  if (there == app::ReportTarget::foreign && !opts.force) {
    throw Failure(Exit::usage,
                  util::path_to_utf8(target) +
                      tr(" 已存在，而且不是 pdo 写在那里的报告（或写完后被改过），pdo 不覆盖它。换一个文件名；确定要替换它时加 --force。",
                         " exists and is not a report pdo wrote there (or it was changed since), so pdo leaves it alone. "
                         "Choose another name, or add --force to replace it."));
  }
  const auto replace = there == app::ReportTarget::absent ? util::Replace::never : util::Replace::allowed;
  if (auto written = util::write_file_atomic(target, html, replace); !written) throw Failure(written.error());
  app::remember_report(gitdir, s.ws.root, target, html);
}

std::filesystem::path target_of(const ReportOptions& opts, const Session& s, const Context& ctx) {
  if (opts.html.empty()) return s.path(k_default_report);
  const auto path = util::path_from_utf8(opts.html);
  return path.is_absolute() ? path : ctx.cwd / path;
}

int run_report(const ReportOptions& opts, Context& ctx) {
  git::tune_for_reading();
  const Session s = open_session(ctx, Access::read);
  app::ReportInput in;
  in.course = &s.ws.course;
  in.state = progress::course_state(s.ws.course, read_text(s.path("progress.md")), checks::steps_off_route(s.ws));
  in.today = util::today();
  in.journal = progress::build_journal(app::study_events(s.repo, s.repo_path("progress.md")).take(), in.today);
  in.questions = app::open_questions(read_text(s.path("questions.md")));
  in.lang = util::current_lang();
  const auto target = target_of(opts, s, ctx);
  write_report(opts, s, target, app::render_report_html(in));
  ctx.out << tr("学习报告：", "Study report: ") << util::path_to_utf8(target) << "\n";
  if (opts.html.empty() && !s.repo.is_ignored(s.repo_path(k_default_report))) {
    ctx.out << tr("  git 还没有忽略 report.html：重新运行一次 pdo init 会把它加进 .gitignore。\n",
                  "  git does not ignore report.html yet: run pdo init once more to add it to .gitignore.\n");
  }
  if (opts.open && !platform::open_html_file(target)) {
    ctx.err << tr("pdo：没能打开浏览器，请手动打开上面的文件。\n", "pdo: could not start a browser; open the file above yourself.\n");
  }
  return 0;
}

}  // namespace

void setup_report(Args cmd, Context& ctx) {
  auto opts = std::make_shared<ReportOptions>();
  cmd.option("--html", opts->html,
             tr("写到这个文件（默认：课程文件夹里的 report.html，git 忽略它）",
                "Write to this file (default: report.html in the course folder, which git ignores)"))
      .type_name(k_file_value);
  cmd.flag("--open", opts->open,
           tr("写好后用默认浏览器打开（打不开时只提示，退出码仍为 0）",
              "Open it in the default browser afterwards (if none can be started: a note, exit code still 0)"));
  cmd.flag("--force", opts->force,
           tr("替换已有的文件，即使它不是 pdo 写的报告", "Replace the file there even if it is not a report pdo wrote"));
  cmd.callback([opts, &ctx] { ctx.exit_code = run_report(*opts, ctx); });
}

}  // namespace pdo::cli
