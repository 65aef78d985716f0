// The scanning engine. One pass over the bytes: a 64K table of folded two-byte anchor starts tells in
// one lookup whether any rule's anchor can begin here; only then are the (few) candidate rules checked
// by hand-written shape tests. No std::regex: it is far too slow for hundreds of MB.
#include "secrets/scanner.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#include "secrets/candidates.hpp"
#include "secrets/examples.hpp"
#include "secrets/formats.hpp"
#include "secrets/shapes.hpp"
#include "secrets/values.hpp"
#include "util/text.hpp"

namespace pdo::secrets {

namespace {

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

/// The text of the line before `pos`, at most 120 bytes of it (a one-line file must not cost O(n) per hit).
std::string_view line_before(std::string_view text, std::size_t pos) {
  const std::size_t from = pos > 120 ? pos - 120 : 0;
  const std::string_view window = text.substr(from, pos - from);
  const std::size_t nl = window.rfind('\n');
  return nl == std::string_view::npos ? window : window.substr(nl + 1);
}

/// The name a value is assigned to, from the text before it: AZURE_TENANT_ID in `AZURE_TENANT_ID="`.
std::string_view name_before(std::string_view before) {
  std::size_t end = before.size();
  while (end > 0 && std::strchr(" \t\"'=:>", before[end - 1]) != nullptr) --end;
  std::size_t start = end;
  while (start > 0 && (is_word(byte_at(before, start - 1)) || before[start - 1] == '-' || before[start - 1] == '.')) --start;
  return before.substr(start, end - start);
}

std::size_t run_end(std::string_view text, std::size_t from, std::size_t limit, const Alphabet& alphabet) {
  std::size_t end = from;
  const std::size_t stop = std::min(text.size(), limit);
  while (end < stop && alphabet[byte_at(text, end)]) ++end;
  return end;
}

/// The most spaces and line feeds any anchor starts with; npos if an anchor is nothing else.
std::size_t blank_lead(Span<Rule> rules) {
  std::size_t lead = 0;
  for (const Rule& rule : rules) {
    for (const std::string_view anchor : rule.anchors) {
      const std::size_t first = anchor.find_first_not_of(" \n");
      if (first == std::string_view::npos) return std::string_view::npos;
      lead = std::max(lead, first);
    }
  }
  return lead;
}

}  // namespace

Scanner::Scanner(const RuleSet& rules) : m_rules(rules), m_blank_lead(blank_lead(rules.rules)) {
  auto own = std::make_unique<OwnIndex>();
  own->candidates.resize(anchor_count(rules.rules));
  build_anchor_index(rules.rules, own->filter, own->candidates.data());
  m_index = {&own->filter, {own->candidates.data(), own->candidates.size()}};
  m_own = std::move(own);
}

Scanner::Scanner(const RuleSet& rules, AnchorIndex index) : m_rules(rules), m_index(index), m_blank_lead(blank_lead(rules.rules)) {}

bool Scanner::acceptable(const Rule& rule, std::string_view value, std::string_view text, std::size_t at) const {
  const std::string_view before = rule.kind == RuleKind::prefix ? std::string_view{} : line_before(text, at);
  if (rule.require_random) {
    if (!looks_random(value)) return false;
    // A value named as a hash (sha256=, md5, hash_key, checksum, a git revision) is a hash.
    if (names_a_hash(before)) return false;
  }
  // Hex carries at most 4 bits a character (a random 32-digit value averages ~3.7): a lower bar for it.
  const double need = rule.require_random && all_hex(value) ? std::min(rule.min_entropy, 3.0) : rule.min_entropy;
  if (need > 0 && shannon_entropy(value) < need) return false;
  if (is_example(value) || is_public(value, before)) return false;
  // A prefix rule's check reads the whole key, its prefix included (match() calls it).
  if (rule.kind != RuleKind::prefix && !passes_check(rule.check, value, text.substr(std::min(text.size(), at + value.size()))))
    return false;
  const bool own_prefix = rule.kind == RuleKind::prefix && !rule.generic_prefix;
  return own_prefix || rule.kind == RuleKind::private_key || !in_example(text, at, m_rules.example_context);
}

bool Scanner::is_public(std::string_view value, std::string_view before) const {
  for (const std::string_view p : m_rules.public_prefixes) {
    if (util::starts_with(value, p)) return true;
  }
  if (m_rules.public_id_names.empty() || !(all_hex(value) || uuid_shaped(value))) return false;
  const std::string_view name = name_before(before);
  return std::any_of(m_rules.public_id_names.begin(), m_rules.public_id_names.end(),
                     [&](std::string_view word) { return contains_lower(name, word); });
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
  const std::string_view raw = text.substr(colon + 1, at_sign - colon - 1);
  const std::string password = percent_decoded(raw);  // "he%2F%2Fo" in pip's docs is five letters
  if (password.size() < rule.min_length || placeholder_password(user, password) || is_example(password)) return false;
  if (!passes_check(rule.check, password, {}) || (rule.check != ValueCheck::none && in_example(text, at, m_rules.example_context)))
    return false;
  // The finding is the password: a key with its own rule (glpat-… in a git remote) is reported by that rule.
  hit = {colon + 1, {}, std::string(raw)};
  return true;
}

bool Scanner::match_argument(const Rule& rule, std::string_view text, std::size_t after, Hit& hit) const {
  // A command-line argument after its option (sshpass -p 'pw', -p"pw"): quoted up to its closing quote,
  // else up to a blank.
  std::size_t j = after;
  while (j < text.size() && is_blank(byte_at(text, j))) ++j;
  const char quote = j < text.size() && (text[j] == '\'' || text[j] == '"') ? text[j] : '\0';
  if (quote != '\0') ++j;
  const std::size_t end = run_end(text, j, j + rule.max_length + 1, *rule.alphabet);
  const std::size_t len = end - j;
  if (len < rule.min_length || len > rule.max_length) return false;
  if (quote != '\0' ? end >= text.size() || text[end] != quote : end < text.size() && !std::isspace(byte_at(text, end))) return false;
  if (!acceptable(rule, text.substr(j, len), text, j)) return false;
  hit = {j, {}, std::string(text.substr(j, len))};
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
        acceptable(rule, word, text, j)) {
      hit = {j, {}, std::string(word)};
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
      if (!acceptable(rule, text.substr(after, len), text, after) || is_example(text.substr(at, end - at))) return false;
      if (!passes_check(rule.check, text.substr(at, end - at), text.substr(end))) return false;
      hit = {at, {}, std::string(text.substr(at, end - at))};
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
      if (!acceptable(rule, text.substr(j, len), text, j)) return false;
      hit = {j, {}, std::string(text.substr(j, len))};
      return true;
    }
    case RuleKind::argument:
      return match_argument(rule, text, after, hit);
    case RuleKind::private_key: {
      // PEM's "-----BEGIN … -----" and SSH.com's "---- BEGIN … ----": the header ends at its dashes.
      const std::size_t dashes = text.substr(after, k_pem_header_max).find("----");
      if (dashes == std::string_view::npos) return false;
      const std::size_t header_end = after + dashes;
      if (text.substr(at, header_end - at).find(rule.header_contains) == std::string_view::npos) return false;
      std::size_t body = header_end;
      while (body < text.size() && text[body] == '-') ++body;
      const std::string_view window = text.substr(0, std::min(text.size(), body + k_pem_body_max));
      const std::size_t end = std::min(window.find("-----END", body), window.find("---- END", body));
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
      hit = {at, {}, std::string(text.substr(at, anchor.size()))};
      return true;
    }
    case RuleKind::url_password:
      return match_url_password(rule, text, at, after, hit);
  }
  return false;
}

