#include "secrets/candidates.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define PDO_AVX2_CANDIDATES 1
#endif

namespace pdo::secrets {

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

inline bool pair_at(const AnchorFilter& f, const unsigned char* p) { return test_bit(f.pairs, load_pair(p)); }
inline bool triple_at(const AnchorFilter& f, const unsigned char* p) { return test_bit(f.triples, triple_key(p[0], p[1], p[2])); }

/// The first position in [i, to) where an anchor may start (`to` if none; to <= n - 1): its two bytes have
/// their bit in the pair filter and, unless some anchor is shorter, its three bytes theirs in the triple
/// filter. Unrolled, so that it stays a few instructions a byte.
[[gnu::noinline]] std::size_t next_candidate(const unsigned char* d, std::size_t i, std::size_t to, std::size_t n, const AnchorFilter& f) {
  const unsigned char* stop = d + to;
  const unsigned char* p = d + i;
  if (f.use_triples) {
    // The triple first: about one byte in ten of prose passes the pair filter but one in a hundred the
    // triple filter, so this branch is nearly always guessed right. A triple needs three bytes of text.
    const unsigned char* end = std::min(stop, d + n - 2);
    for (; p + 4 <= end; p += 4) {
      if (triple_at(f, p) && pair_at(f, p)) return static_cast<std::size_t>(p - d);
      if (triple_at(f, p + 1) && pair_at(f, p + 1)) return static_cast<std::size_t>(p + 1 - d);
      if (triple_at(f, p + 2) && pair_at(f, p + 2)) return static_cast<std::size_t>(p + 2 - d);
      if (triple_at(f, p + 3) && pair_at(f, p + 3)) return static_cast<std::size_t>(p + 3 - d);
    }
    for (; p < end; ++p) {
      if (triple_at(f, p) && pair_at(f, p)) return static_cast<std::size_t>(p - d);
    }
    return to;
  }
  for (; p + 4 <= stop; p += 4) {
    if (pair_at(f, p)) return static_cast<std::size_t>(p - d);
    if (pair_at(f, p + 1)) return static_cast<std::size_t>(p + 1 - d);
    if (pair_at(f, p + 2)) return static_cast<std::size_t>(p + 2 - d);
    if (pair_at(f, p + 3)) return static_cast<std::size_t>(p + 3 - d);
  }
  for (; p < stop; ++p) {
    if (pair_at(f, p)) return static_cast<std::size_t>(p - d);
  }
  return to;
}

#if defined(PDO_AVX2_CANDIDATES)
/// next_candidate's triple-then-pair test, sixteen positions a step, from `at` while a whole step fits
/// before min(to, n - 2) and the batch has room for it; returns how many it wrote. The triple keys are
/// computed in 16-bit lanes (the wrap is triple_key's & 0xFFFF) and their bits gathered as 32-bit words
/// of the table (little-endian: bit k is bit k & 31 of word k >> 5).
[[gnu::target("avx2")]] std::size_t triples_avx2(const unsigned char* d, std::size_t n, std::size_t& at, std::size_t to,
                                                 const AnchorFilter& f, std::size_t* out) {
  const std::size_t end = std::min(to, n - 2);
  const auto* words = reinterpret_cast<const int*>(f.triples.data());
  // The multipliers' low 16 bits, as the lanes hold them.
  const __m256i ka = _mm256_set1_epi16(static_cast<short>(static_cast<std::uint16_t>(k_triple_a))),
                kb = _mm256_set1_epi16(static_cast<short>(static_cast<std::uint16_t>(k_triple_b))), low5 = _mm256_set1_epi32(31);
  std::size_t count = 0;
  for (; at + 16 <= end && count + 16 <= k_candidate_batch; at += 16) {
    const unsigned char* p = d + at;
    const __m256i b0 = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    const __m256i b1 = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1)));
    const __m256i b2 = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 2)));
    const __m256i keys = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(b0, ka), _mm256_mullo_epi16(b1, kb)), b2);
    unsigned mask = 0;
    for (int half = 0; half < 2; ++half) {
      const __m256i k = _mm256_cvtepu16_epi32(half == 0 ? _mm256_castsi256_si128(keys) : _mm256_extracti128_si256(keys, 1));
      const __m256i word = _mm256_i32gather_epi32(words, _mm256_srli_epi32(k, 5), 4);
      // The key's bit moved to the sign bit, which movemask collects.
      const __m256i bit = _mm256_sllv_epi32(word, _mm256_sub_epi32(low5, _mm256_and_si256(k, low5)));
      mask |= static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(bit))) << (8 * half);
    }
    for (; mask != 0; mask &= mask - 1) {
      const std::size_t i = at + static_cast<std::size_t>(__builtin_ctz(mask));
      if (pair_at(f, d + i)) out[count++] = i;
    }
  }
  return count;
}

#endif

}  // namespace

bool candidates_use_avx2() {
#if defined(PDO_AVX2_CANDIDATES)
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
#else
  return false;
#endif
}

std::size_t find_candidates(const unsigned char* d, std::size_t n, std::size_t& at, std::size_t to, const AnchorFilter& filter,
                            std::size_t* out, Simd simd) {
  std::size_t count = 0;
#if defined(PDO_AVX2_CANDIDATES)
  if (simd == Simd::best && filter.use_triples && n >= 2 && candidates_use_avx2()) {
    count = triples_avx2(d, n, at, to, filter, out);
    if (at + 16 <= std::min(to, n - 2)) return count;  // stopped for room, not at the end: the next call goes on
  }
#else
  (void)simd;
#endif
  while (count < k_candidate_batch && at < to) {
    at = next_candidate(d, at, to, n, filter);
    if (at < to) out[count++] = at++;
  }
  return count;
}

}  // namespace pdo::secrets
