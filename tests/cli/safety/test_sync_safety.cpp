// pdo sync killed at each step of its branch move (the commits are on the remote already): the next
// pdo sync undoes the move unless the branch got there, and ends where the remote is, with nothing lost
// or left behind.
// [posix:git-from-pdo] pdo starts the git program for the transport; pdo.exe under wine cannot see the
// exit codes of the Linux git it would start.
#include "cli/sync_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;

namespace fs = std::filesystem;

TEST_CASE("a sync killed at each step of its branch move is undone (or done) and done again by the next sync",
          "[cli][safety][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync kill");
  const auto m = two_machines(tmp);
  const auto& a = m.a;
  const auto& bare = m.bare;
  const auto& b = m.b;
  int lesson = 1;
  for (const char* point :
       {"lock-taken", "worktree-written", "objects-written", "index-written", "ref-locked", "index-renamed", "ref-moved"}) {
    INFO(point);
    const std::string id = std::to_string(lesson);
    // The remote gains files (a lesson added), loses them (removed again) and a tick; b has a tick of its own.
    if (lesson == 1) require_ok(pdo_in(a, {"lesson", "add", "Ring Attention"}));
    if (lesson == 2) require_ok(pdo_in(a, {"lesson", "remove", "18"}));
    require_ok(pdo_in(a, {"track", "done", id, "read"}));
    require_ok(pdo_in(a, {"sync"}));
    require_ok(pdo_in(b, {"track", "done", id, "exercise"}));
    CHECK(kill_at(b, {"sync"}, point));
    auto next = pdo_in(b, {"sync"});
    // Killed inside libgit2's branch lock: the next sync undoes the move and names that lock (exit 5), as
    // git does; once it is removed, sync moves the branch again.
    if (std::string(point) == "ref-locked" || std::string(point) == "index-renamed") {
      INFO(next.out << next.err);
      CHECK(next.exit_code == 5);
      CHECK_THAT(next.err, Catch::Contains("main.lock"));
      fs::remove(b / ".git/refs/heads/main.lock");
      next = pdo_in(b, {"sync"});
    }
    INFO(next.out << next.err);
    REQUIRE(next.exit_code == 0);
    require_ok(pdo_in(a, {"sync"}));
    CHECK(git_out({"rev-parse", "HEAD"}, b) == git_out({"rev-parse", "main"}, bare));
    CHECK(git_out({"rev-parse", "HEAD"}, a) == git_out({"rev-parse", "main"}, bare));
    CHECK_FALSE(fs::exists(b / ".git" / "index.lock"));
    CHECK(read_file(b / "progress.md") == git_out({"show", "HEAD:progress.md"}, b));
    CHECK_THAT(read_file(b / "progress.md"),
               Catch::Contains("- [x] " + util::pad2(lesson) + " 读讲义\n") && Catch::Contains("- [x] " + util::pad2(lesson) + " 做练习"));
    CHECK(fs::exists(b / "lessons" / "18-18-ring-attention") == (lesson == 1));
    require_clean_repo(b);
    ++lesson;
  }
  require_sync_left_git_whole(a);
  require_sync_left_git_whole(b);
}
