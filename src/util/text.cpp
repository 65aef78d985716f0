#include "util/text.hpp"

#include <algorithm>

namespace pdo::util {

std::string_view detect_eol(std::string_view text) {
  const auto nl = text.find('\n');
  if (nl != std::string_view::npos && nl > 0 && text[nl - 1] == '\r') return "\r\n";
  return "\n";
}

bool has_bom(std::string_view text) { return starts_with(text, k_bom); }

std::string with_eol(std::string_view lf_text, std::string_view eol) {
  if (eol == "\n") return std::string(lf_text);
  return replace_all(lf_text, "\n", eol);
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto nl = text.find('\n', start);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

std::string_view chomp(std::string_view line) {
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

std::string_view trim(std::string_view s) {
  const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::string to_lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; });
  return out;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string replace_all(std::string_view s, std::string_view from, std::string_view to) {
  std::string out;
  if (from.empty()) return std::string(s);
  std::size_t pos = 0;
  while (true) {
    const auto hit = s.find(from, pos);
    if (hit == std::string_view::npos) break;
    out.append(s.substr(pos, hit - pos));
    out.append(to);
    pos = hit + from.size();
  }
  out.append(s.substr(pos));
  return out;
}

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const auto hit = s.find(sep, start);
    parts.emplace_back(s.substr(start, hit == std::string_view::npos ? std::string_view::npos : hit - start));
    if (hit == std::string_view::npos) break;
    start = hit + 1;
  }
  return parts;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i) out.append(sep);
    out.append(parts[i]);
  }
  return out;
}

std::string pad2(int n) {
  std::string s = std::to_string(n);
  return s.size() < 2 ? "0" + s : s;
}

