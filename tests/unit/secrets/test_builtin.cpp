// The built-in rules are read from templates/secrets/rules.toml at build time by parse_rules, whose tables
// pdo_rules_compile writes as C++: this checks the writer (every field of every rule survives the trip
// through generated C++ into the binary) by parsing the embedded file again here.
#include <catch2/catch.hpp>

#include <algorithm>

#include "secrets/anchors.hpp"
#include "secrets/scanner.hpp"
#include "util/embedded.hpp"

using namespace pdo::secrets;

namespace {

std::vector<std::string> texts(Span<std::string_view> list) { return {list.begin(), list.end()}; }

/// The alphabet's bytes, as a string (readable in a failure).
std::string bytes_of(const Alphabet* a) {
  if (a == nullptr) return "(none)";
  std::string s;
  for (std::size_t c = 0; c < 256; ++c) {
    if ((*a)[c]) s += static_cast<char>(c);
  }
  return s;
}

void check_same_rule(const Rule& built, const Rule& parsed) {
  INFO("rule " << parsed.id);
  CHECK(built.id == parsed.id);
  CHECK(built.description == parsed.description);
  CHECK(built.description_zh == parsed.description_zh);
  CHECK(built.kind == parsed.kind);
  CHECK(texts(built.anchors) == texts(parsed.anchors));
  CHECK(built.case_insensitive == parsed.case_insensitive);
  CHECK(bytes_of(built.alphabet) == bytes_of(parsed.alphabet));
  CHECK(built.min_length == parsed.min_length);
  CHECK(built.max_length == parsed.max_length);
  CHECK(built.max_distance == parsed.max_distance);
  CHECK(built.cross_lines == parsed.cross_lines);
  CHECK(built.min_entropy == parsed.min_entropy);
  CHECK(built.require_random == parsed.require_random);
  CHECK(built.header_contains == parsed.header_contains);
  CHECK(bytes_of(built.token_alphabet) == bytes_of(parsed.token_alphabet));
  CHECK(built.check == parsed.check);
  CHECK(built.generic_prefix == parsed.generic_prefix);
}

}  // namespace

TEST_CASE("built-in rules are rules.toml as the runtime parser reads it", "[secrets]") {
  const auto text = pdo::util::embedded_file("templates/secrets/rules.toml");
  REQUIRE(text);
  const auto parsed = parse_rules(*text, "templates/secrets/rules.toml");
  INFO((parsed ? std::string() : parsed.error().message));
  REQUIRE(parsed);
  const RuleSet& p = parsed->set();
  const RuleSet& b = default_rules();
  REQUIRE(b.rules.size() == p.rules.size());
  for (std::size_t i = 0; i < p.rules.size(); ++i) check_same_rule(b.rules[i], p.rules[i]);
  REQUIRE(b.path_rules.size() == p.path_rules.size());
  for (std::size_t i = 0; i < p.path_rules.size(); ++i) {
    INFO("path_rule " << p.path_rules[i].id);
    CHECK(b.path_rules[i].id == p.path_rules[i].id);
    CHECK(b.path_rules[i].description == p.path_rules[i].description);
    CHECK(b.path_rules[i].description_zh == p.path_rules[i].description_zh);
    CHECK(texts(b.path_rules[i].patterns) == texts(p.path_rules[i].patterns));
    CHECK(texts(b.path_rules[i].exceptions) == texts(p.path_rules[i].exceptions));
    CHECK(texts(b.path_rules[i].public_blocks) == texts(p.path_rules[i].public_blocks));
  }
  CHECK(b.allow_marker == p.allow_marker);
  CHECK(texts(b.extra_allow_markers) == texts(p.extra_allow_markers));
  CHECK(texts(b.example_markers) == texts(p.example_markers));
  CHECK(texts(b.public_prefixes) == texts(p.public_prefixes));
  CHECK(texts(b.public_id_names) == texts(p.public_id_names));
  CHECK(texts(b.example_context) == texts(p.example_context));
}

TEST_CASE("every built-in rule is described in Chinese and in English", "[secrets]") {
  for (const Rule& r : default_rules().rules) {
    INFO(r.id);
    CHECK_FALSE(r.description.empty());
    CHECK_FALSE(r.description_zh.empty());
    CHECK(r.description_zh != r.description);
  }
  for (const PathRule& r : default_rules().path_rules) {
    INFO(r.id);
    CHECK_FALSE(r.description_zh.empty());
    CHECK(r.description_zh != r.description);
  }
}

TEST_CASE("the compile-time anchor index is the one built at run time", "[secrets]") {
  const RuleSet& rules = default_rules();
  const std::size_t n = anchor_count(rules.rules);
  REQUIRE(n > 100);
  AnchorFilter filter;
  std::vector<AnchorCandidate> candidates(n);
  build_anchor_index(rules.rules, filter, candidates.data());
  const AnchorIndex built = default_anchor_index();
  CHECK(built.filter->pairs == filter.pairs);
  CHECK(built.filter->triples == filter.triples);
  CHECK(built.filter->use_triples == filter.use_triples);
  REQUIRE(built.candidates.size() == n);
  for (std::size_t i = 0; i < n; ++i) {
    INFO("candidate " << i);
    CHECK(built.candidates[i].pair == candidates[i].pair);
    CHECK(built.candidates[i].rule == candidates[i].rule);
    CHECK(built.candidates[i].anchor == candidates[i].anchor);
    if (i > 0) CHECK(candidates[i - 1].pair <= candidates[i].pair);
  }
  // Every anchor is in the index once, under the key of its first two bytes.
  std::size_t found = 0;
  for (std::size_t r = 0; r < rules.rules.size(); ++r) {
    for (std::size_t a = 0; a < rules.rules[r].anchors.size(); ++a) {
      const std::string_view anchor = rules.rules[r].anchors[a];
      const auto b0 = static_cast<unsigned char>(anchor[0]), b1 = static_cast<unsigned char>(anchor[1]);
      const unsigned key = pair_key(b0, b1);
      CHECK(test_bit(filter.pairs, raw_pair_key(b0, b1)));
      CHECK(test_bit(filter.pairs, raw_pair_key(other_case(b0), other_case(b1))));
      found += static_cast<std::size_t>(std::count_if(
          candidates.begin(), candidates.end(), [&](const AnchorCandidate& c) { return c.rule == r && c.anchor == a && c.pair == key; }));
    }
  }
  CHECK(found == n);
}
