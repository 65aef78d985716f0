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
