#include "course/course.hpp"

#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#include <toml++/toml.h>

#include <algorithm>
#include <regex>
#include <set>

#include "util/embedded.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"

namespace pdo::course {

using util::tr;

namespace {

constexpr std::string_view k_default_course_file = "templates/courses/pytorch-distributed-overview.toml";

/// Collects validation errors with their line numbers; the first one is reported.
class Checker {
public:
  Checker(std::string source, Validation validation) : m_source(std::move(source)), m_validation(validation) {}

  /// The tables of an array of tables ([[key]]); none if the key is absent or not an array, and a
  /// failure if one of its items is not a table.
  std::vector<const toml::table*> tables(const toml::table& root, const std::string& key) {
    std::vector<const toml::table*> out;
    const toml::array* arr = root.get_as<toml::array>(key);
    if (!arr) return out;
    for (const auto& item : *arr) {
      const toml::table* t = item.as_table();
      if (!t) {
        fail(&item, tr(key + " 必须是表 [[" + key + "]]", key + " must be tables ([[" + key + "]])"));
        return {};
      }
      out.push_back(t);
    }
    return out;
  }

  /// True when regexes must be compiled to be checked (not for the trusted embedded course).
  bool full() const { return m_validation == Validation::full; }

  void fail(const toml::node* node, const std::string& reason) {
    if (m_error) return;
    const auto line = node ? node->source().begin.line : 0;
    m_error = m_source + (line ? ":" + std::to_string(line) : std::string()) + ": " + reason;
  }
  bool failed() const { return m_error.has_value(); }
  Error error() const {
    return Error{Exit::usage, tr("课程文件有误：", "bad course file: ") + *m_error +
                                  tr("\n请修改课程文件后重试。", "\nFix the course file and try again.")};
  }

  std::string text(const toml::table& t, std::string_view key, bool required, const std::string& where) {
    const toml::node* node = t.get(key);
    if (!node) {
      if (required) fail(&t, where + tr("缺少字段 ", "missing field ") + std::string(key));
      return {};
    }
    if (!node->is_string()) {
      fail(node, where + tr("字段 ", "field ") + std::string(key) + tr(" 应为字符串", " must be a string"));
      return {};
    }
    std::string value = node->value_or(std::string());
    if (required && util::trim(value).empty()) {
      fail(node, where + tr("字段 ", "field ") + std::string(key) + tr(" 不能为空", " must not be empty"));
    }
    return value;
  }

  std::vector<std::string> strings(const toml::table& t, std::string_view key, const std::string& where) {
    std::vector<std::string> out;
    const toml::node* node = t.get(key);
    if (!node) return out;
    const toml::array* arr = node->as_array();
    if (!arr) {
      fail(node, where + tr("字段 ", "field ") + std::string(key) + tr(" 应为字符串数组", " must be an array of strings"));
      return out;
    }
    for (const auto& item : *arr) {
      if (!item.is_string()) {
        fail(&item, where + std::string(key) + tr(" 里只能有字符串", " may hold strings only"));
        return out;
      }
      out.push_back(item.value_or(std::string()));
    }
    return out;
  }

