// Where an anchor may start: find_candidates' AVX2 loop and its scalar loop against a position-by-position
// reading of the filters, on texts dense with anchor starts (full batches), sparse ones and every edge.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "secrets/candidates.hpp"
#include "support/skip.hpp"

using namespace pdo::secrets;

namespace {

/// Every position in [from, min(to, n - 1)) the filters let through, one at a time.
std::vector<std::size_t> expected(const std::string& text, std::size_t from, std::size_t to, const AnchorFilter& f) {
  const auto* d = reinterpret_cast<const unsigned char*>(text.data());
  std::vector<std::size_t> out;
  for (std::size_t i = from; i < to && i + 1 < text.size(); ++i) {
    const bool triple = !f.use_triples || (i + 2 < text.size() && test_bit(f.triples, triple_key(d[i], d[i + 1], d[i + 2])));
    if (triple && test_bit(f.pairs, raw_pair_key(d[i], d[i + 1]))) out.push_back(i);
  }
  return out;
}

std::vector<std::size_t> found(const std::string& text, std::size_t from, std::size_t to, const AnchorFilter& f, Simd simd) {
  const auto* d = reinterpret_cast<const unsigned char*>(text.data());
  to = std::min(to, text.size() - 1);
  std::vector<std::size_t> out;
  std::size_t batch[k_candidate_batch];
  for (std::size_t at = from; at < to;) {
    const std::size_t count = find_candidates(d, text.size(), at, to, f, batch, simd);
    out.insert(out.end(), batch, batch + count);
  }
  return out;
}

/// Texts from pieces of anchors ("sk-", "ghp_", "password"…), letters, spaces and bytes of every value.
std::vector<std::string> texts() {
  const std::vector<std::string> pieces = {"sk-",  "ghp_", "AKIA", "password", "Token", "-----BEGIN ", " key", "x",   " ",  "\n",
                                           "\xff", "\x7f", "eyJ",  "SEC",      "q",     "0",           "_sk",  "hf_", "\"", "MII"};
  std::vector<std::string> out = {"", "s", "sk", "sk-", "ghp_", std::string(100, 'a'), std::string(3000, ' ') + "sk-"};
  std::uint64_t x = 0x2545F4914F6CDD1Dull;
  const auto next = [&x] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  for (int t = 0; t < 200; ++t) {
    std::string s;
    const std::size_t parts = next() % 400;
    const bool dense = t % 3 == 0;  // anchors only: batches fill up
    for (std::size_t k = 0; k < parts; ++k) {
      if (dense || next() % 4 == 0)
        s += pieces[next() % pieces.size()];
      else
        s += static_cast<char>(next() % 256);
    }
    out.push_back(s);
  }
  return out;
}

void check_all(const AnchorFilter& f, Simd simd) {
  std::uint64_t x = 88172645463325252ull;
  for (const std::string& text : texts()) {
    if (text.size() < 2) continue;
    for (int r = 0; r < 4; ++r) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      const std::size_t from = r == 0 ? 0 : (x >> 33) % text.size();
      const std::size_t to = r == 0 ? text.size() : from + (x >> 13) % (text.size() - from + 1);
      INFO("text of " << text.size() << " bytes, from " << from << " to " << to);
      REQUIRE(found(text, from, to, f, simd) == expected(text, from, to, f));
    }
  }
}

}  // namespace

TEST_CASE("find_candidates, one position at a time: every position the filters pass, in order, none twice", "[secrets]") {
  AnchorFilter f = *default_anchor_index().filter;
  REQUIRE(f.use_triples);
  check_all(f, Simd::off);
  f.use_triples = false;  // a rule set with a two-byte anchor: the pair alone decides
  check_all(f, Simd::off);
}

// A CPU without AVX2 cannot run the vector loop: the case says so and skips ([may-skip]).
TEST_CASE("find_candidates with AVX2: the same positions as one at a time, full batches and texts' ends included", "[secrets][may-skip]") {
  if (!candidates_use_avx2()) PDO_SKIP("this CPU has no AVX2");
  const AnchorFilter& f = *default_anchor_index().filter;
  check_all(f, Simd::best);
  // Dense enough that the vector loop stops for room, not only at the end.
  const std::string dense = std::string(4096, 's') + "sk-sk-sk-";
  std::string many;
  for (int i = 0; i < 300; ++i) many += "sk-ghp_";
  for (const std::string& text : {dense, many}) REQUIRE(found(text, 0, text.size(), f, Simd::best) == expected(text, 0, text.size(), f));
  REQUIRE(expected(many, 0, many.size(), f).size() > 2 * k_candidate_batch);
}
