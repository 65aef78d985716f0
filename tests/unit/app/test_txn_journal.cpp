// app/txn_journal: the journal is kept from one transaction to the next and cut back to its header line,
// never emptied; a header-only, empty or missing journal means that no transaction is running; and a
// journal is read back only as the records pdo writes, in the order it writes them (anything else, a
// path out of the working tree above all, is refused with its line, and recovery then touches nothing).
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdint>
#include <fstream>
#include <vector>

#ifndef _WIN32
#include <sys/resource.h>
#endif

#include "app/commit/txn_journal.hpp"
#include "support/temp_dir.hpp"
#include "util/fs.hpp"
#include "util/sha256.hpp"

using namespace pdo;
using pdo::test::TempDir;

namespace {

// `gitdir`: the git dir whose pdo-txn/ holds the journal.
std::string journal_text(const std::filesystem::path& gitdir) {
  auto text = util::read_file(gitdir / "pdo-txn" / "journal");
  return text ? *text : std::string("<missing>");
}

void write_journal(const std::filesystem::path& gitdir, const std::string& text) {
  std::filesystem::create_directories(gitdir / "pdo-txn");
  std::ofstream out(gitdir / "pdo-txn" / "journal", std::ios::binary | std::ios::trunc);
  out << text;
}

const std::string k_head = "pdo-transaction 3\npid 12\nstart 34\n";
const std::string k_sha(64, 'a');
const std::string k_old(40, 'b');
const std::string k_new(40, 'c');

}  // namespace

TEST_CASE("a journal records a transaction and is cut back to its header when it ends", "[app][journal]") {
  TempDir tmp("journal");
  const auto& dir = tmp.path();
  SECTION("first transaction: no journal yet") { std::filesystem::create_directories(dir / "pdo-txn"); }
  SECTION("over a journal an older pdo emptied") { write_journal(dir, ""); }
  SECTION("over an idle journal") { write_journal(dir, "pdo-transaction 3\n"); }
  SECTION("over an idle journal of pdo 5066e12") { write_journal(dir, "pdo-transaction 1\n"); }
  SECTION("over an idle journal of the pdo before 3") { write_journal(dir, "pdo-transaction 2\n"); }
  CHECK_FALSE(app::journal_has_records(dir));
  CHECK_FALSE(*app::load_journal(dir));

  app::JournalLog log(dir);
  REQUIRE(log.begin(4242, 99));
  REQUIRE(log.lock_identity(platform::FileIdentity{1, 2, 0, -5}));
  REQUIRE(log.file(0, {util::RelPath::parse("lessons/03 路径/notes.md").take(), true, k_sha, false}));
  REQUIRE(log.stage(app::Stage::writing));
  REQUIRE(log.commit({"refs/heads/main",
                      k_old,
                      k_new,
                      {util::RelPath::parse("lessons/03 路径/notes.md").take(), util::RelPath::parse("progress.md").take()}}));
  REQUIRE(log.lock_identity(platform::FileIdentity{1, 3, 0, 7}));  // the lock filled
  REQUIRE(log.stage(app::Stage::publishing));
  CHECK(app::journal_has_records(dir));
  auto loaded = app::load_journal(dir);
  REQUIRE(loaded);
  REQUIRE(*loaded);
  const app::Journal& j = **loaded;
  CHECK(j.pid == 4242);
  CHECK(j.start == 99);
  CHECK(j.stage == app::Stage::publishing);
  REQUIRE(j.lock);
  CHECK(j.lock->identities == std::vector<platform::FileIdentity>{{1, 2, 0, -5}, {1, 3, 0, 7}});
  REQUIRE(j.files.size() == 1);
  CHECK(j.files[0].path.str() == "lessons/03 路径/notes.md");
  REQUIRE(j.commit);
  CHECK(j.commit->ref == "refs/heads/main");
  CHECK(j.commit->old_id == k_old);
  CHECK(j.commit->commit == k_new);
  CHECK(j.commit->paths.size() == 2);

  log.clear();
  CHECK(journal_text(dir) == "pdo-transaction 3\n");
  CHECK_FALSE(app::journal_has_records(dir));
  CHECK_FALSE(*app::load_journal(dir));

  // The next transaction, shorter than the last, holds nothing of it.
  REQUIRE(log.begin(7, 8));
  CHECK(journal_text(dir) == "pdo-transaction 3\npid 7\nstart 8\n");
  loaded = app::load_journal(dir);
  REQUIRE(loaded);
  REQUIRE(*loaded);
  CHECK((*loaded)->pid == 7);
  CHECK((*loaded)->stage == app::Stage::locking);
  CHECK_FALSE((*loaded)->commit);
}

