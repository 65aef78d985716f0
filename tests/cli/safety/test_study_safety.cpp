// The study loop under real conditions: concurrent pdo processes, a lock held by another program,
// pdo killed at random points, and repository states where committing would be wrong.
#include <random>
#include <thread>

#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;

namespace {

std::filesystem::path workspace(const TempDir& tmp) {
  auto root = tmp / "ws";
  init_workspace(root);
  return root;
}

platform::ProcessResult pdo_with_timeout(const std::filesystem::path& root, const std::vector<std::string>& args,
                                         std::chrono::milliseconds timeout) {
  std::vector<std::string> argv = pdo_command();
  argv.insert(argv.end(), args.begin(), args.end());
  platform::ProcessOptions opts;
  opts.cwd = root;
  opts.env = test_env();
  opts.timeout = timeout;
  return platform::run_process(argv, opts);
}

}  // namespace

TEST_CASE("eight pdo track processes at once lose no update", "[cli][track][safety]") {
  TempDir tmp("concurrent");
  const auto root = workspace(tmp);
  std::vector<std::thread> threads;
  threads.reserve(8);
  std::vector<platform::ProcessResult> results(8);
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&, i] {
      results[static_cast<std::size_t>(i)] = run_pdo({"track", "done", std::to_string(i + 1), "read"}, root);
    });
  }
  for (auto& t : threads) t.join();
  for (const auto& r : results) {
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
  }
  const std::string progress = read_file(root / "progress.md");
  for (int i = 1; i <= 8; ++i) CHECK_THAT(progress, Catch::Contains("- [x] 0" + std::to_string(i) + " 读讲义"));
  CHECK(count_of(progress, "\n- [x] ") == 8);
  CHECK(commit_count(root) == 10);
  require_clean_repo(root);
}

TEST_CASE("another program's index.lock: pdo waits, then names it and changes nothing", "[cli][track][safety]") {
  TempDir tmp("indexlock");
  const auto root = workspace(tmp);
  const std::string before = read_file(root / "progress.md");
  write_file(root / ".git/index.lock", "");
  const auto r = run_pdo({"track", "done", "03", "read"}, root);
  CHECK(r.exit_code == 5);
  CHECK_THAT(r.err, Catch::Contains("index.lock"));
  CHECK(read_file(root / "progress.md") == before);
  CHECK(std::filesystem::exists(root / ".git/index.lock"));  // never deleted by pdo
  std::filesystem::remove(root / ".git/index.lock");
  CHECK(commit_count(root) == 2);
  CHECK(run_pdo({"track", "done", "03", "read"}, root).exit_code == 0);
}

TEST_CASE("pdo killed at random points leaves old-or-new progress and a sound repo", "[cli][track][safety]") {
  TempDir tmp("kill");
  const auto root = workspace(tmp);
  std::mt19937 rng(20261129);
  std::uniform_int_distribution<int> delay_ms(1, 40);
  int killed = 0;
  int unprovable = 0;
  for (int round = 0; round < 30; ++round) {
    const std::string lesson = std::to_string(round % 17 + 1);
    const std::string step = round < 17 ? "read" : "notes";
    const std::string before = read_file(root / "progress.md");
    const auto r = pdo_with_timeout(root, {"track", "done", lesson, step}, std::chrono::milliseconds(delay_ms(rng)));
    killed += r.timed_out ? 1 : 0;
    const std::string after = read_file(root / "progress.md");
    const bool old_or_new = after == before || count_of(after, "\n- [x] ") == count_of(before, "\n- [x] ") + 1;
    CHECK(old_or_new);
    CHECK(after.size() == before.size());
    const auto fsck = run_git({"fsck"}, root);
    INFO("round " << round << ": " << fsck.out << fsck.err);
    CHECK(fsck.exit_code == 0);
    // The next command works: a killed pdo's lock is never left behind blocking it, with one exception
    // git has too. A kill while libgit2 holds the branch's lock (from before the index goes into place
    // until the branch moves) leaves refs/heads/main.lock, which pdo never deletes: the next pdo undoes the
    // killed commit (once the lock is gone, if its index was in place) and names the lock (exit 5, with how
    // to remove it), as git names a lock a killed git left. Then the learner removes it, as that message
    // says, and the command works.
    auto next = run_pdo({"track", "done", lesson, step}, root);
    const std::filesystem::path branch_lock = root / ".git/refs/heads/main.lock";
    if (next.exit_code == 5 && next.err.find("refs/heads/main.lock") != std::string::npos) {
      ++unprovable;
      std::filesystem::remove(branch_lock);
      next = run_pdo({"track", "done", lesson, step}, root);
    }
    INFO(next.out << next.err);
    CHECK(next.exit_code == 0);
  }
  INFO("killed " << killed << " of 30; " << unprovable << " branch lock(s) left by a kill in libgit2's lock, named and removed by hand");
  CHECK(killed > 0);
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
  CHECK(count_of(read_file(root / "progress.md"), "\n- [x] ") == 30);
}

