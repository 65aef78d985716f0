// pdo course template [-o FILE]: the built-in course as a course file of the learner's own, to start a
// course from (pdo init --course FILE). It is checked to load as any course file from outside pdo
// before it is printed or written, and a file that exists is never replaced.
#include <memory>
#include <ostream>

#include "cli/commands.hpp"
#include "course/course.hpp"
#include "course/template.hpp"
#include "util/fs.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct CourseOptions {
  std::string output;
};

int run_template(const CourseOptions& opts, Context& ctx) {
  const std::string text = course::course_template();
  // What it writes, pdo loads: as strictly as a learner's own course file.
  if (auto loaded = course::parse_course(text, "pdo course template", course::Validation::full); !loaded) throw Failure(loaded.error());
  if (opts.output.empty()) {
    ctx.out << text;
    return 0;
  }
  const auto path = util::path_from_utf8(opts.output);
  const auto target = path.is_absolute() ? path : ctx.cwd / path;
  if (auto written = util::write_file_atomic(target, text, util::Replace::never); !written) throw Failure(written.error());
  ctx.out << tr("已写出课程文件：", "wrote the course file: ") << util::path_to_utf8(target)
          << tr("\n改好后用它新建工作区：pdo init --course ", "\nEdit it, then start a workspace from it: pdo init --course ")
          << opts.output << "\n";
  return 0;
}

}  // namespace

void setup_course(Args cmd, Context& ctx) {
  cmd.require_subcommand();
  auto opts = std::make_shared<CourseOptions>();
  Args tmpl = cmd.subcommand("template", tr("输出内置课程的课程文件，作为你自己课程的起点（pdo init --course 文件）",
                                            "Print the built-in course as a course file, to start a course of your own from "
                                            "(pdo init --course FILE)"));
  tmpl.option("-o,--output", opts->output, tr("写进这个文件（不覆盖已有文件）", "Write it to this file (never over an existing file)"))
      .type_name("FILE");
  tmpl.callback([opts, &ctx] { ctx.exit_code = run_template(*opts, ctx); });
}

}  // namespace pdo::cli
