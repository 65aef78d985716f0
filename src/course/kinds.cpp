#include "course/kinds.hpp"

namespace pdo::course {

namespace {

/// One value of a closed set: its spelling in files and its names in both languages.
template <class E>
struct Names {
  E value;
  std::string_view id;
  std::string_view zh, en;
};

constexpr std::array<Names<Route>, 3> k_route_names = {{
    {Route::browser, "browser", "浏览器或在线 notebook（browser）", "browser or online notebooks (browser)"},
    {Route::local, "local", "本机 CPU 环境（local）", "local CPU setup (local)"},
    {Route::gpu, "gpu", "本机或服务器 GPU 环境（gpu）", "local or server GPU setup (gpu)"},
}};

constexpr std::array<Names<CheckKind>, 4> k_kind_names = {{
    {CheckKind::automatic, "auto", "pdo 自动检查", "automatic (pdo)"},
    {CheckKind::browser, "browser", "浏览器操作", "browser action"},
    {CheckKind::notebook, "notebook", "在线 notebook 单元", "online notebook cell"},
    {CheckKind::manual, "manual", "人工检查", "manual check"},
}};

/// The entry of `value` (every value of the enum has one; the tests check both tables).
template <class E, std::size_t N>
const Names<E>& entry(const std::array<Names<E>, N>& table, E value) {
  for (const auto& n : table) {
    if (n.value == value) return n;
  }
  return table.front();
}

/// The value spelled `text`, or nullopt.
template <class E, std::size_t N>
std::optional<E> parse(const std::array<Names<E>, N>& table, std::string_view text) {
  for (const auto& n : table) {
    if (text == n.id) return n.value;
  }
  return std::nullopt;
}

const Names<Route>& names(Route route) { return entry(k_route_names, route); }
const Names<CheckKind>& names(CheckKind kind) { return entry(k_kind_names, kind); }

}  // namespace

std::string_view route_id(Route route) { return names(route).id; }

std::optional<Route> parse_route(std::string_view text) { return parse(k_route_names, text); }

std::vector<std::string> route_ids() {
  std::vector<std::string> ids;
  ids.reserve(k_routes.size());
  for (const Route route : k_routes) ids.emplace_back(route_id(route));
  return ids;
}

std::string route_name(Route route) { return util::tr(names(route).zh, names(route).en); }

std::string_view check_kind_id(CheckKind kind) { return names(kind).id; }

std::optional<CheckKind> parse_check_kind(std::string_view text) { return parse(k_kind_names, text); }

std::string check_kind_name(CheckKind kind, util::Lang lang) {
  return std::string(lang == util::Lang::zh ? names(kind).zh : names(kind).en);
}

}  // namespace pdo::course
