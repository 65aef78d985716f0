// The scanning engine. One pass over the bytes: a 64K table of folded two-byte anchor starts tells in
// one lookup whether any rule's anchor can begin here; only then are the (few) candidate rules checked
// by hand-written shape tests. No std::regex: it is far too slow for hundreds of MB.
#include "secrets/scanner.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#include "util/text.hpp"

namespace pdo::secrets {

namespace {

constexpr std::size_t k_binary_probe = 8000;
constexpr std::size_t k_pem_header_max = 80;
constexpr std::size_t k_pem_body_max = 20000;

constexpr std::array<unsigned char, 256> make_fold() {
  std::array<unsigned char, 256> t{};
  for (std::size_t i = 0; i < 256; ++i) {
    t[i] = static_cast<unsigned char>(i >= 'A' && i <= 'Z' ? i + 32 : i);
  }
  return t;
}
constexpr std::array<unsigned char, 256> k_fold = make_fold();

inline unsigned char byte_at(std::string_view s, std::size_t i) { return static_cast<unsigned char>(s[i]); }
inline bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
inline bool is_alnum(unsigned char c) { return is_digit(c) || (k_fold[c] >= 'a' && k_fold[c] <= 'z'); }
inline bool is_word(unsigned char c) { return is_alnum(c) || c == '_'; }
inline bool is_blank(unsigned char c) { return c == ' ' || c == '\t'; }
inline bool is_base64(unsigned char c) { return is_alnum(c) || c == '+' || c == '/' || c == '='; }

/// True if a word character sits right before `at` (a JSON/C escape like "\n" before it does not count).
bool word_before(std::string_view text, std::size_t at) {
  if (at == 0) return false;
  const unsigned char c = byte_at(text, at - 1);
  if (!is_word(c)) return false;
  const bool escape = at >= 2 && text[at - 2] == '\\' && (c == 'n' || c == 't' || c == 'r');
  return !escape;
}

bool anchor_at(std::string_view text, std::size_t at, std::string_view anchor, bool case_insensitive) {
  if (text.size() - at < anchor.size()) return false;
  if (!case_insensitive) return std::memcmp(text.data() + at, anchor.data(), anchor.size()) == 0;
  for (std::size_t k = 0; k < anchor.size(); ++k) {
    if (k_fold[byte_at(text, at + k)] != k_fold[byte_at(anchor, k)]) return false;
  }
  return true;
}

bool contains_lower(std::string_view haystack, std::string_view lower_needle) {
  if (lower_needle.empty() || haystack.size() < lower_needle.size()) return false;
  for (std::size_t i = 0; i + lower_needle.size() <= haystack.size(); ++i) {
    if (anchor_at(haystack, i, lower_needle, true)) return true;
  }
  return false;
}

std::size_t run_end(std::string_view text, std::size_t from, std::size_t limit, const Alphabet& alphabet) {
  std::size_t end = from;
  const std::size_t stop = std::min(text.size(), limit);
  while (end < stop && alphabet[byte_at(text, end)]) ++end;
  return end;
}

void append_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

/// Decodes one JSON escape starting at json[i] == '\\'; returns the index after it.
std::size_t decode_escape(std::string_view json, std::size_t i, std::string& out) {
  if (i + 1 >= json.size()) return i + 1;
  const char e = json[i + 1];
  switch (e) {
    case 'n': case 'r': case 't': case 'b': case 'f': out += ' '; return i + 2;
    case 'u': {
      if (i + 6 > json.size()) return i + 2;
      unsigned cp = 0;
      for (std::size_t k = i + 2; k < i + 6; ++k) {
        const unsigned char c = byte_at(json, k);
        const unsigned v = is_digit(c) ? c - '0' : (k_fold[c] >= 'a' && k_fold[c] <= 'f') ? k_fold[c] - 'a' + 10u : 16u;
        if (v > 15) return i + 2;
        cp = cp * 16 + v;
      }
      append_utf8(out, cp >= 0xD800 && cp <= 0xDFFF ? '?' : cp);
      return i + 6;
    }
    default: out += e; return i + 2;  // \" \\ \/ and anything else: the character itself
  }
}

}  // namespace

std::string notebook_text(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  std::string last_string;   // the most recent complete string (a key, when followed by ':')
  bool blank_value = false;  // the value after an "image/…" key is base64 data: dropped
  int blank_array = 0;
  std::size_t i = 0;
  while (i < json.size()) {
    const char c = json[i];
    if (c != '"') {
      if (blank_array > 0 && c == ']') blank_array = 0;
      if (blank_value && c == '[') blank_array = 1;
      if (c == ':' && util::starts_with(last_string, "image/")) blank_value = true;
      else if (c == ',' || c == '}') blank_value = false;
      out += c;
      ++i;
      continue;
    }
    const bool drop = blank_value || blank_array > 0;
    std::string decoded;
    ++i;
    while (i < json.size() && json[i] != '"') {
      if (json[i] == '\\') {
        i = decode_escape(json, i, decoded);
      } else {
        decoded += json[i++];
      }
    }
    ++i;
    out += '"';
    if (!drop) out += decoded;
    out += '"';
    if (drop && blank_array == 0) blank_value = false;
    last_string = decoded.size() <= 64 ? std::move(decoded) : std::string();
  }
  return out;
}

Scanner::Scanner(const RuleSet& rules) : m_rules(rules), m_pair_seen(65536, 0), m_candidates(65536) {
  for (std::size_t r = 0; r < rules.rules.size(); ++r) {
    const auto& anchors = rules.rules[r].anchors;
    for (std::size_t a = 0; a < anchors.size(); ++a) {
      const unsigned key = static_cast<unsigned>(k_fold[byte_at(anchors[a], 0)]) << 8 | k_fold[byte_at(anchors[a], 1)];
      m_pair_seen[key] = 1;
      m_candidates[key].push_back({static_cast<std::uint16_t>(r), static_cast<std::uint16_t>(a)});
    }
  }
}

namespace {

/// Random-looking: has a digit, or mixes upper and lower case without a run of six lower-case letters
/// (generated passwords do; CamelCase names like ApiKeyAuthentication and snake_case names do not).
bool looks_random(std::string_view value) {
  bool digit = false, upper = false;
  std::size_t run = 0, longest = 0;
  for (const char ch : value) {
    const auto c = static_cast<unsigned char>(ch);
    digit = digit || is_digit(c);
    upper = upper || (c >= 'A' && c <= 'Z');
    run = c >= 'a' && c <= 'z' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return digit || (upper && longest > 0 && longest < 6);
}

}  // namespace

bool Scanner::acceptable(const Rule& rule, std::string_view value) const {
  if (rule.require_random && !looks_random(value)) return false;
  if (rule.min_entropy > 0 && shannon_entropy(value) < rule.min_entropy) return false;
  return !is_example(value);
}

bool Scanner::is_example(std::string_view value) const {
  return std::any_of(m_rules.example_markers.begin(), m_rules.example_markers.end(),
                     [&](const std::string& marker) { return contains_lower(value, marker); });
}

bool Scanner::match(const Rule& rule, std::string_view anchor, std::string_view text, std::size_t at, Hit& hit) const {
  const std::size_t after = at + anchor.size();
  switch (rule.kind) {
    case RuleKind::prefix: {
      if (word_before(text, at)) return false;
      const std::size_t end = run_end(text, after, after + rule.max_length + 1, rule.alphabet);
      const std::size_t len = end - after;
      if (len < rule.min_length || len > rule.max_length) return false;
      if (!acceptable(rule, text.substr(after, len)) || is_example(text.substr(at, end - at))) return false;
      hit = {at, 0, std::string(text.substr(at, end - at))};
      return true;
    }
    case RuleKind::keyword: {
      // Searches stay within the window: a huge one-line file must not make each keyword cost O(n).
      const std::string_view window = text.substr(after, rule.max_distance);
      const std::size_t stop = after + (rule.cross_lines ? window.size() : std::min(window.find('\n'), window.size()));
      for (std::size_t j = after; j < stop;) {
        if (!is_alnum(byte_at(text, j))) {
          ++j;
          continue;
        }
        std::size_t k = j;
        while (k < text.size() && is_alnum(byte_at(text, k))) ++k;
        const bool starts_word = j == 0 || !is_alnum(byte_at(text, j - 1));
        const bool revision = j > 0 && std::strchr("@/#", text[j - 1]) != nullptr;
        const std::string_view word = text.substr(j, k - j);
        if (starts_word && !revision && word.size() >= rule.min_length && word.size() <= rule.max_length &&
            std::all_of(word.begin(), word.end(), [&](char c) { return rule.alphabet[static_cast<unsigned char>(c)]; }) &&
            acceptable(rule, word)) {
          hit = {j, 0, std::string(word)};
          return true;
        }
        j = k;
      }
      return false;
    }
    case RuleKind::assignment: {
      if (after < text.size() && is_word(byte_at(text, after))) return false;  // the name goes on: not its end
      std::size_t j = after;
      while (j < text.size() && j < after + 2 && text[j] != '\0' && std::strchr("\"']", text[j])) ++j;
      while (j < text.size() && is_blank(byte_at(text, j))) ++j;
      if (j >= text.size() || (text[j] != '=' && text[j] != ':')) return false;
      ++j;
      if (j < text.size() && (text[j] == '=' || text[j] == '>')) ++j;
      while (j < text.size() && is_blank(byte_at(text, j))) ++j;
      if (j < text.size() && (text[j] == '"' || text[j] == '\'' || text[j] == '`')) ++j;
      const std::size_t end = run_end(text, j, j + rule.max_length + 1, rule.alphabet);
      const std::size_t len = end - j;
      if (len < rule.min_length || len > rule.max_length) return false;
      if (end < text.size() && (text[end] == '(' || text[end] == '[')) return false;  // code, not a value
      if (!acceptable(rule, text.substr(j, len))) return false;
      hit = {j, 0, std::string(text.substr(j, len))};
      return true;
    }
    case RuleKind::private_key: {
      const std::size_t dashes = text.substr(after, k_pem_header_max).find("-----");
      if (dashes == std::string_view::npos) return false;
      const std::size_t header_end = after + dashes;
      if (text.substr(at, header_end - at).find(rule.header_contains) == std::string_view::npos) return false;
      const std::size_t body = header_end + 5;
      const std::size_t end = text.substr(0, std::min(text.size(), body + k_pem_body_max)).find("-----END", body);
      if (end == std::string_view::npos) return false;
      std::size_t b64 = 0, other = 0;
      for (std::size_t k = body; k < end; ++k) {
        const unsigned char c = byte_at(text, k);
        if (is_base64(c)) ++b64;
        else if (!std::isspace(c)) ++other;
      }
      // Mostly base64 (a few "Proc-Type:" header or "\n" escape characters are fine); "..." in docs is not.
      if (b64 < rule.min_length || other * 10 > b64) return false;
      hit = {at, 0, std::string(text.substr(at, anchor.size()))};
      return true;
    }
  }
  return false;
}

void Scanner::scan_text(std::string_view text, std::vector<Hit>& hits) const {
  const auto* d = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const unsigned key = static_cast<unsigned>(k_fold[d[i]]) << 8 | k_fold[d[i + 1]];
    if (!m_pair_seen[key]) continue;
    for (const Candidate& c : m_candidates[key]) {
      const Rule& rule = m_rules.rules[c.rule];
      const std::string& anchor = rule.anchors[c.anchor];
      if (!anchor_at(text, i, anchor, rule.case_insensitive)) continue;
      Hit hit;
      if (match(rule, anchor, text, i, hit)) {
        hit.rule = c.rule;
        hits.push_back(std::move(hit));
      }
    }
  }
}

std::vector<Finding> Scanner::scan_content(std::string_view path, std::string_view content) const {
  std::vector<Finding> out;
  if (std::memchr(content.data(), '\0', std::min(content.size(), k_binary_probe)) != nullptr) return out;
  std::string decoded;
  std::string_view text = content;
  if (util::ends_with(util::to_lower(path), ".ipynb")) {
    decoded = notebook_text(content);
    text = decoded;
  }
  std::vector<Hit> hits;
  scan_text(text, hits);
  // The first rule (in file order) to claim a value wins; a value inside another one is the same secret.
  std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) { return a.offset != b.offset ? a.offset < b.offset : a.rule < b.rule; });
  std::size_t line = 1, counted = 0, claimed_until = 0;
  for (const Hit& hit : hits) {
    if (hit.offset < claimed_until) continue;
    claimed_until = hit.offset + std::max<std::size_t>(hit.value.size(), 1);
    line += static_cast<std::size_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(counted),
                                                text.begin() + static_cast<std::ptrdiff_t>(hit.offset), '\n'));
    counted = hit.offset;
    const std::size_t bol = hit.offset == 0 ? 0 : text.rfind('\n', hit.offset - 1) + 1;
    const std::size_t eol = std::min(text.find('\n', hit.offset), text.size());
    if (!m_rules.allow_marker.empty() && text.substr(bol, eol - bol).find(m_rules.allow_marker) != std::string_view::npos) continue;
    const Rule& rule = m_rules.rules[hit.rule];
    out.push_back({std::string(path), line, rule.id, rule.description, redact(hit.value)});
  }
  return out;
}

