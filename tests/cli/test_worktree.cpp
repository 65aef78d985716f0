// A workspace in a linked worktree (`git worktree add`), checked with the real git CLI: pdo moves that
// worktree's branch where git keeps it (the common dir), with git's reflog, and leaves nothing staged.
// [posix:git-from-pdo] pdo sync starts the git program for the transport (see test_sync.cpp).
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

std::string rev(const fs::path& repo, const std::string& what) { return std::string(util::chomp(git_out({"rev-parse", what}, repo))); }

/// Runs a pdo command in the linked worktree and checks what git sees afterwards: branch `other` moved
/// (and with it the worktree's HEAD), one new reflog line for it, nothing staged, no warning about hooks.
void require_moves_other(const fs::path& w2, const std::vector<std::string>& args) {
  const std::string before = rev(w2, "other");
  const auto r = pdo_in(w2, args);
  INFO(util::join(args, " ") << "\n" << r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const std::string after = rev(w2, "other");
  CHECK(after != before);
  CHECK(util::chomp(git_out({"log", "-1", "--format=%H"}, w2)) == after);
  CHECK(git_out({"status", "--porcelain"}, w2).empty());
  CHECK(util::chomp(util::split_lines(git_out({"reflog", "show", "--format=%H", "other"}, w2)).front()) == after);
  CHECK_THAT(r.err, !Catch::Contains("hooks are not active") && !Catch::Contains("钩子没有生效"));
}

}  // namespace

TEST_CASE("issue 24 repro 5: track, ask, undo and sync in a linked worktree move its branch as git would",
          "[cli][worktree][posix][posix:git-from-pdo]") {
  TempDir tmp("worktree");
  const auto w = fresh_workspace(tmp);
  const auto bare = tmp / "remote.git";
  git_out({"init", "-q", "--bare", util::path_to_utf8(bare)}, tmp.path());
  require_ok(pdo_in(w, {"sync", "--remote", util::path_to_utf8(bare)}));
  const auto w2 = tmp / "W2";
  git_out({"worktree", "add", "-q", util::path_to_utf8(w2), "-b", "other"}, w);
  const std::string main_branch = std::string(util::chomp(git_out({"symbolic-ref", "--short", "HEAD"}, w)));
  const std::string main_head = rev(w, main_branch);

  require_moves_other(w2, {"track", "done", "01", "read"});
  const std::string tick = rev(w2, "other");
  require_moves_other(w2, {"ask", "why a worktree?", "--lesson", "1"});
  require_moves_other(w2, {"undo"});
  // The remote gets `other`, a second machine adds a step to it, and sync brings that step here.
  require_ok(pdo_in(w2, {"sync"}));
  const auto second = tmp / "second-machine";
  git_out({"clone", "-q", "-b", "other", util::path_to_utf8(bare), util::path_to_utf8(second)}, tmp.path());
  require_ok(pdo_in(second, {"sync", "--remote", "origin"}));
  require_ok(pdo_in(second, {"track", "done", "05", "read"}));
  require_ok(pdo_in(second, {"sync"}));
  require_moves_other(w2, {"sync"});
  CHECK(rev(w2, "other") == rev(second, "HEAD"));

  // Each pdo commit is in the branch's reflog, as git itself would have logged it.
  const std::string reflog = git_out({"reflog", "show", "--format=%H %gs", "other"}, w2);
  CHECK_THAT(reflog, Catch::Contains(tick + " commit: "));
  CHECK_THAT(reflog, Catch::Contains("pdo sync: "));
  const auto log = pdo_in(w2, {"log"});
  require_ok(log);
  CHECK_THAT(log.out, Catch::Contains("01") && Catch::Contains("05"));
  CHECK_THAT(git_out({"show", "HEAD:progress.md"}, w2), Catch::Contains("- [x] 01 ") && Catch::Contains("- [x] 05 "));
  // The main worktree's branch and files stay as they were.
  CHECK(rev(w, main_branch) == main_head);
  CHECK(git_out({"status", "--porcelain"}, w).empty());
  CHECK_THAT(read_file(w / "progress.md"), !Catch::Contains("- [x] 01 "));
  const auto fsck = run_git({"fsck", "--strict"}, w);
  INFO(fsck.out << fsck.err);
  CHECK(fsck.exit_code == 0);
}
