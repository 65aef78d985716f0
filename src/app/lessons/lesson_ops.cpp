#include "app/lessons/lesson_ops.hpp"

#include <algorithm>

#include "course/slug.hpp"
#include "progress/file.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"
#include "workspace/layout.hpp"
#include "workspace/marked_block.hpp"
#include "workspace/notes_link.hpp"
#include "workspace/own_lessons.hpp"

namespace pdo::app {

using util::read_if_file;
using util::tr;
namespace fs = std::filesystem;

namespace {

Failure usage(const std::string& message) { return Failure(Exit::usage, message); }

std::string lesson_dir(const course::Lesson& l) { return "lessons/" + l.folder; }

std::vector<course::Lesson> own_lessons(const course::Course& course) {
  std::vector<course::Lesson> own;
  std::copy_if(course.lessons.begin(), course.lessons.end(), std::back_inserter(own), [](const course::Lesson& l) { return l.own; });
  return own;
}

std::string checked_title(const std::string& raw) {
  std::string title(util::trim(raw));
  if (auto problem = course::title_problem(title)) throw usage(*problem);
  return title;
}

std::string checked_folder(const std::string& folder, const std::string& shown_arg) {
  if (auto problem = course::folder_name_problem(folder)) {
    throw usage(tr("文件夹名 ", "the folder name ") + util::escape_controls(shown_arg) + tr(" 不能用（", " cannot be used (") + *problem +
                tr("）。请用英文字母、数字和 - 换一个，例如 --folder ring-attention。",
                   "). Choose another of letters, digits and -, e.g. --folder ring-attention."));
  }
  return folder;
}

/// True if questions.md has any line under the lesson's heading ("## 18 …").
bool has_questions(std::string_view text, const course::Lesson& lesson) {
  bool in_section = false;
  for (const auto raw : util::split_lines(text)) {
    const auto line = util::trim(util::chomp(raw));
    if (util::starts_with(line, "#")) {
      in_section = false;
      if (util::starts_with(line, "## ")) {
        const auto rest = util::trim(line.substr(3));
        std::size_t digits = 0;
        while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
        in_section = digits > 0 && digits < 4 && std::stoi(std::string(rest.substr(0, digits))) == lesson.number &&
                     (digits == rest.size() || rest[digits] == ' ' || rest[digits] == '\t');
      }
      continue;
    }
    if (in_section && !line.empty()) return true;
  }
  return false;
}

/// The README change: its lesson list regenerated, only where the file has pdo's block.
std::optional<Change> readme_change(Session& s, const course::Course& course) {
  const auto text = read_if_file(s.path("README.md"));
  if (!text || !workspace::find_block(*text, "readme")) return std::nullopt;
  const std::string fresh = workspace::readme_text(course, s.ws.settings);
  return Change::edited(s.repo_path("README.md"), [fresh](const std::string& t) -> Result<std::string> {
    return workspace::replace_block(t, fresh, "readme").value_or(t);
  });
}

Change lessons_file_change(Session& s, const std::vector<course::Lesson>& own) {
  const auto before = read_if_file(s.path(workspace::k_own_lessons_path));
  const std::string text = workspace::own_lessons_text(own);
  // What pdo writes, it reads back: the file is loaded as every later command loads it before it is committed.
  if (auto back = workspace::parse_own_lessons(text, workspace::k_own_lessons_path); !back) throw Failure(back.error());
  return before ? Change::put_file(s.repo_path(workspace::k_own_lessons_path), text, Change::Before::bytes, *before)
                : Change::put_file(s.repo_path(workspace::k_own_lessons_path), text, Change::Before::absent);
}

/// progress.md without the lesson's section: the block pdo appended when it is still as written, else
/// just its three box lines (each must be unticked).
Result<std::string> without_lesson_boxes(const std::string& text, const course::Course& course, const course::Lesson& lesson,
                                         util::Lang lang) {
  const std::string eol(util::detect_eol(text));
  for (const auto l : {lang, lang == util::Lang::zh ? util::Lang::en : util::Lang::zh}) {
    const std::string block = util::with_eol(workspace::progress_lesson_block(course, lesson, l), eol);
    if (const auto at = text.rfind(block); at != std::string::npos) return text.substr(0, at) + text.substr(at + block.size());
  }
  const auto boxes = progress::parse_boxes(text);
  std::vector<std::size_t> drop;
  for (const auto& b : boxes) {
    if (b.lesson != lesson.number) continue;
    if (b.done)
      return Error{Exit::usage,
                   tr("progress.md 里第 ", "progress.md has lesson ") + lesson.id + tr(" 课还有勾选的框", " boxes still ticked")};
    drop.push_back(b.line);
  }
  std::string out;
  std::size_t number = 0;
  for (const auto line : util::split_lines(text)) {
    if (std::find(drop.begin(), drop.end(), ++number) == drop.end()) out += line;
  }
  return out;
}

/// Refuses the removal when something of the learner's is in the lesson: the message names it.
void refuse_if_held(Session& s, const course::Lesson& lesson) {
  const std::string dir = lesson_dir(lesson);
  const std::string keep =
      tr("pdo 不会删除你的内容，所以没有删除这一课。", "pdo never deletes what you wrote, so the lesson was not removed. ");
  const fs::path notes = s.path(dir + "/notes.md");
  const auto working = read_if_file(notes);
  const auto committed = s.repo.head_blob(s.repo_path(dir + "/notes.md"));
  if ((working && !workspace::notes_as_generated(*working, lesson)) || (committed && !workspace::notes_as_generated(*committed, lesson))) {
    throw usage(dir + "/notes.md" + tr(" 里有你的笔记。", " holds your notes. ") + keep +
                tr("先把笔记移到别处（或者保留这一课），再运行 pdo lesson remove ",
                   "Move the notes elsewhere first (or keep the lesson), then run pdo lesson remove ") +
                lesson.id);
  }
  std::error_code ec;
  const fs::path folder = s.path(dir);
  if (fs::is_symlink(fs::symlink_status(folder, ec)))
    throw usage(dir + tr(" 是一个符号链接，pdo 不会删除它。", " is a symbolic link; pdo does not remove it."));
  for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const std::string name = util::path_to_utf8(it->path().filename());
    std::error_code sec;
    if (name == "notes.md" && fs::is_regular_file(it->symlink_status(sec))) continue;
    if (name == "exercises" && fs::is_directory(it->symlink_status(sec)) && !fs::is_symlink(it->symlink_status(sec))) {
      for (auto e = fs::directory_iterator(it->path(), sec); !sec && e != fs::directory_iterator(); e.increment(sec)) {
        std::error_code fec;
        const bool empty_keep =
            e->path().filename() == ".gitkeep" && fs::is_regular_file(e->symlink_status(fec)) && fs::file_size(e->path(), fec) == 0;
        if (!empty_keep) {
          throw usage(dir + "/exercises/" + tr(" 里有文件（", " holds files (") +
                      util::escape_controls(util::path_to_utf8(e->path().filename())) + tr("）。", "). ") + keep +
                      tr("先把练习移到别处，再运行 pdo lesson remove ", "Move the exercises elsewhere first, then run pdo lesson remove ") +
                      lesson.id);
        }
      }
      continue;
    }
    throw usage(dir + "/" + tr(" 里还有别的东西（", " holds something else (") + util::escape_controls(name) + tr("）。", "). ") + keep +
                tr("先把它移到别处，再运行 pdo lesson remove ", "Move it elsewhere first, then run pdo lesson remove ") + lesson.id);
  }
  const std::string progress = s.repo_path("progress.md");
  for (const auto& text : {read_if_file(s.path("progress.md")), s.repo.head_blob(progress)}) {
    if (!text) continue;
    for (const auto& b : progress::parse_boxes(*text)) {
      if (b.lesson == lesson.number && b.done) {
        throw usage(tr("progress.md 里第 ", "lesson ") + lesson.id + tr(" 课的「", "'s box \"") +
                    std::string(progress::step_label(b.step, util::current_lang())) + tr("」已经勾选。", "\" is ticked in progress.md. ") +
                    keep + tr("确实要删除时先取消勾选：pdo track todo ", "To remove it anyway, untick it first: pdo track todo ") +
                    lesson.id + " " + std::string(progress::step_id(b.step)));
      }
    }
  }
  for (const auto& text : {read_if_file(s.path("questions.md")), s.repo.head_blob(s.repo_path("questions.md"))}) {
    if (text && has_questions(*text, lesson)) {
      throw usage(
          tr("questions.md 里有第 ", "questions.md has questions under lesson ") + lesson.id + tr(" 课的问题。", ". ") + keep +
          tr("先把这些问题移到别的课节下，再运行 pdo lesson remove ", "Move them under another lesson first, then run pdo lesson remove ") +
          lesson.id);
    }
  }
}

}  // namespace