  void check_url(const toml::table& t, std::string_view key, const std::string& value, const std::string& where) {
    if (value.empty()) return;
    const bool scheme_ok = util::starts_with(value, "https://") || util::starts_with(value, "http://");
    const auto host_start = value.find("://");
    const bool has_host = host_start != std::string::npos && value.size() > host_start + 3 &&
                          value[host_start + 3] != '/';
    if (!scheme_ok || !has_host || value.find_first_of(" \t\r\n") != std::string::npos) {
      fail(t.get(key), where + tr("网址必须以 http:// 或 https:// 开头：", "URL must be http:// or https://: ") + value);
    }
  }

private:
  std::string m_source;
  Validation m_validation;
  std::optional<std::string> m_error;
};

std::string lesson_where(int index, int number) {
  return tr("第 ", "lesson ") + std::to_string(number > 0 ? number : index + 1) + tr(" 课：", ": ");
}

void parse_lessons(const toml::table& root, Checker& c, Course& course) {
  const toml::node* node = root.get("lessons");
  const toml::array* arr = node ? node->as_array() : nullptr;
  if (!arr || arr->empty()) {
    c.fail(node ? node : &root, tr("至少需要一个 [[lessons]] 课节", "needs at least one [[lessons]] entry"));
    return;
  }
  std::set<int> numbers;
  std::set<std::string> folders;
  for (std::size_t i = 0; i < arr->size() && !c.failed(); ++i) {
    const toml::table* t = arr->get(i)->as_table();
    if (!t) {
      c.fail(arr->get(i), tr("lessons 必须是表 [[lessons]]", "lessons must be tables ([[lessons]])"));
      return;
    }
    Lesson l;
    const toml::node* num = t->get("number");
    if (!num) {
      c.fail(t, lesson_where(static_cast<int>(i), 0) + tr("缺少字段 number", "missing field number"));
      return;
    }
    if (!num->is_integer() || num->value_or(int64_t{0}) < 1 || num->value_or(int64_t{0}) > 999) {
      c.fail(num, tr("number 必须是 1 到 999 的整数", "number must be an integer from 1 to 999"));
      return;
    }
    l.number = static_cast<int>(num->value_or(int64_t{0}));
    const std::string where = lesson_where(static_cast<int>(i), l.number);
    if (!numbers.insert(l.number).second) {
      c.fail(num, where + tr("课号重复：", "duplicate lesson number: ") + std::to_string(l.number));
      return;
    }
    l.id = util::pad2(l.number);
    l.title = c.text(*t, "title", true, where);
    l.url = c.text(*t, "url", true, where);
    c.check_url(*t, "url", l.url, where);
    l.folder = c.text(*t, "folder", true, where);
    if (!l.folder.empty()) {
      if (auto problem = folder_name_problem(l.folder)) {
        c.fail(t->get("folder"), where + tr("文件夹名不安全（", "unsafe folder name (") + *problem + "): " + l.folder);
      } else if (!folders.insert(util::to_lower(l.folder)).second) {
        c.fail(t->get("folder"), where + tr("文件夹名重复：", "duplicate folder name: ") + l.folder);
      }
    }
    if (const toml::node* pub = t->get("published")) {
      if (!pub->is_boolean()) c.fail(pub, where + tr("published 必须是 true 或 false", "published must be true or false"));
      l.published = pub->value_or(true);
    }
    l.needs = c.text(*t, "needs", false, where);
    l.needs_zh = c.text(*t, "needs_zh", false, where);
    if (const toml::node* g = t->get("min_gpus")) {
      if (!g->is_integer() || g->value_or(int64_t{-1}) < 0) c.fail(g, where + tr("min_gpus 必须是非负整数", "min_gpus must be a non-negative integer"));
      l.min_gpus = static_cast<int>(g->value_or(int64_t{0}));
    }
    course.lessons.push_back(std::move(l));
  }
}

void check_route(Checker& c, const toml::node* node, const std::string& route, const std::string& where) {
  if (std::find(k_routes.begin(), k_routes.end(), route) == k_routes.end()) {
    c.fail(node, where + tr("未知路线 ", "unknown route ") + route + tr("（可用：browser、local、gpu）", " (valid: browser, local, gpu)"));
  }
}

void parse_tools(const toml::table& root, Checker& c, Course& course) {
  for (const toml::table* t : c.tables(root, "tools")) {
    Tool tool;
    const std::string where = "tools: ";
    tool.id = c.text(*t, "id", true, where);
    tool.name = c.text(*t, "name", true, where);
    tool.routes = c.strings(*t, "routes", where);
    for (const auto& r : tool.routes) check_route(c, t->get("routes"), r, where);
    tool.programs = c.strings(*t, "programs", where);
    if (const toml::table* inst = t->get_as<toml::table>("install")) {
      for (const auto& [os, cmd] : *inst) tool.install.emplace_back(std::string(os.str()), cmd.value_or(std::string()));
    }
    course.tools.push_back(std::move(tool));
  }
}

bool flag(const toml::table& t, Checker& c, std::string_view key, const std::string& where) {
  const toml::node* node = t.get(key);
  if (!node) return false;
  if (!node->is_boolean()) c.fail(node, where + std::string(key) + tr(" 必须是 true 或 false", " must be true or false"));
  return node->value_or(false);
}

/// The per-OS commands, expectation and limits of an item; auto items must say how to observe a pass.
void parse_check_run(const toml::table& t, Checker& c, CheckItem& ci, const std::string& where) {
  ci.os = c.strings(t, "os", where);
  for (const auto& os : ci.os) {
    if (!platform::parse_os(os)) c.fail(t.get("os"), where + tr("未知系统 ", "unknown OS ") + os);
  }
  if (const toml::table* cmds = t.get_as<toml::table>("command")) {
    for (const auto& [os, node] : *cmds) {
      const std::string os_name(os.str());
      if (os_name != "any" && !platform::parse_os(os_name)) c.fail(&node, where + tr("未知系统 ", "unknown OS ") + os_name);
      CheckCommand cmd{os_name, c.strings(*cmds, os.str(), where + "command.")};
      if (cmd.argv.empty()) c.fail(&node, where + tr("命令必须是非空的字符串数组（不经过 shell）", "a command must be a non-empty array of strings (no shell)"));
      ci.commands.push_back(std::move(cmd));
    }
  } else if (t.get("command")) {
    c.fail(t.get("command"), where + tr("command 必须按系统给出，例如 command.linux = [\"git\", \"--version\"]",
                                        "command must be given per OS, e.g. command.linux = [\"git\", \"--version\"]"));
  }
  ci.probe = c.text(t, "probe", false, where);
  ci.script = c.text(t, "script", false, where);
  ci.expect_regex = c.text(t, "expect_regex", false, where);
  ci.expect_contains = c.text(t, "expect_contains", false, where);
  // Compiling a regex costs more than the rest of the parse: done for course files from outside only,
  // since every pdo command parses the embedded course at start-up.
  if (!ci.expect_regex.empty() && c.full()) {
    try {
      std::regex re(ci.expect_regex, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      c.fail(t.get("expect_regex"), where + tr("expect_regex 不是有效的正则：", "expect_regex is not a valid regex: ") + e.what());
    }
  }
  if (const toml::node* to = t.get("timeout")) {
    if (!to->is_integer() || to->value_or(int64_t{0}) < 1 || to->value_or(int64_t{0}) > 3600) {
      c.fail(to, where + tr("timeout 必须是 1 到 3600 之间的秒数", "timeout must be 1 to 3600 seconds"));
    }
    ci.timeout_seconds = static_cast<int>(to->value_or(int64_t{30}));
  }
  ci.after = c.strings(t, "after", where);
  ci.tools = c.strings(t, "tools", where);
  ci.needs_login = flag(t, c, "needs_login", where);
  ci.paid = flag(t, c, "paid", where);
  if (ci.kind == "auto" && ci.probe.empty()) {
    if (ci.commands.empty()) c.fail(&t, where + tr("auto 项目需要 command 或 probe", "an auto item needs a command or a probe"));
    if (ci.expect_regex.empty() && ci.expect_contains.empty()) {
      c.fail(&t, where + tr("auto 项目需要 expect_regex 或 expect_contains（没有看到的输出就不能算通过）",
                            "an auto item needs expect_regex or expect_contains (no pass without observed output)"));
    }
  }
}

/// Item ids are unique, and `after` / `tools` name items and tools that exist.
void check_check_refs(const toml::table& root, Checker& c, const Course& course) {
  std::set<std::string> ids;
  for (const auto& ci : course.checks) {
    if (!ids.insert(ci.id).second) c.fail(root.get("checks"), "checks: " + tr("重复的 id：", "duplicate id: ") + ci.id);
  }
  for (const auto& ci : course.checks) {
    for (const auto& a : ci.after) {
      if (!ids.count(a)) c.fail(root.get("checks"), "checks: " + ci.id + tr("：after 指向不存在的项目 ", ": after names no item ") + a);
    }
    for (const auto& tool : ci.tools) {
      const bool known = std::any_of(course.tools.begin(), course.tools.end(), [&](const Tool& x) { return x.id == tool; });
      if (!known) c.fail(root.get("checks"), "checks: " + ci.id + tr("：tools 指向不存在的工具 ", ": tools names no tool ") + tool);
    }
  }
}

void parse_checks(const toml::table& root, Checker& c, Course& course) {
  static const std::vector<std::string> kinds = {"auto", "browser", "notebook", "manual"};
  for (const toml::table* t : c.tables(root, "checks")) {
    CheckItem ci;
    const std::string where = "checks: ";
    ci.id = c.text(*t, "id", true, where);
    ci.title = c.text(*t, "title", true, where);
    ci.kind = c.text(*t, "kind", true, where);
    if (!ci.kind.empty() && std::find(kinds.begin(), kinds.end(), ci.kind) == kinds.end()) {
      c.fail(t->get("kind"), where + tr("未知检查类型 ", "unknown check kind ") + ci.kind);
    }
    ci.routes = c.strings(*t, "routes", where);
    for (const auto& r : ci.routes) check_route(c, t->get("routes"), r, where);
    ci.action = c.text(*t, "action", false, where);
    ci.expect = c.text(*t, "expect", false, where);
    ci.url = c.text(*t, "url", false, where);
    c.check_url(*t, "url", ci.url, where);
    ci.fix = c.text(*t, "fix", false, where);
    ci.title_zh = c.text(*t, "title_zh", false, where);
    ci.action_zh = c.text(*t, "action_zh", false, where);
    ci.expect_zh = c.text(*t, "expect_zh", false, where);
    ci.fix_zh = c.text(*t, "fix_zh", false, where);
    parse_check_run(*t, c, ci, where + ci.id + ": ");
    course.checks.push_back(std::move(ci));
  }
  check_check_refs(root, c, course);
}

void parse_notebooks(const toml::table& root, Checker& c, Course& course) {
  for (const toml::table* t : c.tables(root, "notebooks")) {
    NotebookOffer n;
    n.name = c.text(*t, "name", true, "notebooks: ");
    n.gpus = c.text(*t, "gpus", false, "notebooks: ");
    if (const toml::node* g = t->get("max_gpus")) {
      if (!g->is_integer() || g->value_or(int64_t{-1}) < 0) c.fail(g, tr("max_gpus 必须是非负整数", "max_gpus must be a non-negative integer"));
      n.max_gpus = static_cast<int>(g->value_or(int64_t{0}));
    }
    course.notebooks.push_back(std::move(n));
  }
}

}  // namespace

std::optional<std::string> folder_name_problem(std::string_view name) {
  if (name.empty()) return tr("为空", "empty");
  if (name == "." || name.find("..") != std::string_view::npos) return tr("含 ..", "contains ..");
  if (name.find('/') != std::string_view::npos) return tr("含 /", "contains /");
  if (name.find('\\') != std::string_view::npos) return tr("含 \\", "contains \\");
  for (const char c : name) {
    const auto ch = static_cast<unsigned char>(c);
    if (ch < 0x20 || std::string_view("<>:\"|?*").find(c) != std::string_view::npos) {
      return tr("含 Windows 不允许的字符", "contains a character Windows forbids");
    }
  }
  if (name.back() == '.' || name.back() == ' ') return tr("以点或空格结尾", "ends with a dot or space");
  if (name.front() == ' ') return tr("以空格开头", "starts with a space");
  // Windows reserves these device names, with or without an extension.
  const std::string stem = util::to_lower(name.substr(0, name.find('.')));
  static const std::set<std::string> reserved = {"con", "prn", "aux", "nul", "conin$", "conout$"};
  const bool numbered = stem.size() == 4 && (util::starts_with(stem, "com") || util::starts_with(stem, "lpt")) &&
                        stem[3] >= '0' && stem[3] <= '9';
  if (reserved.count(stem) || numbered) return tr("是 Windows 保留名", "a Windows-reserved name");
  if (util::starts_with(name, ".git") || name == ".pdo") return tr("与 git 或 pdo 的目录冲突", "clashes with git's or pdo's folders");
  return std::nullopt;
}

Result<Course> parse_course(std::string_view toml_text, const std::string& source_name, Validation validation) {
  toml::parse_result parsed = toml::parse(toml_text, source_name);
  if (!parsed) {
    const auto& err = parsed.error();
    return Error{Exit::usage, tr("课程文件有误：", "bad course file: ") + source_name + ":" +
                                  std::to_string(err.source().begin.line) + ": " + std::string(err.description())};
  }
  const toml::table& root = parsed.table();
  Checker c(source_name, validation);
  Course course;
  course.id = c.text(root, "id", true, "");
  course.title = c.text(root, "title", true, "");
  course.entry_url = c.text(root, "entry_url", true, "");
  c.check_url(root, "entry_url", course.entry_url, "");
  if (auto lang = c.text(root, "language", false, ""); !lang.empty()) {
    if (!util::parse_lang(lang)) c.fail(root.get("language"), tr("language 只能是 zh 或 en", "language must be zh or en"));
    course.language = std::string(util::lang_code(util::parse_lang(lang).value_or(util::Lang::zh)));
  }
  if (auto route = c.text(root, "route", false, ""); !route.empty()) {
    check_route(c, root.get("route"), route, "");
    course.route = route;
  }
  course.expected_os = c.text(root, "expected_os", false, "");
  course.workspace_folder = c.text(root, "workspace_folder", false, "");
  if (course.workspace_folder.empty()) course.workspace_folder = course.id;
  course.materials_note = c.text(root, "materials_note", false, "");
  if (!course.id.empty()) {
    if (auto problem = folder_name_problem(course.id)) c.fail(root.get("id"), "id: " + *problem);
  }
  parse_lessons(root, c, course);
  parse_tools(root, c, course);
  parse_checks(root, c, course);
  parse_notebooks(root, c, course);
  if (c.failed()) return c.error();
  return course;
}

std::string_view default_course_text() {
  const auto data = util::embedded_file(k_default_course_file);
  return data ? *data : std::string_view();
}

const Course& default_course() {
  static const Course course =
      parse_course(default_course_text(), std::string(k_default_course_file), Validation::trusted).take();
  return course;
}

const Lesson* find_lesson(const Course& course, std::string_view key) {
  key = util::trim(key);
  if (util::is_digits(key) && key.size() <= 3) {
    const int n = std::stoi(std::string(key));
    for (const auto& l : course.lessons) {
      if (l.number == n) return &l;
    }
    return nullptr;
  }
  std::string k(key);
  while (!k.empty() && (k.back() == '/' || k.back() == '\\')) k.pop_back();
  for (const auto& l : course.lessons) {
    if (l.folder == k) return &l;
  }
  return nullptr;
}

}  // namespace pdo::course
