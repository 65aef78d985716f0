// The scanning engine. One pass over the bytes: a 64K table of folded two-byte anchor starts tells in
// one lookup whether any rule's anchor can begin here; only then are the (few) candidate rules checked
// by hand-written shape tests. No std::regex: it is far too slow for hundreds of MB.
#include "secrets/scanner.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#include "secrets/shapes.hpp"
#include "secrets/values.hpp"
#include "util/text.hpp"

namespace pdo::secrets {

namespace {

constexpr std::size_t k_binary_probe = 8000;
constexpr std::size_t k_pem_header_max = 80;
constexpr std::size_t k_pem_body_max = 20000;

constexpr Alphabet k_alnum = alphabet_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
constexpr Alphabet k_trailing = alphabet_of(".-_/:");     // dropped from a word's end
constexpr Alphabet k_revision_mark = alphabet_of("@/#");  // before a git revision or a URL part

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

/// True if `text` ends with `lower_suffix` in any ASCII case.
bool ends_with_folded(std::string_view text, std::string_view lower_suffix) {
  return text.size() >= lower_suffix.size() && anchor_at(text, text.size() - lower_suffix.size(), lower_suffix, true);
}

/// The text of the line before `pos`, at most 120 bytes of it (a one-line file must not cost O(n) per hit).
std::string_view line_before(std::string_view text, std::size_t pos) {
  const std::size_t from = pos > 120 ? pos - 120 : 0;
  const std::string_view window = text.substr(from, pos - from);
  const std::size_t nl = window.rfind('\n');
  return nl == std::string_view::npos ? window : window.substr(nl + 1);
}

/// Passwords that only stand for one (docs, compose files, defaults of local services).
bool placeholder_password(std::string_view user, std::string_view password) {
  static constexpr std::array<std::string_view, 20> k_words{
      "password", "passwd", "pass",  "pwd",      "secret", "changeme", "yourpassword", "your_password", "mypassword", "my_password",
      "root",     "admin",  "guest", "postgres", "mysql",  "redis",    "test",         "user",          "username",   "pass123"};
  const std::string lower = util::to_lower(password);
  if (password == user || std::strchr("$<{%*[(", password.front()) != nullptr) return true;
  return std::find(k_words.begin(), k_words.end(), lower) != k_words.end();
}

std::size_t run_end(std::string_view text, std::size_t from, std::size_t limit, const Alphabet& alphabet) {
  std::size_t end = from;
  const std::size_t stop = std::min(text.size(), limit);
  while (end < stop && alphabet[byte_at(text, end)]) ++end;
  return end;
}

/// Decodes one JSON escape starting at json[i] == '\\'; returns the index after it.
std::size_t decode_escape(std::string_view json, std::size_t i, std::string& out) {
  if (i + 1 >= json.size()) return i + 1;
  const char e = json[i + 1];
  switch (e) {
    case 'n':
    case 'r':
    case 't':
    case 'b':
    case 'f':
      out += ' ';
      return i + 2;
    case 'u': {
      if (i + 6 > json.size()) return i + 2;
      unsigned cp = 0;
      for (std::size_t k = i + 2; k < i + 6; ++k) {
        const unsigned char c = byte_at(json, k);
        const unsigned v = is_digit(c) ? c - '0' : (k_fold[c] >= 'a' && k_fold[c] <= 'f') ? k_fold[c] - 'a' + 10u : 16u;
        if (v > 15) return i + 2;
        cp = cp * 16 + v;
      }
      util::append_utf8(out, cp >= 0xD800 && cp <= 0xDFFF ? '?' : cp);
      return i + 6;
    }
    default:
      out += e;
      return i + 2;  // \" \\ \/ and anything else: the character itself
  }
}

/// An output of base64 data (image/png, application/pdf…): blanked. Text-like outputs (text/*,
/// image/svg+xml, application/json) are scanned like cells.
bool base64_output(std::string_view mime) {
  if (util::starts_with(mime, "image/")) return mime != "image/svg+xml";
  return mime == "application/pdf" || mime == "application/octet-stream";
}

}  // namespace

std::string notebook_text(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  std::string last_string;   // the most recent complete short string (a key, when followed by ':')
  bool blank_value = false;  // the value after an "image/…" key is base64 data: dropped
  int blank_array = 0;
  const std::size_t n = json.size();
  std::size_t i = 0;
  while (i < n) {
    const char c = json[i];
    if (c != '"') {
      if (blank_array > 0 && c == ']') blank_array = 0;
      if (blank_value && c == '[') blank_array = 1;
      if (c == ':' && base64_output(last_string))
        blank_value = true;
      else if (c == ',' || c == '}')
        blank_value = false;
      out += c;
      ++i;
      continue;
    }
    // A string: its plain runs are copied whole (or skipped, for image data), escapes decoded one by one.
    const bool drop = blank_value || blank_array > 0;
    ++i;
    out += '"';
    const std::size_t start = out.size();
    while (i < n && json[i] != '"') {
      std::size_t j = i;
      while (j < n && json[j] != '"' && json[j] != '\\') ++j;
      if (!drop) out.append(json.data() + i, j - i);
      i = j;
      if (i < n && json[i] == '\\') i = drop ? std::min(n, i + 2) : decode_escape(json, i, out);
    }
    ++i;
    if (!drop && out.size() - start <= 64) {
      last_string.assign(out, start, out.size() - start);
    } else {
      last_string.clear();
    }
    out += '"';
    if (drop && blank_array == 0) blank_value = false;
  }
  return out;
}

Scanner::Scanner(const RuleSet& rules) : m_rules(rules) {
  auto own = std::make_unique<OwnIndex>();
  own->candidates.resize(anchor_count(rules.rules));
  build_anchor_index(rules.rules, own->filter, own->candidates.data());
  m_index = {&own->filter, {own->candidates.data(), own->candidates.size()}};
  m_own = std::move(own);
}

Scanner::Scanner(const RuleSet& rules, AnchorIndex index) : m_rules(rules), m_index(index) {}

bool Scanner::acceptable(const Rule& rule, std::string_view value, std::string_view before) const {
  if (rule.require_random) {
    if (!looks_random(value)) return false;
    // A value named as a hash (sha256=, md5, hash_key, checksum, a git revision) is a hash.
    if (names_a_hash(before)) return false;
  }
  // Hex carries at most 4 bits a character (a random 32-digit value averages ~3.7): a lower bar for it.
  const double need = rule.require_random && all_hex(value) ? std::min(rule.min_entropy, 3.0) : rule.min_entropy;
  if (need > 0 && shannon_entropy(value) < need) return false;
  return !is_example(value);
}

bool Scanner::is_example(std::string_view value) const {
  return std::any_of(m_rules.example_markers.begin(), m_rules.example_markers.end(),
                     [&](std::string_view marker) { return contains_lower(value, marker); });
}

bool Scanner::match_url_password(const Rule& rule, std::string_view text, std::size_t at, std::size_t after, Hit& hit) const {
  // scheme[+driver]://user:password@host — the anchor is the scheme's start (mysql, postgres, mongodb…).
  if (word_before(text, at)) return false;
  std::size_t j = after;
  while (j < text.size() && j < after + 24 && (is_alnum(byte_at(text, j)) || text[j] == '+' || text[j] == '.' || text[j] == '-')) ++j;
  if (text.substr(j, 3) != "://") return false;
  const std::size_t user_start = j + 3;
  const std::size_t limit = std::min(text.size(), user_start + rule.max_length);
  std::size_t colon = std::string_view::npos, at_sign = std::string_view::npos;
  for (std::size_t k = user_start; k < limit; ++k) {
    const char c = text[k];
    if (c == '@') at_sign = k;  // the last '@' before the host: passwords may contain one
    if (c == ':' && colon == std::string_view::npos) colon = k;
    if (c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '"' || c == '\'' || c == '`' || c == '>' || c == '\\') break;
  }
  if (colon == std::string_view::npos || at_sign == std::string_view::npos || colon > at_sign) return false;
  const std::string_view user = text.substr(user_start, colon - user_start);
  const std::string_view password = text.substr(colon + 1, at_sign - colon - 1);
  if (password.size() < rule.min_length || placeholder_password(user, password) || is_example(password)) return false;
  hit = {at, 0, std::string(text.substr(at, at_sign - at))};
  return true;
}

bool Scanner::match_keyword(const Rule& rule, std::string_view text, std::size_t after, Scanned& seen, Hit& hit) const {
  // Searches stay within the window: a huge one-line file must not make each keyword cost O(n).
  const std::string_view window = text.substr(after, rule.max_distance);
  const std::size_t stop = after + (rule.cross_lines ? window.size() : std::min(window.find('\n'), window.size()));
  const Alphabet& tokens = rule.token_alphabet != nullptr ? *rule.token_alphabet : k_alnum;
  const auto in_token = [&](std::size_t k) { return tokens[byte_at(text, k)]; };
  // Words that start before seen.until were judged for this rule by an earlier anchor on the same text
  // ("token tokenizer password" holds three): where a word starts does not depend on where the search
  // began, so the search goes on from there.
  std::size_t j = after >= seen.from && after <= seen.until ? seen.until : after;
  if (j == after) seen.from = after;
  while (j < stop) {
    if (!in_token(j) || !is_alnum(byte_at(text, j))) {
      ++j;
      continue;
    }
    std::size_t k = j;
    while (k < text.size() && in_token(k)) ++k;
    std::size_t end = k;
    while (end > j && k_trailing[byte_at(text, end - 1)]) --end;  // a sentence's full stop
    const bool starts_word = j == 0 || !in_token(j - 1);
    const bool revision = j > 0 && k_revision_mark[byte_at(text, j - 1)];
    const std::string_view word = text.substr(j, end - j);
    if (starts_word && !revision && word.size() >= rule.min_length && word.size() <= rule.max_length &&
        std::all_of(word.begin(), word.end(), [&](char c) { return (*rule.alphabet)[static_cast<unsigned char>(c)]; }) &&
        acceptable(rule, word, line_before(text, j))) {
      hit = {j, 0, std::string(word)};
      seen.until = k;
      return true;
    }
    j = k;
  }
  seen.until = std::max(j, after);
  return false;
}

bool Scanner::match(const Rule& rule, std::string_view anchor, std::string_view text, std::size_t at, Scanned& seen, Hit& hit) const {
  const std::size_t after = at + anchor.size();
  switch (rule.kind) {
    case RuleKind::prefix: {
      if (word_before(text, at)) return false;
      const std::size_t end = run_end(text, after, after + rule.max_length + 1, *rule.alphabet);
      const std::size_t len = end - after;
      if (len < rule.min_length || len > rule.max_length) return false;
      if (!acceptable(rule, text.substr(after, len), {}) || is_example(text.substr(at, end - at))) return false;
      hit = {at, 0, std::string(text.substr(at, end - at))};
      return true;
    }
    case RuleKind::keyword:
      return match_keyword(rule, text, after, seen, hit);
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
      const std::size_t end = run_end(text, j, j + rule.max_length + 1, *rule.alphabet);
      const std::size_t len = end - j;
      if (len < rule.min_length || len > rule.max_length) return false;
      if (end < text.size() && (text[end] == '(' || text[end] == '[')) return false;  // code, not a value
      if (!acceptable(rule, text.substr(j, len), line_before(text, j))) return false;
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
        if (is_base64(c))
          ++b64;
        else if (!std::isspace(c))
          ++other;
      }
      // Mostly base64 (a few "Proc-Type:" header or "\n" escape characters are fine); "..." in docs is not.
      if (b64 < rule.min_length || other * 10 > b64) return false;
      hit = {at, 0, std::string(text.substr(at, anchor.size()))};
      return true;
    }
    case RuleKind::url_password:
      return match_url_password(rule, text, at, after, hit);
  }
  return false;
}

