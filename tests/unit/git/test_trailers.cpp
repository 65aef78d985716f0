// git::message_trailers' fast path (plain_trailers) against libgit2's own trailer reader: wherever the
// fast path answers, its answer is libgit2's, over pdo's own messages and many mutations of them.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "git/repo.hpp"

using namespace pdo;

namespace {

const char* const k_pdo_message =
    "完成 03 读讲义\n\nPdo-Action: track\nPdo-Id: 00c0ffee00c0ffee\nPdo-Lesson: 03\nPdo-Step: read\nPdo-State: done\n";

/// `message` with `edits` random insertions, deletions or replacements of the characters git's trailer
/// rules care about.
std::string mutated(std::string message, std::mt19937& rng, int edits) {
  static const char chars[] = " \t\n\r\v#-:aP(\0x";
  static const std::string alphabet(chars, sizeof chars - 1);  // with the NUL
  for (int i = 0; i < edits; ++i) {
    std::uniform_int_distribution<std::size_t> at(0, message.size());
    std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
    const std::size_t p = at(rng);
    const char c = alphabet[pick(rng)];
    switch (rng() % 3) {
      case 0:
        message.insert(message.begin() + static_cast<std::ptrdiff_t>(p), c);
        break;
      case 1:
        if (p < message.size()) message.erase(p, 1);
        break;
      default:
        if (p < message.size()) message[p] = c;
        break;
    }
  }
  return message;
}

}  // namespace

TEST_CASE("the plain trailer path reads pdo's messages without libgit2, as libgit2 does", "[git]") {
  const auto plain = git::detail::plain_trailers(k_pdo_message);
  REQUIRE(plain);
  CHECK(*plain == git::detail::libgit2_trailers(k_pdo_message));
  CHECK(plain->size() == 5);
  CHECK(plain->at(2) == std::make_pair(std::string("Pdo-Lesson"), std::string("03")));
  // No ':' at all: no trailers, also for libgit2.
  CHECK(git::detail::plain_trailers("lesson 03 done\n")->empty());
  CHECK(git::detail::libgit2_trailers("lesson 03 done\n").empty());
  // Shapes where git's rules need judging are left to libgit2.
  for (const char* judged : {"Pdo-Lesson: 03\n", "t\n\nPdo-Lesson: 03\n---\nx: y\n", "t\n\nPdo-A: x\n  more\n", "t\n\n# c\nPdo-A: x\n",
                             "t\r\n\r\nPdo-A: x\r\n", "t\n\nPdo-A:\n", "t\n\nPdo A: x\n", " t\n\nA: b\n"}) {
    INFO(judged);
    CHECK_FALSE(git::detail::plain_trailers(judged));
  }
}

TEST_CASE("wherever the plain trailer path answers, libgit2 gives the same trailers", "[git]") {
  std::mt19937 rng(20261202);
  int answered = 0;
  const std::string bases[] = {k_pdo_message, "lesson 03 done\n", "t\n\nbody: text\n\nSigned-off-by: A <a@b>\nPdo-Step: read\n\n\n",
                               "t\n\nKey:\tvalue with spaces  \nOther:x\n"};
  for (const auto& base : bases) {
    for (int i = 0; i < 5000; ++i) {
      const std::string m = mutated(base, rng, 1 + i % 4);
      const auto plain = git::detail::plain_trailers(m);
      if (!plain) continue;
      ++answered;
      INFO("message: " << m);
      REQUIRE(*plain == git::detail::libgit2_trailers(m));
    }
  }
  CHECK(answered > 5000);  // the comparison really covers the fast path
}
