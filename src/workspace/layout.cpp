#include "workspace/layout.hpp"

#include "progress/file.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"
#include "workspace/render.hpp"

namespace pdo::workspace {

namespace {

std::string tmpl(util::Lang lang, const char* name) { return std::string("templates/") + std::string(util::lang_code(lang)) + "/" + name; }

/// A Markdown link target for a folder: in <…> when it holds a blank or a parenthesis, which would end it.
std::string folder_link(const std::string& folder) {
  const std::string target = "lessons/" + folder + "/";
  return folder.find_first_of(" ()<>") == std::string::npos ? target : "<" + util::replace_all(target, ">", "%3E") + ">";
}

Vars lesson_vars(const course::Lesson& l) {
  Vars v;
  v.set("id", l.id).set("title", l.title).set("url", l.url).set("folder", l.folder).set("published", l.published).set("own", l.own);
  // A table cell ends at '|': the README's lesson list escapes it.
  v.set("cell_title", util::replace_all(l.title, "|", "\\|")).set("folder_link", folder_link(l.folder));
  return v;
}

Vars course_vars(const course::Course& c) {
  Vars v;
  v.set("course_title", c.title).set("entry_url", c.entry_url);
  return v;
}

}  // namespace

std::string prompt_text(const course::Course& course, const course::Lesson* lesson, const Settings& settings, const LessonFacts& facts) {
  Vars v = course_vars(course);
  const bool zh = settings.lang == util::Lang::zh;
  const bool own = lesson && lesson->own;
  const std::string no_link = zh ? "（还没有链接）" : "(no link yet)";
  v.set("lesson_own", own);
  v.set("lesson_id", lesson ? lesson->id : std::string(zh ? "<课号>" : "<NN>"))
      .set("lesson_title", lesson ? lesson->title : std::string(zh ? "<课节标题>" : "<lesson title>"))
      .set("lesson_url", lesson ? (lesson->url.empty() ? no_link : lesson->url) : std::string(zh ? "<官方链接>" : "<official link>"))
      .set("lesson_folder", lesson ? lesson->folder : std::string(zh ? "<课号-文件夹>" : "<NN-folder>"))
      .set("route_name", course::route_name(settings.route));
  const std::string later = zh ? "<pdo start 课号 会填好>" : "<pdo start NN fills this in>";
  v.set("lesson_needs", lesson && !facts.needs.empty() ? facts.needs : later)
      .set("lesson_where", lesson && !facts.where.empty() ? facts.where : later);
  return render_embedded(tmpl(settings.lang, "prompt.md"), v);
}

std::string readme_text(const course::Course& course, const Settings& settings) {
  Vars v = course_vars(course);
  std::vector<Vars> lessons;
  bool unpublished = false;
  bool own = false;
  for (const auto& l : course.lessons) {
    lessons.push_back(lesson_vars(l));
    unpublished = unpublished || !l.published;
    own = own || l.own;
  }
  std::string prompt = prompt_text(course, nullptr, settings);
  while (!prompt.empty() && prompt.back() == '\n') prompt.pop_back();
  // The learner's OS section: the OS the workspace was made for; in a workspace older than that setting,
  // Windows when the course expects it or pdo runs there.
  const bool windows = settings.os ? *settings.os == platform::Os::windows
                                   : course.expected_os == "windows" || platform::current_os() == platform::Os::windows;
  v.set("windows", windows);
  v.set("lessons", lessons)
      .set("has_unpublished", unpublished)
      .set("has_own", own)
      .set("route_name", course::route_name(settings.route))
      .set("prompt", prompt);
  return render_embedded(tmpl(settings.lang, "README.md"), v);
}

std::string progress_lesson_block(const course::Course& course, const course::Lesson& lesson, util::Lang lang,
                                  const progress::NotApplicable& off_route) {
  Vars v = course_vars(course);
  for (const auto step : progress::k_steps) {
    v.set(std::string(progress::step_id(step)) + "_line", progress::box_line(lesson, step, lang, false, off_route));
  }
  Vars lv = lesson_vars(lesson);
  for (auto& [k, val] : lv.values) v.values[k] = val;
  return render_embedded(tmpl(lang, "progress-lesson.md"), v);
}

std::string progress_text(const course::Course& course, util::Lang lang, const progress::NotApplicable& off_route) {
  std::string text = render_embedded(tmpl(lang, "progress.md"), course_vars(course));
  for (const auto& lesson : course.lessons) text += progress_lesson_block(course, lesson, lang, off_route);
  return text;
}

std::string questions_text(const course::Course& course, util::Lang lang) {
  return render_embedded(tmpl(lang, "questions.md"), course_vars(course));
}

namespace {

/// Text for one Markdown table cell: a '|' would end the cell, a line break the row.
std::string cell(std::string text) {
  for (auto& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return util::replace_all(text, "|", "\\|");
}

/// The "how" column: the learner's action, or what pdo itself will run or read for an automatic item.
std::string check_how(const course::CheckItem& c, util::Lang lang, platform::Os os) {
  const bool zh = lang == util::Lang::zh;
  if (!course::pdo_runs(c)) return util::tr_pick(lang, c.action_zh, c.action);
  if (!c.probe.empty()) return zh ? "`pdo check` 读取本工作区来检查" : "`pdo check` reads this workspace to check it";
  const course::CheckCommand* cmd = course::command_for(c, os);
  if (!cmd) return zh ? "本系统没有要运行的命令" : "no command for this OS";
  std::vector<std::string> argv;
  for (const auto& a : cmd->argv) {
    const bool plain = !a.empty() && a.find_first_of(" \t\"'`;&|<>()$") == std::string::npos;
    argv.push_back(plain ? a : "\"" + a + "\"");
  }
  return (zh ? "`pdo check` 运行 `" : "`pdo check` runs `") + util::join(argv, " ") + "`";
}

}  // namespace

std::string check_env_text(const course::Course& course, const Settings& settings, platform::Os os) {
  Vars v = course_vars(course);
  std::vector<Vars> checks;
  for (const auto& c : course.checks) {
    if (!course::in_route(c, settings.route)) continue;
    Vars cv;
    cv.set("title", cell(util::tr_pick(settings.lang, c.title_zh, c.title)))
        .set("kind_name", course::check_kind_name(c.kind, settings.lang))
        .set("action", cell(check_how(c, settings.lang, os)))
        .set("expect", cell(util::tr_pick(settings.lang, c.expect_zh, c.expect)))
        .set("url", c.url.empty() ? std::string() : "<" + cell(c.url) + ">");
    checks.push_back(std::move(cv));
  }
  v.set("checks", checks);
  return render_embedded(tmpl(settings.lang, "check-env.md"), v);
}

std::string notes_text(const course::Lesson& lesson, util::Lang lang) {
  return render_embedded(tmpl(lang, "notes.md"), lesson_vars(lesson));
}

std::optional<util::Lang> notes_as_generated(std::string_view text, const course::Lesson& lesson) {
  const auto norm = [](std::string_view s) {
    std::string out = util::replace_all(s, "\r\n", "\n");
    if (util::has_bom(out)) out.erase(0, util::k_bom.size());
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ' || out.back() == '\t')) out.pop_back();
    return out;
  };
  const std::string have = norm(text);
  for (const auto lang : {util::Lang::zh, util::Lang::en}) {
    if (have == norm(notes_text(lesson, lang))) return lang;
  }
  return std::nullopt;
}

}  // namespace pdo::workspace
