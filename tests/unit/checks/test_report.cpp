// checks::render_report and update_check_env: failures first, the three-part summary, and the learner's
// bytes outside the marked block kept exactly.
#include <catch2/catch.hpp>

#include "checks/report.hpp"
#include "support/temp_dir.hpp"
#include "util/i18n.hpp"

using namespace pdo;
using checks::CheckStatus;
using checks::ItemResult;
using checks::Source;

namespace {

std::vector<ItemResult> sample() {
  ItemResult pass{"git-cli",
                  "git present",
                  course::CheckKind::automatic,
                  CheckStatus::pass,
                  Source::observed,
                  "2026-11-20",
                  "git --version",
                  "git version 2.39.5",
                  "",
                  "",
                  "",
                  "",
                  ""};
  ItemResult fail{"python",
                  "Python",
                  course::CheckKind::automatic,
                  CheckStatus::fail,
                  Source::observed,
                  "2026-11-20",
                  "python3 --version",
                  "Python 2.7.18",
                  "wrong version",
                  "",
                  "",
                  "Install Python 3.12",
                  ""};
  ItemResult needs{"course-page",
                   "Course page",
                   course::CheckKind::browser,
                   CheckStatus::needs_you,
                   Source::none,
                   "2026-11-20",
                   "",
                   "",
                   "a browser action",
                   "Open the page",
                   "The title",
                   "",
                   "https://example.org/"};
  ItemResult open{"gloo",
                  "gloo",
                  course::CheckKind::automatic,
                  CheckStatus::unverified,
                  Source::none,
                  "2026-11-20",
                  "",
                  "",
                  "not run: first needs Python",
                  "",
                  "",
                  "",
                  ""};
  ItemResult mine{"notebook",
                  "Notebook",
                  course::CheckKind::notebook,
                  CheckStatus::pass,
                  Source::learner,
                  "2026-11-02",
                  "",
                  "you confirmed on 2026-11-02",
                  "",
                  "Run it",
                  "",
                  "",
                  ""};
  return {pass, fail, needs, open, mine};
}

const char* const k_block = "<!-- pdo:begin check-env -->\nold\n<!-- pdo:end check-env -->\n";

}  // namespace

TEST_CASE("the report lists failures first and ends with the three-part summary", "[checks]") {
  util::set_lang(util::Lang::en);
  const std::string text = checks::render_report(sample(), {"2026-11-20", course::Route::browser, "linux", false});
  const auto at = [&](const std::string& s) {
    INFO(s);
    const auto p = text.find(s);
    REQUIRE(p != std::string::npos);
    return p;
  };
  CHECK(at("#### fail") < at("#### needs you"));
  CHECK(at("#### needs you") < at("#### unverified"));
  CHECK(at("#### unverified") < at("#### pass"));
  CHECK(at("#### pass") < at("**Done**"));
  CHECK(at("**Done**") < at("**Needs you**"));
  CHECK(at("**Needs you**") < at("**Not yet verified**"));
  at("Summary: 5 items: pass 2 · fail 1 · needs you 1 · unverified 1");
  at("fail (observed by pdo) · 2026-11-20");
  at("  - reason: wrong version\n  - fix: Install Python 3.12\n");
  at("    Python 2.7.18\n");
  at("pass (confirmed by you) · 2026-11-02");
  at("`pdo check confirm course-page`");
  at("`pdo check --open course-page`");
  at("- Notebook (confirmed by you, 2026-11-02)");
  at("- lesson links: not fetched");
}

TEST_CASE("the report is in Chinese by default", "[checks]") {
  util::set_lang(util::Lang::zh);
  const std::string text = checks::render_report(sample(), {"2026-11-20", course::Route::browser, "linux", true});
  CHECK(text.find("**已完成**") != std::string::npos);
  CHECK(text.find("**需要你操作**") != std::string::npos);
  CHECK(text.find("**尚未验证**") != std::string::npos);
  CHECK(text.find("通过（由你确认）") != std::string::npos);
  CHECK(text.find("not fetched") == std::string::npos);
  util::set_lang(util::Lang::en);
}

TEST_CASE("output cannot end pdo's block or its code fence", "[checks]") {
  util::set_lang(util::Lang::en);
  auto items = sample();
  items[0].evidence = "x <!-- pdo:end check-env --> ``` y";
  const std::string text = checks::render_report(items, {"d", course::Route::browser, "linux", false});
  CHECK(text.find("<!-- pdo:end") == std::string::npos);
  CHECK(text.find("``` y") == std::string::npos);
}

TEST_CASE("update_check_env keeps every byte outside the block", "[checks]") {
  test::TempDir tmp("check-env");
  const auto file = tmp / "check-env.md";
  const std::string report = "### new report\n";

  SECTION("LF, text before and after, twice") {
    const std::string before = "# mine\nmy notes 我的\n\n", after = "\nafter the block\n";
    test::write_file(file, before + k_block + after);
    CHECK(checks::update_check_env(file, report, "").take() == checks::FileUpdate::updated);
    const std::string once = test::read_file(file);
    CHECK(once == before + "<!-- pdo:begin check-env -->\n### new report\n<!-- pdo:end check-env -->\n" + after);
    CHECK(checks::update_check_env(file, report, "").take() == checks::FileUpdate::unchanged);
    CHECK(test::read_file(file) == once);
  }
  SECTION("CRLF and a BOM stay") {
    test::write_file(file, "\xEF\xBB\xBFmine\r\n<!-- pdo:begin check-env -->\r\nold\r\n<!-- pdo:end check-env -->\r\ntail\r\n");
    CHECK(checks::update_check_env(file, report, "").take() == checks::FileUpdate::updated);
    CHECK(test::read_file(file) ==
          "\xEF\xBB\xBFmine\r\n<!-- pdo:begin check-env -->\r\n### new report\r\n<!-- pdo:end check-env -->\r\ntail\r\n");
  }
  SECTION("markers gone: the file is left alone") {
    test::write_file(file, "all mine\n");
    CHECK(checks::update_check_env(file, report, "").take() == checks::FileUpdate::no_markers);
    CHECK(test::read_file(file) == "all mine\n");
  }
  SECTION("a missing file is created from the fresh text") {
    CHECK(checks::update_check_env(file, report, std::string("# title\n") + k_block).take() == checks::FileUpdate::created);
    CHECK(test::read_file(file) == "# title\n<!-- pdo:begin check-env -->\n### new report\n<!-- pdo:end check-env -->\n");
  }
}

TEST_CASE("recorded_statuses reads back what the report recorded, in either language", "[checks]") {
  for (const auto lang : {util::Lang::zh, util::Lang::en}) {
    util::set_lang(lang);
    const checks::ReportInfo info{"2026-11-20", course::Route::browser, "linux", false};
    const std::string text =
        std::string("intro\n<!-- pdo:begin check-env -->\n") + checks::render_report(sample(), info) + "<!-- pdo:end check-env -->\n";
    const auto recorded = checks::recorded_statuses(text);
    CHECK(recorded.size() == 5);
    CHECK(recorded.at("git-cli") == CheckStatus::pass);
    CHECK(recorded.at("python") == CheckStatus::fail);
    CHECK(recorded.at("course-page") == CheckStatus::needs_you);
    CHECK(recorded.at("gloo") == CheckStatus::unverified);
    CHECK(recorded.at("notebook") == CheckStatus::pass);
  }
  CHECK(checks::recorded_statuses("<!-- pdo:begin check-env -->\n尚未运行自检\n| a | b |\n<!-- pdo:end check-env -->\n").empty());
  CHECK(checks::recorded_statuses("").empty());
}
