// Reading the secret rules from TOML. Validation is strict: a rule with a typo would silently stop
// protecting the learner, so every unknown alphabet or kind is an error naming the rule.
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0  // as everywhere in pdo: one toml++ configuration per program (ODR)
#include "secrets/rules.hpp"

#include <toml++/toml.h>

#include <map>

#include "util/embedded.hpp"
#include "util/text.hpp"

namespace pdo::secrets {

namespace {

constexpr std::string_view k_rules_file = "templates/secrets/rules.toml";

struct Reader {
  std::string origin;
  std::string problem;

  bool fail(const std::string& where, const std::string& what) {
    if (problem.empty()) problem = origin + ": " + where + ": " + what;
    return false;
  }

  std::vector<std::string> strings(const toml::table& t, std::string_view key) {
    std::vector<std::string> out;
    if (const toml::array* arr = t.get_as<toml::array>(key)) {
      for (const auto& item : *arr) {
        if (auto s = item.value<std::string>()) out.push_back(*s);
      }
    }
    return out;
  }

  std::size_t size(const toml::table& t, std::string_view key, std::size_t fallback) {
    const auto v = t[key].value<std::int64_t>();
    return v && *v >= 0 ? static_cast<std::size_t>(*v) : fallback;
  }
};

Alphabet make_alphabet(std::string_view chars) {
  Alphabet a{};
  for (const char c : chars) a[static_cast<unsigned char>(c)] = true;
  return a;
}

bool parse_kind(std::string_view text, RuleKind& kind) {
  static const std::map<std::string_view, RuleKind> k_kinds{{"prefix", RuleKind::prefix},
                                                            {"keyword", RuleKind::keyword},
                                                            {"assignment", RuleKind::assignment},
                                                            {"private_key", RuleKind::private_key}};
  const auto it = k_kinds.find(text);
  if (it == k_kinds.end()) return false;
  kind = it->second;
  return true;
}

bool read_rule(const toml::table& t, const std::map<std::string, Alphabet>& alphabets, Reader& r, Rule& rule) {
  rule.id = t["id"].value_or(std::string());
  const std::string where = "rule " + (rule.id.empty() ? std::string("(no id)") : rule.id);
  if (rule.id.empty()) return r.fail(where, "missing id");
  rule.description = t["description"].value_or(rule.id);
  if (!parse_kind(t["kind"].value_or(std::string()), rule.kind)) return r.fail(where, "kind must be prefix, keyword, assignment or private_key");
  rule.anchors = r.strings(t, "anchors");
  for (const auto& a : rule.anchors) {
    if (a.size() < 2) return r.fail(where, "anchors need at least two characters");
  }
  if (rule.anchors.empty()) return r.fail(where, "no anchors");
  rule.case_insensitive = t["case_insensitive"].value_or(false);
  rule.min_length = r.size(t, "min_length", 1);
  rule.max_length = r.size(t, "max_length", 256);
  rule.max_distance = r.size(t, "max_distance", 0);
  rule.min_entropy = t["min_entropy"].value_or(0.0);
  rule.cross_lines = t["cross_lines"].value_or(false);
  rule.require_random = t["require_random"].value_or(false);
  rule.header_contains = t["header_contains"].value_or(std::string());
  if (rule.kind == RuleKind::private_key) return true;
  const std::string alphabet = t["alphabet"].value_or(std::string());
  const auto it = alphabets.find(alphabet);
  if (it == alphabets.end()) return r.fail(where, "unknown alphabet '" + alphabet + "'");
  rule.alphabet = it->second;
  if (rule.min_length == 0 || rule.min_length > rule.max_length) return r.fail(where, "need 0 < min_length <= max_length");
  return true;
}

bool read_path_rule(const toml::table& t, Reader& r, PathRule& rule) {
  rule.id = t["id"].value_or(std::string());
  if (rule.id.empty()) return r.fail("path_rule", "missing id");
  rule.description = t["description"].value_or(rule.id);
  rule.patterns = r.strings(t, "patterns");
  rule.exceptions = r.strings(t, "except");
  if (rule.patterns.empty()) return r.fail("path_rule " + rule.id, "no patterns");
  return true;
}

}  // namespace

Result<RuleSet> parse_rules(std::string_view toml_text, std::string_view origin) {
  Reader r{std::string(origin), {}};
  toml::parse_result parsed = toml::parse(toml_text, std::string(origin));
  if (!parsed) {
    return Error{Exit::usage, std::string(origin) + ":" + std::to_string(parsed.error().source().begin.line) + ": " +
                                  std::string(parsed.error().description())};
  }
  const toml::table& root = parsed.table();
  std::map<std::string, Alphabet> alphabets;
  if (const toml::table* a = root.get_as<toml::table>("alphabets")) {
    for (const auto& [name, chars] : *a) alphabets[std::string(name.str())] = make_alphabet(chars.value_or(std::string()));
  }
  RuleSet set;
  set.allow_marker = root["allow_marker"].value_or(std::string("pdo:allow"));
  for (const auto& m : r.strings(root, "example_markers")) set.example_markers.push_back(util::to_lower(m));
  if (const toml::array* rules = root.get_as<toml::array>("rule")) {
    for (const auto& node : *rules) {
      Rule rule;
      if (!node.is_table() || !read_rule(*node.as_table(), alphabets, r, rule)) return Error{Exit::usage, r.problem};
      set.rules.push_back(std::move(rule));
    }
  }
  if (const toml::array* rules = root.get_as<toml::array>("path_rule")) {
    for (const auto& node : *rules) {
      PathRule rule;
      if (!node.is_table() || !read_path_rule(*node.as_table(), r, rule)) return Error{Exit::usage, r.problem};
      set.path_rules.push_back(std::move(rule));
    }
  }
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
