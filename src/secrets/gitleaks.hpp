#pragma once
// The learner's own rules in gitleaks' TOML format ([[rules]] with id, regex, keywords, entropy, path,
// secretGroup, allowlists). Read as strictly as pdo's own rules: an unknown key is an error at its line;
// gitleaks keys pdo does not implement ([extend], tags…) are ignored with one warning. Regexes run
// through PCRE2 with limits (secrets/regex.hpp), each rule only on content holding one of its keywords.
// Whether an allowlist may skip a finding is the caller's decision (app/workspace_rules: trust).
#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "secrets/anchors.hpp"
#include "secrets/regex.hpp"
#include "secrets/scanner.hpp"
#include "util/error.hpp"

namespace pdo::secrets {

/// What an allowlist's regexes are tested against.
enum class RegexTarget { secret, match, line };

/// How an allowlist's conditions combine: any one of them (OR) or every one given (AND).
enum class Condition { any, all };

/// The texts of one finding an allowlist looks at.
struct Candidate {
  std::string_view rule_id;
  std::string_view path;
  std::string_view secret;
  std::string_view match;
  std::string_view line;
};

/// A gitleaks allowlist ([allowlist], [[allowlists]], [rules.allowlist], [[rules.allowlists]]).
struct Allowlist {
  int line = 0;  ///< of its table in the file
  Condition condition = Condition::any;
  RegexTarget target = RegexTarget::secret;
  std::vector<Regex> regexes;
  std::vector<Regex> paths;
  std::vector<std::string> stopwords;     ///< lower case
  bool commits = false;                   ///< names commits: pdo scans no commit here, so that condition never holds
  std::vector<std::string> target_rules;  ///< global [[allowlists]]: only these rules' findings (empty: all)

  /// True if this allowlist skips the finding.
  bool allows(const Candidate& c) const;
};

/// One [[rules]] entry.
struct GitleaksRule {
  std::string id;
  std::string description;
  std::optional<Regex> regex;  ///< none: a path rule (the file itself is the finding)
  std::optional<Regex> path;
  std::optional<std::size_t> secret_group;  ///< none: the first non-empty group, else the whole match
  double entropy = 0.0;
  std::vector<std::string> keywords;  ///< lower case; empty: the rule runs on every file
  std::vector<Allowlist> allowlists;
};

/// One keyword of one rule, found by its first two folded bytes.
struct Keyword {
  unsigned pair = 0;  ///< pair_key of its first two bytes
  std::string text;   ///< lower case
  std::size_t rule = 0;
};

/// A parsed gitleaks file.
struct GitleaksConfig {
  std::vector<GitleaksRule> rules;
  std::vector<Allowlist> allowlists;  ///< the global ones
  std::string ignored;                ///< the keys pdo does not implement, with their lines ("" if none)
  // The keyword prefilter: one pass over a file finds which rules' keywords it holds.
  Bits keyword_pairs{};           ///< pair_key bits of the keywords of two or more bytes
  std::vector<Keyword> keywords;  ///< those keywords, sorted by pair
};

/// Parses a gitleaks file; `origin` names it in messages ("file:line: rule X: …").
Result<GitleaksConfig> parse_gitleaks(std::string_view toml_text, std::string_view origin);

/// A finding of a gitleaks rule with the texts its allowlists look at (they are never printed).
struct GitleaksHit {
  Finding finding;
  const GitleaksRule* rule = nullptr;
  std::string secret;
  std::string match;
  std::string line;
};

/// How long one rule may search one file before it is stopped.
inline constexpr std::chrono::seconds k_rule_time_limit{2};

/// The findings of every rule in `content` (a file named `path`) except those whose ids are in `skip`;
/// lines with pdo:allow or gitleaks:allow are skipped. A rule that hits a PCRE2 limit or runs past
/// k_rule_time_limit stops for this file and its id is added to `stopped`.
std::vector<GitleaksHit> scan_gitleaks(const GitleaksConfig& config, std::string_view path, std::string_view content,
                                       std::vector<std::string>& stopped, const std::set<std::string>& skip = {});

}  // namespace pdo::secrets
