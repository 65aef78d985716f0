#include <catch2/catch.hpp>

#include <system_error>

#include "support/temp_dir.hpp"
#include "util/fs.hpp"
#include "util/own_state.hpp"
#include "util/platform.hpp"

using namespace pdo;
namespace fs = std::filesystem;

namespace {

// The transaction's folder swapped while pdo holds a file of it: renamed away and a link put at its name,
// pointing at a folder of canaries. Windows refuses the rename while the folder is held (held without
// FILE_SHARE_DELETE); POSIX lets it happen, and the held handle is what pdo then reaches.
struct Swapped {
  bool done = false;
  fs::path moved;
  fs::path canaries;
};

Swapped swap_txn_folder(const fs::path& gitdir, const fs::path& outside) {
  Swapped s;
  s.moved = gitdir / "moved-away";
  s.canaries = outside;
  std::error_code ec;
  fs::rename(gitdir / "pdo-txn", s.moved, ec);
  if (ec) return s;
  fs::create_symlink(outside, gitdir / "pdo-txn", ec);
  REQUIRE_FALSE(ec);
  s.done = true;
  return s;
}

}  // namespace

TEST_CASE("a file of the transaction's folder reaches the folder it was made on, never a link swapped in after", "[util][own-state]") {
  test::TempDir dir("own state held");
  const fs::path gitdir = dir / ".git";
  const fs::path outside = dir / "elsewhere";
  fs::create_directories(gitdir / "pdo-txn");
  fs::create_directories(outside);
  test::write_file(outside / "journal", "canary journal\n");
  test::write_file(outside / "old-0", "canary backup\n");
  test::write_file(gitdir / "pdo-txn" / "old-0", "backup\n");

  Swapped s;
  fs::path real;
  {
    const util::OwnFile journal = util::OwnFile::in_txn(gitdir, util::OwnFile::TxnName::journal);
    const util::OwnFile backup = util::OwnFile::backup(gitdir, 0);
    REQUIRE(journal.check());
    s = swap_txn_folder(gitdir, outside);
    real = s.done ? s.moved : gitdir / "pdo-txn";
    INFO("swapped: " << s.done);

    REQUIRE(journal.write("pdo-transaction 3\n"));
    CHECK(test::read_file(real / "journal") == "pdo-transaction 3\n");
    const auto read = backup.read(1024);
    REQUIRE(read);
    REQUIRE(read->has_value());
    CHECK(**read == "backup\n");
    REQUIRE(backup.remove());
    CHECK_FALSE(fs::exists(real / "old-0"));
    // What callers do by path (hard links, renames, libgit2's index) goes the same way.
    CHECK(platform::hard_link(real / "journal", backup.path()) == platform::IoFailure::none);
    CHECK(fs::exists(real / "old-0"));
    // One made while the folder is held reaches the held folder too.
    REQUIRE(util::OwnFile::in_txn(gitdir, util::OwnFile::TxnName::fill).write("fill"));
    CHECK(test::read_file(real / "fill") == "fill");
  }
  CHECK(test::read_file(outside / "journal") == "canary journal\n");
  CHECK(test::read_file(outside / "old-0") == "canary backup\n");
  CHECK_FALSE(fs::exists(outside / "fill"));
  // Made once nothing holds the folder, at the link: refused, naming the folder's name, never a handle's.
  const util::OwnFile late = util::OwnFile::in_txn(gitdir, util::OwnFile::TxnName::journal);
  if (s.done) {
    const auto st = late.write("x");
    REQUIRE_FALSE(st);
    CHECK(st.error().code == Exit::busy);
    CHECK_THAT(st.error().message, Catch::Contains(util::path_to_utf8(gitdir / "pdo-txn")) && !Catch::Contains("/proc/"));
    CHECK(test::read_file(outside / "journal") == "canary journal\n");
  } else {
    REQUIRE(late.check());
  }
}

TEST_CASE("a refusal inside the transaction's folder names the file, not the handle it was reached by",
          "[util][own-state][posix][posix:symlinks]") {
  test::TempDir dir("own state message");
  const fs::path gitdir = dir / ".git";
  fs::create_directories(gitdir / "pdo-txn");
  fs::create_directories(dir / "elsewhere");
  std::error_code ec;
  fs::create_directory_symlink(dir / "elsewhere", gitdir / "pdo-txn" / "journal", ec);
  REQUIRE_FALSE(ec);
  const util::OwnFile journal = util::OwnFile::in_txn(gitdir, util::OwnFile::TxnName::journal);
  for (const Status& st : {journal.check(), journal.write("x"), journal.remove()}) {
    REQUIRE_FALSE(st);
    CHECK(st.error().code == Exit::busy);
    CHECK_THAT(st.error().message, Catch::Contains(util::path_to_utf8(gitdir / "pdo-txn" / "journal")) && !Catch::Contains("/proc/"));
  }
  CHECK(fs::is_empty(dir / "elsewhere"));
}
