// pdo report [--html FILE] [--open]: writes the study report — the lessons × steps grid, the 26-week
// calendar, each lesson's first and last day, the open questions — as one self-contained HTML file
// (default report.html in the course folder, where Explorer and Finder show it; .gitignore keeps it out of
// git). It reads the workspace and commits nothing; it replaces an existing file only if that file is an
// earlier pdo report. --open opens it; without a browser it says so and still exits 0, as start and
// check do: the report is written, and its path printed.
#include <memory>
#include <ostream>
#include <string>

#include "app/report_html.hpp"
#include "app/study_log.hpp"
#include "cli/commands.hpp"
#include "progress/status.hpp"
#include "util/fs.hpp"
#include "util/time.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct ReportOptions {
  std::string html;
  bool open = false;
};

constexpr std::size_t k_text_cap = 1024 * 1024;

/// The default report, course-relative: visible beside README.md, ignored by the workspace's .gitignore.
constexpr const char* k_default_report = "report.html";

std::string read_text(const std::filesystem::path& file) {
  auto text = util::read_file_capped(file, k_text_cap);
  return text ? *text : std::string();
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
  in.state = progress::course_state(s.ws.course, read_text(s.path("progress.md")));
  in.today = util::today();
  in.journal = progress::build_journal(app::study_events(s.repo, s.repo_path("progress.md"), app::UseCache::yes).take(), in.today);
  in.questions = app::open_questions(read_text(s.path("questions.md")));
  in.lang = util::current_lang();
  const auto target = target_of(opts, s, ctx);
  std::error_code ec;
  if (std::filesystem::exists(target, ec) && read_text(target).find(app::k_report_marker) == std::string::npos) {
    throw Failure(Exit::usage, util::path_to_utf8(target) +
                                   tr(" 已存在且不是 pdo 的报告：换一个文件名。", " exists and is not a pdo report: choose another name."));
  }
  if (auto written = util::write_file_atomic(target, app::render_report_html(in), util::Replace::allowed); !written) {
    throw Failure(written.error());
  }
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

void setup_report(CLI::App* cmd, Context& ctx) {
  auto opts = std::make_shared<ReportOptions>();
  cmd->add_option("--html", opts->html,
                  tr("写到这个文件（默认：课程文件夹里的 report.html，git 忽略它）",
                     "Write to this file (default: report.html in the course folder, which git ignores)"))
      ->type_name(k_file_value);
  cmd->add_flag("--open", opts->open,
                tr("写好后用默认浏览器打开（打不开时只提示，退出码仍为 0）",
                   "Open it in the default browser afterwards (if none can be started: a note, exit code still 0)"));
  cmd->callback([opts, &ctx] { ctx.exit_code = run_report(*opts, ctx); });
}

}  // namespace pdo::cli