bool is_object_id(std::string_view s) {
  // A loop, not find_first_not_of: that makes a memchr call per character, and every pdo commit checks
  // hundreds of ids (its index receipts).
  return s.size() == 40 && std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

bool is_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

namespace {

/// The length of the well-formed UTF-8 character starting at s[i] (1 for ASCII); 0 where there is none
/// (a stray continuation byte, an overlong form, a surrogate, a character cut short).
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  if (b < 0x80) return 1;
  std::size_t n = 0;
  unsigned lo = 0x80, hi = 0xBF;  // the second byte's range
  if (b >= 0xC2 && b <= 0xDF) {
    n = 2;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3;
    lo = b == 0xE0 ? 0xA0 : lo;
    hi = b == 0xED ? 0x9F : hi;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4;
    lo = b == 0xF0 ? 0x90 : lo;
    hi = b == 0xF4 ? 0x8F : hi;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  const auto second = static_cast<unsigned char>(s[i + 1]);
  if (second < lo || second > hi) return 0;
  for (std::size_t k = 2; k < n; ++k) {
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  }
  return n;
}

void append_hex(std::string& out, std::string_view prefix, unsigned long value, int digits) {
  static const char* const hex = "0123456789abcdef";
  out += prefix;
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out += hex[(value >> shift) & 0xf];
}

}  // namespace

bool is_bidi_control(unsigned long cp) {
  return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

std::string escape_controls(std::string_view s, Breaks breaks) {
  std::string out;
  out.reserve(s.size());
  const auto plain = [&](unsigned char b) { return (b >= 0x20 && b < 0x7f) || (breaks == Breaks::keep && (b == '\n' || b == '\t')); };
  for (std::size_t i = 0; i < s.size();) {
    // A run of printable ASCII (and kept breaks) and of three-byte characters that are no control (leads
    // E3–EC, EE, EF: CJK among them; every bidi control is E2 or two bytes), nearly all pdo prints, is
    // copied whole.
    std::size_t end = i;
    while (end < s.size()) {
      const auto b = static_cast<unsigned char>(s[end]);
      if (plain(b)) {
        ++end;
        continue;
      }
      const auto cont = [&](std::size_t k) { return k < s.size() && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80; };
      if (b >= 0xE3 && b <= 0xEF && b != 0xED && cont(end + 1) && cont(end + 2)) {
        end += 3;
        continue;
      }
      break;
    }
    out.append(s.substr(i, end - i));
    if ((i = end) == s.size()) break;
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = utf8_length(s, i);
    if (n == 1) {
      const bool keep_break = breaks == Breaks::keep && (c == '\n' || c == '\t' || (c == '\r' && i + 1 < s.size() && s[i + 1] == '\n'));
      if ((c < 0x20 && !keep_break) || c == 0x7f) {
        append_hex(out, "\\x", c, 2);
      } else {
        out += static_cast<char>(c);
      }
      ++i;
      continue;
    }
    if (n == 0) {  // not UTF-8: a lone byte 0x9B is CSI to a terminal in 8-bit mode
      append_hex(out, "\\x", c, 2);
      ++i;
      continue;
    }
    std::size_t at = i;
    const unsigned long cp = next_code_point(s, at);
    if (cp <= 0x9F || is_bidi_control(cp)) {
      append_hex(out, "\\u", cp, 4);  // C1 (CSI is U+009B) or a bidirectional control
    } else {
      out.append(s.substr(i, n));
    }
    i += n;
  }
  return out;
}

std::size_t utf8_cut_tail(std::string_view s) {
  // A lead byte in the last three bytes whose character needs more bytes than follow it, with only
  // continuation bytes after it.
  for (std::size_t back = 1; back <= 3 && back <= s.size(); ++back) {
    const auto b = static_cast<unsigned char>(s[s.size() - back]);
    if ((b & 0xC0) == 0x80) continue;
    const std::size_t need = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

std::optional<std::string> forbidden_char(std::string_view s, bool prose) {
  static const char* const hex = "0123456789ABCDEF";
  const auto byte = [&](unsigned char b) { return std::string("\\x") + hex[b >> 4] + hex[b & 0xf]; };
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      const bool text = b >= 0x20 ? b != 0x7f : prose && (b == '\n' || b == '\t' || b == '\r');
      if (!text) return "U+00" + std::string{hex[b >> 4], hex[b & 0xf]};
      ++i;
      continue;
    }
    // A well-formed sequence: its length from the lead, continuation bytes 10xxxxxx, the shortest form,
    // no surrogate, at most U+10FFFF.
    const std::size_t n = (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) return byte(b);
    unsigned long cp = b & (0x7Fu >> n);
    for (std::size_t k = 1; k < n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xC0) != 0x80) return byte(b);
      cp = (cp << 6) | (c & 0x3Fu);
    }
    static constexpr unsigned long k_least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < k_least[n] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return byte(b);
    if (cp <= 0x9F || is_bidi_control(cp) || cp == 0x2028 || cp == 0x2029) {
      std::string out = "U+";
      for (int shift = 12; shift >= 0; shift -= 4) out += hex[(cp >> shift) & 0xf];
      return out;
    }
    i += n;
  }
  return std::nullopt;
}

unsigned long next_code_point(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 1;
  if (n == 1 || i + n > s.size()) {
    ++i;
    return b;
  }
  unsigned long cp = b & (0x7Fu >> n);
  for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
  i += n;
  return cp;
}

bool is_wide(unsigned long cp) {
  return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
         (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
         (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD);
}

std::size_t display_width(std::string_view s) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < s.size();) width += is_wide(next_code_point(s, i)) ? 2u : 1u;
  return width;
}

std::string excerpt(std::string_view s, std::size_t max_bytes, std::string_view more) {
  if (s.size() <= max_bytes) return std::string(s);
  std::size_t end = 0;
  for (std::size_t next = 0;;) {  // s is longer than max_bytes, so next stays inside it
    next_code_point(s, next);
    if (next > max_bytes) break;
    end = next;
  }
  return std::string(s.substr(0, end)).append(more);
}

void append_utf8(std::string& out, unsigned long cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x110000) {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace pdo::util