TEST_CASE("a record a kill cut short never happened", "[app][journal]") {
  TempDir tmp("journal cut");
  const auto& dir = tmp.path();
  write_journal(dir, k_head + "lock 1 2 3 4\nfile 0 0 " + k_sha + "\tprogress.md\nstage writing\nstage publi");
  auto j = app::load_journal(dir);
  REQUIRE(j);
  REQUIRE(*j);
  CHECK((*j)->stage == app::Stage::writing);
}

TEST_CASE("a journal pdo could not have written is refused, naming the line", "[app][journal]") {
  TempDir tmp("journal refused");
  const auto& dir = tmp.path();
  const std::string lock = "lock 1 2 3 4\n";
  const std::string commit = "commit refs/heads/main " + k_old + " " + k_new + "\n";
  for (const std::string& records :
       std::vector<std::string>{"file 0 0 " + k_sha + "\t../victim.txt\n",                     // out of the working tree
                                "file 0 0 " + k_sha + "\t/home/me/.bashrc\n",                  // absolute
                                "file 0 1 -\t.git/hooks/pre-commit\n",                         // into .git
                                "file 0 1 -\tlessons/.GIT/hooks/x\n",                          // .git as Windows or macOS would open it
                                "file 1 0 " + k_sha + "\tprogress.md\n",                       // not the next file
                                lock + commit + "path\t../x\n",                                // a committed path out of the tree
                                lock + "commit refs/remotes/x " + k_old + " " + k_new + "\n",  // not a branch
                                lock + "commit refs/heads/main " + k_old + " " + k_new + " commit\tm\n",  // version 2's record
                                lock + "commit refs/heads/main\x1b[2J " + k_old + " " + k_new + "\n",     // a branch libgit2 refuses
                                lock + "stage publishing\n",                                              // publishing before a commit
                                lock + "lock 1 2 3\n",                                                    // an identity cut short
                                "lock index 1 2 3 4\n",                                                   // version 2's lock record
                                lock + "lock 1 2 3 x\n",                                                  // not a number
                                lock + commit + "file 0 0 " + k_sha + "\tprogress.md\n",                  // a file after the commit
                                lock + "stage committing\n",                                              // a stage pdo never records
                                lock + "rm -rf /\n"}) {
    INFO(records);
    write_journal(dir, k_head + records);
    const auto j = app::load_journal(dir);
    REQUIRE_FALSE(j);
    CHECK(j.error().code == Exit::busy);
    CHECK(j.error().message.find('\x1b') == std::string::npos);
  }
  write_journal(dir, "pdo-transaction 1\npid 12\nstart 34\nstage writing\n");  // 5066e12's, which trusted its paths
  CHECK_FALSE(app::load_journal(dir));
  write_journal(dir, "not a journal\npid 12\n");
  CHECK(app::journal_has_records(dir));
  CHECK_FALSE(app::load_journal(dir));
}

TEST_CASE("a kill between sizing the journal and writing its header leaves no record", "[app][journal]") {
  TempDir tmp("journal sized");
  const auto& dir = tmp.path();
  write_journal(dir, std::string("pdo-transaction 3\n") + std::string(24, '\0'));
  const auto j = app::load_journal(dir);
  REQUIRE(j);
  CHECK_FALSE(*j);
  app::JournalLog log(dir);
  REQUIRE(log.begin(5, 6));
  CHECK(journal_text(dir) == "pdo-transaction 3\npid 5\nstart 6\n");
}