namespace {

/// raw_pair_key() of the two bytes at p, in one 16-bit load.
inline unsigned load_pair(const unsigned char* p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return raw_pair_key(p[0], p[1]);
#else
  std::uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
#endif
}

/// The first position from `i` where an anchor may start (n - 1 if none): its two bytes have their bit
/// in the pair filter and, unless some anchor is shorter, its three bytes theirs in the triple filter.
/// The one loop every byte goes through, kept apart (and unrolled) so that it stays a few instructions a byte.
[[gnu::noinline]] std::size_t next_candidate(const unsigned char* d, std::size_t i, std::size_t n, const AnchorFilter& filter) {
  const std::uint64_t* pairs = filter.pairs.data();
  const auto pair = [pairs](const unsigned char* p) {
    const unsigned key = load_pair(p);
    return (pairs[key >> 6] >> (key & 63)) & 1u;
  };
  // A pair passes at about one byte in ten of prose; most of those fail the triple filter right here.
  const unsigned char* last = d + n - 1;  // a pair starts before it
  const auto candidate = [&](const unsigned char* p) {
    return !filter.use_triples || (p + 1 < last && test_bit(filter.triples, triple_key(p[0], p[1], p[2])));
  };
  if (n < 2) return n == 0 ? 0 : n - 1;
  const unsigned char* p = d + i;
  for (; p + 4 <= last; p += 4) {
    if (pair(p) && candidate(p)) return static_cast<std::size_t>(p - d);
    if (pair(p + 1) && candidate(p + 1)) return static_cast<std::size_t>(p + 1 - d);
    if (pair(p + 2) && candidate(p + 2)) return static_cast<std::size_t>(p + 2 - d);
    if (pair(p + 3) && candidate(p + 3)) return static_cast<std::size_t>(p + 3 - d);
  }
  for (; p < last; ++p) {
    if (pair(p) && candidate(p)) return static_cast<std::size_t>(p - d);
  }
  return n - 1;
}

}  // namespace

