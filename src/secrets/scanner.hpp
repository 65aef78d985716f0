#pragma once
// The secret scanner: finds keys in text by the rules' precise shapes. One pass over the bytes with a
// two-byte anchor filter (no regular expressions), so scanning hundreds of MB takes seconds.
// It never returns or prints a secret itself, only a redacted form.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "secrets/rules.hpp"

namespace pdo::secrets {

/// One suspected secret.
struct Finding {
  std::string path;         ///< as given to the scanner
  std::size_t line = 0;     ///< 1-based; 0 for a path rule (the whole file)
  std::string rule_id;
  std::string description;
  std::string redacted;     ///< first 4 characters and "…" ("" for a path rule)
};

/// Scans texts and file names against a rule set.
class Scanner {
public:
  /// A scanner for `rules` (which must outlive it).
  explicit Scanner(const RuleSet& rules);

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
  struct Candidate {
    std::uint16_t pair;  ///< the anchor's first two bytes, folded
    std::uint16_t rule;
    std::uint16_t anchor;
  };
  struct Hit {
    std::size_t offset;  ///< where the value starts
    std::size_t rule;
    std::string value;
  };
  void scan_text(std::string_view text, std::vector<Hit>& hits) const;
  bool match(const Rule& rule, std::string_view anchor, std::string_view text, std::size_t at, Hit& hit) const;
  bool match_url_password(const Rule& rule, std::string_view text, std::size_t at, std::size_t after, Hit& hit) const;
  bool acceptable(const Rule& rule, std::string_view value, std::string_view before) const;
  bool allowed(std::string_view line) const;
  void report(std::string_view path, std::string_view text, std::vector<Hit>& hits, std::vector<Finding>& out) const;
  void scan_joined(std::string_view path, std::string_view text, std::vector<Finding>& out) const;
  bool is_example(std::string_view value) const;

  const RuleSet& m_rules;
  std::array<std::uint64_t, 1024> m_pair_seen{};    ///< one bit per folded two-byte anchor start
  std::array<std::uint64_t, 1024> m_triple_seen{};  ///< one bit per hashed folded three-byte anchor start
  bool m_triple_filter = true;                       ///< false if some anchor has only two bytes
  std::vector<Candidate> m_candidates;            ///< every anchor, sorted by pair
};

/// The built-in scanner over default_rules().
const Scanner& default_scanner();

/// The first four characters of a secret and "…" (never more).
std::string redact(std::string_view secret);

/// Shannon entropy of the bytes, in bits per character.
double shannon_entropy(std::string_view text);

/// The text of a Jupyter notebook with JSON string escapes decoded in place (\" \\ \n \uXXXX…), line
/// breaks kept where they are, and embedded images (image/png…) blanked, so keys in cells are found
/// at the notebook file's own line numbers and base64 images cannot look like keys.
std::string notebook_text(std::string_view json);

}  // namespace pdo::secrets
