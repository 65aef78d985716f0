#include <catch2/catch.hpp>

#include "support/temp_dir.hpp"
#include "util/fs.hpp"

using namespace pdo;

TEST_CASE("atomic writes never replace unless allowed", "[util]") {
  test::TempDir dir("fs");
  const auto file = dir / "学习 notes.md";
  REQUIRE(util::write_file_atomic(file, "first", util::Replace::never));
  CHECK(test::read_file(file) == "first");
  CHECK_FALSE(util::write_file_atomic(file, "second", util::Replace::never));
  CHECK(test::read_file(file) == "first");
  REQUIRE(util::write_file_atomic(file, "third\r\n", util::Replace::allowed));
  CHECK(test::read_file(file) == "third\r\n");
  // No temp files are left behind.
  std::size_t entries = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
    if (e.is_regular_file()) ++entries;
  }
  CHECK(entries == 1);
}

TEST_CASE("UTF-8 paths round-trip", "[util]") {
  const std::string name = "C:/users/学习/pytorch-distributed-overview";
  CHECK(util::path_to_utf8(util::path_from_utf8(name)) == name);
}
