// Keys with their own prefix (the built-in rules of kind "prefix"): a key drawn from any such rule (any of
// its anchors, any length it allows, any characters of its alphabet) is found on its own line, alone or
// among prose, in any text file shape and at any position, with no name or keyword near it; one character
// more than the rule allows, and it is not reported as that rule's key.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "secrets/rules.hpp"
#include "secrets/scanner.hpp"
#include "secrets/values.hpp"

using namespace pdo;

namespace {

/// The built-in prefix rules a key is judged by alphabet, length and entropy alone (no structure check,
/// no generic prefix: a JWT's eyJ is reported only where no example is shown).
std::vector<const secrets::Rule*> plain_prefix_rules() {
  std::vector<const secrets::Rule*> out;
  for (const secrets::Rule& r : secrets::default_rules().rules) {
    if (r.kind == secrets::RuleKind::prefix && r.check == secrets::ValueCheck::none && !r.generic_prefix) out.push_back(&r);
  }
  return out;
}

std::string chars_of(const secrets::Alphabet& a) {
  std::string s;
  for (int c = 0; c < 256; ++c) {
    if (a[static_cast<std::size_t>(c)]) s += static_cast<char>(c);
  }
  return s;
}

bool contains_lower(std::string value, std::string_view marker) {
  std::transform(value.begin(), value.end(), value.begin(), [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; });
  return value.find(marker) != std::string::npos;
}

/// A key of `rule`: an anchor and a run of `length` characters of its alphabet that the rule would keep
/// (entropy reached, no example marker, no public prefix); the run is what is generated.
struct Key {
  const secrets::Rule* rule;
  std::string anchor;
  std::string run;
  std::string text() const { return anchor + run; }
};

void showValue(const Key& key, std::ostream& os) { os << key.rule->id << " (" << key.run.size() << " after the prefix): " << key.text(); }

rc::Gen<Key> key_of_some_rule() {
  static const std::vector<const secrets::Rule*> rules = plain_prefix_rules();
  return rc::gen::exec([] {
    const secrets::Rule* rule = *rc::gen::elementOf(rules);
    const std::string anchor(
        *rc::gen::elementOf(std::vector<std::string_view>(rule->anchors.first, rule->anchors.first + rule->anchors.count)));
    const std::string alphabet = chars_of(*rule->alphabet);
    // The edges of the length range, and anything between (a bounded number of characters).
    const std::size_t top = std::min<std::size_t>(rule->max_length, rule->min_length + 120);
    const std::size_t length =
        *rc::gen::oneOf(rc::gen::just(rule->min_length), rc::gen::just(top), rc::gen::inRange<std::size_t>(rule->min_length, top + 1));
    const std::string run = *rc::gen::container<std::string>(length, rc::gen::elementOf(alphabet));
    const std::string key = anchor + run;
    const auto& set = secrets::default_rules();
    RC_PRE(!rule->require_random || secrets::looks_random(run));
    RC_PRE(rule->min_entropy <= 0 || secrets::shannon_entropy(run) >= rule->min_entropy);
    RC_PRE(
        std::none_of(set.example_markers.begin(), set.example_markers.end(), [&](std::string_view m) { return contains_lower(key, m); }));
    RC_PRE(std::none_of(set.public_prefixes.begin(), set.public_prefixes.end(), [&](std::string_view p) { return key.rfind(p, 0) == 0; }));
    return Key{rule, anchor, run};
  });
}

/// Lines with no key, no name and no keyword of any rule.
const std::vector<std::string>& plain_lines() {
  static const std::vector<std::string> lines = {
      "",  "# 第 3 课笔记",     "import torch", "今天读完了 DDP 的例子。", "    x = model(x)", "- [x] 01 阅读", "```", "```python",
      "}", "print(loss.item())"};
  return lines;
}

/// What may stand right before a key on its line: nothing, blanks, quotes, prose in either language.
const std::vector<std::string>& lead_ins() {
  static const std::vector<std::string> leads = {"", " ", "\t", "    ", "\"", "'", "`", "(", "[", "我的是 ", "see: ", "- ", "> ", "= "};
  return leads;
}

/// What may stand right after it: nothing, a closing quote or bracket, punctuation, prose.
const std::vector<std::string>& trail_outs() {
  static const std::vector<std::string> trails = {"", " ", "\"", "'", "`", ")", "]", ",", ";", "。", " 千万别泄露", "\t# old"};
  return trails;
}

}  // namespace

TEST_CASE("a key with its own prefix is found on its own line, with no name or keyword near it", "[property][secrets]") {
  rc::prop("prefix keys found at their line", [] {
    const Key key = *key_of_some_rule();
    const std::string file =
        *rc::gen::elementOf(std::vector<std::string>{"notes.md", "train.py", "run.log", "config.yaml", "notes.txt", "a.ipynb.txt"});
    const std::string eol = *rc::gen::elementOf(std::vector<std::string>{"\n", "\r\n"});
    const auto before = *rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(plain_lines()));
    const auto after = *rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(plain_lines()));
    std::string text;
    for (const auto& l : before) text += l + eol;
    text += *rc::gen::elementOf(lead_ins()) + key.text() + *rc::gen::elementOf(trail_outs());
    if (!after.empty() || *rc::gen::arbitrary<bool>()) text += eol;  // the last line may be unterminated
    for (const auto& l : after) text += l + eol;
    const auto findings = secrets::default_scanner().scan(file, text);
    RC_ASSERT(findings.size() == 1u);
    RC_ASSERT(findings[0].line == before.size() + 1);
    // The key's own rule, or one listed before it that takes the same key (sk- keys: openai-legacy first).
    const auto& rules = secrets::default_rules().rules;
    const auto own = std::find_if(rules.begin(), rules.end(), [&](const secrets::Rule& r) { return r.id == key.rule->id; });
    const auto found = std::find_if(rules.begin(), rules.end(), [&](const secrets::Rule& r) { return r.id == findings[0].rule_id; });
    RC_ASSERT(found != rules.end());
    RC_ASSERT(found <= own);
  });
}

TEST_CASE("a run one character longer than a prefix rule allows is not that rule's key", "[property][secrets]") {
  rc::prop("too long: a different token", [] {
    const Key key = *key_of_some_rule();
    RC_PRE(key.rule->max_length < 300);
    // The run padded to one character past the rule's maximum, with characters of its alphabet.
    const std::string alphabet = chars_of(*key.rule->alphabet);
    std::string run = key.run;
    while (run.size() < key.rule->max_length + 1) run += *rc::gen::elementOf(alphabet);
    const std::string text = key.anchor + run;
    for (const auto& f : secrets::default_scanner().scan("notes.md", text + "\n")) RC_ASSERT(f.rule_id != key.rule->id);
  });
}
