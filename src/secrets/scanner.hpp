#pragma once
// The secret scanner: finds keys in text by the rules' precise shapes. One pass over the bytes with a
// two-byte anchor filter (no regular expressions), so scanning hundreds of MB takes seconds.
// It never returns or prints a secret itself, only a redacted form.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "secrets/anchors.hpp"
#include "secrets/rules.hpp"
#include "secrets/shapes.hpp"

namespace pdo::secrets {

/// One suspected secret.
struct Finding {
  std::string path;      ///< as given to the scanner
  std::size_t line = 0;  ///< 1-based; 0 for a path rule (the whole file)
  std::string rule_id;
  std::string description;     ///< in English
  std::string redacted;        ///< first 4 characters and "…" ("" for a path rule)
  std::string description_zh;  ///< in Chinese; "" if the rule has none (a .gitleaks.toml rule)
};

/// Scans texts and file names against a rule set.
class Scanner {
public:
  /// A scanner for `rules` (whose storage must outlive it); builds their anchor index.
  explicit Scanner(const RuleSet& rules);
  /// A scanner for `rules` with their index already built (the built-in rules' constexpr one).
  Scanner(const RuleSet& rules, AnchorIndex index);

  /// Findings in `content` (the bytes of a file named `path`), decoded before matching: a gzip stream is
  /// inflated (up to a cap), UTF-32 and UTF-16 become UTF-8, binary content (a NUL byte near the start)
  /// keeps its printable runs (compiled and archive files: only keys with their own shape), JSON and
  /// .ipynb become one logical line per string value, a lone CR ends a line, split string literals are
  /// joined, and base64 runs in configuration files are decoded and scanned once. An allow marker covers
  /// its logical line only.
  std::vector<Finding> scan_content(std::string_view path, std::string_view content) const;
  /// A finding if the file's name alone says it must not be committed (.env, id_rsa, *.pem…), or if the
  /// path itself holds a key (line 0).
  std::vector<Finding> scan_path(std::string_view path) const;
  /// scan_path and scan_content together.
  std::vector<Finding> scan(std::string_view path, std::string_view content) const;

private:
  struct Hit {
    std::size_t offset;  ///< where the value starts
    std::size_t rule;    ///< set by scan_range for the rule that matched (a match leaves it {})
    std::string value;
  };
  /// Keyword rules: how far an earlier anchor's search already judged the words of the text.
  struct Scanned {
    std::size_t from = 0;
    std::size_t until = 0;
  };
  /// Which rules a text is matched with: compiled and archive files only with keys of their own shape.
  enum class Rules { all, key_shaped };
  /// `runs` (null: the whole text) says where anything but spaces and line feeds can be (a binary file's
  /// printable runs): an anchor is looked for only there and in the few bytes before each run.
  void scan_text(std::string_view text, std::vector<Hit>& hits, Rules which = Rules::all,
                 const std::vector<TextRange>* runs = nullptr) const;
  void scan_range(std::string_view text, std::size_t from, std::size_t to, Rules which, std::vector<Scanned>& seen,
                  std::vector<Hit>& hits) const;
  bool match(const Rule& rule, std::string_view anchor, std::string_view text, std::size_t at, Scanned& seen, Hit& hit) const;
  bool match_keyword(const Rule& rule, std::string_view text, std::size_t after, Scanned& seen, Hit& hit) const;
  bool match_url_password(const Rule& rule, std::string_view text, std::size_t at, std::size_t after, Hit& hit) const;
  bool match_argument(const Rule& rule, std::string_view text, std::size_t after, Hit& hit) const;
  /// The checks every kind of value goes through; the value starts at text[at].
  bool acceptable(const Rule& rule, std::string_view value, std::string_view text, std::size_t at) const;
  bool is_public(std::string_view value, std::string_view before) const;
  bool allowed(std::string_view line) const;
  /// Where each allow marker starts in `line`.
  std::vector<std::size_t> markers_in(std::string_view line) const;
  /// Logical text: its lines end at '\n'; `file_lines` (null: the same numbers) maps each to its file line.
  struct Lines {
    std::string_view text;
    const std::vector<std::size_t>* file_lines = nullptr;
    const std::vector<TextRange>* runs = nullptr;  ///< scan_text's runs
    std::size_t file_line(std::size_t logical) const;
  };
  void scan_bytes(std::string_view path, std::string_view type_path, std::string_view content, bool inflated,
                  std::vector<Finding>& out) const;
  void scan_logical(std::string_view path, std::string_view type_path, Lines lines, Rules which, std::vector<Finding>& out) const;
  void report(std::string_view path, Lines lines, std::vector<Hit>& hits, std::vector<Finding>& out) const;
  /// Adds the values found in split literals joined to `hits`, replacing those found inside them.
  void join_literals(std::string_view path, std::string_view text, std::vector<Hit>& hits) const;
  void scan_base64(std::string_view path, Lines lines, std::vector<Finding>& out) const;
  /// True if a path rule's finding is void for this content (a .pem of certificates only, or an empty one).
  bool public_file(std::string_view rule_id, std::string_view content) const;
  bool is_example(std::string_view value) const;

  struct OwnIndex {
    AnchorFilter filter;
    std::vector<AnchorCandidate> candidates;
  };

  RuleSet m_rules;
  std::unique_ptr<const OwnIndex> m_own;  ///< the index of rules read at run time
  AnchorIndex m_index;
  /// The most spaces and line feeds an anchor starts with (" key": 1); npos if an anchor has nothing else.
  std::size_t m_blank_lead = 0;
};

/// The built-in scanner over default_rules().
const Scanner& default_scanner();

/// The first four characters of a secret and "…" (never more).
std::string redact(std::string_view secret);

/// True if a '*'-glob matches the whole name (a path rule's pattern).
bool glob_match(std::string_view pattern, std::string_view name);

/// Shannon entropy of the bytes, in bits per character.
double shannon_entropy(std::string_view text);

}  // namespace pdo::secrets
