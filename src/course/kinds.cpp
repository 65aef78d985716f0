#include "course/kinds.hpp"

namespace pdo::course {

namespace {

struct RouteNames {
  Route route;
  std::string_view id;
  std::string_view zh, en;
};

constexpr std::array<RouteNames, 3> k_route_names = {{
    {Route::browser, "browser", "浏览器或在线 notebook（browser）", "browser or online notebooks (browser)"},
    {Route::local, "local", "本机 CPU 环境（local）", "local CPU setup (local)"},
    {Route::gpu, "gpu", "本机或服务器 GPU 环境（gpu）", "local or server GPU setup (gpu)"},
}};

struct KindNames {
  CheckKind kind;
  std::string_view id;
  std::string_view zh, en;
};

constexpr std::array<KindNames, 4> k_kind_names = {{
    {CheckKind::automatic, "auto", "pdo 自动检查", "automatic (pdo)"},
    {CheckKind::browser, "browser", "浏览器操作", "browser action"},
    {CheckKind::notebook, "notebook", "在线 notebook 单元", "online notebook cell"},
    {CheckKind::manual, "manual", "人工检查", "manual check"},
}};

const RouteNames& names(Route route) {
  for (const auto& n : k_route_names) {
    if (n.route == route) return n;
  }
  return k_route_names.front();
}

const KindNames& names(CheckKind kind) {
  for (const auto& n : k_kind_names) {
    if (n.kind == kind) return n;
  }
  return k_kind_names.back();
}

}  // namespace

std::string_view route_id(Route route) { return names(route).id; }

std::optional<Route> parse_route(std::string_view text) {
  for (const auto& n : k_route_names) {
    if (text == n.id) return n.route;
  }
  return std::nullopt;
}

std::vector<std::string> route_ids() {
  std::vector<std::string> ids;
  ids.reserve(k_routes.size());
  for (const Route route : k_routes) ids.emplace_back(route_id(route));
  return ids;
}

std::string route_name(Route route) { return util::tr(names(route).zh, names(route).en); }

std::string_view check_kind_id(CheckKind kind) { return names(kind).id; }

std::optional<CheckKind> parse_check_kind(std::string_view text) {
  for (const auto& n : k_kind_names) {
    if (text == n.id) return n.kind;
  }
  return std::nullopt;
}

std::string check_kind_name(CheckKind kind, util::Lang lang) {
  return std::string(lang == util::Lang::zh ? names(kind).zh : names(kind).en);
}

}  // namespace pdo::course
