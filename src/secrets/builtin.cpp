// The built-in rules and scanner, ready before main: rules_builtin.inc (generated at build time from
// templates/secrets/rules.toml by pdo_rules_compile, which reads it with parse_rules) holds the rules as constexpr tables, and
// their anchor index is computed by the compiler, so a process that scans parses nothing and builds
// nothing in proportion to the rules.
#include <array>

#include "secrets/anchors.hpp"
#include "secrets/rules.hpp"
#include "secrets/scanner.hpp"

#include "rules_builtin.inc"

namespace pdo::secrets {

namespace {

constexpr std::size_t k_anchors = anchor_count(builtin::k_rule_set.rules);
constexpr StaticAnchorIndex<k_anchors> k_index = make_anchor_index<k_anchors>(builtin::k_rule_set.rules);

}  // namespace

const RuleSet& default_rules() { return builtin::k_rule_set; }

AnchorIndex default_anchor_index() { return k_index.view(); }

const Scanner& default_scanner() {
  static const Scanner k_scanner(builtin::k_rule_set, k_index.view());
  return k_scanner;
}

}  // namespace pdo::secrets