course::Lesson plan_new_lesson(const workspace::Workspace& ws, const NewLesson& in) {
  course::Lesson l;
  l.own = true;
  l.own_id = new_action_id();  // 16 random hex digits: the lesson's id however its number changes
  l.title = checked_title(in.title);
  l.url = std::string(util::trim(in.url));
  if (!l.url.empty()) {
    if (auto problem = course::url_problem(l.url))
      throw usage(*problem + tr("。例如 --url https://www.deepspeed.ai/tutorials/zero/",
                                ". For example --url https://www.deepspeed.ai/tutorials/zero/"));
  }
  int highest = 0;
  for (const auto& c : ws.course.lessons) highest = std::max(highest, c.number);
  l.number = highest + 1;
  if (l.number > 999) throw usage(tr("课号已经到 999，不能再添加课节。", "lesson numbers have reached 999; no more lessons can be added."));
  l.id = util::pad2(l.number);
  const std::string prefix = course::lesson_folder(l.number, "");
  const std::string folder_arg(util::trim(in.folder));
  if (!folder_arg.empty()) {
    l.folder = checked_folder(util::starts_with(folder_arg, prefix) ? folder_arg : prefix + folder_arg, folder_arg);
  } else if (const auto slug = course::slug_from_title(l.title)) {
    l.folder = checked_folder(course::lesson_folder(l.number, *slug), *slug);
  } else {
    throw usage(
        tr("标题「", "the title \"") + util::escape_controls(l.title) +
        tr("」里没有英文单词，pdo 不能从它生成文件夹名。请用 --folder 给一个（英文字母、数字和 -），例如：pdo lesson add \"",
           "\" has no ASCII word, so pdo cannot make a folder name from it. Give one with --folder (letters, digits and -), e.g.: pdo lesson add \"") +
        util::escape_controls(l.title) + tr("\" --folder ring-attention（会建成 lessons/", "\" --folder ring-attention (makes lessons/") +
        prefix + tr("ring-attention/）", "ring-attention/)"));
  }
  for (const auto& c : ws.course.lessons) {
    if (util::to_lower(c.folder) == util::to_lower(l.folder)) {
      throw usage(tr("文件夹 ", "the folder ") + l.folder + tr(" 已经是第 ", " is already lesson ") + c.id +
                  tr(" 课的。请用 --folder 换一个名字。", "'s. Choose another with --folder."));
    }
  }
  return l;
}