void Scanner::scan_text(std::string_view text, std::vector<Hit>& hits) const {
  const auto* d = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  const AnchorFilter& filter = *m_index.filter;
  const Span<AnchorCandidate> candidates = m_index.candidates;
  std::vector<Scanned> seen(m_rules.rules.size());
  for (std::size_t i = next_candidate(d, 0, n, filter); i + 1 < n; i = next_candidate(d, i + 1, n, filter)) {
    const unsigned key = pair_key(d[i], d[i + 1]);
    const auto first =
        std::lower_bound(candidates.begin(), candidates.end(), key, [](const AnchorCandidate& c, unsigned k) { return c.pair < k; });
    for (auto c = first; c != candidates.end() && c->pair == key; ++c) {
      const Rule& rule = m_rules.rules[c->rule];
      const std::string_view anchor = rule.anchors[c->anchor];
      if (!anchor_at(text, i, anchor, rule.case_insensitive)) continue;
      Hit hit;
      if (match(rule, anchor, text, i, seen[c->rule], hit)) {
        hit.rule = c->rule;
        hits.push_back(std::move(hit));
      }
    }
  }
}

bool Scanner::allowed(std::string_view line) const {
  if (!m_rules.allow_marker.empty() && line.find(m_rules.allow_marker) != std::string_view::npos) return true;
  return std::any_of(m_rules.extra_allow_markers.begin(), m_rules.extra_allow_markers.end(),
                     [&](std::string_view m) { return !m.empty() && line.find(m) != std::string_view::npos; });
}