void Scanner::scan_range(std::string_view text, std::size_t from, std::size_t to, Rules which, std::vector<Scanned>& seen,
                         std::vector<Hit>& hits) const {
  const auto* d = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  const AnchorFilter& filter = *m_index.filter;
  const Span<AnchorCandidate> candidates = m_index.candidates;
  to = std::min(to, n - 1);  // a pair starts before the last byte
  std::size_t found[k_candidate_batch];
  for (std::size_t at = from; at < to;) {
    const std::size_t count = find_candidates(d, n, at, to, filter, found);
    for (std::size_t f = 0; f < count; ++f) {
      const std::size_t i = found[f];
      const unsigned key = pair_key(d[i], d[i + 1]);
      const auto first =
          std::lower_bound(candidates.begin(), candidates.end(), key, [](const AnchorCandidate& c, unsigned k) { return c.pair < k; });
      for (auto c = first; c != candidates.end() && c->pair == key; ++c) {
        const Rule& rule = m_rules.rules[c->rule];
        if (which == Rules::key_shaped && rule.kind != RuleKind::prefix && rule.kind != RuleKind::private_key) continue;
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
}

void Scanner::scan_text(std::string_view text, std::vector<Hit>& hits, Rules which, const std::vector<TextRange>* runs) const {
  if (text.size() < 2) return;
  std::vector<Scanned> seen(m_rules.rules.size());
  if (runs == nullptr || m_blank_lead == std::string_view::npos) {
    scan_range(text, 0, text.size(), which, seen, hits);
    return;
  }
  // Outside the runs there are only spaces and line feeds, so an anchor starts in a run or at most
  // m_blank_lead bytes before one (the blank of " key"); the match itself reads the whole text.
  std::size_t done = 0;
  for (const TextRange& run : *runs) {
    const std::size_t from = std::max(done, run.begin > m_blank_lead ? run.begin - m_blank_lead : 0);
    scan_range(text, from, run.end, which, seen, hits);
    done = std::max(done, run.end);
  }
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
