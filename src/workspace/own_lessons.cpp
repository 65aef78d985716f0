#include "workspace/own_lessons.hpp"

#include <algorithm>
#include <set>

#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"
#include "util/toml_doc.hpp"
#include "workspace/notes_link.hpp"

namespace pdo::workspace {

using util::Need;
using util::tr;

namespace {

Error file_error(const std::string& problem) {
  return Error{Exit::usage,
               problem + tr("。请用 pdo lesson add / pdo lesson remove 管理自己的课节，或把这个文件改回正确的格式。",
                            ". Manage your own lessons with pdo lesson add / pdo lesson remove, or put the file back in shape.")};
}

bool valid_id(std::string_view id) {
  return id.size() >= 4 && id.size() <= 40 &&
         std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

/// The id of an entry written before ids existed: from its folder, which was unique in the file and is the
/// same on every machine that has the entry.
std::string derived_id(const std::string& folder) {
  return "f-" + util::sha256_hex("pdo own lesson\n" + util::to_lower(folder)).substr(0, 16);
}

}  // namespace

Result<std::vector<course::Lesson>> parse_own_lessons(std::string_view text, const std::string& source) {
  util::TomlDoc doc(text, source);
  doc.check_schema();
  if (doc.newer_schema()) return Error{Exit::usage, doc.problem()};
  const util::TomlTable root = doc.root();
  if (!doc.failed()) root.keys({"schema", "lessons"});
  std::vector<course::Lesson> lessons;
  std::set<int> numbers;
  std::set<std::string> folders, ids;
  for (const auto& table : root.tables("lessons")) {
    if (doc.failed()) break;
    const util::TomlTable t = table.with_where(tr("我的课节：", "own lesson: "));
    t.keys({"number", "id", "title", "url", "folder"});
    course::Lesson l;
    l.own = true;
    l.own_line = t.line();
    const auto number = t.integer("number", 1, 999);
    if (!number) {
      if (!t.has("number")) t.fail("number", tr("缺少字段 number", "missing field number"));
      break;
    }
    l.number = static_cast<int>(*number);
    l.id = util::pad2(l.number);
    l.title = t.string("title", Need::required);
    l.url = t.string("url");
    if (!l.url.empty()) {
      if (auto problem = course::url_problem(l.url)) t.fail("url", *problem);
    }
    l.folder = t.string("folder", Need::required);
    if (!l.folder.empty()) {
      if (auto problem = course::folder_name_problem(l.folder))
        t.fail("folder", tr("文件夹名不安全（", "unsafe folder name (") + *problem + ")");
    }
    l.own_id = t.string("id");
    if (!l.own_id.empty() && !valid_id(l.own_id))
      t.fail("id", tr("id 只能是 4 到 40 个小写字母、数字或 -", "an id is 4 to 40 lowercase letters, digits or -"));
    if (l.own_id.empty() && !l.folder.empty()) l.own_id = derived_id(l.folder);
    if (!numbers.insert(l.number).second) t.fail("number", tr("课号重复：", "duplicate lesson number: ") + l.id);
    if (!folders.insert(util::to_lower(l.folder)).second) t.fail("folder", tr("文件夹名重复：", "duplicate folder name: ") + l.folder);
    if (!ids.insert(l.own_id).second) t.fail("id", tr("id 重复：", "duplicate id: ") + l.own_id);
    lessons.push_back(std::move(l));
  }
  if (doc.failed()) return file_error(doc.problem());
  std::sort(lessons.begin(), lessons.end(), [](const course::Lesson& a, const course::Lesson& b) { return a.number < b.number; });
  return lessons;
}

Result<std::vector<course::Lesson>> read_own_lessons(const std::filesystem::path& root) {
  const auto file = root / util::path_from_utf8(k_own_lessons_path);
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(file, ec))) return std::vector<course::Lesson>();
  if (!util::path_is_inside(root, file)) {
    return Error{Exit::usage, util::path_to_utf8(file) + tr("：是指向工作区之外的链接，pdo 不读取它",
                                                            ": is a link to outside the workspace; pdo does not read it")};
  }
  auto text = util::read_file_capped(file, util::k_max_toml_bytes);
  if (!text) return text.error();
  return parse_own_lessons(*text, util::path_to_utf8(file));
}

std::string own_lessons_text(const std::vector<course::Lesson>& lessons) {
  std::string out = tr("# 你自己的课节（pdo lesson add 添加，pdo lesson remove 删除）。pdo 会读取这个文件。\n",
                       "# Your own lessons (added by pdo lesson add, removed by pdo lesson remove). pdo reads this file.\n");
  out += "schema = 1\n";
  for (const auto& l : lessons) {
    const std::string id = l.own_id.empty() ? derived_id(l.folder) : l.own_id;
    out += "\n[[lessons]]\nnumber = " + std::to_string(l.number) + "\nid = " + util::toml_quote(id) +
           "\ntitle = " + util::toml_quote(l.title) + "\n";
    if (!l.url.empty() && !l.url_from_notes) out += "url = " + util::toml_quote(l.url) + "\n";
    out += "folder = " + util::toml_quote(l.folder) + "\n";
  }
  return out;
}

Status merge_own_lessons(course::Course& course, const std::vector<course::Lesson>& own, const std::string& source_file) {
  for (const auto& l : own) {
    const std::string source = source_file + (l.own_line > 0 ? ":" + std::to_string(l.own_line) : "");
    for (const auto& c : course.lessons) {
      if (c.number == l.number) {
        return file_error(source + tr("：课号 ", ": lesson number ") + l.id + tr(" 已经是课程里的「", " is already the course's \"") +
                          c.title + tr("」", "\""));
      }
      if (util::to_lower(c.folder) == util::to_lower(l.folder)) {
        return file_error(source + tr("：文件夹 ", ": folder ") + l.folder +
                          tr(" 已经是课程里第 ", " is already the folder of the course's lesson ") + c.id + tr(" 课的文件夹", ""));
      }
    }
  }
  course.lessons.insert(course.lessons.end(), own.begin(), own.end());
  return ok();
}

Result<course::Course> with_own_lessons(const std::filesystem::path& root, course::Course course) {
  auto own = read_own_lessons(root);
  if (!own) return own.error();
  if (own->empty()) return course;
  if (auto st = merge_own_lessons(course, *own, util::path_to_utf8(root / util::path_from_utf8(k_own_lessons_path))); !st)
    return st.error();
  for (auto& l : course.lessons) {
    if (!l.own || !l.url.empty()) continue;
    if (auto link = notes_link(root / "lessons" / util::path_from_utf8(l.folder) / "notes.md")) {
      l.url = std::move(*link);
      l.url_from_notes = true;
    }
  }
  return course;
}

}  // namespace pdo::workspace
