#include <catch2/catch.hpp>

#include "support/temp_dir.hpp"
#include "util/fs.hpp"
#include "util/platform.hpp"

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

// [posix:permissions] the execute bit: Windows files have none.
TEST_CASE("an atomic write keeps the permissions of the file it replaces", "[util][posix][posix:permissions]") {
  test::TempDir dir("fs perms");
  const auto file = dir / "run.sh";
  REQUIRE(util::write_file_atomic(file, "#!/bin/sh\n", util::Replace::never));
  namespace fs = std::filesystem;
  fs::permissions(file, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
  REQUIRE(util::write_file_atomic(file, "#!/bin/sh\necho hi\n", util::Replace::allowed));
  CHECK(test::read_file(file) == "#!/bin/sh\necho hi\n");
  CHECK(fs::status(file).permissions() == (fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec));
}

TEST_CASE("UTF-8 paths round-trip", "[util]") {
  const std::string name = "C:/users/学习/pytorch-distributed-overview";
  CHECK(util::path_to_utf8(util::path_from_utf8(name)) == name);
}

TEST_CASE("read_file_capped reads regular files up to the cap and refuses the rest", "[util]") {
  test::TempDir dir("fs capped");
  const auto file = dir / "c.toml";
  test::write_file(file, std::string(100, 'x'));
  CHECK(util::read_file_capped(file, 100).take() == std::string(100, 'x'));
  const auto big = util::read_file_capped(file, 99);
  REQUIRE_FALSE(big);
  CHECK(big.error().code == Exit::usage);
  CHECK_THAT(big.error().message, Catch::Contains("c.toml") && Catch::Contains("99"));
  const auto folder = util::read_file_capped(dir.path(), 100);
  REQUIRE_FALSE(folder);
  CHECK(folder.error().code == Exit::usage);
  const auto missing = util::read_file_capped(dir / "nope.toml", 100);
  REQUIRE_FALSE(missing);
  CHECK_THAT(missing.error().message, Catch::Contains("nope.toml"));
}

TEST_CASE("read_file_head: the first bytes of a longer file, all of a shorter one, nothing of a folder", "[util]") {
  test::TempDir dir("fs head");
  test::write_file(dir / "long.pyc", std::string(16, 'h') + std::string(100, 'x'));
  test::write_file(dir / "short.pyc", "abc");
  CHECK(util::read_file_head(dir / "long.pyc", 16).take() == std::string(16, 'h'));
  CHECK(util::read_file_head(dir / "short.pyc", 16).take() == "abc");
  CHECK(util::read_file_head(dir / "short.pyc", 3).take() == "abc");
  CHECK_FALSE(util::read_file_head(dir.path(), 16));
}

TEST_CASE("read_file_capped reads a file of many blocks whole, and an empty one", "[util]") {
  test::TempDir dir("fs capped big");
  std::string text;
  for (int i = 0; text.size() < 300 * 1024; ++i) text += "line " + std::to_string(i) + "\r\n";
  test::write_file(dir / "big.txt", text);
  CHECK(util::read_file_capped(dir / "big.txt", text.size()).take() == text);
  CHECK_FALSE(util::read_file_capped(dir / "big.txt", text.size() - 1));
  test::write_file(dir / "empty.txt", "");
  CHECK(util::read_file_capped(dir / "empty.txt", 10).take().empty());
}

// [posix:devices] /proc files say size 0 and have content: the size seen first is only where reading starts.
TEST_CASE("read_file_capped reads files whose size the system reports as 0", "[util][posix][posix:devices]") {
  const auto stat = util::read_file_capped("/proc/self/status", 1024 * 1024);
  REQUIRE(stat);
  CHECK_THAT(*stat, Catch::Contains("Name:") && Catch::Contains("Pid:"));
}

// [posix:devices] /dev/zero: a POSIX device.
TEST_CASE("read_file_capped refuses devices without reading them", "[util][posix][posix:devices]") {
  const auto zero = util::read_file_capped("/dev/zero", util::k_max_toml_bytes);
  REQUIRE_FALSE(zero);
  CHECK(zero.error().code == Exit::usage);
  CHECK_THAT(zero.error().message, Catch::Contains("/dev/zero"));
}

// [posix:devices] a FIFO: a POSIX file kind. Opening one nobody writes blocks a plain open; this returns.
TEST_CASE("read_file and read_file_capped refuse a FIFO without waiting for a writer", "[util][posix][posix:devices]") {
  test::TempDir dir("fs fifo");
  REQUIRE(platform::run_process({"mkfifo", util::path_to_utf8(dir / "progress.md")}).exit_code == 0);
  for (const auto& read : {util::read_file(dir / "progress.md"), util::read_file_capped(dir / "progress.md", 100)}) {
    REQUIRE_FALSE(read);
    CHECK(read.error().code == Exit::usage);
    CHECK_THAT(read.error().message, Catch::Contains("progress.md") && Catch::Contains("FIFO"));
  }
}

TEST_CASE("path_is_inside resolves .. and symlinks", "[util]") {
  test::TempDir dir("fs inside");
  test::write_file(dir / "ws/a/b.txt", "b");
  CHECK(util::path_is_inside(dir / "ws", dir / "ws/a/b.txt"));
  CHECK(util::path_is_inside(dir / "ws", dir / "ws"));
  CHECK(util::path_is_inside(dir / "ws", dir / "ws/new/file"));
  CHECK_FALSE(util::path_is_inside(dir / "ws", dir / "ws/../other.txt"));
  CHECK_FALSE(util::path_is_inside(dir / "ws", dir / "wsx/a"));
}

TEST_CASE("expand_home: ~, $HOME, ${HOME}, %USERPROFILE% and pasted quotes", "[util]") {
  const util::EnvLookup env = [](const std::string& name) -> std::optional<std::string> {
    if (name == "HOME") return std::string("/home/learner");
    if (name == "USERPROFILE") return std::string("C:\\Users\\学习者");
    return std::nullopt;
  };
  CHECK(util::expand_home("~/x", env) == "/home/learner/x");
  CHECK(util::expand_home("~", env) == "/home/learner");
  CHECK(util::expand_home("~\\x", env) == "/home/learner\\x");
  CHECK(util::expand_home("$HOME/x", env) == "/home/learner/x");
  CHECK(util::expand_home("${HOME}/x", env) == "/home/learner/x");
  CHECK(util::expand_home("%USERPROFILE%\\pytorch", env) == "C:\\Users\\学习者\\pytorch");
  CHECK(util::expand_home("%userprofile%\\p", env) == "C:\\Users\\学习者\\p");
  CHECK(util::expand_home("  \"D:\\study dir\"  ", env) == "D:\\study dir");
  // Not at the start, or part of a longer name: left as typed.
  CHECK(util::expand_home("~other/x", env) == "~other/x");
  CHECK(util::expand_home("$HOMEWORK/x", env) == "$HOMEWORK/x");
  CHECK(util::expand_home("/a/~/b", env) == "/a/~/b");
  const util::EnvLookup windows_only = [](const std::string& name) -> std::optional<std::string> {
    if (name == "USERPROFILE") return std::string("C:\\Users\\me");
    return std::nullopt;
  };
  CHECK(util::expand_home("~/x", windows_only) == "C:\\Users\\me/x");
  const util::EnvLookup none = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
  CHECK(util::expand_home("~/x", none) == "~/x");
}

TEST_CASE("a temp file's name keeps a file name of 200 bytes and hashes one of 201", "[util]") {
  const std::string n200(200, 'n'), n201(201, 'n');
  CHECK(util::temp_prefix(std::filesystem::path("d") / n200, 7) == n200 + ".pdo-tmp-7-");
  const std::string hashed = util::temp_prefix(std::filesystem::path("d") / n201, 7);
  CHECK(hashed.size() == 1 + 16 + std::string(".pdo-tmp-7-").size());
  CHECK(hashed.front() == '~');
  CHECK(hashed != util::temp_prefix(std::filesystem::path("d") / (n200 + "m"), 7));  // the hash tells names apart
  // The longest name a file system takes, with the longest pid, still leaves room for the counter.
  CHECK(util::temp_prefix(std::filesystem::path("d") / std::string(255, 'n'), 2147483647L).size() + 20 <= 255);
}
