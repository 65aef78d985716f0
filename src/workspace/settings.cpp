#include "workspace/settings.hpp"

#include "util/fs.hpp"
#include "util/sha256.hpp"
#include "util/toml_doc.hpp"
#include "workspace/own_lessons.hpp"
#include "workspace/render.hpp"

namespace pdo::workspace {

using util::tr;

std::string settings_text(const Settings& s) {
  Vars v;
  // Every value goes in as a TOML string, quoted here: the template has no quotes of its own.
  v.set("course_id", util::toml_quote(s.course_id))
      .set("course_file", util::toml_quote(s.course_file))
      .set("route", util::toml_quote(course::route_id(s.route)))
      .set("lang", util::toml_quote(util::lang_code(s.lang)))
      .set("zh", s.lang == util::Lang::zh)
      .set("os", s.os ? util::toml_quote(platform::os_id(*s.os)) : std::string());
  return render_embedded("templates/config.toml", v);
}

Result<Settings> parse_settings(std::string_view text, const std::string& source_name) {
  util::TomlDoc doc(text, source_name);
  doc.check_schema();
  const util::TomlTable t = doc.root();
  if (!doc.failed()) t.keys({"schema", "course", "course_file", "route", "lang", "os"});
  Settings s;
  s.course_id = t.string("course", util::Need::required);
  s.course_file = t.string("course_file");
  const std::string route_text = t.string("route");
  // No route given: the default one (Settings::route's initial value).
  const auto route = route_text.empty() ? std::optional<course::Route>(s.route) : course::parse_route(route_text);
  s.route = route.value_or(s.route);
  const std::string lang_text = t.string("lang");
  const auto lang = util::parse_lang(lang_text.empty() ? "zh" : lang_text);
  if (!lang) t.fail("lang", tr("lang 只能是 zh 或 en", "lang must be zh or en"));
  s.lang = lang.value_or(util::Lang::zh);
  if (!route) t.fail("route", tr("未知路线 ", "unknown route ") + route_text);
  if (const std::string os_text = t.string("os"); !os_text.empty()) {
    s.os = platform::parse_os(os_text);
    if (!s.os) t.fail("os", tr("os 只能是 windows、linux 或 macos", "os must be windows, linux or macos"));
  }
  if (doc.newer_schema()) return Error{Exit::usage, doc.problem()};
  if (doc.failed()) {
    return Error{Exit::usage,
                 doc.problem() + tr("。修正它，或删除后重新运行 pdo init。", ". Fix it, or delete it and run pdo init again.")};
  }
  return s;
}

Result<std::string> course_file_text(const fs::path& root, const Settings& settings) {
  if (settings.course_file.empty()) return std::string();
  const fs::path named = util::path_from_utf8(settings.course_file);
  const fs::path file = named.is_absolute() ? named : root / named;
  if (!named.is_absolute() && !util::path_is_inside(root, file)) {
    return Error{Exit::usage, util::path_to_utf8(root / k_settings_path) +
                                  tr("：course_file 指向工作区之外：", ": course_file points outside the workspace: ") +
                                  settings.course_file +
                                  tr("。请用工作区里的路径，或者一个普通文件的绝对路径。",
                                     ". Use a path inside the workspace, or the absolute path of a regular file.")};
  }
  return util::read_file_capped(file, util::k_max_toml_bytes);
}

std::optional<fs::path> course_file_path(const fs::path& root, const Settings& settings) {
  if (settings.course_file.empty()) return std::nullopt;
  const fs::path named = util::path_from_utf8(settings.course_file);
  return util::absolute_path(named.is_absolute() ? named : root / named);
}

Result<course::Course> load_course(const fs::path& root, const Settings& settings, std::string* sha256) {
  if (sha256) sha256->clear();
  if (settings.course_file.empty()) {
    Result<course::Course> built_in = course::make_default_course();  // moved in, and returned as it is
    if (settings.course_id != built_in->id) {
      return Error{Exit::usage, tr("这个 pdo 没有内置课程 ", "this pdo has no built-in course ") + settings.course_id};
    }
    return built_in;
  }
  auto text = course_file_text(root, settings);
  if (!text) return text.error();
  const fs::path named = util::path_from_utf8(settings.course_file);
  if (sha256) *sha256 = util::sha256_hex(*text);
  return course::parse_course(*text, util::path_to_utf8(named.is_absolute() ? named : root / named));
}

std::optional<fs::path> find_root(const fs::path& start) {
  fs::path dir = util::absolute_path(start);
  std::error_code ec;
  while (!fs::is_regular_file(dir / k_settings_path, ec)) {
    if (dir == dir.parent_path() || dir.empty()) return std::nullopt;
    dir = dir.parent_path();
  }
  return dir;
}

std::optional<util::Lang> workspace_lang(const fs::path& start) {
  const auto root = find_root(start);
  if (!root || !util::path_is_inside(*root, *root / k_settings_path)) return std::nullopt;
  const auto text = util::read_file_capped(*root / k_settings_path, util::k_max_toml_bytes);
  if (!text) return std::nullopt;
  // Only the one key: a mistake elsewhere in the file is reported later, in this language.
  util::TomlDoc doc(*text, k_settings_path);
  if (doc.failed()) return std::nullopt;
  return util::parse_lang(doc.root().string("lang"));
}

Result<Workspace> open_workspace(const fs::path& start, OwnLessons own) {
  const auto found = find_root(start);
  if (!found) {
    return Error{Exit::usage,
                 tr("这里不是 pdo 学习工作区（找不到 .pdo/config.toml）：", "not a pdo workspace (no .pdo/config.toml found): ") +
                     util::path_to_utf8(util::absolute_path(start)) +
                     tr("。请进入课程目录，或用 -C 指定它；新建请运行 pdo init。",
                        ". cd into the course folder or name it with -C; to create one, run pdo init.")};
  }
  const fs::path& dir = *found;
  const fs::path settings_file = dir / k_settings_path;
  if (!util::path_is_inside(dir, settings_file)) {
    return Error{Exit::usage, util::path_to_utf8(settings_file) + tr("：是指向工作区之外的链接，pdo 不读取它",
                                                                     ": is a link to outside the workspace; pdo does not read it")};
  }
  auto text = util::read_file_capped(settings_file, util::k_max_toml_bytes);
  if (!text) return text.error();
  auto settings = parse_settings(*text, util::path_to_utf8(settings_file));
  if (!settings) return settings.error();
  std::string sha256;
  auto course = load_course(dir, *settings, &sha256);
  if (!course) return course.error();
  auto merged = with_own_lessons(dir, *course);
  if (!merged && own == OwnLessons::leave_out) {
    return Workspace{dir, std::move(settings).value(), std::move(course).value(), std::move(sha256), merged.error().message};
  }
  if (!merged) return merged.error();
  return Workspace{dir, std::move(settings).value(), std::move(merged).value(), std::move(sha256), {}};
}

fs::path Workspace::path(const std::string& rel) const { return root / util::path_from_utf8(rel); }

}  // namespace pdo::workspace
