#pragma once
// Where an anchor may start: the scanner's one loop over every byte. Each position's three bytes are
// tested against the triple filter (one bit of 64K), then its two against the pair filter. With AVX2 (known
// at run time) sixteen positions are hashed at once and their bits gathered from the 8 KB table; otherwise,
// and near a text's end, one position at a time. Both give the same positions.
#include <cstddef>

#include "secrets/anchors.hpp"

namespace pdo::secrets {

/// How many positions find_candidates() returns at most in one call.
constexpr std::size_t k_candidate_batch = 64;

/// Which loop find_candidates() may use: the fastest this CPU has, or (tests) the scalar one.
enum class Simd { best, off };

/// True when find_candidates(…, Simd::best) uses AVX2 on this CPU.
bool candidates_use_avx2();

/// Writes to `out`, in order, up to k_candidate_batch positions in [at, to) where an anchor of `filter`
/// may start, in the text `d` of `n` bytes (to <= n - 1), and moves `at` past the positions it looked at.
/// Call again while at < to.
std::size_t find_candidates(const unsigned char* d, std::size_t n, std::size_t& at, std::size_t to, const AnchorFilter& filter,
                            std::size_t* out, Simd simd = Simd::best);

}  // namespace pdo::secrets