void Scanner::report(std::string_view path, std::string_view text, std::vector<Hit>& hits, std::vector<Finding>& out) const {
  // The first rule (in file order) to claim a value wins; a value inside another one is the same secret.
  std::sort(hits.begin(), hits.end(),
            [](const Hit& a, const Hit& b) { return a.offset != b.offset ? a.offset < b.offset : a.rule < b.rule; });
  std::size_t line = 1, counted = 0, claimed_until = 0;
  for (const Hit& hit : hits) {
    if (hit.offset < claimed_until) continue;
    claimed_until = hit.offset + std::max<std::size_t>(hit.value.size(), 1);
    line += static_cast<std::size_t>(
        std::count(text.begin() + static_cast<std::ptrdiff_t>(counted), text.begin() + static_cast<std::ptrdiff_t>(hit.offset), '\n'));
    counted = hit.offset;
    const std::size_t bol = hit.offset == 0 ? 0 : text.rfind('\n', hit.offset - 1) + 1;
    const std::size_t eol = std::min(text.find('\n', hit.offset), text.size());
    if (allowed(text.substr(bol, eol - bol))) continue;
    const Rule& rule = m_rules.rules[hit.rule];
    out.push_back({std::string(path), line, std::string(rule.id), std::string(rule.description), redact(hit.value),
                   std::string(rule.description_zh)});
  }
}

