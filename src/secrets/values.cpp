// The heuristics behind "random-looking". Each one is a cheap count over a short value; they run only
// after an anchor and an alphabet matched, so they cost nothing on ordinary text.
#include "secrets/values.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace pdo::secrets {

namespace {

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
inline bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
inline bool is_letter(char c) { return is_lower(c) || is_upper(c); }
inline bool is_vowel(char c) {
  switch (c | 0x20) {
    case 'a':
    case 'e':
    case 'i':
    case 'o':
    case 'u':
      return true;
    default:
      return false;
  }
}
inline bool is_separator(char c) { return c == '.' || c == '_' || c == '-' || c == '/' || c == '\\' || c == ':' || c == '+'; }

double vowel_share(std::string_view s) {
  const auto vowels = std::count_if(s.begin(), s.end(), is_vowel);
  return s.empty() ? 0.0 : static_cast<double>(vowels) / static_cast<double>(s.size());
}

/// A part of a name: short, a number, or letters that read like a word (random letters have ~19 % vowels).
bool word_like(std::string_view part) {
  if (part.size() <= 5) return true;
  if (std::all_of(part.begin(), part.end(), is_digit)) return true;
  if (std::all_of(part.begin(), part.end(), is_letter)) {
    // GLYPHCLASS, Tokenizer: one case (or a capital then lower case) reads as a word; keys mix cases.
    const bool one_case = std::all_of(part.begin(), part.end(), is_upper) || std::all_of(part.begin() + 1, part.end(), is_lower);
    return part.size() <= 8 || vowel_share(part) >= 0.25 || (one_case && part.size() <= 12);
  }
  // Letters and digits in at most three runs (n01440764, resnet50, layer12b) name things; keys alternate.
  if (!std::all_of(part.begin(), part.end(), [](char c) { return is_digit(c) || is_letter(c); })) return false;
  std::size_t runs = 1;
  for (std::size_t i = 1; i < part.size(); ++i) runs += is_digit(part[i]) != is_digit(part[i - 1]);
  return runs <= 3 && part.size() <= 12;
}

/// Lower-case letters only and random: few vowels (English words and names have ~40 %).
bool random_lowercase(std::string_view value) {
  if (value.size() < 16 || !std::all_of(value.begin(), value.end(), is_lower)) return false;
  std::array<int, 26> seen{};
  for (const char c : value) ++seen[static_cast<std::size_t>(c - 'a')];
  const auto distinct = std::count_if(seen.begin(), seen.end(), [](int n) { return n > 0; });
  return vowel_share(value) < 0.25 && static_cast<std::size_t>(distinct) * 2 >= std::min<std::size_t>(value.size(), 26);
}

/// The longest run of upper-case letters and digits with both in it: MODEL_V2 names have few and short
/// ones, a random upper-case key (20 characters: a Huawei Cloud AK) is one. A capital before a lower-case
/// letter starts the next word (Model2024…Weights), as in made_of_words: it ends the run.
std::size_t longest_upper_digit_run(std::string_view value) {
  std::size_t longest = 0, run = 0;
  bool digit = false, upper = false;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    const bool starts_word = is_upper(c) && i + 1 < value.size() && is_lower(value[i + 1]);
    if ((is_upper(c) || is_digit(c)) && !starts_word) {
      run = run + 1;
      digit = digit || is_digit(c);
      upper = upper || is_upper(c);
      if (digit && upper) longest = std::max(longest, run);
    } else {
      run = 0;
      digit = upper = false;
    }
  }
  return longest;
}