Transaction add_lesson_transaction(Session& s, const course::Lesson& lesson, const std::string& subject, const Trailers& trailers) {
  const std::string dir = lesson_dir(lesson);
  std::error_code ec;
  if (fs::exists(fs::symlink_status(s.path(dir), ec))) {
    throw usage(
        dir +
        tr(" 已经存在；pdo 不会把新课节放进已有的文件夹。请用 --folder 换一个名字，或先把它移走。",
           " already exists; pdo does not put a new lesson into an existing folder. Choose another name with --folder, or move it away first."));
  }
  if (course::find_lesson(s.ws.course, lesson.id)) throw usage(tr("第 ", "lesson ") + lesson.id + tr(" 课已经存在。", " exists already."));
  const auto progress_text = read_if_file(s.path("progress.md"));
  if (!progress_text)
    throw usage(
        tr("找不到 progress.md。请先运行 pdo init 补全工作区。", "progress.md is missing. Run pdo init to complete the workspace first."));
  const auto lang = s.ws.settings.lang;
  course::Course after = s.ws.course;
  after.lessons.push_back(lesson);
  auto own = own_lessons(after);

  Transaction txn;
  txn.changes.push_back(lessons_file_change(s, own));
  txn.changes.push_back(Change::put_file(s.repo_path(dir + "/notes.md"), workspace::notes_text(lesson, lang), Change::Before::absent));
  txn.changes.push_back(Change::put_file(s.repo_path(dir + "/exercises/.gitkeep"), "", Change::Before::absent));
  const std::string block = workspace::progress_lesson_block(after, lesson, lang);
  txn.changes.push_back(Change::edited(s.repo_path("progress.md"), [lesson, block](const std::string& text) -> Result<std::string> {
    for (const auto& b : progress::parse_boxes(text)) {
      if (b.lesson == lesson.number) {
        return Error{Exit::usage, tr("progress.md 里已经有第 ", "progress.md already has a box of lesson ") + lesson.id +
                                      tr(" 课的勾选框（第 ", " (line ") + std::to_string(b.line) +
                                      tr(" 行）。请先删掉这些旧行，再添加课节。", "). Remove those old lines first, then add the lesson.")};
      }
    }
    std::string add = util::with_eol(block, util::detect_eol(text));
    if (!text.empty() && text.back() != '\n') add = std::string(util::detect_eol(text)) + add;
    return text + add;
  }));
  if (auto readme = readme_change(s, after)) txn.changes.push_back(std::move(*readme));
  txn.message = subject + "\n\n" + write_trailers(trailers);
  return txn;
}

