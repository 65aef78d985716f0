// Decoding before scanning. Each function is one linear pass; the scanner calls them only when the
// content needs it (gzip's magic bytes, a BOM or NUL byte near the start, a CR, a configuration file).
#include "secrets/shapes.hpp"

#include <zlib.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cstdint>
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

/// One bit a byte of a 64-byte block (bit k: the block's byte k; bytes past the end are 0).
struct BlockMasks {
  std::uint64_t printable = 0;  ///< >= 0x20 except DEL, or tab, or CR (bytes >= 0x80 too: UTF-8)
  std::uint64_t newline = 0;
};

BlockMasks block_masks(const unsigned char* d, std::size_t avail) {
  std::array<unsigned char, 64> tail{};
  if (avail < 64) {
    std::memcpy(tail.data(), d, avail);
    d = tail.data();
  }
  BlockMasks out;
#if defined(__SSE2__)
  const __m128i space = _mm_set1_epi8(0x20), del = _mm_set1_epi8(0x7F), tab = _mm_set1_epi8('\t'), cr = _mm_set1_epi8('\r');
  const __m128i lf = _mm_set1_epi8('\n');
  for (unsigned k = 0; k < 4; ++k) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + 16 * k));
    const __m128i at_least_space = _mm_cmpeq_epi8(_mm_max_epu8(x, space), x);  // unsigned x >= 0x20
    const __m128i ok =
        _mm_or_si128(_mm_andnot_si128(_mm_cmpeq_epi8(x, del), at_least_space), _mm_or_si128(_mm_cmpeq_epi8(x, tab), _mm_cmpeq_epi8(x, cr)));
    out.printable |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(ok))} << (16 * k);
    out.newline |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, lf)))} << (16 * k);
  }
#else
  for (unsigned k = 0; k < 64; ++k) {
    const unsigned c = d[k];
    out.printable |= std::uint64_t{(c >= 0x20 && c != 0x7F) || c == '\t' || c == '\r'} << k;
    out.newline |= std::uint64_t{c == '\n'} << k;
  }
#endif
  return out;
}

unsigned lowest_bit(std::uint64_t v) {  // v != 0
#if defined(__GNUC__)
  return static_cast<unsigned>(__builtin_ctzll(v));
#else
  unsigned k = 0;
  while (((v >> k) & 1u) == 0) ++k;
  return k;
#endif
}

/// Bits j of `lo` where lo:hi (128 bits, lo first) has m set bits from j on (1 <= m <= 64).
std::uint64_t window_starts(std::uint64_t lo, std::uint64_t hi, std::size_t m) {
  const auto and_shifted = [&](unsigned s) {  // lo:hi &= lo:hi >> s, 0 < s < 64
    lo &= lo >> s | hi << (64 - s);
    hi &= hi >> s;
  };
  std::size_t width = 1;
  for (; width * 2 <= m; width *= 2) and_shifted(static_cast<unsigned>(width));
  if (width < m) and_shifted(static_cast<unsigned>(m - width));
  return lo;
}

/// Bits of `hi` covered by a window of m bits starting at a set bit of lo:hi (lo the block before).
std::uint64_t window_cover(std::uint64_t lo, std::uint64_t hi, std::size_t m) {
  const auto or_shifted = [&](unsigned s) {  // lo:hi |= lo:hi << s, 0 < s < 64
    hi |= hi << s | lo >> (64 - s);
    lo |= lo << s;
  };
  std::size_t width = 1;
  for (; width * 2 <= m; width *= 2) or_shifted(static_cast<unsigned>(width));
  if (width < m) or_shifted(static_cast<unsigned>(m - width));
  return hi;
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

PrintableRuns printable_runs_of(std::string_view content, std::size_t min_run) {
  // 64 bytes at a time as bit masks: a byte is kept if some window of min_run printable bytes covers it,
  // which is the same as being in a run of at least min_run. Windows are read into the next block and
  // spread from the previous one, so runs across block boundaries are whole.
  const std::size_t m = std::clamp<std::size_t>(min_run, 1, 64);
  const auto* d = reinterpret_cast<const unsigned char*>(content.data());
  const std::size_t n = content.size();
  PrintableRuns out{std::string(n, ' '), {}};
  const auto masks = [&](std::size_t base) { return base < n ? block_masks(d + base, n - base) : BlockMasks{}; };
  BlockMasks cur = masks(0);
  std::uint64_t starts_before = 0;
  for (std::size_t base = 0; base < n; base += 64) {
    const BlockMasks next = masks(base + 64);
    const std::uint64_t starts = window_starts(cur.printable, next.printable, m);
    const std::uint64_t keep = window_cover(starts_before, starts, m);
    starts_before = starts;
    for (std::uint64_t lf = cur.newline & ~keep; lf != 0; lf &= lf - 1) out.text[base + lowest_bit(lf)] = '\n';
    for (std::uint64_t rest = keep; rest != 0;) {
      const unsigned from = lowest_bit(rest);
      const std::uint64_t above = ~rest >> from;  // its lowest set bit ends the run
      const unsigned len = above == 0 ? 64 - from : lowest_bit(above);
      std::memcpy(&out.text[base + from], d + base + from, len);
      if (!out.runs.empty() && out.runs.back().end == base + from) {
        out.runs.back().end += len;
      } else {
        out.runs.push_back({base + from, base + from + len});
      }
      rest = from + len >= 64 ? 0 : rest & ~((std::uint64_t{1} << (from + len)) - 1);
    }
    cur = next;
  }
  return out;
}

std::string printable_runs(std::string_view content, std::size_t min_run) { return printable_runs_of(content, min_run).text; }

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
    for (std::size_t i = 0; i < n; i += 4) {  // bitwise, not &&: no branch a byte (every binary file comes here)
      const unsigned b0 = byte(content, i), b1 = byte(content, i + 1), b2 = byte(content, i + 2), b3 = byte(content, i + 3);
      le += static_cast<std::size_t>(((b1 | b2 | b3) == 0) & (b0 != 0));
      be += static_cast<std::size_t>(((b0 | b1 | b2) == 0) & (b3 != 0));
    }
    const std::size_t units = n / 4;
    if (le * 10 < units * 7 && be * 10 < units * 7) return std::nullopt;  // units >= 1: content has 4 bytes
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
