// Reading and running gitleaks rules. The file comes from a workspace, so it is untrusted input: its
// size is capped by the caller, strings are checked by util::TomlDoc, patterns are bounded, and each
// rule reports at most k_max_hits findings a file.
#include "secrets/gitleaks.hpp"

#include <algorithm>
#include <map>

#include "secrets/anchors.hpp"
#include "util/format.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"
#include "util/toml_doc.hpp"

namespace pdo::secrets {

namespace {

using util::Need;
using util::TomlTable;
using util::tr;
using util::trf;

constexpr std::size_t k_max_rules = 2000;
constexpr std::size_t k_max_pattern = 4096;
constexpr std::size_t k_max_hits = 1000;

/// The gitleaks keys pdo accepts without implementing them, and where they were.
class Ignored {
public:
  void note(const TomlTable& t, std::initializer_list<std::string_view> keys) {
    for (const auto key : keys) {
      if (t.has(key)) m_lines[std::string(key)].push_back(t.line_of(key));
    }
  }
  std::string text() const {
    std::vector<std::string> parts;
    for (const auto& [key, lines] : m_lines) {
      std::vector<std::string> numbers;
      for (const int line : lines) numbers.push_back(std::to_string(line));
      parts.push_back(key + tr("（第 ", " (line ") + util::join(numbers, ", ") + tr(" 行）", ")"));
    }
    return util::join(parts, tr("、", ", "));
  }

private:
  std::map<std::string, std::vector<int>> m_lines;
};

std::optional<Regex> compile(const TomlTable& t, std::string_view key, const std::string& pattern) {
  if (pattern.size() > k_max_pattern) {
    t.fail(key, tr("正则表达式超过 4096 个字符", "the regex is longer than 4096 characters"));
    return std::nullopt;
  }
  auto re = Regex::compile(pattern);
  if (!re) {
    t.fail(key, trf("正则表达式无效：{}。pdo 用 PCRE2 读它（RE2 的写法几乎都支持）：请改正它或删掉这条规则",
                    "invalid regex: {}. pdo reads it with PCRE2, which understands nearly all of RE2: fix it or remove the rule",
                    re.error().message));
    return std::nullopt;
  }
  return std::move(*re);
}

std::vector<Regex> compile_all(const TomlTable& t, std::string_view key) {
  std::vector<Regex> out;
  for (const auto& pattern : t.strings(key)) {
    if (auto re = compile(t, key, pattern)) out.push_back(std::move(*re));
  }
  return out;
}

std::vector<std::string> lowered(const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const auto& w : words) {
    if (!w.empty()) out.push_back(util::to_lower(w));
  }
  return out;
}

Allowlist read_allowlist(const TomlTable& t, bool global, Ignored& ignored) {
  if (global) {
    t.keys({"description", "condition", "regexes", "regexTarget", "paths", "stopwords", "commits", "targetRules"});
  } else {
    t.keys({"description", "condition", "regexes", "regexTarget", "paths", "stopwords", "commits"});
  }
  ignored.note(t, {"commits"});
  Allowlist a;
  a.line = t.line();
  (void)t.string("description", Need::optional, util::TomlText::prose);
  const std::string condition = util::to_lower(t.string("condition"));
  if (condition == "and")
    a.condition = Condition::all;
  else if (!condition.empty() && condition != "or")
    t.fail("condition", tr("condition 只能是 \"OR\" 或 \"AND\"", "condition must be \"OR\" or \"AND\""));
  const std::string target = t.string("regexTarget");
  if (target == "match")
    a.target = RegexTarget::match;
  else if (target == "line")
    a.target = RegexTarget::line;
  else if (!target.empty() && target != "secret") {
    t.fail("regexTarget",
           tr("regexTarget 只能是 \"secret\"、\"match\" 或 \"line\"", "regexTarget must be \"secret\", \"match\" or \"line\""));
  }
  a.regexes = compile_all(t, "regexes");
  a.paths = compile_all(t, "paths");
  a.stopwords = lowered(t.strings("stopwords"));
  a.commits = !t.strings("commits").empty();
  if (global) a.target_rules = t.strings("targetRules");
  return a;
}

std::vector<Allowlist> read_allowlists(const TomlTable& t, bool global, Ignored& ignored) {
  std::vector<Allowlist> out;
  if (auto one = t.table("allowlist")) out.push_back(read_allowlist(*one, global, ignored));
  for (const TomlTable& each : t.tables("allowlists")) out.push_back(read_allowlist(each, global, ignored));
  return out;
}

void read_rule(const TomlTable& table, Ignored& ignored, GitleaksRule& rule) {
  rule.id = table.with_where("[[rules]]: ").string("id", Need::required);
  const TomlTable t = table.with_where(trf("规则 {}：", "rule {}: ", rule.id.empty() ? std::string("(no id)") : rule.id));
  t.keys({"id", "description", "regex", "secretGroup", "entropy", "keywords", "path", "allowlist", "allowlists", "tags", "skipReport",
          "required"});
  ignored.note(t, {"tags", "skipReport", "required"});
  rule.description = t.string("description", Need::optional, util::TomlText::prose);
  if (rule.description.empty()) rule.description = rule.id;
  if (t.has("regex")) rule.regex = compile(t, "regex", t.string("regex", Need::required));
  if (t.has("path")) rule.path = compile(t, "path", t.string("path", Need::required));
  if (!t.has("regex") && !t.has("path")) t.fail("id", tr("规则需要 regex 或 path", "a rule needs a regex or a path"));
  if (const auto group = t.integer("secretGroup", 0, 99)) {
    rule.secret_group = static_cast<std::size_t>(*group);
    if (rule.regex && *rule.secret_group > rule.regex->groups()) {
      t.fail("secretGroup", trf("secretGroup = {}，但 regex 只有 {} 个捕获组", "secretGroup = {}, but the regex has only {} capture groups",
                                *group, rule.regex->groups()));
    }
  }
  rule.entropy = t.number("entropy", 0.0, 8.0).value_or(0.0);
  rule.keywords = lowered(t.strings("keywords"));
  rule.allowlists = read_allowlists(t, false, ignored);
}

void index_keywords(GitleaksConfig& config) {
  for (std::size_t r = 0; r < config.rules.size(); ++r) {
    for (const auto& k : config.rules[r].keywords) {
      const auto* b = reinterpret_cast<const unsigned char*>(k.data());
      const unsigned pair = k.size() >= 2 ? pair_key(b[0], b[1]) : 0;
      if (k.size() >= 2) config.keyword_pairs[pair >> 6] |= std::uint64_t{1} << (pair & 63);
      config.keywords.push_back({pair, k, r});
    }
  }
  std::stable_sort(config.keywords.begin(), config.keywords.end(), [](const Keyword& a, const Keyword& b) { return a.pair < b.pair; });
}

}  // namespace

