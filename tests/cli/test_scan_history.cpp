// pdo scan --history walks trees entry by entry (git/history_blobs.cpp): each key is reported once, at
// the commit that first has it at a path, however deep, and unchanged subtrees add nothing.
#include "cli/cli_helpers.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

std::string commit_all(const fs::path& ws, const std::string& message) {
  git_out({"add", "-A"}, ws);
  REQUIRE(run_git({"commit", "-q", "--no-verify", "-m", message}, ws).exit_code == 0);
  return git_out({"rev-parse", "HEAD"}, ws).substr(0, 12);
}

}  // namespace

TEST_CASE("scan --history names the first commit of a key at each path, deep or moved", "[cli][scan]") {
  TempDir tmp("pdo-scan-history");
  const fs::path ws = tmp / "course";
  REQUIRE(init_ws(ws).exit_code == 0);
  const fs::path deep = ws / "lessons" / "03-03-getting-started-with-distributed-data" / "exercises" / "a" / "b";
  write_file(deep / "train.py", "import os\n" + fake_key(21) + "\n");
  const std::string added = commit_all(ws, "deep key");
  write_file(ws / "data" / "other.txt", "unrelated\n");  // the lessons/ subtree is unchanged
  commit_all(ws, "unrelated");
  write_file(deep / "train.py", "import os\n" + fake_key(21) + "\nprint(1)\n");  // same key, new blob
  const std::string edited = commit_all(ws, "edit");
  fs::create_directories(ws / "moved");
  fs::rename(deep / "train.py", ws / "moved" / "train.py");  // same blob, new path
  const std::string moved = commit_all(ws, "move");
  const auto r = run_pdo({"--lang", "en", "scan", "--history"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(count_of(r.out, added + " lessons/03-03-getting-started-with-distributed-data/exercises/a/b/train.py:2") == 1);
  CHECK(count_of(r.out, edited + " lessons/03-03-getting-started-with-distributed-data/exercises/a/b/train.py:2") == 1);
  CHECK(count_of(r.out, moved + " moved/train.py:2") == 1);
  CHECK(count_of(r.out, "data/other.txt") == 0);
  CHECK(count_of(r.out, "train.py:2") == 3);
  CHECK(r.out.find(fake_key(21).substr(4)) == std::string::npos);
}

// One walk reads messages and trees (oldest first, a parent's tree kept from the commit before): a branch
// and a merge make the first parent another commit than the one just read.
TEST_CASE("scan --history across a branch and a merge: each key once, messages after files", "[cli][scan]") {
  TempDir tmp("pdo-scan-merge");
  const fs::path ws = tmp / "course";
  REQUIRE(init_ws(ws).exit_code == 0);
  git_out({"checkout", "-q", "-b", "side"}, ws);
  write_file(ws / "data" / "side.py", "token = 1\n" + fake_key(22) + "\n");
  const std::string on_side = commit_all(ws, "side work");
  write_file(ws / "data" / "notes.txt", "side notes\n");
  const std::string message_key = commit_all(ws, "notes, and by mistake " + fake_key(23));
  git_out({"checkout", "-q", "main"}, ws);
  write_file(ws / "data" / "main.txt", "main work\n");
  commit_all(ws, "main work");
  REQUIRE(run_git({"merge", "-q", "--no-ff", "--no-verify", "-m", "merge side", "side"}, ws).exit_code == 0);
  write_file(ws / "data" / "after.py", fake_key(24) + "\n");
  const std::string after = commit_all(ws, "after the merge");
  const auto r = run_pdo({"--lang", "en", "scan", "--history"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(count_of(r.out, on_side + " data/side.py:2") == 1);
  CHECK(count_of(r.out, after + " data/after.py:1") == 1);
  CHECK(count_of(r.out, "side.py") == 1);  // not again at the merge, whose first parent lacks it
  const auto in_message = r.out.find(message_key + " (commit message)");
  CHECK(in_message != std::string::npos);
  CHECK(in_message > r.out.find("data/after.py"));
  CHECK_THAT(r.out, Catch::Contains("found 3 possible secrets"));
}