/// CamelCase, snake_case and C++ identifiers read as words: split at separators, letter/digit changes,
/// lower-to-upper and ACRONYMWord boundaries, the parts are few digit runs, hardly any one- or two-letter
/// pieces, and words (long ones with vowels). Random keys split into many one- and two-character pieces
/// and digit runs; a random upper-case key is one long run of capitals and digits.
bool made_of_words(std::string_view value) {
  if (longest_upper_digit_run(value) >= 18) return false;  // names keep such runs shorter (X509V3CERTIFICATE)
  std::size_t digit_runs = 0, shorts = 0, letter_words = 0, letters = 0;
  std::size_t i = 0;
  while (i < value.size()) {
    if (is_separator(value[i])) {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    if (is_digit(value[i])) {
      while (j < value.size() && is_digit(value[j])) ++j;
      ++digit_runs;
    } else if (is_letter(value[i])) {
      if (is_upper(value[i]) && j < value.size() && is_upper(value[j])) {
        while (j < value.size() && is_upper(value[j]) && !(j + 1 < value.size() && is_lower(value[j + 1]))) ++j;  // ACRONYM
      } else {
        while (j < value.size() && is_lower(value[j])) ++j;  // Word or word
      }
      const std::string_view word = value.substr(i, j - i);
      if (word.size() <= 2) ++shorts;
      if (word.size() > 12 && vowel_share(word) < 0.3) return false;
      if (word.size() > 6 && vowel_share(word) < 0.15) return false;
      ++letter_words;
      letters += word.size();
    } else {
      return false;  // + = ~ and the like: not an identifier
    }
    i = j;
  }
  return letter_words > 0 && digit_runs <= 2 && shorts <= 2 && letters >= 3 * letter_words;
}

/// A file's name: an extension of two to four lower-case letters (tofu-BC15C85A-1.txt in gnupg's
/// changelog, after "…-secret.asc,"). Random keys have no '.' or a long part after it.
bool file_name(std::string_view value) {
  const std::size_t dot = value.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return false;
  const std::string_view extension = value.substr(dot + 1);
  return extension.size() >= 2 && extension.size() <= 4 && std::all_of(extension.begin(), extension.end(), is_lower);
}

}  // namespace

bool all_hex(std::string_view value) {
  return !value.empty() &&
         std::all_of(value.begin(), value.end(), [](char c) { return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); });
}

bool uuid_shaped(std::string_view v) {
  if (v.size() != 36) return false;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash != (v[i] == '-') || (!dash && !all_hex(v.substr(i, 1)))) return false;
  }
  return true;
}

bool looks_like_name(std::string_view value) {
  if (uuid_shaped(value)) return false;  // an id, whatever its parts look like (16529759-6446-909b-…)
  if (made_of_words(value) || file_name(value)) return true;
  std::size_t parts = 0, start = 0;
  for (std::size_t i = 0; i <= value.size(); ++i) {
    if (i < value.size() && !is_separator(value[i])) continue;
    const std::string_view part = value.substr(start, i - start);
    start = i + 1;
    if (part.empty()) continue;
    if (!word_like(part)) return false;
    ++parts;
  }
  // One part is a single word, not a name made of parts: the other tests judge it.
  return parts >= 2 || (parts == 1 && value.find_first_of("._-/\\:+") != std::string_view::npos);
}

bool looks_random(std::string_view value) {
  if (looks_like_name(value)) return false;
  if (random_lowercase(value)) return true;
  bool digit = false, upper = false, letter = false;
  std::size_t run = 0, longest = 0;
  for (const char c : value) {
    digit = digit || is_digit(c);
    upper = upper || is_upper(c);
    letter = letter || is_letter(c);
    run = is_lower(c) ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  if (all_hex(value)) return digit && letter;
  return (digit && letter) || (upper && longest > 0 && longest < 6);
}

bool names_a_hash(std::string_view text_before) {
  // revision / commit: a git revision ("revision=\"e7da7f2…\"" next to AutoTokenizer) is a hash too.
  static constexpr std::array<std::string_view, 14> k_words{"hash",     "sha1",   "sha2",  "sha3", "sha-",        "sha_",     "md5",
                                                            "checksum", "digest", "crc32", "etag", "fingerprint", "revision", "commit"};
  // One pass over the (at most 120) bytes, trying only the words that start with each letter: this runs
  // for every random-looking value, so it must not copy the line.
  static constexpr std::array<bool, 256> k_first = [] {
    std::array<bool, 256> t{};
    for (const std::string_view w : k_words) t[static_cast<unsigned char>(w[0])] = true;
    return t;
  }();
  const std::string_view s = text_before.substr(text_before.size() > 120 ? text_before.size() - 120 : 0);
  const auto lower = [](char c) { return static_cast<char>(is_upper(c) ? c + 32 : c); };
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = lower(s[i]);
    if (!k_first[static_cast<unsigned char>(c)]) continue;
    for (const std::string_view w : k_words) {
      if (w[0] != c || s.size() - i < w.size()) continue;
      std::size_t k = 1;
      while (k < w.size() && lower(s[i + k]) == w[k]) ++k;
      if (k == w.size()) return true;
    }
  }
  return false;
}

}  // namespace pdo::secrets
