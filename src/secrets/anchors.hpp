#pragma once
// The scanner's anchor filter: one bit per two-byte anchor start (8 KB), one bit per hashed three-byte
// start (8 KB, so common pairs such as "to" and "se" stay cheap), and every anchor sorted by its folded
// pair. The bits are set for every ASCII case of an anchor's first bytes, so the scan tests the raw bytes
// (secrets/candidates: one bit a byte, sixteen bytes a step with AVX2) and folds only where a bit is set.
// All constexpr: the built-in rules' index is a table in the binary (secrets/builtin.cpp), and a rule set
// read at run time gets the same index from the same code when its Scanner is made.
#include <array>
#include <cstdint>

#include "secrets/rules.hpp"

namespace pdo::secrets {

/// ASCII upper case folded to lower case, every other byte unchanged.
inline constexpr std::array<unsigned char, 256> k_fold = [] {
  std::array<unsigned char, 256> t{};
  for (std::size_t i = 0; i < 256; ++i) t[i] = static_cast<unsigned char>(i >= 'A' && i <= 'Z' ? i + 32 : i);
  return t;
}();

/// 64K bits.
using Bits = std::array<std::uint64_t, 1024>;

/// The 16-bit key of two folded bytes (how candidates are sorted).
constexpr unsigned pair_key(unsigned char a, unsigned char b) { return static_cast<unsigned>(k_fold[a]) << 8 | k_fold[b]; }
/// The 16-bit key of two raw bytes, as a little-endian load of them reads (the filter's bit).
constexpr unsigned raw_pair_key(unsigned char a, unsigned char b) { return static_cast<unsigned>(a) | static_cast<unsigned>(b) << 8; }
/// The multipliers of triple_key. Small ones (961, 31) made common text triples collide with anchors'
/// (31 x 'g' + '.' == 31 x 'e' + 'l': every "sel" of Python's `self` passed for SendGrid's "SG."); these
/// were drawn at random and kept for the fewest candidates over /usr/include, and on a Python tree they
/// leave 1 % more candidates than a filter with no collisions at all (961 and 31: 36 % more).
inline constexpr unsigned k_triple_a = 61749, k_triple_b = 30405;
/// A 16-bit hash of three raw bytes.
constexpr unsigned triple_key(unsigned char a, unsigned char b, unsigned char c) { return (a * k_triple_a + b * k_triple_b + c) & 0xFFFFu; }
/// True if bit `key` is set.
constexpr bool test_bit(const Bits& bits, unsigned key) { return (bits[key >> 6] >> (key & 63)) & 1u; }

/// One anchor of one rule, found by the first two bytes of the anchor.
struct AnchorCandidate {
  std::uint16_t pair = 0;  ///< pair_key of the anchor's first two bytes
  std::uint16_t rule = 0;
  std::uint16_t anchor = 0;
};

/// The two bit filters, over raw bytes.
struct AnchorFilter {
  Bits pairs{};
  Bits triples{};
  bool use_triples = true;  ///< false if some anchor has only two bytes: then the pair alone decides
};

/// A filter and the candidates sorted by pair, wherever they are stored.
struct AnchorIndex {
  const AnchorFilter* filter = nullptr;
  Span<AnchorCandidate> candidates;
};

/// The number of anchors of all rules.
constexpr std::size_t anchor_count(Span<Rule> rules) {
  std::size_t n = 0;
  for (const Rule& r : rules) n += r.anchors.size();
  return n;
}

/// The byte in the other ASCII case (itself if not a letter).
constexpr unsigned char other_case(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ? static_cast<unsigned char>(c ^ 0x20u) : c;
}

/// Sets bit `key`.
constexpr void set_bit(Bits& bits, unsigned key) { bits[key >> 6] |= std::uint64_t{1} << (key & 63); }

/// Fills the filter and `out` (anchor_count(rules) entries), sorted by pair and, within a pair, in rule order.
constexpr void build_anchor_index(Span<Rule> rules, AnchorFilter& filter, AnchorCandidate* out) {
  std::size_t n = 0;
  for (std::size_t r = 0; r < rules.size(); ++r) {
    for (std::size_t a = 0; a < rules[r].anchors.size(); ++a) {
      const std::string_view anchor = rules[r].anchors[a];
      const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(anchor[i]); };
      const unsigned key = pair_key(byte(0), byte(1));
      // Every case of the first bytes: the filter is a superset, anchor_at() decides.
      for (const unsigned char c0 : {byte(0), other_case(byte(0))}) {
        for (const unsigned char c1 : {byte(1), other_case(byte(1))}) {
          set_bit(filter.pairs, raw_pair_key(c0, c1));
          if (anchor.size() < 3) continue;
          for (const unsigned char c2 : {byte(2), other_case(byte(2))}) set_bit(filter.triples, triple_key(c0, c1, c2));
        }
      }
      if (anchor.size() < 3) filter.use_triples = false;
      // Insertion sort, stable: a few hundred anchors, and std::sort is not constexpr in C++17.
      AnchorCandidate c{static_cast<std::uint16_t>(key), static_cast<std::uint16_t>(r), static_cast<std::uint16_t>(a)};
      std::size_t k = n++;
      for (; k > 0 && out[k - 1].pair > c.pair; --k) out[k] = out[k - 1];
      out[k] = c;
    }
  }
}

/// An index with its own storage for N anchors, made at compile time.
template <std::size_t N>
struct StaticAnchorIndex {
  AnchorFilter filter;
  std::array<AnchorCandidate, N> candidates{};
  constexpr AnchorIndex view() const { return {&filter, {candidates.data(), N}}; }
};

/// The index of `rules`, which have N anchors.
template <std::size_t N>
constexpr StaticAnchorIndex<N> make_anchor_index(Span<Rule> rules) {
  StaticAnchorIndex<N> index{};
  build_anchor_index(rules, index.filter, index.candidates.data());
  return index;
}

/// The built-in rules' index, computed by the compiler (secrets/builtin.cpp).
AnchorIndex default_anchor_index();

}  // namespace pdo::secrets
