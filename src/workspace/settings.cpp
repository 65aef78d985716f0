#include "workspace/settings.hpp"

#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#include <toml++/toml.h>

#include <algorithm>

#include "util/fs.hpp"
#include "workspace/render.hpp"

namespace pdo::workspace {

using util::tr;

std::string settings_text(const Settings& s) {
  Vars v;
  v.set("course_id", s.course_id)
      .set("course_file", s.course_file)
      .set("route", s.route)
      .set("lang", std::string(util::lang_code(s.lang)));
  return render_embedded("templates/config.toml", v);
}

Result<Settings> parse_settings(std::string_view text, const std::string& source_name) {
  toml::parse_result parsed = toml::parse(text, source_name);
  const auto bad = [&](const std::string& why) {
    return Error{Exit::usage, source_name + ": " + why +
                                  tr("。修正它，或删除后重新运行 pdo init。", ". Fix it, or delete it and run pdo init again.")};
  };
  if (!parsed) return bad(std::string(parsed.error().description()));
  const toml::table& t = parsed.table();
  Settings s;
  s.course_id = t["course"].value_or(std::string());
  s.course_file = t["course_file"].value_or(std::string());
  s.route = t["route"].value_or(std::string("browser"));
  const auto lang = util::parse_lang(t["lang"].value_or(std::string("zh")));
  if (!lang) return bad(tr("lang 只能是 zh 或 en", "lang must be zh or en"));
  s.lang = *lang;
  if (std::find(course::k_routes.begin(), course::k_routes.end(), s.route) == course::k_routes.end()) {
    return bad(tr("未知路线 ", "unknown route ") + s.route);
  }
  if (s.course_id.empty()) return bad(tr("缺少 course", "missing course"));
  return s;
}

Result<course::Course> load_course(const fs::path& root, const Settings& settings) {
  if (settings.course_file.empty()) {
    if (settings.course_id != course::default_course().id) {
      return Error{Exit::usage, tr("这个 pdo 没有内置课程 ", "this pdo has no built-in course ") + settings.course_id};
    }
    return course::default_course();
  }
  const fs::path file = root / util::path_from_utf8(settings.course_file);
  auto text = util::read_file(file);
  if (!text) return text.error();
  return course::parse_course(*text, util::path_to_utf8(file));
}

Result<Workspace> open_workspace(const fs::path& start) {
  fs::path dir = util::absolute_path(start);
  std::error_code ec;
  while (!fs::is_regular_file(dir / k_settings_path, ec)) {
    if (dir == dir.parent_path() || dir.empty()) {
      return Error{Exit::usage, tr("这里不是 pdo 学习工作区（找不到 .pdo/config.toml）：", "not a pdo workspace (no .pdo/config.toml found): ") +
                                    util::path_to_utf8(util::absolute_path(start)) +
                                    tr("。请进入课程目录，或用 -C 指定它；新建请运行 pdo init。",
                                       ". cd into the course folder or name it with -C; to create one, run pdo init.")};
    }
    dir = dir.parent_path();
  }
  auto text = util::read_file(dir / k_settings_path);
  if (!text) return text.error();
  auto settings = parse_settings(*text, util::path_to_utf8(dir / k_settings_path));
  if (!settings) return settings.error();
  auto course = load_course(dir, *settings);
  if (!course) return course.error();
  return Workspace{dir, std::move(settings).value(), std::move(course).value()};
}

fs::path Workspace::path(const std::string& rel) const { return root / util::path_from_utf8(rel); }

std::string route_name(const std::string& route) {
  if (route == "local") return tr("本机 CPU 环境（local）", "local CPU setup (local)");
  if (route == "gpu") return tr("本机或服务器 GPU 环境（gpu）", "local or server GPU setup (gpu)");
  return tr("浏览器或在线 notebook（browser）", "browser or online notebooks (browser)");
}

}  // namespace pdo::workspace