void Scanner::scan_joined(std::string_view path, std::string_view text, std::vector<Finding>& out) const {
  // A key split into literals ("ghp_ab" + "cd…") is found on the joined line, unless already found there.
  // Only lines with a '+' can be joined: they are found with memchr, not line by line.
  std::size_t line = 1, counted = 0;
  for (std::size_t from = 0; from < text.size();) {
    const void* plus = std::memchr(text.data() + from, '+', text.size() - from);
    if (plus == nullptr) break;
    const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(plus) - text.data());
    const std::size_t bol = at == 0 ? 0 : text.rfind('\n', at - 1) + 1;  // npos + 1 == 0: the first line
    const std::size_t eol = std::min(text.find('\n', at), text.size());
    from = eol + 1;
    line += static_cast<std::size_t>(
        std::count(text.begin() + static_cast<std::ptrdiff_t>(counted), text.begin() + static_cast<std::ptrdiff_t>(bol), '\n'));
    counted = bol;
    const auto joined = joined_literals(text.substr(bol, eol - bol));
    if (!joined) continue;
    std::vector<Hit> hits;
    scan_text(*joined, hits);
    std::vector<Finding> found;
    report(path, *joined, hits, found);
    if (found.empty()) continue;
    // The joined line holds everything the line did, pieces put back together: its findings replace the
    // line's (a piece of a key alone may have looked like another, weaker kind of key).
    out.erase(std::remove_if(out.begin(), out.end(), [&](const Finding& o) { return o.line == line; }), out.end());
    for (auto& f : found) {
      f.line = line;
      out.push_back(std::move(f));
    }
  }
}

std::vector<Finding> Scanner::scan_content(std::string_view path, std::string_view content) const {
  std::vector<Finding> out;
  std::string decoded;
  std::string_view text = content;
  // UTF-16 has a BOM or NUL bytes near the start, and so has binary content: plain text (nearly every
  // file) costs one memchr here.
  const bool bom16 = content.size() >= 2 && ((byte_at(content, 0) == 0xFF && byte_at(content, 1) == 0xFE) ||
                                             (byte_at(content, 0) == 0xFE && byte_at(content, 1) == 0xFF));
  const bool nul = std::memchr(content.data(), '\0', std::min(content.size(), k_binary_probe)) != nullptr;
  if (bom16 || nul) {
    if (auto utf16 = utf16_text(content)) {
      decoded = std::move(*utf16);
      text = decoded;
    } else if (nul) {
      decoded = printable_runs(content);  // binary: only its printable runs can hold a key
      text = decoded;
    }
  }
  if (ends_with_folded(path, ".ipynb")) {
    decoded = notebook_text(text);
    text = decoded;
  }
  std::vector<Hit> hits;
  scan_text(text, hits);
  report(path, text, hits, out);
  scan_joined(path, text, out);
  std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) { return a.line < b.line; });
  return out;
}

std::vector<Finding> Scanner::scan_path(std::string_view path) const {
  const std::size_t slash = path.find_last_of("/\\");
  const std::string name = util::to_lower(slash == std::string_view::npos ? path : path.substr(slash + 1));
  std::vector<Finding> out;
  for (const auto& rule : m_rules.path_rules) {
    const auto matches = [&](Span<std::string_view> globs) {
      return std::any_of(globs.begin(), globs.end(), [&](std::string_view g) { return glob_match(g, name); });
    };
    if (!matches(rule.exceptions) && matches(rule.patterns)) {
      out.push_back({std::string(path), 0, std::string(rule.id), std::string(rule.description), "", std::string(rule.description_zh)});
      break;
    }
  }
  // A key can be a file or folder name too (tokens/ghp_….txt): the path is scanned like a line of text.
  std::vector<Hit> hits;
  scan_text(path, hits);
  std::vector<Finding> in_name;
  report(path, path, hits, in_name);
  for (auto& f : in_name) {
    f.line = 0;
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<Finding> Scanner::scan(std::string_view path, std::string_view content) const {
  auto out = scan_path(path);
  auto more = scan_content(path, content);
  out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
  return out;
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
  // Counts, then each distinct byte once in order of appearance (its count cleared once used): no pass
  // over all 256 counts, since this runs for every candidate value.
  std::array<std::uint32_t, 256> counts{};
  for (const char c : text) ++counts[static_cast<unsigned char>(c)];
  double h = 0.0;
  const double n = static_cast<double>(text.size());
  for (const char c : text) {
    std::uint32_t& count = counts[static_cast<unsigned char>(c)];
    if (count == 0) continue;
    const double p = static_cast<double>(count) / n;
    h -= p * std::log2(p);
    count = 0;
  }
  return h;
}

}  // namespace pdo::secrets
