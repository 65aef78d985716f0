#pragma once
// The secret rules as data: parsed from TOML (the built-in set is templates/secrets/rules.toml, compiled
// into the binary). The file's header explains each kind of rule.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "util/error.hpp"

namespace pdo::secrets {

/// How a content rule finds its value after the anchor.
enum class RuleKind { prefix, keyword, assignment, private_key, url_password };

/// A set of bytes a value may consist of.
using Alphabet = std::array<bool, 256>;

/// One content rule.
struct Rule {
  std::string id;
  std::string description;
  RuleKind kind = RuleKind::prefix;
  std::vector<std::string> anchors;  ///< literal texts that start a candidate
  bool case_insensitive = false;     ///< anchors match in any ASCII case
  Alphabet alphabet{};
  std::size_t min_length = 1;
  std::size_t max_length = 256;
  std::size_t max_distance = 0;  ///< keyword rules: how far after the keyword the value may start
  bool cross_lines = false;      ///< keyword rules: the value may be on a later line (.netrc)
  double min_entropy = 0.0;      ///< Shannon bits per character of the value (0: not checked)
  bool require_random = false;  ///< a digit, or upper and lower case without long lower-case runs
  std::string header_contains;  ///< private_key rules: text the BEGIN line must contain
  bool has_token_alphabet = false;  ///< keyword rules: tokens are runs of token_alphabet (else letters and digits)
  Alphabet token_alphabet{};
};

/// A file name that must never be committed.
struct PathRule {
  std::string id;
  std::string description;
  std::vector<std::string> patterns;    ///< file-name globs ('*' matches any run of characters)
  std::vector<std::string> exceptions;  ///< file names the patterns do not cover
};

/// Every rule, plus the markers that make pdo skip a line or a value.
struct RuleSet {
  std::vector<Rule> rules;  ///< in priority order: the first rule to claim a value wins
  std::vector<PathRule> path_rules;
  std::string allow_marker = "pdo:allow";
  std::vector<std::string> extra_allow_markers;  ///< more markers with the same effect (gitleaks:allow)
  std::vector<std::string> example_markers;  ///< lower case; a value containing one is an example
};

/// Parses a rules file; `origin` names it in error messages.
Result<RuleSet> parse_rules(std::string_view toml_text, std::string_view origin);

/// The built-in rules (templates/secrets/rules.toml), parsed once.
const RuleSet& default_rules();

/// True if a '*'-glob matches the whole name.
bool glob_match(std::string_view pattern, std::string_view name);

}  // namespace pdo::secrets
