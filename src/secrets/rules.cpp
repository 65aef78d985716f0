// Reading the secret rules from TOML. Validation is strict: a rule with a typo would silently stop
// protecting the learner, so every unknown key, alphabet or kind is an error naming the rule and line.
#include "secrets/rules.hpp"

#include <limits>
#include <map>

#include "util/text.hpp"
#include "util/toml_doc.hpp"

namespace pdo::secrets {

namespace {

using util::Need;
using util::TomlTable;

constexpr std::int64_t k_max_size = 1 << 20;

bool parse_kind(std::string_view text, RuleKind& kind) {
  static const std::map<std::string_view, RuleKind> k_kinds{
      {"prefix", RuleKind::prefix},           {"keyword", RuleKind::keyword},           {"assignment", RuleKind::assignment},
      {"private_key", RuleKind::private_key}, {"url_password", RuleKind::url_password}, {"argument", RuleKind::argument}};
  const auto it = k_kinds.find(text);
  if (it == k_kinds.end()) return false;
  kind = it->second;
  return true;
}

bool parse_check(std::string_view text, ValueCheck& check) {
  static const std::map<std::string_view, ValueCheck> k_checks{{"", ValueCheck::none},
                                                               {"password", ValueCheck::password},
                                                               {"base64_credential", ValueCheck::base64_credential},
                                                               {"der_private_key", ValueCheck::der_private_key},
                                                               {"base64_private_key", ValueCheck::base64_private_key},
                                                               {"discord_token", ValueCheck::discord_token},
                                                               {"putty_key", ValueCheck::putty_key}};
  const auto it = k_checks.find(text);
  if (it == k_checks.end()) return false;
  check = it->second;
  return true;
}

std::vector<std::string> lowered(const std::vector<std::string>& texts) {
  std::vector<std::string> out;
  out.reserve(texts.size());
  for (const auto& t : texts) out.push_back(util::to_lower(t));
  return out;
}

std::size_t length(const TomlTable& t, std::string_view key, std::size_t fallback) {
  return static_cast<std::size_t>(t.integer(key, 0, k_max_size).value_or(static_cast<std::int64_t>(fallback)));
}

/// Reads one [[rule]] into `rule`, its texts kept in `store`; false once a problem is recorded in the document.
bool read_rule(const TomlTable& table, const std::map<std::string, const Alphabet*>& alphabets, ParsedRules& store, Rule& rule) {
  const std::string id = table.with_where("rule: ").string("id", Need::required);
  rule.id = store.keep(id);
  const TomlTable t = table.with_where("rule " + (id.empty() ? std::string("(no id)") : id) + ": ");
  t.keys({"id", "description", "description_zh", "kind", "anchors", "alphabet", "case_insensitive", "min_length", "max_length",
          "max_distance", "min_entropy", "cross_lines", "require_random", "header_contains", "token_alphabet", "check", "generic_prefix"});
  rule.description = store.keep(t.string("description", Need::required));
  rule.description_zh = store.keep(t.string("description_zh", Need::required));
  if (!parse_kind(t.string("kind", Need::required), rule.kind)) {
    t.fail("kind", "kind must be prefix, keyword, assignment, private_key, url_password or argument");
    return false;
  }
  if (!parse_check(t.string("check"), rule.check)) {
    t.fail("check", "check must be password, base64_credential, der_private_key, base64_private_key, discord_token or putty_key");
    return false;
  }
  const auto anchors = t.strings("anchors");
  for (const auto& a : anchors) {
    if (a.size() < 2) t.fail("anchors", "anchors need at least two characters");
  }
  if (anchors.empty()) t.fail("anchors", "no anchors");
  rule.anchors = store.keep(anchors);
  rule.case_insensitive = t.boolean("case_insensitive").value_or(false);
  rule.min_length = length(t, "min_length", 1);
  rule.max_length = length(t, "max_length", 256);
  rule.max_distance = length(t, "max_distance", 0);
  rule.min_entropy = t.number("min_entropy", 0.0, 8.0).value_or(0.0);
  rule.cross_lines = t.boolean("cross_lines").value_or(false);
  rule.require_random = t.boolean("require_random").value_or(false);
  rule.generic_prefix = t.boolean("generic_prefix").value_or(false);
  rule.header_contains = store.keep(t.string("header_contains"));
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
    rule.token_alphabet = tok->second;
  }
  if (rule.min_length == 0 || rule.min_length > rule.max_length) t.fail("min_length", "need 0 < min_length <= max_length");
  return true;
}

void read_path_rule(const TomlTable& table, ParsedRules& store, PathRule& rule) {
  const std::string id = table.with_where("path_rule: ").string("id", Need::required);
  rule.id = store.keep(id);
  const TomlTable t = table.with_where("path_rule " + id + ": ");
  t.keys({"id", "description", "description_zh", "patterns", "except", "public_blocks"});
  rule.description = store.keep(t.string("description", Need::required));
  rule.description_zh = store.keep(t.string("description_zh", Need::required));
  const auto patterns = t.strings("patterns");
  rule.patterns = store.keep(patterns);
  rule.exceptions = store.keep(t.strings("except"));
  rule.public_blocks = store.keep(t.strings("public_blocks"));
  if (patterns.empty()) t.fail("patterns", "no patterns");
}

}  // namespace

