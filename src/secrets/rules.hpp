#pragma once
// The secret rules as data. The built-in set (templates/secrets/rules.toml) is read by parse_rules() at
// build time (the tool pdo_rules_compile, secrets/rules_compile_main.cpp), which writes it as constexpr
// tables, so a process that scans does no work for it. parse_rules() is not in pdo_lib: the build tool and
// the unit tests (rules made up for a test) are its only users. The file's header explains each kind of rule.
#include <array>
#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "util/error.hpp"

namespace pdo::secrets {

/// A read-only run of T: into a constexpr table (built-in rules) or into a ParsedRules' storage.
template <class T>
struct Span {
  const T* first = nullptr;
  std::size_t count = 0;
  constexpr const T* begin() const { return first; }
  constexpr const T* end() const { return first + count; }
  constexpr std::size_t size() const { return count; }
  constexpr bool empty() const { return count == 0; }
  constexpr const T& operator[](std::size_t i) const { return first[i]; }
};

/// A Span over a whole array.
template <class T, std::size_t N>
constexpr Span<T> span_of(const T (&items)[N]) {
  return {items, N};
}

/// How a content rule finds its value after the anchor.
enum class RuleKind { prefix, keyword, assignment, private_key, url_password, argument };

/// What a value must also be, beyond alphabet, length and entropy: the structure its format allows.
enum class ValueCheck {
  none,
  password,            ///< a password someone chose or generated, not a placeholder, a name or a word
  base64_credential,   ///< base64 of "user:password" (Docker config.json's auth, .npmrc's _auth)
  der_private_key,     ///< base64 of a DER private key (PKCS#1, PKCS#8, SEC1), not a certificate or public key
  base64_private_key,  ///< base64 of a PEM private key (kubeconfig's client-key-data)
  discord_token,       ///< three dot-separated parts, the first the base64 of a numeric user id
  putty_key,           ///< a PuTTY .ppk header followed by its Private-Lines of base64
};

/// A set of bytes a value may consist of.
using Alphabet = std::array<bool, 256>;

/// The alphabet of exactly the bytes in `chars`.
constexpr Alphabet alphabet_of(std::string_view chars) {
  Alphabet a{};
  for (const char c : chars) a[static_cast<unsigned char>(c)] = true;
  return a;
}

/// The alphabet of rules that have none (private_key).
inline constexpr Alphabet k_no_alphabet{};

/// One content rule.
struct Rule {
  std::string_view id;
  std::string_view description;     ///< in English
  std::string_view description_zh;  ///< in Chinese (what a learner reads unless --lang en)
  RuleKind kind = RuleKind::prefix;
  Span<std::string_view> anchors;  ///< literal texts that start a candidate
  bool case_insensitive = false;   ///< anchors match in any ASCII case
  const Alphabet* alphabet = &k_no_alphabet;
  std::size_t min_length = 1;
  std::size_t max_length = 256;
  std::size_t max_distance = 0;      ///< keyword rules: how far after the keyword the value may start
  bool cross_lines = false;          ///< keyword rules: the value may be on a later line (.netrc)
  double min_entropy = 0.0;          ///< Shannon bits per character of the value (0: not checked)
  bool require_random = false;       ///< a digit, or upper and lower case without long lower-case runs
  std::string_view header_contains;  ///< private_key rules: text the BEGIN line must contain
  /// keyword rules: tokens are runs of this alphabet (null: letters and digits)
  const Alphabet* token_alphabet = nullptr;
  ValueCheck check = ValueCheck::none;
  /// prefix rules: the prefix is a format's, not a vendor's (a JWT's eyJ is base64 of `{"`), so a value
  /// documentation shows as an example (secrets/examples.hpp) is not reported, as for contextual rules
  bool generic_prefix = false;
};

/// A file name that must never be committed.
struct PathRule {
  std::string_view id;
  std::string_view description;       ///< in English
  std::string_view description_zh;    ///< in Chinese
  Span<std::string_view> patterns;    ///< file-name globs ('*' matches any run of characters)
  Span<std::string_view> exceptions;  ///< file names the patterns do not cover
  /// A file whose every "-----BEGIN X-----" block has one of these X holds only public data (certificates)
  Span<std::string_view> public_blocks;
};

/// Every rule, plus the markers that make pdo skip a line or a value. It points into storage it does
/// not own: the built-in tables, or the ParsedRules it came from.
struct RuleSet {
  Span<Rule> rules;  ///< in priority order: the first rule to claim a value wins
  Span<PathRule> path_rules;
  std::string_view allow_marker = "pdo:allow";
  Span<std::string_view> extra_allow_markers;  ///< more markers with the same effect (gitleaks:allow)
  Span<std::string_view> example_markers;      ///< lower case; a value containing one is an example
  Span<std::string_view> public_prefixes;      ///< a value starting with one is public (pk-lf-: a public key)
  /// lower case; a UUID or hex value whose name (AZURE_TENANT_ID=, publicKeyToken=) contains one is a public id
  Span<std::string_view> public_id_names;
  /// lower case; words that, on a value's line or the few lines before it, make a contextual rule's value
  /// an example (RFC texts, docstrings)
  Span<std::string_view> example_context;
};

/// A rule set read at run time, with the storage its RuleSet points into (so it moves, never copies).
class ParsedRules {
public:
  ParsedRules() = default;
  ParsedRules(ParsedRules&&) = default;
  ParsedRules& operator=(ParsedRules&&) = default;
  ParsedRules(const ParsedRules&) = delete;
  ParsedRules& operator=(const ParsedRules&) = delete;

  /// The rules, valid as long as this object.
  const RuleSet& set() const { return m_set; }

  /// Stores a text, a list of texts or an alphabet for the set's views to point at (the parser's use).
  std::string_view keep(std::string text);
  Span<std::string_view> keep(const std::vector<std::string>& texts);
  const Alphabet* keep(const Alphabet& alphabet);

private:
  friend Result<ParsedRules> parse_rules(std::string_view toml_text, std::string_view origin);

  RuleSet m_set;
  // Deques and vectors that are filled once: moving them moves no element, so the views stay valid.
  std::deque<std::string> m_texts;
  std::deque<std::vector<std::string_view>> m_lists;
  std::deque<Alphabet> m_alphabets;
  std::vector<Rule> m_rules;
  std::vector<PathRule> m_path_rules;
};

/// Parses a rules file; `origin` names it in error messages. Every rule needs both descriptions.
Result<ParsedRules> parse_rules(std::string_view toml_text, std::string_view origin);

/// The built-in rules (templates/secrets/rules.toml, read by parse_rules at build time).
const RuleSet& default_rules();

}  // namespace pdo::secrets
