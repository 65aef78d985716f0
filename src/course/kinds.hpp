#pragma once
// The closed sets of the course model: study routes and check kinds. Each has its spelling in course
// files and .pdo/config.toml, its parser and its display name here, and nowhere else; after parsing,
// pdo holds them as enums.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/i18n.hpp"

namespace pdo::course {

/// A study route: where the learner runs the course's code.
enum class Route { browser, local, gpu };

/// Every route, in the order pdo lists them.
inline constexpr std::array<Route, 3> k_routes = {Route::browser, Route::local, Route::gpu};

/// "browser" / "local" / "gpu", as course files, .pdo/config.toml and --route spell it.
std::string_view route_id(Route route);

/// The route a file or option spells (exactly, as route_id gives it); nullopt for anything else.
std::optional<Route> parse_route(std::string_view text);

/// Every route's id, in k_routes' order (the values --route accepts).
std::vector<std::string> route_ids();

/// The route's display name in the current language ("本机 CPU 环境（local）" / "local CPU setup (local)").
std::string route_name(Route route);

/// How a check item is checked: by pdo itself, or by the learner in a browser, a notebook or by looking.
enum class CheckKind { automatic, browser, notebook, manual };

/// "auto" / "browser" / "notebook" / "manual", as course files spell it.
std::string_view check_kind_id(CheckKind kind);

/// The kind a course file spells (exactly, as check_kind_id gives it); nullopt for anything else.
std::optional<CheckKind> parse_check_kind(std::string_view text);

/// The kind's display name in `lang` ("浏览器操作" / "browser action"…).
std::string check_kind_name(CheckKind kind, util::Lang lang);

}  // namespace pdo::course