Result<GitleaksConfig> parse_gitleaks(std::string_view toml_text, std::string_view origin) {
  util::TomlDoc doc(toml_text, std::string(origin));
  const TomlTable root = doc.root();
  Ignored ignored;
  GitleaksConfig out;
  if (!doc.failed()) root.keys({"title", "extend", "rules", "allowlist", "allowlists"});
  ignored.note(root, {"extend"});
  (void)root.string("title");
  const auto tables = root.tables("rules");
  if (tables.size() > k_max_rules) root.fail("rules", tr("规则超过 2000 条", "more than 2000 rules"));
  std::map<std::string, int> ids;
  for (const TomlTable& t : tables) {
    if (doc.failed()) break;
    GitleaksRule rule;
    read_rule(t, ignored, rule);
    if (!ids.emplace(rule.id, t.line()).second) t.fail("id", trf("规则 id {} 重复了", "the rule id {} is used twice", rule.id));
    out.rules.push_back(std::move(rule));
  }
  if (!doc.failed()) out.allowlists = read_allowlists(root, true, ignored);
  if (doc.failed()) return Error{Exit::usage, doc.problem()};
  out.ignored = ignored.text();
  index_keywords(out);
  return {std::move(out)};
}

namespace {

bool contains(std::string_view haystack, std::string_view needle) { return haystack.find(needle) != std::string_view::npos; }

/// The line around `offset` (without its line break).
std::string_view line_at(std::string_view text, std::size_t offset) {
  const std::size_t bol = offset == 0 ? 0 : text.rfind('\n', offset - 1) + 1;  // npos + 1 == 0
  const std::size_t eol = std::min(text.find('\n', offset), text.size());
  return text.substr(bol, eol - bol);
}

/// The secret of a match: the rule's group, else (like gitleaks) the first non-empty group, else all of it.
std::pair<std::size_t, std::size_t> secret_span(const GitleaksRule& rule, const Regex::Match& m) {
  if (rule.secret_group) {
    const auto span = m.spans[*rule.secret_group];
    return span.first == std::string_view::npos ? m.spans[0] : span;
  }
  for (std::size_t i = 1; i < m.spans.size(); ++i) {
    if (m.spans[i].first != std::string_view::npos && m.spans[i].second > m.spans[i].first) return m.spans[i];
  }
  return m.spans[0];
}

/// The next search start after a match: past it, or one character on after an empty one.
std::size_t next_start(std::string_view text, std::size_t begin, std::size_t end) {
  if (end > begin) return end;
  std::size_t next = begin + 1;
  while (next < text.size() && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80) ++next;
  return next;
}

bool folded_at(std::string_view text, std::size_t at, std::string_view lower) {
  if (text.size() - at < lower.size()) return false;
  for (std::size_t k = 0; k < lower.size(); ++k) {
    if (k_fold[static_cast<unsigned char>(text[at + k])] != static_cast<unsigned char>(lower[k])) return false;
  }
  return true;
}

/// Which rules have a keyword in `text` (in any ASCII case), in one pass over it; rules without
/// keywords count as having one.
std::vector<bool> keywords_present(const GitleaksConfig& config, std::string_view text) {
  std::vector<bool> present(config.rules.size());
  std::size_t wanted = 0;
  for (std::size_t r = 0; r < config.rules.size(); ++r) {
    present[r] = config.rules[r].keywords.empty();
    if (!present[r]) ++wanted;
  }
  for (const auto& k : config.keywords) {  // one-byte keywords: a search of their own
    if (k.text.size() != 1 || present[k.rule]) continue;
    const auto is_it = [&](char c) { return k_fold[static_cast<unsigned char>(c)] == static_cast<unsigned char>(k.text[0]); };
    if (std::any_of(text.begin(), text.end(), is_it)) {
      present[k.rule] = true;
      --wanted;
    }
  }
  const auto* d = reinterpret_cast<const unsigned char*>(text.data());
  for (std::size_t i = 0; wanted > 0 && i + 1 < text.size(); ++i) {
    const unsigned key = pair_key(d[i], d[i + 1]);
    if (!test_bit(config.keyword_pairs, key)) continue;
    auto k = std::lower_bound(config.keywords.begin(), config.keywords.end(), key, [](const Keyword& a, unsigned p) { return a.pair < p; });
    for (; k != config.keywords.end() && k->pair == key; ++k) {
      if (present[k->rule] || !folded_at(text, i, k->text)) continue;
      present[k->rule] = true;
      --wanted;
    }
  }
  return present;
}

bool allowed_line(std::string_view line) { return contains(line, "pdo:allow") || contains(line, "gitleaks:allow"); }

/// Runs one content rule; false if it hit a limit.
bool run_rule(const GitleaksRule& rule, std::string_view path, std::string_view text, std::vector<GitleaksHit>& out) {
  std::size_t from = 0, line = 1, counted = 0, found = 0;
  const auto deadline = std::chrono::steady_clock::now() + k_rule_time_limit;
  Regex::Match m;
  while (from <= text.size() && found < k_max_hits) {
    const auto outcome = rule.regex->search(text, from, m, deadline);
    if (outcome == Regex::Outcome::limit) return false;
    if (outcome == Regex::Outcome::none) break;
    const auto [begin, end] = m.spans[0];
    from = next_start(text, begin, end);
    const auto [sb, se] = secret_span(rule, m);
    const std::string_view secret = text.substr(sb, se - sb);
    if (secret.empty() || (rule.entropy > 0 && shannon_entropy(secret) < rule.entropy)) continue;
    const std::string_view whole = line_at(text, sb);
    if (allowed_line(whole)) continue;
    line += static_cast<std::size_t>(
        std::count(text.begin() + static_cast<std::ptrdiff_t>(counted), text.begin() + static_cast<std::ptrdiff_t>(sb), '\n'));
    counted = sb;
    ++found;
    GitleaksHit& hit = out.emplace_back();
    hit.finding = {std::string(path), line, rule.id, rule.description, redact(secret), ""};
    hit.rule = &rule;
    hit.secret = secret;
    hit.match = text.substr(begin, end - begin);
    hit.line = whole;
  }
  return true;
}

}  // namespace

