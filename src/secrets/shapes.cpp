// Decoding before scanning. Each function is one linear pass; the scanner calls them only when the
// content needs it (a BOM or NUL byte near the start, a '+' between quotes on a line).
#include "secrets/shapes.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cstring>

namespace pdo::secrets {

namespace {

constexpr std::size_t k_probe = 8000;

inline unsigned byte(std::string_view s, std::size_t i) { return static_cast<unsigned char>(s[i]); }

std::string decode_utf16(std::string_view data, bool big_endian) {
  std::string out;
  out.reserve(data.size() / 2 + 16);
  const auto unit = [&](std::size_t i) {
    return big_endian ? byte(data, i) << 8 | byte(data, i + 1) : byte(data, i + 1) << 8 | byte(data, i);
  };
  for (std::size_t i = 0; i + 1 < data.size(); i += 2) {
    unsigned cp = unit(i);
    if (cp >= 0xD800 && cp <= 0xDBFF && i + 3 < data.size()) {
      const unsigned low = unit(i + 2);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        i += 2;
      } else {
        cp = '?';
      }
    } else if (cp >= 0xD800 && cp <= 0xDFFF) {
      cp = '?';
    }
    if (cp > 0 && cp < 0x80) {
      out += static_cast<char>(cp);  // nearly every unit of a text file
    } else {
      util::append_utf8(out, cp == 0 ? ' ' : cp);
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> utf16_text(std::string_view content) {
  if (content.size() < 2) return std::nullopt;
  if (byte(content, 0) == 0xFF && byte(content, 1) == 0xFE) return decode_utf16(content.substr(2), false);
  if (byte(content, 0) == 0xFE && byte(content, 1) == 0xFF) return decode_utf16(content.substr(2), true);
  // No BOM: ASCII-heavy UTF-16 has a NUL in (nearly) every high byte and (nearly) none in the low bytes.
  const std::size_t n = std::min(content.size(), k_probe) & ~std::size_t{1};
  if (n < 4) return std::nullopt;
  std::size_t even_nul = 0, odd_nul = 0;
  for (std::size_t i = 0; i < n; i += 2) {
    even_nul += content[i] == '\0';
    odd_nul += content[i + 1] == '\0';
  }
  const std::size_t units = n / 2;
  if (odd_nul * 10 >= units * 7 && even_nul * 20 <= units) return decode_utf16(content, false);
  if (even_nul * 10 >= units * 7 && odd_nul * 20 <= units) return decode_utf16(content, true);
  return std::nullopt;
}

std::string printable_runs(std::string_view content, std::size_t min_run) {
  std::string out(content);
  const auto printable = [](unsigned c) { return (c >= 0x20 && c != 0x7F) || c == '\t' || c == '\r'; };
  std::size_t start = 0;
  for (std::size_t i = 0; i <= out.size(); ++i) {
    if (i < out.size() && printable(byte(out, i))) continue;
    if (i - start < min_run) std::fill(out.begin() + static_cast<std::ptrdiff_t>(start), out.begin() + static_cast<std::ptrdiff_t>(i), ' ');
    if (i < out.size() && out[i] != '\n') out[i] = ' ';
    start = i + 1;
  }
  return out;
}

std::optional<std::string> joined_literals(std::string_view line) {
  // A closing quote, blanks, an optional '+', blanks, an opening quote of the same kind: drop it all.
  std::string out;
  bool joined = false;
  std::size_t i = 0;
  while (i < line.size()) {
    const char q = line[i];
    if ((q == '"' || q == '\'') && i > 0) {
      std::size_t j = i + 1;
      while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
      const bool plus = j < line.size() && line[j] == '+';
      if (plus) ++j;
      while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
      if (plus && j < line.size() && line[j] == q && j > i + 1) {
        joined = true;
        i = j + 1;
        continue;
      }
    }
    out += line[i++];
  }
  if (!joined) return std::nullopt;
  return out;
}

}  // namespace pdo::secrets
