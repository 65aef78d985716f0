// An own lesson's link read from the top of its notes.md: the first http(s) URL of its first 12 lines,
// before pdo's "your notes" marker, in a notes.md of at most 64 KiB.
#include <catch2/catch.hpp>

#include <string>

#include "support/temp_dir.hpp"
#include "workspace/notes_link.hpp"

using namespace pdo;

TEST_CASE("a notes link is read from line 12 but not 13, and not past the notes marker", "[workspace]") {
  const std::string url = "https://example.org/ring-attention";
  const auto at_line = [&](std::size_t n) {
    std::string text;
    for (std::size_t i = 1; i < n; ++i) text += "line " + std::to_string(i) + "\n";
    return text + "链接：" + url + "。\n";
  };
  CHECK(workspace::link_in_notes(at_line(1)) == url);
  CHECK(workspace::link_in_notes(at_line(12)) == url);  // the trailing full stop is no part of it
  CHECK_FALSE(workspace::link_in_notes(at_line(13)));
  CHECK_FALSE(workspace::link_in_notes("# 18\n<!-- 以下是你的笔记 -->\n" + url + "\n"));
  CHECK(workspace::link_in_notes("see <" + url + ">\n") == url);
  CHECK(workspace::link_in_notes("http://a.example/x\x7f"
                                 "y\n") == "http://a.example/x");
}

TEST_CASE("a notes.md of 64 KiB gives its link, and one byte more gives none", "[workspace]") {
  test::TempDir tmp("notes link cap");
  const std::string head = "链接：https://example.org/x\n";
  const std::size_t cap = 64 * 1024;
  test::write_file(tmp / "notes.md", head + std::string(cap - head.size(), 'n'));
  CHECK(workspace::notes_link(tmp / "notes.md") == std::string("https://example.org/x"));
  test::write_file(tmp / "notes.md", head + std::string(cap - head.size() + 1, 'n'));
  CHECK_FALSE(workspace::notes_link(tmp / "notes.md"));
}
