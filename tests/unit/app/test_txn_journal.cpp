// app/txn_journal: the journal is kept from one transaction to the next and cut back to its header line,
// never emptied; a header-only, empty or missing journal means that no transaction is running.
#include <catch2/catch.hpp>

#include <fstream>

#include "app/txn_journal.hpp"
#include "support/temp_dir.hpp"
#include "util/fs.hpp"

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