TEST_CASE("states where pdo must not commit get a clear error and no change", "[cli][track][safety]") {
  TempDir tmp("states");
  const auto root = workspace(tmp);
  const std::string before = read_file(root / "progress.md");
  SECTION("detached HEAD") {
    // Issue 43 item 9: the hint said `git switch main` where the branch is another; it names this
    // repository's branch (its only one, or the one at HEAD's commit).
    git_out({"branch", "-q", "-m", "master"}, root);
    git_out({"checkout", "-q", "--detach"}, root);
    const auto r = run_pdo({"track", "done", "03", "read"}, root);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("git switch master") && !Catch::Contains("git switch main"));
    git_out({"branch", "-q", "other", "HEAD~1"}, root);
    CHECK_THAT(run_pdo({"track", "done", "03", "read"}, root).err, Catch::Contains("git switch master"));
    git_out({"branch", "-q", "third"}, root);  // two branches at HEAD's commit: one of them
    CHECK_THAT(run_pdo({"--lang", "en", "track", "done", "03", "read"}, root).err,
               Catch::Contains("git switch master") || Catch::Contains("git switch third"));
    git_out({"checkout", "-q", "master"}, root);  // back as the checks after the sections expect it
    git_out({"branch", "-q", "-m", "main"}, root);
    git_out({"branch", "-q", "-D", "other", "third"}, root);
  }
  SECTION("unborn branch") {
    git_out({"checkout", "-q", "--orphan", "fresh"}, root);
    const auto r = run_pdo({"track", "done", "03", "read"}, root);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("pdo init"));
  }
  SECTION("merge in progress") {
    write_file(root / ".git/MERGE_HEAD", git_out({"rev-parse", "HEAD"}, root));
    const auto r = run_pdo({"track", "done", "03", "read"}, root);
    CHECK(r.exit_code == 5);
    CHECK_THAT(r.err, Catch::Contains("git merge --abort"));
    std::filesystem::remove(root / ".git/MERGE_HEAD");
  }
  SECTION("rebase in progress") {
    std::filesystem::create_directories(root / ".git/rebase-merge");
    const auto r = run_pdo({"track", "done", "03", "read"}, root);
    CHECK(r.exit_code == 5);
    CHECK_THAT(r.err, Catch::Contains("git rebase --abort"));
    std::filesystem::remove_all(root / ".git/rebase-merge");
  }
  CHECK(read_file(root / "progress.md") == before);
  CHECK(git_out({"rev-list", "--count", "main"}, root) == "2\n");
}

// [posix:permissions] POSIX permissions and setpriv: nothing to learn about pdo.exe from them under wine.
TEST_CASE("a read-only workspace folder gets exit 6 with its reason and no change", "[cli][track][safety][posix][posix:permissions]") {
  TempDir tmp("read-only");
  const auto root = workspace(tmp);
  const std::string before = read_file(root / "progress.md");
  // As root, permissions do not bind: the workspace becomes an unprivileged user's, who runs pdo.
  const bool as_root = platform::run_process({"id", "-u"}).out == "0\n";
  std::vector<std::string> argv;
  if (as_root) {
    argv = {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};
    std::filesystem::permissions(tmp.path(), std::filesystem::perms::others_exec, std::filesystem::perm_options::add);
    REQUIRE(platform::run_process({"chown", "-R", "65534:65534", util::path_to_utf8(root)}).exit_code == 0);
  }
  argv.push_back(util::path_to_utf8(pdo_binary()));
  for (const char* a : {"track", "done", "03", "read"}) argv.emplace_back(a);
  const auto write_bits = std::filesystem::perms::owner_write | std::filesystem::perms::group_write | std::filesystem::perms::others_write;
  std::filesystem::permissions(root, write_bits, std::filesystem::perm_options::remove);
  platform::ProcessOptions opts;
  opts.cwd = root;
  opts.env = test_env();
  const auto r = platform::run_process(argv, opts);
  std::filesystem::permissions(root, std::filesystem::perms::owner_write, std::filesystem::perm_options::add);
  if (as_root) platform::run_process({"chown", "-R", "0:0", util::path_to_utf8(root)});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 6);  // README: 6, the workspace cannot be written
  CHECK_THAT(r.err, Catch::StartsWith("pdo: 错误：") && (Catch::Contains("cannot be written") || Catch::Contains("无法写入")));
  CHECK(read_file(root / "progress.md") == before);
  CHECK(git_out({"rev-list", "--count", "main"}, root) == "2\n");
}
