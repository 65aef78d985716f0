// Routes and check kinds: each spelling parses back to its enum, nothing else parses, and the display
// names are the ones the reports and generated files show.
#include <catch2/catch.hpp>

#include "course/course.hpp"
#include "course/kinds.hpp"
#include "util/i18n.hpp"

using namespace pdo;
using course::CheckKind;
using course::Route;

TEST_CASE("routes round-trip through their file spelling", "[course]") {
  for (const Route route : course::k_routes) {
    INFO(course::route_id(route));
    CHECK(course::parse_route(course::route_id(route)) == route);
  }
  CHECK(course::route_id(Route::browser) == "browser");
  CHECK(course::route_id(Route::local) == "local");
  CHECK(course::route_id(Route::gpu) == "gpu");
  CHECK(course::route_ids() == std::vector<std::string>{"browser", "local", "gpu"});
}

TEST_CASE("unknown route spellings are refused, exactly as written", "[course]") {
  for (const char* bad : {"", "cloud", "Browser", "GPU", " local", "local ", "auto", "browsers"}) {
    INFO('"' << bad << '"');
    CHECK_FALSE(course::parse_route(bad));
  }
}

TEST_CASE("route display names in both languages", "[course]") {
  util::set_lang(util::Lang::en);
  CHECK(course::route_name(Route::browser) == "browser or online notebooks (browser)");
  CHECK(course::route_name(Route::local) == "local CPU setup (local)");
  CHECK(course::route_name(Route::gpu) == "local or server GPU setup (gpu)");
  util::set_lang(util::Lang::zh);
  CHECK(course::route_name(Route::browser) == "浏览器或在线 notebook（browser）");
  CHECK(course::route_name(Route::local) == "本机 CPU 环境（local）");
  CHECK(course::route_name(Route::gpu) == "本机或服务器 GPU 环境（gpu）");
}

TEST_CASE("check kinds round-trip through their file spelling", "[course]") {
  for (const CheckKind kind : {CheckKind::automatic, CheckKind::browser, CheckKind::notebook, CheckKind::manual}) {
    INFO(course::check_kind_id(kind));
    CHECK(course::parse_check_kind(course::check_kind_id(kind)) == kind);
  }
  CHECK(course::check_kind_id(CheckKind::automatic) == "auto");
  CHECK(course::check_kind_id(CheckKind::browser) == "browser");
  CHECK(course::check_kind_id(CheckKind::notebook) == "notebook");
  CHECK(course::check_kind_id(CheckKind::manual) == "manual");
  for (const char* bad : {"", "automatic", "Auto", "AUTO", "local", "manual ", "web"}) {
    INFO('"' << bad << '"');
    CHECK_FALSE(course::parse_check_kind(bad));
  }
}

TEST_CASE("check kind display names in both languages", "[course]") {
  CHECK(course::check_kind_name(CheckKind::automatic, util::Lang::zh) == "pdo 自动检查");
  CHECK(course::check_kind_name(CheckKind::browser, util::Lang::zh) == "浏览器操作");
  CHECK(course::check_kind_name(CheckKind::notebook, util::Lang::zh) == "在线 notebook 单元");
  CHECK(course::check_kind_name(CheckKind::manual, util::Lang::zh) == "人工检查");
  CHECK(course::check_kind_name(CheckKind::automatic, util::Lang::en) == "automatic (pdo)");
  CHECK(course::check_kind_name(CheckKind::browser, util::Lang::en) == "browser action");
  CHECK(course::check_kind_name(CheckKind::notebook, util::Lang::en) == "online notebook cell");
  CHECK(course::check_kind_name(CheckKind::manual, util::Lang::en) == "manual check");
}

TEST_CASE("in_route: no routes listed means every route", "[course]") {
  course::CheckItem item;
  for (const Route route : course::k_routes) CHECK(course::in_route(item, route));
  item.routes = {Route::local, Route::gpu};
  CHECK_FALSE(course::in_route(item, Route::browser));
  CHECK(course::in_route(item, Route::local));
  CHECK(course::in_route(item, Route::gpu));
  CHECK_FALSE(course::lists_route({}, Route::browser));
  CHECK(course::lists_route({Route::browser}, Route::browser));
}

TEST_CASE("pdo_runs: automatic items only, and never one needing an account or money", "[course]") {
  course::CheckItem item;
  item.kind = CheckKind::automatic;
  CHECK(course::pdo_runs(item));
  SECTION("needs a login") {
    item.needs_login = true;
    CHECK_FALSE(course::pdo_runs(item));
  }
  SECTION("may cost money") {
    item.paid = true;
    CHECK_FALSE(course::pdo_runs(item));
  }
  SECTION("the learner's kinds") {
    for (const CheckKind kind : {CheckKind::browser, CheckKind::notebook, CheckKind::manual}) {
      item.kind = kind;
      CHECK_FALSE(course::pdo_runs(item));
    }
  }
}
