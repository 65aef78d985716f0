// app/txn_journal: the journal is kept from one transaction to the next and cut back to its header line,
// never emptied; a header-only, empty or missing journal means that no transaction is running.
#include <catch2/catch.hpp>

#include <fstream>

#include "app/txn_journal.hpp"
#include "support/temp_dir.hpp"
#include "util/fs.hpp"
#include "util/sha256.hpp"

using namespace pdo;
using pdo::test::TempDir;

namespace {

std::string journal_text(const std::filesystem::path& dir) {
  auto text = util::read_file(dir / "journal");
  return text ? *text : std::string("<missing>");
}

void write_journal(const std::filesystem::path& dir, const std::string& text) {
  std::ofstream out(dir / "journal", std::ios::binary | std::ios::trunc);
  out << text;
}

}  // namespace

TEST_CASE("a journal records a transaction and is cut back to its header when it ends", "[app][journal]") {
  TempDir tmp("journal");
  const auto& dir = tmp.path();
  SECTION("first transaction: no journal yet") {}
  SECTION("over a journal an older pdo emptied") { write_journal(dir, ""); }
  SECTION("over an idle journal") { write_journal(dir, "pdo-transaction 1\n"); }
  CHECK_FALSE(app::journal_has_records(dir));
  CHECK_FALSE(app::load_journal(dir));

  app::JournalLog log(dir);
  REQUIRE(log.begin(4242, 99));
  REQUIRE(log.stage(app::Stage::writing));
  REQUIRE(log.commit("refs/heads/main", std::string(40, 'c')));
  CHECK(app::journal_has_records(dir));
  auto j = app::load_journal(dir);
  REQUIRE(j);
  CHECK(j->pid == 4242);
  CHECK(j->start == 99);
  CHECK(j->stage == app::Stage::writing);
  CHECK(j->ref == "refs/heads/main");
  CHECK(j->commit == std::string(40, 'c'));

  log.clear();
  CHECK(journal_text(dir) == "pdo-transaction 1\n");
  CHECK_FALSE(app::journal_has_records(dir));
  CHECK_FALSE(app::load_journal(dir));

  // The next transaction, shorter than the last, holds nothing of it.
  REQUIRE(log.begin(7, 8));
  CHECK(journal_text(dir) == "pdo-transaction 1\npid 7\nstart 8\n");
  j = app::load_journal(dir);
  REQUIRE(j);
  CHECK(j->pid == 7);
  CHECK(j->stage == app::Stage::locking);
  CHECK(j->commit.empty());
}

TEST_CASE("a record a kill cut short never happened, and a journal that is not pdo's is none", "[app][journal]") {
  TempDir tmp("journal cut");
  const auto& dir = tmp.path();
  write_journal(dir, "pdo-transaction 1\npid 12\nstart 34\nstage writing\nstage publi");
  auto j = app::load_journal(dir);
  REQUIRE(j);
  CHECK(j->stage == app::Stage::writing);
  write_journal(dir, "not a journal\npid 12\n");
  CHECK(app::journal_has_records(dir));  // recovery looks, and clears it
  CHECK_FALSE(app::load_journal(dir));
  app::clear_txn_dir(dir);
  CHECK_FALSE(app::journal_has_records(dir));
}

TEST_CASE("a kill between sizing the journal and writing its header leaves no record", "[app][journal]") {
  TempDir tmp("journal sized");
  const auto& dir = tmp.path();
  write_journal(dir, std::string("pdo-transaction 1\n") + std::string(24, '\0'));
  CHECK_FALSE(app::load_journal(dir));
  app::JournalLog log(dir);
  REQUIRE(log.begin(5, 6));
  CHECK(journal_text(dir) == "pdo-transaction 1\npid 5\nstart 6\n");
}

namespace {

std::string hex(std::string_view bytes) {
  static const char* const digits = "0123456789abcdef";
  std::string out;
  for (const char c : bytes) {
    out += digits[static_cast<unsigned char>(c) >> 4];
    out += digits[static_cast<unsigned char>(c) & 0xf];
  }
  return out;
}

}  // namespace

// Found while writing its fuzz target (tests/fuzz/fuzz_txn_journal.cpp, whose property now checks it): recovery removes a file the journal
// says pdo created if it still holds pdo's bytes, and the journal is workspace content, so a crafted one named a file outside the workspace
// by an absolute path or "..".
TEST_CASE("a journal naming a file outside the workspace or a lock outside .git is refused, and recovery removes nothing there",
          "[app][journal]") {
  TempDir tmp("journal outside");
  const auto workdir = tmp.path() / "ws";
  const auto gitdir = workdir / ".git";
  const auto dir = app::txn_dir(gitdir);
  std::filesystem::create_directories(dir);
  const auto outside = tmp.path() / "outside.txt";
  const std::string sha = util::sha256_hex("the learner's file\n");
  const std::string header = "pdo-transaction 1\npid 12\nstart 34\n";
  for (const std::string& path :
       {util::path_to_utf8(outside), std::string("../../outside.txt"), std::string("lessons/../../../outside.txt")}) {
    CAPTURE(path);
    test::write_file(outside, "the learner's file\n");
    write_journal(dir, header + "file 0 0 " + hex(path) + " " + sha + "\nstage writing\n");
    const auto journal = app::load_journal(dir);
    CHECK_FALSE(journal);
    if (journal) (void)app::roll_back(gitdir, workdir, dir, *journal);  // what recovery would do with it
    CHECK(std::filesystem::exists(outside));
  }
  for (const std::string& lock : {std::string("../../outside.lock"), std::string("./index.lock")}) {
    CAPTURE(lock);
    write_journal(dir, header + "lock " + hex(lock) + "\n");
    CHECK_FALSE(app::load_journal(dir));
  }
  // What pdo writes still loads: a path in a lesson folder, and the index's lock.
  write_journal(dir, header + "lock " + hex("index.lock") + "\nfile 0 0 " + hex("lessons/03-ddp/notes.md") + " " + sha + "\n");
  const auto mine = app::load_journal(dir);
  REQUIRE(mine);
  CHECK(mine->files.at(0).path == "lessons/03-ddp/notes.md");
  CHECK(mine->locks.at(0).name == "index.lock");
}
