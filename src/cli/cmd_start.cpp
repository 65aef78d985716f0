// pdo start <lesson> [--open]: prints the lesson's per-lesson prompt (README's template filled in),
// its official link and the notes/exercises paths; --open opens the link in the default browser.
// It changes nothing in the workspace; it remembers the lesson in .git/ (app/started_lesson) so that
// `pdo ask` files questions there. The prompt carries the lesson's needs and where it can run on the
// route, so the assistant sees them too.
#include <memory>
#include <ostream>

#include "app/session/session.hpp"
#include "app/session/started_lesson.hpp"
#include "checks/readiness.hpp"
#include "cli/commands.hpp"
#include "util/fs.hpp"
#include "workspace/layout.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct StartOptions {
  std::string lesson;
  bool open = false;
};

/// The lesson's needs and where it runs on the workspace's route (GPUs seen here, checks recorded).
workspace::LessonFacts lesson_facts(const workspace::Workspace& ws, const course::Lesson& lesson) {
  std::optional<int> gpus;
  if (ws.settings.route != course::Route::browser) gpus = checks::local_gpus();
  const auto all = checks::lesson_readiness(ws.course, ws.settings.route, gpus, checks::recorded_checks(ws.root));
  for (const auto& r : all) {
    if (r.lesson->number == lesson.number) {
      auto [needs, where] = checks::prompt_facts(r);
      return {needs, where};
    }
  }
  return {};
}

int run_start(const StartOptions& opts, Context& ctx) {
  const workspace::Workspace ws = open_workspace_files(ctx);
  const auto& lesson = lesson_arg(ws.course, opts.lesson);
  auto& out = ctx.out;
  out << lesson.id << " " << lesson.title << "\n";
  if (!lesson.published) {
    out << tr("注意：本课尚未发布。入口先保留，发布后再学习。\n", "Note: this lesson is not yet published; study it once it is out.\n");
  }
  if (!lesson.own) {
    out << tr("官方链接：", "Official link: ") << lesson.url << "\n";
  } else {
    out << tr("链接（你自己加的课节）：", "Link (a lesson of your own): ")
        << (lesson.url.empty()
                ? tr("还没有；找到资料后运行 pdo lesson set-url " + lesson.id + " 网址（或写进 notes.md 顶部）",
                     "none yet; once you have one, run pdo lesson set-url " + lesson.id + " URL (or write it at the top of notes.md)")
                : lesson.url)
        << "\n";
  }
  out << tr("笔记：", "Notes: ") << util::path_to_utf8(ws.path("lessons/" + lesson.folder + "/notes.md")) << "\n";
  out << tr("练习：", "Exercises: ") << util::path_to_utf8(ws.path("lessons/" + lesson.folder + "/exercises")) << "\n";
  const auto facts = lesson_facts(ws, lesson);
  out << tr("本课需要：", "This lesson needs: ") << facts.needs << "\n";
  out << tr("在你的学习路线上：", "On your route: ") << facts.where << "\n";
  out << tr("\n每课提示词（复制给你的 AI 助手；上面两行也在里面）：\n",
            "\nPer-lesson prompt (paste it into your AI assistant; the two lines above are in it):\n");
  out << "----------------------------------------\n"
      << workspace::prompt_text(ws.course, &lesson, ws.settings, facts) << "----------------------------------------\n";
  out << tr("完成一步后：pdo track done ", "After each step: pdo track done ") << lesson.id << " read|exercise|notes\n";
  if (const auto repo = git::Repo::find_open(ws.root); repo && *repo) {
    if (auto st = app::remember_started(**repo, lesson); !st) throw Failure(st.error());
  }
  // The prompt and the link are printed either way, so a missing browser is a note, not a failure.
  if (opts.open && lesson.url.empty()) {
    ctx.err << tr("pdo：这一课还没有链接，没有可打开的页面。\n", "pdo: this lesson has no link yet; there is no page to open.\n");
  } else if (opts.open && !platform::open_url(lesson.url)) {
    ctx.err << tr("pdo：没能打开浏览器，请手动打开上面的官方链接。\n",
                  "pdo: could not start a browser; open the official link above yourself.\n");
  }
  return 0;
}

}  // namespace

void setup_start(Args cmd, Context& ctx) {
  auto opts = std::make_shared<StartOptions>();
  cmd.option("lesson", opts->lesson, tr("课号：3、03 或文件夹名", "Lesson: 3, 03 or its folder name")).required().type_name(k_lesson_value);
  cmd.flag("--open", opts->open,
           tr("同时用默认浏览器打开这一课的页面（打不开时只提示，退出码仍为 0）",
              "Also open the lesson's page in the default browser (if none can be started: a note, exit code still 0)"));
  cmd.callback([opts, &ctx] { ctx.exit_code = run_start(*opts, ctx); });
}

}  // namespace pdo::cli
