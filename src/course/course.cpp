#include "course/course.hpp"

#include <algorithm>
#include <limits>
#include <regex>
#include <set>

#include "course/command.hpp"
#include "util/embedded.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"
#include "util/toml_doc.hpp"

namespace pdo::course {

using util::Need;
using util::TomlTable;
using util::TomlText;
using util::tr;

namespace {

constexpr std::string_view k_default_course_file = "templates/courses/pytorch-distributed-overview.toml";
constexpr std::int64_t k_no_limit = std::numeric_limits<std::int64_t>::max();

void check_url(const TomlTable& t, std::string_view key, const std::string& value) {
  if (value.empty()) return;
  if (auto problem = url_problem(value)) t.fail(key, *problem);
}

std::string lesson_where(int index, int number) {
  return tr("第 ", "lesson ") + std::to_string(number > 0 ? number : index + 1) + tr(" 课：", ": ");
}

/// The route a file spells; an unknown one fails the table (and gives browser, never used: the parse fails).
Route read_route(const TomlTable& t, std::string_view key, const std::string& text) {
  const auto route = parse_route(text);
  if (!route) t.fail(key, tr("未知路线 ", "unknown route ") + text + tr("（可用：browser、local、gpu）", " (valid: browser, local, gpu)"));
  return route.value_or(Route::browser);
}

std::vector<Route> read_routes(const TomlTable& t, std::string_view key) {
  std::vector<Route> routes;
  for (const auto& text : t.strings(key)) routes.push_back(read_route(t, key, text));
  return routes;
}

void parse_lesson(const TomlTable& table, std::size_t index, std::set<int>& numbers, std::set<std::string>& folders, Course& course) {
  const TomlTable unnumbered = table.with_where(lesson_where(static_cast<int>(index), 0));
  unnumbered.keys({"number", "title", "url", "folder", "published", "needs", "needs_zh", "code", "min_gpus", "nodes", "cluster", "os",
                   "nightly", "torch", "packages"});
  Lesson l;
  if (!table.has("number")) {
    unnumbered.fail("number", tr("缺少字段 number", "missing field number"));
    return;
  }
  const auto number = table.integer("number", 1, 999);
  if (!number) return;
  l.number = static_cast<int>(*number);
  const TomlTable t = table.with_where(lesson_where(static_cast<int>(index), l.number));
  if (!numbers.insert(l.number).second) {
    t.fail("number", tr("课号重复：", "duplicate lesson number: ") + std::to_string(l.number));
    return;
  }
  l.id = util::pad2(l.number);
  l.title = t.string("title", Need::required);
  l.url = t.string("url", Need::required);
  check_url(t, "url", l.url);
  l.folder = t.string("folder", Need::required);
  if (!l.folder.empty()) {
    if (auto problem = folder_name_problem(l.folder)) {
      t.fail("folder", tr("文件夹名不安全（", "unsafe folder name (") + *problem + "): " + util::excerpt(l.folder, 120));
    } else if (!folders.insert(util::to_lower(l.folder)).second) {
      t.fail("folder", tr("文件夹名重复：", "duplicate folder name: ") + l.folder);
    }
  }
  l.published = t.boolean("published").value_or(true);
  l.needs = t.string("needs");
  l.needs_zh = t.string("needs_zh");
  l.code = t.boolean("code").value_or(true);
  l.min_gpus = static_cast<int>(t.integer("min_gpus", 0, k_no_limit).value_or(0));
  l.nodes = static_cast<int>(t.integer("nodes", 1, k_no_limit).value_or(1));
  l.cluster = t.string("cluster");
  l.os = t.strings("os");
  for (const auto& os : l.os) {
    if (!platform::parse_os(os)) t.fail("os", tr("未知系统 ", "unknown OS ") + os);
  }
  l.nightly = t.boolean("nightly").value_or(false);
  l.torch = t.string("torch");
  l.packages = t.strings("packages");
  course.lessons.push_back(std::move(l));
}

void parse_lessons(const TomlTable& root, util::TomlDoc& doc, Course& course) {
  const auto lessons = root.tables("lessons");
  if (lessons.empty()) {
    root.fail("lessons", tr("至少需要一个 [[lessons]] 课节", "needs at least one [[lessons]] entry"));
    return;
  }
  std::set<int> numbers;
  std::set<std::string> folders;
  for (std::size_t i = 0; i < lessons.size() && !doc.failed(); ++i) parse_lesson(lessons[i], i, numbers, folders, course);
}

void parse_tools(const TomlTable& root, Course& course) {
  for (const TomlTable& table : root.tables("tools")) {
    const TomlTable t = table.with_where("tools: ");
    t.keys({"id", "name", "name_zh", "note", "note_zh", "routes", "programs", "install"});
    Tool tool;
    tool.id = t.string("id", Need::required);
    tool.name = t.string("name", Need::required);
    tool.name_zh = t.string("name_zh");
    tool.note = t.string("note", Need::optional, TomlText::prose);
    tool.note_zh = t.string("note_zh", Need::optional, TomlText::prose);
    tool.routes = read_routes(t, "routes");
    tool.programs = t.strings("programs");
    if (const auto inst = t.table("install")) {
      for (const auto& os : inst->key_names()) tool.install.emplace_back(os, inst->string(os, Need::required));
    }
    course.tools.push_back(std::move(tool));
  }
}

/// The per-OS commands, expectation and limits of an item; auto items must say how to observe a pass.
void parse_check_run(const TomlTable& t, CheckItem& ci, Validation validation) {
  ci.os = t.strings("os");
  for (const auto& os : ci.os) {
    if (!platform::parse_os(os)) t.fail("os", tr("未知系统 ", "unknown OS ") + os);
  }
  if (t.has("command")) {
    const auto cmds = t.table("command");
    if (!cmds) {
      t.fail("command", tr("command 必须按系统给出，例如 command.linux = [\"git\", \"--version\"]",
                           "command must be given per OS, e.g. command.linux = [\"git\", \"--version\"]"));
    } else {
      for (const auto& os : cmds->key_names()) {
        if (os != "any" && !platform::parse_os(os)) cmds->fail(os, tr("未知系统 ", "unknown OS ") + os);
        // Arguments go to the program without a shell, so a newline inside one (python -c) is fine.
        CheckCommand cmd{os, cmds->strings(os, TomlText::prose)};
        // Behind trust, not instead of it: a trusted file still names only a shape pdo knows.
        const auto inline_code = validation == Validation::full ? InlineCode::refused : InlineCode::allowed;
        if (auto problem = command_problem(cmd.argv, inline_code)) cmds->fail(os, *problem);
        ci.commands.push_back(std::move(cmd));
      }
    }
  }
  ci.probe = t.string("probe");
  ci.script = t.string("script");
  if (!ci.script.empty() && (!util::starts_with(ci.script, "templates/checks/") || !util::embedded_file(ci.script))) {
    t.fail("script",
           tr("script 必须是 pdo 自带的脚本（templates/checks/ 下）：", "script must be one of pdo's own scripts (templates/checks/): ") +
               ci.script);
  }
  ci.expect_regex = t.string("expect_regex", Need::optional, TomlText::prose);
  ci.expect_contains = t.string("expect_contains", Need::optional, TomlText::prose);
  // Compiling a regex costs more than the rest of the parse: done for course files from outside only,
  // since every pdo command parses the embedded course at start-up.
  if (!ci.expect_regex.empty() && validation != Validation::trusted) {
    try {
      std::regex re(ci.expect_regex, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      t.fail("expect_regex", tr("expect_regex 不是有效的正则：", "expect_regex is not a valid regex: ") + e.what());
    }
  }
  ci.timeout_seconds = static_cast<int>(t.integer("timeout", 1, 3600).value_or(30));
  ci.after = t.strings("after");
  ci.tools = t.strings("tools");
  ci.needs_login = t.boolean("needs_login").value_or(false);
  ci.paid = t.boolean("paid").value_or(false);
  ci.optional_routes = read_routes(t, "optional_routes");
  ci.optional_note = t.string("optional_note", Need::optional, TomlText::prose);
  ci.optional_note_zh = t.string("optional_note_zh", Need::optional, TomlText::prose);
  ci.gates_gpus = static_cast<int>(t.integer("gates_gpus", 0, k_no_limit).value_or(-1));
  if (ci.kind == CheckKind::automatic && ci.probe.empty()) {
    if (ci.commands.empty()) t.fail("", tr("auto 项目需要 command 或 probe", "an auto item needs a command or a probe"));
    for (const auto& cmd : ci.commands) {
      if (ci.script.empty() && std::find(cmd.argv.begin(), cmd.argv.end(), "{script}") != cmd.argv.end())
        t.fail("", tr("命令里有 {script}，但没有用 script 指定脚本", "the command names {script} but no `script` says which"));
    }
    if (ci.expect_regex.empty() && ci.expect_contains.empty()) {
      t.fail("", tr("auto 项目需要 expect_regex 或 expect_contains（没有看到的输出就不能算通过）",
                    "an auto item needs expect_regex or expect_contains (no pass without observed output)"));
    }
  }
}

/// Item ids are unique, and `after` / `tools` name items and tools that exist.
void check_check_refs(const TomlTable& root, const Course& course) {
  const TomlTable r = root.with_where("checks: ");
  std::set<std::string> ids;
  for (const auto& ci : course.checks) {
    if (!ids.insert(ci.id).second) r.fail("checks", tr("重复的 id：", "duplicate id: ") + ci.id);
  }
  for (const auto& ci : course.checks) {
    for (const auto& a : ci.after) {
      if (!ids.count(a)) r.fail("checks", ci.id + tr("：after 指向不存在的项目 ", ": after names no item ") + a);
    }
    for (const auto& tool : ci.tools) {
      const bool known = std::any_of(course.tools.begin(), course.tools.end(), [&](const Tool& x) { return x.id == tool; });
      if (!known) r.fail("checks", ci.id + tr("：tools 指向不存在的工具 ", ": tools names no tool ") + tool);
    }
  }
}

void parse_checks(const TomlTable& root, Course& course, Validation validation) {
  for (const TomlTable& table : root.tables("checks")) {
    const TomlTable t = table.with_where("checks: ");
    t.keys({"id",
            "title",
            "kind",
            "routes",
            "action",
            "expect",
            "url",
            "fix",
            "title_zh",
            "action_zh",
            "expect_zh",
            "fix_zh",
            "os",
            "command",
            "probe",
            "script",
            "expect_regex",
            "expect_contains",
            "timeout",
            "after",
            "tools",
            "needs_login",
            "paid",
            "optional_routes",
            "optional_note",
            "optional_note_zh",
            "gates_gpus"});
    CheckItem ci;
    ci.id = t.string("id", Need::required);
    ci.title = t.string("title", Need::required);
    const std::string kind = t.string("kind", Need::required);
    if (const auto parsed = parse_check_kind(kind)) {
      ci.kind = *parsed;
    } else if (!kind.empty()) {
      t.fail("kind", tr("未知检查类型 ", "unknown check kind ") + kind);
    }
    ci.routes = read_routes(t, "routes");
    // Prose shown in check-env.md and the terminal: newlines are fine there, ESC never.
    ci.action = t.string("action", Need::optional, TomlText::prose);
    ci.expect = t.string("expect", Need::optional, TomlText::prose);
    ci.url = t.string("url");
    check_url(t, "url", ci.url);
    ci.fix = t.string("fix", Need::optional, TomlText::prose);
    ci.title_zh = t.string("title_zh");
    ci.action_zh = t.string("action_zh", Need::optional, TomlText::prose);
    ci.expect_zh = t.string("expect_zh", Need::optional, TomlText::prose);
    ci.fix_zh = t.string("fix_zh", Need::optional, TomlText::prose);
    parse_check_run(table.with_where("checks: " + ci.id + ": "), ci, validation);
    course.checks.push_back(std::move(ci));
  }
  check_check_refs(root, course);
}

void parse_notebooks(const TomlTable& root, Course& course) {
  for (const TomlTable& table : root.tables("notebooks")) {
    const TomlTable t = table.with_where("notebooks: ");
    t.keys({"name", "gpus", "max_gpus"});
    NotebookOffer n;
    n.name = t.string("name", Need::required);
    n.gpus = t.string("gpus");
    n.max_gpus = static_cast<int>(t.integer("max_gpus", 0, k_no_limit).value_or(0));
    course.notebooks.push_back(std::move(n));
  }
}

Error course_error(const std::string& problem) {
  return Error{Exit::usage, tr("课程文件有误：", "bad course file: ") + problem +
                                tr("\n请修改课程文件后重试。", "\nFix the course file and try again.")};
}

}  // namespace

std::optional<std::string> title_problem(std::string_view title) {
  if (util::trim(title).empty()) {  // the loader refuses a blank title as an empty one
    return tr("课节标题是空的。例如：pdo lesson add \"DeepSpeed ZeRO\"",
              "the title is empty. For example: pdo lesson add \"DeepSpeed ZeRO\"");
  }
  // The rule of every stored value, the loader's (C0, C1, bidirectional controls, U+2028/2029, non-UTF-8).
  if (const auto bad = util::forbidden_char(title)) {
    return tr("课节标题里有控制字符 ", "the title holds the control character ") + *bad +
           tr("（换行、制表符、ESC、改变文字方向的字符……），请只写一行普通文字。",
              " (newline, tab, ESC, a text-direction control, ...); give one line of plain text.");
  }
  if (title.size() > k_max_title_bytes) {
    return tr("课节标题太长（", "the title is too long (") + std::to_string(title.size()) + tr(" 字节，上限 ", " bytes, at most ") +
           std::to_string(k_max_title_bytes) + tr(" 字节），请写短一些。", "); make it shorter.");
  }
  return std::nullopt;
}

std::optional<std::string> url_problem(std::string_view value) {
  const bool scheme_ok = util::starts_with(value, "https://") || util::starts_with(value, "http://");
  const auto host_start = value.find("://");
  const bool has_host = host_start != std::string::npos && value.size() > host_start + 3 && value[host_start + 3] != '/';
  if (!scheme_ok || !has_host || value.find_first_of(" \t\r\n") != std::string::npos) {
    return tr("网址必须以 http:// 或 https:// 开头：", "URL must be http:// or https://: ") + util::escape_controls(value);
  }
  // The rule of every stored value (what a command accepts, pdo loads back).
  if (const auto bad = util::forbidden_char(value)) {
    return tr("网址里有控制字符 ", "the URL holds the control character ") + *bad +
           tr("（不是 UTF-8 的字节、换行、ESC、改变文字方向的字符……）：",
              " (a byte that is not UTF-8, a line break, ESC, a text-direction control, ...): ") +
           util::escape_controls(value);
  }
  return std::nullopt;
}

std::optional<std::string> folder_name_problem(std::string_view name) {
  if (name.empty()) return tr("为空", "empty");
  if (name.size() > k_max_folder_bytes) {
    return tr("长 ", "") + std::to_string(name.size()) + tr(" 字节，超过上限 ", " bytes, more than the limit of ") +
           std::to_string(k_max_folder_bytes) + tr(" 字节（Windows 的路径长度限制）", " bytes (Windows path length limits)");
  }
  if (name == "." || name.find("..") != std::string_view::npos) return tr("含 ..", "contains ..");
  if (name.find('/') != std::string_view::npos) return tr("含 /", "contains /");
  if (name.find('\\') != std::string_view::npos) return tr("含 \\", "contains \\");
  if (const auto bad = util::forbidden_char(name)) return tr("含控制字符 ", "contains the control character ") + *bad;
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
  const bool numbered =
      stem.size() == 4 && (util::starts_with(stem, "com") || util::starts_with(stem, "lpt")) && stem[3] >= '0' && stem[3] <= '9';
  if (reserved.count(stem) || numbered) return tr("是 Windows 保留名", "a Windows-reserved name");
  if (util::starts_with(name, ".git") || name == ".pdo") return tr("与 git 或 pdo 的目录冲突", "clashes with git's or pdo's folders");
  return std::nullopt;
}

Result<Course> parse_course(std::string_view toml_text, const std::string& source_name, Validation validation) {
  util::TomlDoc doc(toml_text, source_name);
  return parse_course(doc, validation);
}

Result<Course> parse_course(util::TomlDoc& doc, Validation validation) {
  if (validation == Validation::trusted) doc.trust();
  doc.check_schema();
  if (doc.newer_schema()) return Error{Exit::usage, doc.problem()};
  if (doc.failed()) return course_error(doc.problem());
  const TomlTable root = doc.root();
  root.keys({"schema", "id", "title", "entry_url", "language", "route", "expected_os", "workspace_folder", "materials_note", "lessons",
             "tools", "checks", "notebooks"});
  Course course;
  course.id = root.string("id", Need::required);
  course.title = root.string("title", Need::required);
  course.entry_url = root.string("entry_url", Need::required);
  check_url(root, "entry_url", course.entry_url);
  if (auto lang = root.string("language"); !lang.empty()) {
    if (!util::parse_lang(lang)) root.fail("language", tr("language 只能是 zh 或 en", "language must be zh or en"));
    course.language = std::string(util::lang_code(util::parse_lang(lang).value_or(util::Lang::zh)));
  }
  if (auto route = root.string("route"); !route.empty()) course.route = read_route(root, "route", route);
  course.expected_os = root.string("expected_os");
  course.workspace_folder = root.string("workspace_folder");
  if (course.workspace_folder.empty()) course.workspace_folder = course.id;
  course.materials_note = root.string("materials_note", Need::optional, TomlText::prose);
  if (!course.id.empty()) {
    if (auto problem = folder_name_problem(course.id)) root.fail("id", "id: " + *problem);
  }
  if (!course.workspace_folder.empty()) {
    if (auto problem = folder_name_problem(course.workspace_folder)) root.fail("workspace_folder", "workspace_folder: " + *problem);
  }
  parse_lessons(root, doc, course);
  parse_tools(root, course);
  parse_checks(root, course, validation);
  parse_notebooks(root, course);
  if (doc.failed()) return course_error(doc.problem());
  return course;
}

std::string_view default_course_text() {
  const auto data = util::embedded_file(k_default_course_file);
  return data ? *data : std::string_view();
}

Course make_default_course() {
  // The tree the build compiled from the same file (see CMakeLists.txt), else the text itself.
  if (const auto compiled = util::embedded_file("compiled/" + std::string(k_default_course_file))) {
    util::TomlDoc doc(util::TomlDoc::Compiled{}, *compiled, std::string(k_default_course_file));
    return parse_course(doc, Validation::trusted).take();
  }
  return parse_course(default_course_text(), std::string(k_default_course_file), Validation::trusted).take();
}

const Course& default_course() {
  static const Course course = make_default_course();
  return course;
}

bool lists_route(const std::vector<Route>& routes, Route route) { return std::find(routes.begin(), routes.end(), route) != routes.end(); }

bool in_route(const CheckItem& item, Route route) { return item.routes.empty() || lists_route(item.routes, route); }

const CheckCommand* command_for(const CheckItem& item, platform::Os os) {
  const CheckCommand* any = nullptr;
  for (const auto& c : item.commands) {
    if (c.os == platform::os_id(os)) return &c;
    if (c.os == "any") any = &c;
  }
  return any;
}

bool pdo_runs(const CheckItem& item) { return item.kind == CheckKind::automatic && !item.needs_login && !item.paid; }

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
