// .pdo/checks.toml: the learner's confirmations, written and read back exactly.
#include <catch2/catch.hpp>

#include "checks/confirmations.hpp"
#include "util/i18n.hpp"

using namespace pdo;

TEST_CASE("confirmations round-trip, quotes and newlines included", "[checks]") {
  std::vector<checks::Confirmation> all;
  checks::record_confirmation(all, {"course-page", true, "2026-11-01", ""});
  checks::record_confirmation(all, {"notebook-torch", false, "2026-11-02", "ImportError: \"torch\"\n第二行\t\\"});
  checks::record_confirmation(all, {"course-page", false, "2026-11-03", "title was different"});
  REQUIRE(all.size() == 2);
  const auto back = checks::parse_confirmations(checks::confirmations_text(all), "checks.toml").take();
  REQUIRE(back.size() == 2);
  CHECK(back[0].id == "notebook-torch");
  CHECK(back[0].note == "ImportError: \"torch\"\n第二行\t\\");
  CHECK_FALSE(back[0].done);
  CHECK(back[1].id == "course-page");
  CHECK(back[1].date == "2026-11-03");
  CHECK_FALSE(back[1].done);
}

TEST_CASE("a broken confirmations file is an error that says what to do", "[checks]") {
  CHECK_FALSE(checks::parse_confirmations("[[confirmed]]\nid = \"x\"\nresult = \"maybe\"\n", "c.toml"));
  CHECK_FALSE(checks::parse_confirmations("confirmed = 3\n", "c.toml"));
  CHECK_FALSE(checks::parse_confirmations("[[confirmed]\n", "c.toml"));
  CHECK(checks::parse_confirmations("", "c.toml")->empty());
}

TEST_CASE("confirmations declare their keys and schema", "[checks]") {
  util::set_lang(util::Lang::en);
  CHECK_THAT(checks::confirmations_text({}), Catch::Contains("\nschema = 1\n"));
  const auto typo = checks::parse_confirmations("[[confirmed]]\nid = \"x\"\nresult = \"done\"\nnotes = \"n\"\n", "checks.toml");
  REQUIRE_FALSE(typo);
  CHECK_THAT(typo.error().message, Catch::StartsWith("checks.toml:4: unknown key notes"));
  const auto newer = checks::parse_confirmations("schema = 2\n", "checks.toml");
  REQUIRE_FALSE(newer);
  CHECK_THAT(newer.error().message, Catch::StartsWith("checks.toml:1: written by a newer pdo"));
  // Files written before schema existed still read.
  CHECK(checks::parse_confirmations("[[confirmed]]\nid = \"x\"\nresult = \"done\"\ndate = \"2026-11-01\"\n", "checks.toml")->size() == 1);
  util::set_lang(util::Lang::zh);
}