bool Allowlist::allows(const Candidate& c) const {
  if (!target_rules.empty() && std::find(target_rules.begin(), target_rules.end(), c.rule_id) == target_rules.end()) return false;
  const std::string_view subject = target == RegexTarget::line ? c.line : target == RegexTarget::match ? c.match : c.secret;
  const auto any = [](const std::vector<Regex>& res, std::string_view s) {
    return std::any_of(res.begin(), res.end(), [&](const Regex& re) { return re.matches(s); });
  };
  const std::string secret = util::to_lower(c.secret);
  std::vector<bool> conditions;  // one per condition the allowlist sets
  if (commits) conditions.push_back(false);
  if (!regexes.empty()) conditions.push_back(any(regexes, subject));
  if (!paths.empty()) conditions.push_back(any(paths, c.path));
  if (!stopwords.empty()) {
    conditions.push_back(std::any_of(stopwords.begin(), stopwords.end(), [&](const std::string& w) { return contains(secret, w); }));
  }
  if (conditions.empty()) return false;
  const auto holds = [](bool b) { return b; };
  return condition == Condition::all ? std::all_of(conditions.begin(), conditions.end(), holds)
                                     : std::any_of(conditions.begin(), conditions.end(), holds);
}

std::vector<GitleaksHit> scan_gitleaks(const GitleaksConfig& config, std::string_view path, std::string_view content,
                                       std::vector<std::string>& stopped, const std::set<std::string>& skip) {
  std::vector<GitleaksHit> out;
  std::vector<bool> present;  // found on the first rule that needs it
  for (std::size_t r = 0; r < config.rules.size(); ++r) {
    const auto& rule = config.rules[r];
    if (skip.count(rule.id) != 0) continue;
    if (rule.path && !rule.path->matches(path)) continue;
    if (!rule.regex) {
      GitleaksHit& hit = out.emplace_back();
      hit.finding = {std::string(path), 0, rule.id, rule.description, "", ""};
      hit.rule = &rule;
      continue;
    }
    if (present.empty()) present = keywords_present(config, content);
    if (!present[r]) continue;
    if (!run_rule(rule, path, content, out)) stopped.push_back(rule.id);
  }
  return out;
}

}  // namespace pdo::secrets