std::vector<Finding> Scanner::scan_path(std::string_view path) const {
  const std::size_t slash = path.find_last_of("/\\");
  const std::string name = util::to_lower(slash == std::string_view::npos ? path : path.substr(slash + 1));
  std::vector<Finding> out;
  for (const auto& rule : m_rules.path_rules) {
    const auto matches = [&](const std::vector<std::string>& globs) {
      return std::any_of(globs.begin(), globs.end(), [&](const std::string& g) { return glob_match(g, name); });
    };
    if (!matches(rule.exceptions) && matches(rule.patterns)) {
      out.push_back({std::string(path), 0, rule.id, rule.description, ""});
      break;
    }
  }
  return out;
}

std::vector<Finding> Scanner::scan(std::string_view path, std::string_view content) const {
  auto out = scan_path(path);
  auto more = scan_content(path, content);
  out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
  return out;
}

const Scanner& default_scanner() {
  static const Scanner k_scanner(default_rules());
  return k_scanner;
}

std::string redact(std::string_view secret) {
  // Four characters, not bytes: never cut a UTF-8 sequence in half.
  std::size_t end = 0;
  for (int chars = 0; chars < 4 && end < secret.size(); ++chars) {
    ++end;
    while (end < secret.size() && (byte_at(secret, end) & 0xC0) == 0x80) ++end;
  }
  return std::string(secret.substr(0, end)) + "…";
}

double shannon_entropy(std::string_view text) {
  if (text.empty()) return 0.0;
  std::array<std::size_t, 256> counts{};
  for (const char c : text) ++counts[static_cast<unsigned char>(c)];
  double h = 0.0;
  const double n = static_cast<double>(text.size());
  for (const std::size_t c : counts) {
    if (c == 0) continue;
    const double p = static_cast<double>(c) / n;
    h -= p * std::log2(p);
  }
  return h;
}

}  // namespace pdo::secrets