std::string_view ParsedRules::keep(std::string text) { return m_texts.emplace_back(std::move(text)); }

const Alphabet* ParsedRules::keep(const Alphabet& alphabet) { return &m_alphabets.emplace_back(alphabet); }

Span<std::string_view> ParsedRules::keep(const std::vector<std::string>& texts) {
  auto& list = m_lists.emplace_back();
  for (const auto& t : texts) list.push_back(keep(t));
  return {list.data(), list.size()};
}

Result<ParsedRules> parse_rules(std::string_view toml_text, std::string_view origin) {
  util::TomlDoc doc(toml_text, std::string(origin));
  doc.check_schema();
  const TomlTable root = doc.root();
  if (!doc.failed()) {
    root.keys({"schema", "allow_marker", "extra_allow_markers", "example_markers", "public_prefixes", "public_id_names", "example_context",
               "alphabets", "rule", "path_rule"});
  }
  ParsedRules out;
  std::map<std::string, const Alphabet*> alphabets;
  if (const auto a = root.table("alphabets")) {
    for (const auto& name : a->key_names()) alphabets[name] = out.keep(alphabet_of(a->string(name, Need::required)));
  }
  const std::string allow = root.string("allow_marker");
  out.m_set.allow_marker = allow.empty() ? std::string_view("pdo:allow") : out.keep(allow);
  out.m_set.extra_allow_markers = out.keep(root.strings("extra_allow_markers"));
  out.m_set.example_markers = out.keep(lowered(root.strings("example_markers")));
  out.m_set.public_prefixes = out.keep(root.strings("public_prefixes"));
  out.m_set.public_id_names = out.keep(lowered(root.strings("public_id_names")));
  out.m_set.example_context = out.keep(lowered(root.strings("example_context")));
  for (const TomlTable& t : root.tables("rule")) {
    Rule rule;
    if (doc.failed() || !read_rule(t, alphabets, out, rule)) break;
    out.m_rules.push_back(rule);
  }
  for (const TomlTable& t : root.tables("path_rule")) {
    if (doc.failed()) break;
    PathRule rule;
    read_path_rule(t, out, rule);
    out.m_path_rules.push_back(rule);
  }
  if (doc.failed()) return Error{Exit::usage, doc.problem()};
  out.m_set.rules = {out.m_rules.data(), out.m_rules.size()};
  out.m_set.path_rules = {out.m_path_rules.data(), out.m_path_rules.size()};
  return {std::move(out)};
}

}  // namespace pdo::secrets
