// app/index_receipts: the receipts file round-trips, keeps the newest 64, and any malformed line (or a
// file that is not pdo's) gives no receipts at all rather than a guess.
#include <catch2/catch.hpp>

#include "app/commit/index_receipts.hpp"
#include "support/temp_dir.hpp"
#include "util/text.hpp"

using namespace pdo;
using pdo::test::TempDir;

namespace {

git::IndexSwap swap_of(const std::string& path, std::uint32_t n) {
  git::IndexSwap s{util::RelPath::parse(path).take(), {}, {}, {}};
  s.before.oid = std::string(40, 'a');
  s.before.mode = 0100644;
  s.before.mtime_s = 1700000000 + n;
  s.before.mtime_ns = 123456789;
  s.before.ino = n;
  s.after = s.before;
  s.after.oid = std::string(40, 'b');
  s.after.ino = n + 1000;
  s.after.size = 4242;
  s.committed = std::string(40, 'c');
  return s;
}

}  // namespace

TEST_CASE("index receipts round-trip exactly", "[app]") {
  const std::vector<git::IndexSwap> swaps{swap_of("progress.md", 1), swap_of("lessons/03 路径 with space/notes.md", 2)};
  const auto back = app::parse_receipts(app::format_receipts(swaps));
  REQUIRE(back);
  REQUIRE(back->size() == 2);
  CHECK((*back)[1].path.str() == "lessons/03 路径 with space/notes.md");
  CHECK((*back)[0].before.same_entry(swaps[0].before));
  CHECK((*back)[0].after.same_entry(swaps[0].after));
  CHECK((*back)[0].after.size == 4242);
  CHECK((*back)[0].committed == swaps[0].committed);
}

TEST_CASE("same_entry ignores only the size git zeroes for racily clean entries", "[app]") {
  auto a = swap_of("p", 1).before;
  auto b = a;
  b.size = 0;
  CHECK(a.same_entry(b));
  b.mtime_ns += 1;
  CHECK_FALSE(a.same_entry(b));
  b = a;
  b.oid[0] = 'f';
  CHECK_FALSE(a.same_entry(b));
}

TEST_CASE("malformed receipts give none", "[app]") {
  const std::string good = app::format_receipts({swap_of("progress.md", 1)});
  CHECK_FALSE(app::parse_receipts(""));
  CHECK_FALSE(app::parse_receipts("something else\n"));
  CHECK_FALSE(app::parse_receipts(good + "progress.md\tnot-an-oid\tx\ty\n"));
  CHECK_FALSE(app::parse_receipts(util::replace_all(good, " 33188 ", " -1 ")));
  CHECK_FALSE(app::parse_receipts(util::replace_all(good, " 33188 ", " 33188x ")));
  // A receipt's path is input like the rest: one that leaves the working tree or reaches into .git voids them all.
  for (const char* bad : {"../victim.txt", "/etc/passwd", ".git/hooks/pre-commit", "a/../b"}) {
    INFO(bad);
    CHECK_FALSE(app::parse_receipts(util::replace_all(good, "progress.md\t", std::string(bad) + "\t")));
  }
}

TEST_CASE("saving keeps the newest 64 receipts", "[app]") {
  TempDir tmp("receipts");
  for (std::uint32_t i = 0; i < 70; ++i) app::save_receipts(tmp.path(), {swap_of("f" + std::to_string(i), i)});
  const auto kept = app::load_receipts(tmp.path());
  REQUIRE(kept.size() == 64);
  CHECK(kept.front().path.str() == "f6");
  CHECK(kept.back().path.str() == "f69");
}

TEST_CASE("receipts are read from the newest 64 lines, and appended to only while the file is whole", "[app]") {
  TempDir tmp("receipts newest");
  const auto file = tmp.path() / "pdo-index-receipts";
  std::vector<git::IndexSwap> swaps;
  for (std::uint32_t i = 0; i < 70; ++i) swaps.push_back(swap_of("f" + std::to_string(i), i));
  std::string text = app::format_receipts(swaps);
  // A malformed line older than the newest 64 is not read (the next rewrite drops it); one among them is.
  const auto second_line = text.find('\n') + 1;
  test::write_file(file, text.substr(0, second_line) + "garbage\n" + text.substr(second_line));
  auto seen = app::read_receipts(tmp.path());
  REQUIRE(seen.swaps.size() == 64);
  CHECK(seen.swaps.front().path.str() == "f6");
  CHECK(seen.swaps.back().path.str() == "f69");
  CHECK(seen.appendable);
  test::write_file(file, text + "garbage\n");
  CHECK(app::read_receipts(tmp.path()).swaps.empty());
  CHECK_FALSE(app::read_receipts(tmp.path()).appendable);

  // A line a kill cut short: the file is rewritten (the cut line gone), not appended to.
  test::write_file(file, text + "f70\tcut sh");
  seen = app::read_receipts(tmp.path());
  CHECK(seen.swaps.size() == 64);
  CHECK_FALSE(seen.appendable);
  app::save_receipts(tmp.path(), {swap_of("f71", 71)}, seen.appendable);
  const auto kept = app::load_receipts(tmp.path());
  REQUIRE(kept.size() == 64);
  CHECK(kept.back().path.str() == "f71");
  CHECK(test::read_file(file).find("cut sh") == std::string::npos);
}
