// pdo lesson add "<title>" [--url URL] [--folder NAME] | list | remove N | set-url N URL: the learner's own
// topics beyond the course, as lessons like the others (a folder, notes.md, exercises/, three progress
// boxes, a README row), each change one commit. An own lesson without a link takes the one written at the
// top of its notes.md; set-url records one in .pdo/lessons.toml and the README. `remove` deletes only what pdo wrote: it refuses while the
// lesson holds notes, exercises, a ticked box or a question. It never edits the course file or an official lesson.
#include <iomanip>
#include <memory>
#include <ostream>

#include "app/display.hpp"
#include "app/lessons/lesson_ops.hpp"
#include "app/trailers.hpp"
#include "cli/commands.hpp"
#include "util/fs.hpp"

namespace pdo::cli {

using util::tr;

namespace {

struct LessonOptions {
  std::string title;
  std::string url;
  std::string folder;
  std::string number;
};

std::string shown(const std::string& text) { return app::for_display(text, util::Breaks::escape); }

void print_commit(Context& ctx, const std::optional<std::string>& id) {
  if (id) ctx.out << tr("（提交 ", " (commit ") << id->substr(0, 12) << tr("）", ")");
  ctx.out << "\n";
}

/// The trailers of a commit that changes the own lesson `id` (`what`: add, url, remove).
app::Trailers lesson_trailers(const std::string& id, const char* what) {
  app::Trailers t;
  t.action = app::Action::lesson;
  t.id = app::new_action_id();
  t.own_lesson = id + " " + what;
  return t;
}

int run_add(const LessonOptions& opts, Context& ctx) {
  Session s = open_session(ctx, Access::write);
  const auto lesson = app::plan_new_lesson(s.ws, {opts.title, opts.url, opts.folder});
  const app::Trailers t = lesson_trailers(lesson.id, "add");
  const std::string subject = tr("我的课节：新增 ", "Own lesson: add ") + lesson.id + " " + lesson.title;
  auto txn = app::add_lesson_transaction(s, lesson, subject, t);
  const auto id = commit(s, std::move(txn));
  ctx.out << tr("已添加第 ", "added lesson ") << lesson.id << tr(" 课（我的课节）：", " (your own): ") << shown(lesson.title);
  print_commit(ctx, id);
  ctx.out << tr("  文件夹：lessons/", "  folder: lessons/") << shown(lesson.folder) << "/\n";
  ctx.out << tr("  链接：", "  link: ")
          << (lesson.url.empty() ? tr("还没有（找到后运行 pdo lesson set-url ", "none yet (once you have one: pdo lesson set-url ") +
                                       lesson.id + tr(" 网址，或写在 notes.md 顶部）", " URL, or write it at the top of notes.md)")
                                 : shown(lesson.url))
          << "\n";
  ctx.out << tr("  开始：pdo start ", "  start with: pdo start ") << lesson.id
          << tr("；完成一步：pdo track done ", "; after each step: pdo track done ") << lesson.id << " read|exercise|notes\n";
  return 0;
}

int run_list(Context& ctx) {
  const workspace::Workspace ws = open_workspace_files(ctx);
  ctx.out << ws.course.title << "\n\n" << tr("课号  来源  课节\n", " #    source    lesson\n");
  std::size_t own = 0;
  for (const auto& l : ws.course.lessons) {
    own += l.own ? 1u : 0u;
    const std::string source = l.own ? tr("我的", "mine    ") : tr("官方", "official");
    ctx.out << std::left << std::setw(4) << l.id << "  " << source << "  " << shown(l.title)
            << (l.published ? "" : tr("（未发布）", " (not yet published)")) << "  lessons/" << shown(l.folder) << "/\n";
  }
  ctx.out << "\n"
          << ws.course.lessons.size() - own << tr(" 课官方，", " official, ") << own
          << tr(" 课是你自己加的（pdo lesson add）。\n", " of your own (pdo lesson add).\n");
  return 0;
}

int run_set_url(const LessonOptions& opts, Context& ctx) {
  if (util::trim(opts.url).empty())
    throw Failure(Exit::usage, tr("网址是空的。例如：pdo lesson set-url 18 https://…",
                                  "the URL is empty. For example: pdo lesson set-url 18 https://…"));
  Session s = open_session(ctx, Access::write);
  const auto& lesson = lesson_arg(s.ws.course, opts.number);
  const app::Trailers t = lesson_trailers(lesson.id, "url");
  const std::string subject = tr("我的课节：设置链接 ", "Own lesson: set the link of ") + lesson.id + " " + lesson.title;
  auto txn = app::set_url_transaction(s, lesson, opts.url, subject, t);
  const bool notes_too = !txn.changes.empty() && util::ends_with(txn.changes.back().path.str(), "/notes.md");
  const auto id = commit(s, std::move(txn));
  ctx.out << tr("已设置第 ", "set the link of lesson ") << lesson.id << tr(" 课的链接：", ": ") << shown(opts.url);
  print_commit(ctx, id);
  ctx.out
      << (notes_too
              ? tr("  README 的课节清单、pdo start 和 pdo report 都用它；notes.md 还是 pdo 写的样子，它的链接行也改了。\n",
                   "  README's lesson list, pdo start and pdo report use it; notes.md was still as pdo wrote it, so its link line says it too.\n")
              : tr("  README 的课节清单、pdo start 和 pdo report 都用它；notes.md 里有你写的内容，pdo 不改它。\n",
                   "  README's lesson list, pdo start and pdo report use it; notes.md holds what you wrote, so pdo leaves it as it is.\n"));
  return 0;
}

int run_remove(const LessonOptions& opts, Context& ctx) {
  Session s = open_session(ctx, Access::write);
  const auto& lesson = lesson_arg(s.ws.course, opts.number);
  const app::Trailers t = lesson_trailers(lesson.id, "remove");
  const std::string subject = tr("我的课节：删除 ", "Own lesson: remove ") + lesson.id + " " + lesson.title;
  const course::Lesson removed = lesson;
  auto txn = app::remove_lesson_transaction(s, removed, subject, t);
  const auto id = commit(s, std::move(txn));
  ctx.out << tr("已删除第 ", "removed lesson ") << removed.id << tr(" 课（我的课节）：", " (your own): ") << shown(removed.title);
  print_commit(ctx, id);
  ctx.out << tr("  git 历史里仍保留它；pdo undo 可以恢复。\n", "  git history still has it; pdo undo brings it back.\n");
  return 0;
}

}  // namespace

void setup_lesson(Args cmd, Context& ctx) {
  auto opts = std::make_shared<LessonOptions>();
  cmd.require_subcommand();
  Args add = cmd.subcommand(
      "add", tr("添加一个你自己的课节（课号 = 现有最大课号 + 1），并提交", "Add a lesson of your own (number = highest + 1), as a commit"));
  add.option("title", opts->title, tr("课节标题", "The lesson's title")).required();
  add.option("--url", opts->url,
             tr("讲义或资料的链接（http/https；没有时不填）", "The link to its material (http/https; leave out if there is none yet)"))
      .type_name("URL");
  add.option("--folder", opts->folder,
             tr("文件夹名（NN-NN- 之后的部分）；标题里没有英文单词时必须给出",
                "The folder name (the part after NN-NN-); needed when the title has no ASCII word"))
      .type_name("NAME");
  add.callback([opts, &ctx] { ctx.exit_code = run_add(*opts, ctx); });
  Args list = cmd.subcommand("list", tr("列出所有课节和来源（官方 / 我的）", "List every lesson with its source (official / mine)"));
  list.callback([&ctx] { ctx.exit_code = run_list(ctx); });
  Args remove =
      cmd.subcommand("remove", tr("删除一个你自己的课节（笔记、练习、勾选或问题里有内容时拒绝）",
                                  "Remove a lesson of your own (refused while its notes, exercises, boxes or questions hold anything)"));
  remove.option("lesson", opts->number, tr("课号：18、018 或文件夹名", "Lesson: 18 or its folder name")).required();
  remove.callback([opts, &ctx] { ctx.exit_code = run_remove(*opts, ctx); });
  Args set_url = cmd.subcommand("set-url", tr("给你自己的课节设置链接（写进 .pdo/lessons.toml 和 README），并提交",
                                              "Set the link of a lesson of your own (in .pdo/lessons.toml and the README), as a commit"));
  set_url.option("lesson", opts->number, tr("课号：18 或文件夹名", "Lesson: 18 or its folder name")).required().type_name(k_lesson_value);
  set_url.option("url", opts->url, tr("讲义或资料的链接（http/https）", "The link to its material (http/https)"))
      .required()
      .type_name("URL");
  set_url.callback([opts, &ctx] { ctx.exit_code = run_set_url(*opts, ctx); });
}

}  // namespace pdo::cli