// Found while writing its fuzz target (tests/fuzz/fuzz_txn_journal.cpp, whose property now checks it): recovery removes a file the journal
// says pdo created if it still holds pdo's bytes, and the journal is workspace content, so a crafted one named a file outside the workspace
// by an absolute path or "..".
TEST_CASE("a journal naming a file outside the workspace is refused, and nothing there is touched", "[app][journal]") {
  TempDir tmp("journal outside");
  const auto dir = tmp.path() / "ws" / ".git";
  const auto outside = tmp.path() / "outside.txt";
  test::write_file(outside, "the learner's file\n");
  for (const std::string& path :
       {util::path_to_utf8(outside), std::string("../../outside.txt"), std::string("lessons/../../../outside.txt")}) {
    CAPTURE(path);
    write_journal(dir, k_head + "file 0 0 " + k_sha + "\t" + path + "\nstage writing\n");
    CHECK_FALSE(app::load_journal(dir));
    CHECK(std::filesystem::exists(outside));
  }
  // What pdo writes still loads: a path in a lesson folder.
  write_journal(dir, k_head + "lock 1 2 3 4\nfile 0 0 " + k_sha + "\tlessons/03-ddp/notes.md\n");
  const auto mine = app::load_journal(dir);
  REQUIRE(mine);
  REQUIRE(*mine);
  CHECK((*mine)->files.at(0).path.str() == "lessons/03-ddp/notes.md");
}

// Found by tests/property/test_txn_journal.cpp (issue 42): pdo wrote journals it then refused as forged (exit 5
// on every command until the learner deleted it): a start time or a device or inode number of 20 digits (a
// u64 std::to_string writes), an mtime of INT64_MIN, and begin()'s header cut before its start line.
TEST_CASE("every number pdo writes in a journal reads back, over the type's whole range", "[app][journal]") {
  TempDir tmp("journal numbers");
  const auto& dir = tmp.path();
  app::JournalLog log(dir);
  std::filesystem::create_directories(dir / "pdo-txn");
  REQUIRE(log.begin(1, 10000000000000000000ull));
  REQUIRE(log.lock_identity(platform::FileIdentity{18446744073709551615ull, 10000000000000000000ull, 0, INT64_MIN}));
  const auto j = app::load_journal(dir);
  REQUIRE(j);
  REQUIRE(*j);
  CHECK((*j)->start == 10000000000000000000ull);
  CHECK((*j)->lock->identities.front() == platform::FileIdentity{18446744073709551615ull, 10000000000000000000ull, 0, INT64_MIN});
  // One spelling a value: what std::to_string never writes is not pdo's.
  for (const char* bad :
       {"lock 01 2 3 4\n", "lock 1 2 3 -0\n", "lock +1 2 3 4\n", "lock 1 2 3 9223372036854775808\n", "lock 18446744073709551616 2 3 4\n"}) {
    CAPTURE(bad);
    write_journal(dir, k_head + std::string(bad));
    CHECK_FALSE(app::load_journal(dir));
  }
  // begin()'s one write cut short before the start line is whole: nothing was done yet.
  for (const char* cut : {"pdo-transaction 3\npid 12\n", "pdo-transaction 3\npid 12\nstart 3"}) {
    CAPTURE(cut);
    write_journal(dir, cut);
    const auto none = app::load_journal(dir);
    REQUIRE(none);
    CHECK_FALSE(*none);
  }
}

#ifndef _WIN32
// A record that cannot be written (a full disk, a file-size limit) fails the transaction before anything
// it would cover is touched: a journal missing a record cannot undo that record's file after a kill.
// [posix:rlimit] RLIMIT_FSIZE makes the next append fail (EFBIG, SIGXFSZ ignored) with no full disk.
TEST_CASE("a journal record that cannot be written is an error, not a silent gap", "[app][journal][posix][posix:rlimit]") {
  TempDir tmp("journal full");
  const auto& dir = tmp.path();
  std::filesystem::create_directories(dir / "pdo-txn");
  app::JournalLog log(dir);
  REQUIRE(log.begin(4242, 99));
  const auto size = std::filesystem::file_size(dir / "pdo-txn" / "journal");
  struct rlimit was {};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &was) == 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit tight = was;
  tight.rlim_cur = static_cast<rlim_t>(size);  // not one byte more
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &tight) == 0);
  const Status st = log.file(0, {util::RelPath::parse("progress.md").take(), true, k_sha, false});
  ::setrlimit(RLIMIT_FSIZE, &was);
  std::signal(SIGXFSZ, old_handler);
  REQUIRE_FALSE(st);
  CHECK_THAT(st.error().message, Catch::Contains("journal"));
  CHECK(std::filesystem::file_size(dir / "pdo-txn" / "journal") == size);
}
#endif
