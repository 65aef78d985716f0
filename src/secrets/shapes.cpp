// Decoding before scanning. Each function is one linear pass; the scanner calls them only when the
// content needs it (gzip's magic bytes, a BOM or NUL byte near the start, a CR, a configuration file).
#include "secrets/shapes.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>

#include "secrets/formats.hpp"
#include "util/text.hpp"

namespace pdo::secrets {

namespace {

constexpr std::size_t k_probe = 8000;
constexpr std::size_t k_max_base64_out = 64 * 1024;

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

std::optional<std::string> utf32_text(std::string_view content) {
  if (content.size() < 4) return std::nullopt;
  bool big = false;
  std::size_t skip = 0;
  if (content.compare(0, 4, std::string_view("\xFF\xFE\0\0", 4)) == 0) {
    skip = 4;
  } else if (content.compare(0, 4, std::string_view("\0\0\xFE\xFF", 4)) == 0) {
    big = true;
    skip = 4;
  } else {
    // No BOM: ASCII-heavy UTF-32 has three NUL bytes in (nearly) every unit, and the fourth one set.
    const std::size_t n = std::min(content.size(), k_probe) & ~std::size_t{3};
    std::size_t le = 0, be = 0;
    for (std::size_t i = 0; i < n; i += 4) {
      const bool high3 = content[i + 1] == '\0' && content[i + 2] == '\0' && content[i + 3] == '\0';
      const bool low3 = content[i] == '\0' && content[i + 1] == '\0' && content[i + 2] == '\0';
      le += high3 && content[i] != '\0';
      be += low3 && content[i + 3] != '\0';
    }
    const std::size_t units = n / 4;
    if (units == 0 || (le * 10 < units * 7 && be * 10 < units * 7)) return std::nullopt;
    big = be > le;
  }
  std::string out;
  out.reserve((content.size() - skip) / 4 + 16);
  for (std::size_t i = skip; i + 3 < content.size(); i += 4) {
    const unsigned cp = big ? byte(content, i) << 24 | byte(content, i + 1) << 16 | byte(content, i + 2) << 8 | byte(content, i + 3)
                            : byte(content, i + 3) << 24 | byte(content, i + 2) << 16 | byte(content, i + 1) << 8 | byte(content, i);
    if (cp > 0 && cp < 0x80) {
      out += static_cast<char>(cp);
    } else {
      util::append_utf8(out, cp == 0 ? ' ' : (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) ? '?' : cp);
    }
  }
  return out;
}

std::optional<std::string> gunzip(std::string_view content, std::size_t max_out) {
  if (content.size() < 18 || byte(content, 0) != 0x1F || byte(content, 1) != 0x8B) return std::nullopt;
  z_stream z{};
  if (inflateInit2(&z, 15 + 16) != Z_OK) return std::nullopt;
  std::string out;
  std::array<char, 1 << 16> buffer;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(content.data()));  // zlib's API is not const; it only reads
  z.avail_in = static_cast<uInt>(std::min<std::size_t>(content.size(), std::numeric_limits<uInt>::max()));
  int rc = Z_OK;
  while (rc != Z_STREAM_END || z.avail_in > 0) {
    if (rc == Z_STREAM_END) {
      // Another member follows (cat a.gz b.gz): git and gzip read them as one stream.
      if (z.avail_in < 18 || z.next_in[0] != 0x1F || z.next_in[1] != 0x8B || inflateReset(&z) != Z_OK) break;
    }
    z.next_out = reinterpret_cast<Bytef*>(buffer.data());
    z.avail_out = static_cast<uInt>(buffer.size());
    rc = inflate(&z, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END) break;
    out.append(buffer.data(), buffer.size() - z.avail_out);
    if (out.size() >= max_out) {
      out.resize(max_out);
      break;
    }
    if (rc == Z_OK && z.avail_in == 0 && z.avail_out != 0) break;  // truncated: what came out is scanned
  }
  inflateEnd(&z);
  if (out.empty()) return std::nullopt;
  return out;
}

std::optional<std::string> lone_cr_as_lf(std::string_view text) {
  const std::size_t first = text.find('\r');
  if (first == std::string_view::npos) return std::nullopt;
  std::optional<std::string> out;
  for (std::size_t at = first; at != std::string_view::npos; at = text.find('\r', at + 1)) {
    if (at + 1 < text.size() && text[at + 1] == '\n') continue;
    if (!out) out.emplace(text);
    (*out)[at] = '\n';
  }
  return out;
}

std::vector<Base64Run> base64_runs(std::string_view text, std::size_t min_run) {
  std::vector<Base64Run> out;
  const auto b64 = [&](std::size_t i) {
    const char c = text[i];
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/' || c == '-' || c == '_' ||
           c == '=';
  };
  for (std::size_t i = 0; i < text.size();) {
    if (!b64(i)) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && b64(j)) ++j;
    if (j - i >= min_run) {
      std::string_view run = text.substr(i, j - i);
      // A run that starts with a name and '=' (KEY=base64…) is the value after it.
      const std::size_t eq = run.find('=');
      if (eq != std::string_view::npos && eq + 1 < run.size() && run[eq + 1] != '=' && run.size() - eq - 1 >= min_run) {
        run = run.substr(eq + 1);
      }
      if (auto bytes = base64_decode(run, k_max_base64_out))
        out.push_back({static_cast<std::size_t>(run.data() - text.data()), std::move(*bytes)});
    }
    i = j;
  }
  return out;
}

bool printable_text(std::string_view bytes) {
  if (bytes.empty()) return false;
  std::size_t bad = 0;
  for (const char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    bad += (c < 0x20 && c != '\n' && c != '\r' && c != '\t') || c == 0x7F;
  }
  return bad * 50 <= bytes.size();  // at most 2 % control bytes: text, not random binary
}

}  // namespace pdo::secrets