Transaction remove_lesson_transaction(Session& s, const course::Lesson& lesson, const std::string& subject, const Trailers& trailers) {
  if (!lesson.own) {
    throw usage(
        tr("第 ", "lesson ") + lesson.id +
        tr(" 课是课程的官方课节，不能删除；只能删除你自己加的课节（pdo lesson list 里标为「我的」）。",
           " is an official lesson of the course and cannot be removed; only your own lessons (marked \"mine\" in pdo lesson list) can."));
  }
  refuse_if_held(s, lesson);
  course::Course after = s.ws.course;
  after.lessons.erase(
      std::remove_if(after.lessons.begin(), after.lessons.end(), [&](const course::Lesson& l) { return l.number == lesson.number; }),
      after.lessons.end());
  const std::string dir = lesson_dir(lesson);
  Transaction txn;
  txn.changes.push_back(lessons_file_change(s, own_lessons(after)));
  for (const std::string& file : {dir + "/notes.md", dir + "/exercises/.gitkeep"}) {
    const auto now = read_if_file(s.path(file));
    if (now || s.repo.head_blob(s.repo_path(file))) txn.changes.push_back(Change::remove_file(s.repo_path(file), now.value_or("")));
  }
  const auto lang = s.ws.settings.lang;
  const course::Course before = s.ws.course;
  txn.changes.push_back(Change::edited(s.repo_path("progress.md"), [before, lesson, lang](const std::string& text) {
    return without_lesson_boxes(text, before, lesson, lang);
  }));
  if (auto readme = readme_change(s, after)) txn.changes.push_back(std::move(*readme));
  txn.message = subject + "\n\n" + write_trailers(trailers);
  return txn;
}

Transaction set_url_transaction(Session& s, const course::Lesson& lesson, const std::string& url, const std::string& subject,
                                const Trailers& trailers) {
  if (!lesson.own) {
    throw usage(tr("第 ", "lesson ") + lesson.id +
                tr(" 课是课程的官方课节，它的链接来自课程文件；只能给你自己加的课节设置链接。",
                   " is an official lesson: its link comes from the course file. Only your own lessons' links can be set."));
  }
  if (!url.empty()) {
    if (auto problem = course::url_problem(url)) throw usage(*problem);
  }
  // notes.md as pdo wrote it says the lesson has no link yet (or the old one): it will say the new one.
  // Notes with anything of the learner's in them are left alone, and a link at their top still counts.
  const std::string notes = lesson_dir(lesson) + "/notes.md";
  const auto notes_text = read_if_file(s.path(notes));
  const bool generated_notes = notes_text && workspace::notes_as_generated(*notes_text, lesson);
  course::Course after = s.ws.course;
  for (auto& l : after.lessons) {
    if (l.number != lesson.number) continue;
    l.url = url;
    l.url_from_notes = false;
    if (auto link = url.empty() && !generated_notes ? workspace::notes_link(s.path(notes)) : std::nullopt) {
      l.url = *link;
      l.url_from_notes = true;
    }
  }
  Transaction txn;
  txn.changes.push_back(lessons_file_change(s, own_lessons(after)));
  if (auto readme = readme_change(s, after)) txn.changes.push_back(std::move(*readme));
  if (const course::Lesson* now = course::find_lesson(after, lesson.id); now && generated_notes) {
    txn.changes.push_back(Change::edited(s.repo_path(notes), [before = lesson, after = *now](const std::string& t) -> Result<std::string> {
      const auto lang = workspace::notes_as_generated(t, before);
      return lang ? workspace::notes_text(after, *lang) : t;
    }));
  }
  txn.message = subject + "\n\n" + write_trailers(trailers);
  return txn;
}

std::optional<course::Lesson> removed_lesson(const git::Repo& repo, const std::string& commit, const std::string& lessons_path,
                                             int number) {
  const auto text = repo.blob_at(commit + "~1", lessons_path);
  if (!text) return std::nullopt;
  const auto lessons = workspace::parse_own_lessons(*text, lessons_path);
  if (!lessons) return std::nullopt;
  for (const auto& l : *lessons) {
    if (l.number == number) return l;
  }
  return std::nullopt;
}

}  // namespace pdo::app
