// Reading the secret rules from TOML. Validation is strict: a rule with a typo would silently stop
// protecting the learner, so every unknown key, alphabet or kind is an error naming the rule and line.
#include "secrets/rules.hpp"

#include <limits>
#include <map>

#include "util/embedded.hpp"
#include "util/text.hpp"
#include "util/toml_doc.hpp"

namespace pdo::secrets {

namespace {

using util::Need;
using util::TomlTable;

constexpr std::string_view k_rules_file = "templates/secrets/rules.toml";
constexpr std::int64_t k_max_size = 1 << 20;

Alphabet make_alphabet(std::string_view chars) {
  Alphabet a{};
  for (const char c : chars) a[static_cast<unsigned char>(c)] = true;
  return a;
}

bool parse_kind(std::string_view text, RuleKind& kind) {
  static const std::map<std::string_view, RuleKind> k_kinds{{"prefix", RuleKind::prefix},
                                                            {"keyword", RuleKind::keyword},
                                                            {"assignment", RuleKind::assignment},
                                                            {"private_key", RuleKind::private_key},
                                                            {"url_password", RuleKind::url_password}};
  const auto it = k_kinds.find(text);
  if (it == k_kinds.end()) return false;
  kind = it->second;
  return true;
}

std::size_t length(const TomlTable& t, std::string_view key, std::size_t fallback) {
  return static_cast<std::size_t>(t.integer(key, 0, k_max_size).value_or(static_cast<std::int64_t>(fallback)));
}

/// Reads one [[rule]]; false once a problem is recorded in the document.
bool read_rule(const TomlTable& table, const std::map<std::string, Alphabet>& alphabets, Rule& rule) {
  rule.id = table.with_where("rule: ").string("id", Need::required);
  const TomlTable t = table.with_where("rule " + (rule.id.empty() ? std::string("(no id)") : rule.id) + ": ");
  t.keys({"id", "description", "kind", "anchors", "alphabet", "case_insensitive", "min_length", "max_length", "max_distance",
          "min_entropy", "cross_lines", "require_random", "header_contains", "token_alphabet"});
  rule.description = t.string("description");
  if (rule.description.empty()) rule.description = rule.id;
  if (!parse_kind(t.string("kind", Need::required), rule.kind)) {
    t.fail("kind", "kind must be prefix, keyword, assignment, private_key or url_password");
    return false;
  }
  rule.anchors = t.strings("anchors");
  for (const auto& a : rule.anchors) {
    if (a.size() < 2) t.fail("anchors", "anchors need at least two characters");
  }
  if (rule.anchors.empty()) t.fail("anchors", "no anchors");
  rule.case_insensitive = t.boolean("case_insensitive").value_or(false);
  rule.min_length = length(t, "min_length", 1);
  rule.max_length = length(t, "max_length", 256);
  rule.max_distance = length(t, "max_distance", 0);
  rule.min_entropy = t.number("min_entropy", 0.0, 8.0).value_or(0.0);
  rule.cross_lines = t.boolean("cross_lines").value_or(false);
  rule.require_random = t.boolean("require_random").value_or(false);
  rule.header_contains = t.string("header_contains");
  if (rule.kind == RuleKind::private_key) return true;
  const std::string alphabet = t.string("alphabet", Need::required);
  const auto it = alphabets.find(alphabet);
  if (it == alphabets.end()) {
    t.fail("alphabet", "unknown alphabet '" + alphabet + "'");
    return false;
  }
  rule.alphabet = it->second;
  const std::string tokens = t.string("token_alphabet");
  if (!tokens.empty()) {
    const auto tok = alphabets.find(tokens);
    if (tok == alphabets.end()) {
      t.fail("token_alphabet", "unknown alphabet '" + tokens + "'");
      return false;
    }
    rule.has_token_alphabet = true;
    rule.token_alphabet = tok->second;
  }
  if (rule.min_length == 0 || rule.min_length > rule.max_length) t.fail("min_length", "need 0 < min_length <= max_length");
  return true;
}

void read_path_rule(const TomlTable& table, PathRule& rule) {
  rule.id = table.with_where("path_rule: ").string("id", Need::required);
  const TomlTable t = table.with_where("path_rule " + rule.id + ": ");
  t.keys({"id", "description", "patterns", "except"});
  rule.description = t.string("description");
  if (rule.description.empty()) rule.description = rule.id;
  rule.patterns = t.strings("patterns");
  rule.exceptions = t.strings("except");
  if (rule.patterns.empty()) t.fail("patterns", "no patterns");
}

}  // namespace

Result<RuleSet> parse_rules(std::string_view toml_text, std::string_view origin) {
  util::TomlDoc doc(toml_text, std::string(origin));
  doc.check_schema();
  const TomlTable root = doc.root();
  if (!doc.failed()) root.keys({"schema", "allow_marker", "extra_allow_markers", "example_markers", "alphabets", "rule", "path_rule"});
  std::map<std::string, Alphabet> alphabets;
  if (const auto a = root.table("alphabets")) {
    for (const auto& name : a->key_names()) alphabets[name] = make_alphabet(a->string(name, Need::required));
  }
  RuleSet set;
  set.allow_marker = root.string("allow_marker");
  if (set.allow_marker.empty()) set.allow_marker = "pdo:allow";
  set.extra_allow_markers = root.strings("extra_allow_markers");
  for (const auto& m : root.strings("example_markers")) set.example_markers.push_back(util::to_lower(m));
  for (const TomlTable& t : root.tables("rule")) {
    Rule rule;
    if (doc.failed() || !read_rule(t, alphabets, rule)) break;
    set.rules.push_back(std::move(rule));
  }
  for (const TomlTable& t : root.tables("path_rule")) {
    if (doc.failed()) break;
    PathRule rule;
    read_path_rule(t, rule);
    set.path_rules.push_back(std::move(rule));
  }
  if (doc.failed()) return Error{Exit::usage, doc.problem()};
  return set;
}

const RuleSet& default_rules() {
  static const RuleSet k_rules = [] {
    const auto text = util::embedded_file(k_rules_file);
    if (!text) throw Failure(Exit::failure, std::string("missing embedded ") + std::string(k_rules_file));
    return parse_rules(*text, k_rules_file).take();
  }();
  return k_rules;
}

bool glob_match(std::string_view pattern, std::string_view name) {
  // Classic greedy '*' matcher with one backtrack point: enough for file-name globs.
  std::size_t p = 0, n = 0, star = std::string_view::npos, mark = 0;
  while (n < name.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = n;
    } else if (p < pattern.size() && pattern[p] == name[n]) {
      ++p;
      ++n;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

}  // namespace pdo::secrets
