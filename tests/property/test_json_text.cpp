// --json text (util::json_text): any string a learner's file gives a value parses back as that string
// (a byte that is not UTF-8 as U+FFFD), and nothing in the text is a character a terminal acts on.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>

#include <string>

#include "generators.hpp"
#include "util/json.hpp"
#include "util/text.hpp"

using namespace pdo;

namespace {

bool well_formed(const std::string& s) {
  try {
    (void)util::Json(s).dump();  // strict: throws on a byte that is not UTF-8
    return true;
  } catch (const util::Json::type_error&) {
    return false;
  }
}

}  // namespace

TEST_CASE("JSON output parses back as the value and holds no raw control, for any string", "[property][json]") {
  rc::prop("json_text round-trips and is terminal-safe", [] {
    const std::string s = *test::edgy_text();
    const util::Json value = {{"term", s}, {"places", {s, nullptr, 7}}};
    const std::string text = util::json_text(value);
    // Nothing a terminal acts on: no C0, DEL, C1, bidi control or U+2028/2029 as such.
    for (std::size_t i = 0; i < text.size();) {
      const unsigned long cp = util::next_code_point(text, i);
      RC_ASSERT(cp >= 0x20);
      RC_ASSERT(!(cp >= 0x7F && cp <= 0x9F));
      RC_ASSERT(!util::is_bidi_control(cp));
      RC_ASSERT(cp != 0x2028 && cp != 0x2029);
      RC_ASSERT(cp != 0xFFFD || !well_formed(s) || s.find("\xef\xbf\xbd") != std::string::npos);
    }
    const auto parsed = util::Json::parse(text);  // throws (fails the property) if the text is no JSON
    const auto term = parsed.at("term").get<std::string>();
    RC_ASSERT(well_formed(term));
    if (well_formed(s)) RC_ASSERT(term == s);
    RC_ASSERT(parsed.at("places").at(0) == parsed.at("term"));
    RC_ASSERT(parsed.at("places").at(2) == 7);
  });
}
