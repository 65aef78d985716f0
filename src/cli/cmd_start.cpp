// pdo start <lesson> [--open]: prints the lesson's per-lesson prompt (README's template filled in),
// its official link and the notes/exercises paths; --open opens the link in the default browser.
// It writes nothing.
#include <memory>
#include <ostream>

#include "cli/commands.hpp"
#include "app/session.hpp"
#include "util/fs.hpp"
#include "workspace/layout.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct StartOptions {
  std::string lesson;
  bool open = false;
};

int run_start(const StartOptions& opts, Context& ctx) {
  const workspace::Workspace ws = open_workspace_files(ctx);
  const auto& lesson = lesson_arg(ws.course, opts.lesson);
  auto& out = ctx.out;
  out << lesson.id << " " << lesson.title << "\n";
  if (!lesson.published) {
    out << tr("注意：本课尚未发布。入口先保留，发布后再学习。\n", "Note: this lesson is not yet published; study it once it is out.\n");
  }
  out << tr("官方链接：", "Official link: ") << lesson.url << "\n";
  out << tr("笔记：", "Notes: ") << util::path_to_utf8(ws.path("lessons/" + lesson.folder + "/notes.md")) << "\n";
  out << tr("练习：", "Exercises: ") << util::path_to_utf8(ws.path("lessons/" + lesson.folder + "/exercises")) << "\n";
  if (!lesson.needs.empty()) {
    const bool zh = util::current_lang() == util::Lang::zh && !lesson.needs_zh.empty();
    out << tr("页面说代码需要：", "The page says its code needs: ") << (zh ? lesson.needs_zh : lesson.needs) << "\n";
  }
  out << tr("\n每课提示词（复制给你的 AI 助手）：\n", "\nPer-lesson prompt (paste it into your AI assistant):\n");
  out << "----------------------------------------\n"
      << workspace::prompt_text(ws.course, &lesson, ws.settings)
      << "----------------------------------------\n";
  out << tr("完成一步后：pdo track done ", "After each step: pdo track done ") << lesson.id << " read|exercise|notes\n";
  if (opts.open && !platform::open_url(lesson.url)) {
    ctx.err << tr("pdo: 无法打开浏览器，请手动打开上面的链接。\n", "pdo: could not start a browser; open the link above yourself.\n");
    return static_cast<int>(Exit::failure);
  }
  return 0;
}

}  // namespace

void setup_start(CLI::App* cmd, Context& ctx) {
  auto opts = std::make_shared<StartOptions>();
  cmd->add_option("lesson", opts->lesson, tr("课号：3、03 或文件夹名", "Lesson: 3, 03 or its folder name"))->required();
  cmd->add_flag("--open", opts->open, tr("同时用默认浏览器打开这一课的页面", "Also open the lesson's page in the default browser"));
  cmd->callback([opts, &ctx] { ctx.exit_code = run_start(*opts, ctx); });
}

}  // namespace pdo::cli
