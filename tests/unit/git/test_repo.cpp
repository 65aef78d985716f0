// git::Repo::relative: a path's name in the working tree, with the folders on its way resolved (each
// folder once per Repo) and the last name kept as it is. [posix:symlinks] the workspace is reached
// through POSIX symlinks.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "git/repo.hpp"
#include "support/temp_dir.hpp"

using namespace pdo;
using pdo::test::TempDir;
namespace fs = std::filesystem;

TEST_CASE("Repo::relative names a path inside the work tree, through links to its folders", "[git][posix][posix:symlinks]") {
  TempDir tmp("repo relative");
  const fs::path ws = tmp / "ws";
  fs::create_directories(ws / "lessons" / "01" / "exercises");
  const auto repo = git::Repo::init(ws).take();
  fs::create_directory_symlink(ws, tmp / "link-to-ws");
  fs::create_directory_symlink(ws / "lessons" / "01", ws / "short");
  fs::create_symlink(tmp.path(), ws / "out");  // a link as the last name is named, not followed

  const fs::path via = tmp / "link-to-ws";
  CHECK(repo.relative(ws).empty());
  CHECK(repo.relative(via) == "../link-to-ws");  // the last name is named, not followed
  CHECK(repo.relative(ws / "progress.md") == "progress.md");
  // The same folder asked again, through another spelling and after other folders: the same answers.
  for (int round = 0; round < 2; ++round) {
    CHECK(repo.relative(via / "lessons" / "01" / "exercises" / "a.py") == "lessons/01/exercises/a.py");
    CHECK(repo.relative(ws / "lessons" / "01" / "exercises" / "b.py") == "lessons/01/exercises/b.py");
    CHECK(repo.relative(ws / "short" / "notes.md") == "lessons/01/notes.md");
    CHECK(repo.relative(via / "short" / "exercises" / "c.py") == "lessons/01/exercises/c.py");
    CHECK(repo.relative(ws / "out") == "out");
    CHECK(repo.relative(ws / "lessons" / "02" / "new.md") == "lessons/02/new.md");  // a folder not there yet
    CHECK(repo.relative(tmp / "elsewhere.txt") == "../elsewhere.txt");
  }
}

TEST_CASE("prepare_commit escapes every line that starts with ---, so git's trailer parser reads the whole message", "[git]") {
  TempDir tmp("repo message");
  const fs::path ws = tmp / "ws";
  fs::create_directories(ws);
  auto repo = git::Repo::init(ws).take();
  std::ofstream(ws / "a.txt") << "a\n";
  git::CommitSpec spec;
  spec.changes.push_back({git::CommitChange::Kind::whole, util::RelPath::parse("a.txt").take(), nullptr});
  spec.message = "subject\n\n---\n--- x\n-- y\n---";  // the last line with no line break after it
  spec.identity = std::make_pair(std::string("T"), std::string("t@example.com"));
  const auto prepared = repo.prepare_commit(spec, tmp / "scratch-index").take();
  const auto chain = repo.first_parent_chain("", prepared.commit_id).take();
  REQUIRE(chain.size() == 1);
  CHECK(chain[0].message == "subject\n\n\\---\n\\--- x\n-- y\n\\---");
}
