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

  /// Findings in `content` (the bytes of a file named `path`): UTF-16 is decoded first, binary content
  /// (a NUL byte near the start) is reduced to its printable runs, .ipynb JSON is decoded, and string
  /// literals joined with '+' are scanned joined.
  std::vector<Finding> scan_content(std::string_view path, std::string_view content) const;
  /// A finding if the file's name alone says it must not be committed (.env, id_rsa, *.pem…), or if the
  /// path itself holds a key (line 0).
  std::vector<Finding> scan_path(std::string_view path) const;
  /// scan_path and scan_content together.
  std::vector<Finding> scan(std::string_view path, std::string_view content) const;

private:
  struct Hit {
    std::size_t offset;  ///< where the value starts
    std::size_t rule;
    std::string value;
  };
  /// Keyword rules: how far an earlier anchor's search already judged the words of the text.
  struct Scanned {
    std::size_t from = 0;
    std::size_t until = 0;
  };
  void scan_text(std::string_view text, std::vector<Hit>& hits) const;
  bool match(const Rule& rule, std::string_view anchor, std::string_view text, std::size_t at, Scanned& seen, Hit& hit) const;
  bool match_keyword(const Rule& rule, std::string_view text, std::size_t after, Scanned& seen, Hit& hit) const;
  bool match_url_password(const Rule& rule, std::string_view text, std::size_t at, std::size_t after, Hit& hit) const;
  bool acceptable(const Rule& rule, std::string_view value, std::string_view before) const;
  bool allowed(std::string_view line) const;
  void report(std::string_view path, std::string_view text, std::vector<Hit>& hits, std::vector<Finding>& out) const;
  void scan_joined(std::string_view path, std::string_view text, std::vector<Finding>& out) const;
  bool is_example(std::string_view value) const;

  struct OwnIndex {
    AnchorFilter filter;
    std::vector<AnchorCandidate> candidates;
  };

  RuleSet m_rules;
  std::unique_ptr<const OwnIndex> m_own;  ///< the index of rules read at run time
  AnchorIndex m_index;
};

/// The built-in scanner over default_rules().
const Scanner& default_scanner();

/// The first four characters of a secret and "…" (never more).
std::string redact(std::string_view secret);

/// True if a '*'-glob matches the whole name (a path rule's pattern).
bool glob_match(std::string_view pattern, std::string_view name);

/// Shannon entropy of the bytes, in bits per character.
double shannon_entropy(std::string_view text);

/// The text of a Jupyter notebook with JSON string escapes decoded in place (\" \\ \n \uXXXX…), line
/// breaks kept where they are, and embedded images (image/png…) blanked, so keys in cells are found
/// at the notebook file's own line numbers and base64 images cannot look like keys.
std::string notebook_text(std::string_view json);

}  // namespace pdo::secrets
