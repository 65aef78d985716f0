// Issue 24's reproductions of recovery, run against the real pdo and checked with the real git CLI: the
// next pdo undoes a killed commit (unless its branch moved) before it reads anything to plan from (repro 4), and acts
// only on a journal pdo could have written, touching nothing outside the workspace (repro 3).
#include "cli/cli_helpers.hpp"
#include "support/skip.hpp"

#include "util/fs.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

constexpr const char* k_pause_points[] = {"lock-taken", "worktree-written", "objects-written", "index-written",
                                          "ref-locked", "index-renamed",    "ref-moved"};

}  // namespace

// [posix:signals] kill -9 at pdo's test pause points, which the Windows build leaves out (PDO_TEST_HOOKS=OFF).
TEST_CASE("issue 24 repro 4: init killed while it commits, then init again, gives a whole workspace",
          "[cli][safety][transaction][init][posix][posix:signals]") {
  for (const char* point : k_pause_points) {
    DYNAMIC_SECTION(point) {
      TempDir tmp("init-killed");
      const auto cwd = tmp / "run";
      fs::create_directories(cwd);
      const auto root = cwd / "W";
      REQUIRE(kill_at(cwd, {"init", "W", "--yes"}, point));
      auto again = run_pdo({"init", "W", "--yes"}, cwd);
      // Killed inside libgit2's branch lock: named (exit 5) and left, as git does; removed, init goes on.
      if (std::string(point) == "ref-locked" || std::string(point) == "index-renamed") {
        INFO(again.out << again.err);
        CHECK(again.exit_code == 5);
        CHECK_THAT(again.err, Catch::Contains(".lock"));
        fs::remove(root / ".git/refs/heads/main.lock");
        again = run_pdo({"init", "W", "--yes"}, cwd);
      }
      INFO(again.out << again.err);
      CHECK(again.exit_code == 0);
      for (const char* file : {"README.md", "progress.md", "questions.md", ".pdo/config.toml", ".gitignore"}) {
        INFO(file);
        CHECK(fs::is_regular_file(root / file));
        CHECK(run_git({"cat-file", "-e", std::string("HEAD:") + file}, root).exit_code == 0);
      }
      require_clean_repo(root);
      require_ok(run_pdo({"track", "done", "01", "read"}, root));
      CHECK_THAT(git_out({"show", "HEAD:progress.md"}, root), Catch::Contains("- [x] 01 "));
    }
  }
}

// The same for every other committing command: `pdo lesson add` reads .pdo/lessons.toml to plan the next
// one; read before the recovery that takes the killed run's lesson away, its plan would be stale.
// [posix:signals] kill -9 at a test pause point.
TEST_CASE("issue 24 repro 4: a command after a killed one plans from what recovery left",
          "[cli][safety][transaction][lesson][posix][posix:signals]") {
  TempDir tmp("lesson-killed");
  const auto root = fresh_workspace(tmp);
  REQUIRE(kill_at(root, {"lesson", "add", "Killed Lesson", "--url", "https://example.com/killed"}, "worktree-written"));
  REQUIRE_THAT(read_file(root / ".pdo/lessons.toml"), Catch::Contains("Killed Lesson"));
  const auto next = pdo_in(root, {"lesson", "add", "Second Lesson", "--url", "https://example.com/second"});
  INFO(next.out << next.err);
  CHECK(next.exit_code == 0);
  const std::string lessons = git_out({"show", "HEAD:.pdo/lessons.toml"}, root);
  CHECK_THAT(lessons, Catch::Contains("Second Lesson") && !Catch::Contains("Killed Lesson"));
  CHECK(read_file(root / ".pdo/lessons.toml") == lessons);
  require_clean_repo(root);
}

// A git dir on another file system than the work tree (`gitdir:` in .git): the journal's backups cannot be
// renamed back over the working files, so recovery copies their bytes. Before, a killed tick stayed in
// progress.md, uncommitted, while recovery said it had rolled the commit back.
// [posix:tmpfs] /dev/shm, a tmpfs, as that other file system; [posix:signals] kill -9 at a pause point.
TEST_CASE("a killed commit is rolled back when the git dir is on another file system",
          "[cli][safety][transaction][posix][posix:tmpfs][posix:signals]") {
  TempDir tmp("other-fs");
  const auto root = fresh_workspace(tmp);
  const auto shm = platform::file_identity("/dev/shm"), here = platform::file_identity(tmp.path());
  if (!shm || !here || shm->device == here->device) PDO_SKIP("no /dev/shm on another file system than the temp folder");
  const fs::path gitdir = fs::path("/dev/shm") / tmp.path().filename();
  fs::copy(root / ".git", gitdir, fs::copy_options::recursive);
  fs::remove_all(root / ".git");
  write_file(root / ".git", "gitdir: " + util::path_to_utf8(gitdir) + "\n");
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } cleanup{gitdir};
  const std::string before = read_file(root / "progress.md");
  REQUIRE(kill_at(root, {"track", "done", "02", "read"}, "worktree-written"));
  REQUIRE(read_file(root / "progress.md") != before);  // the killed run's tick is in the working file
  const auto next = pdo_in(root, {"track", "done", "03", "read"});
  INFO(next.out << next.err);
  CHECK(next.exit_code == 0);
  CHECK(git_out({"status", "--porcelain"}, root).empty());
  const std::string progress = read_file(root / "progress.md");
  CHECK(progress == git_out({"show", "HEAD:progress.md"}, root));
  CHECK_THAT(progress, Catch::Contains("- [x] 03 ") && !Catch::Contains("- [x] 02 "));
}

// Issue 24, repro 3: a .git travels in a zip or a synced folder, so the journal a "killed pdo" left may be
// anyone's. Each forged journal below is written in both the journal format of 5066e12 (version 1, which
// that pdo obeyed) and this pdo's (version 3, which it checks record by record): either way the next pdo
// touches nothing outside the workspace, and never moves the branch or removes a lock it did not make.
namespace {

std::string hex(const std::string& s) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

std::string identity_words(const fs::path& file) {
  const auto id = platform::file_identity(file);
  REQUIRE(id);
  return std::to_string(id->device) + " " + std::to_string(id->inode) + " " + std::to_string(id->size) + " " + std::to_string(id->mtime_ns);
}

/// A journal of a dead pdo (no process has this pid with this start time) holding `records`.
void forge_journal(const fs::path& root, int version, const std::string& records) {
  fs::create_directories(root / ".git/pdo-txn");
  write_file(root / ".git/pdo-txn/journal", "pdo-transaction " + std::to_string(version) + "\npid 999999\nstart 1\n" + records);
}

/// The next committing command refuses the journal: exit 5 naming it, and the journal is left as it is.
void require_refused(const fs::path& root) {
  const std::string journal = read_file(root / ".git/pdo-txn/journal");
  const std::string head = git_out({"rev-parse", "HEAD"}, root);
  const auto r = run_pdo({"track", "done", "02", "read"}, root);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 5);
  CHECK_THAT(r.err, Catch::Contains("pdo-txn") || Catch::Contains(".lock"));
  CHECK(read_file(root / ".git/pdo-txn/journal") == journal);
  CHECK(git_out({"rev-parse", "HEAD"}, root) == head);
}

}  // namespace

// [posix:stat] the forged records name POSIX paths and file identities.
TEST_CASE("issue 24 repro 3: a journal's paths cannot reach outside the workspace or into .git",
          "[cli][safety][transaction][posix][posix:stat]") {
  TempDir tmp("journal-paths");
  const auto root = fresh_workspace(tmp);
  const auto victim = tmp / "victim.txt";
  write_file(victim, "the learner's file\n");
  const std::string victim_sha = util::sha256_hex("the learner's file\n");
  const auto hook = root / ".git/hooks/pre-commit";
  const std::string hook_before = read_file(hook);
  const auto planted = tmp / "home/.local/bin/x";
  fs::create_directories(planted.parent_path());
  write_file(root / ".git/pdo-txn/old-0", "#!/bin/sh\necho pwned\n");
  const std::string relative_victim = util::path_to_utf8(victim.lexically_relative(root));
  SECTION("deleting ../victim.txt, 5066e12's format") {
    forge_journal(root, 1, "file 0 0 " + hex(relative_victim) + " " + victim_sha + "\nstage writing\n");
  }
  SECTION("deleting ../victim.txt") { forge_journal(root, 3, "file 0 0 " + victim_sha + "\t" + relative_victim + "\nstage writing\n"); }
  SECTION("deleting an absolute path, 5066e12's format") {
    forge_journal(root, 1, "file 0 0 " + hex(util::path_to_utf8(victim)) + " " + victim_sha + "\nstage writing\n");
  }
  SECTION("deleting an absolute path") {
    forge_journal(root, 3, "file 0 0 " + victim_sha + "\t" + util::path_to_utf8(victim) + "\nstage writing\n");
  }
  SECTION("old-0 put back as ~/.local/bin/x, 5066e12's format") {
    forge_journal(root, 1, "file 0 1 " + hex(util::path_to_utf8(planted)) + " -\nstage writing\n");
  }
  SECTION("old-0 put back as ~/.local/bin/x") {
    forge_journal(root, 3, "file 0 1 -\t" + util::path_to_utf8(planted) + "\nstage writing\n");
  }
  SECTION("old-0 put back as .git/hooks/pre-commit, 5066e12's format") {
    forge_journal(root, 1, "file 0 1 " + hex(".git/hooks/pre-commit") + " " + util::sha256_hex(hook_before) + "\nstage writing\n");
  }
  SECTION("old-0 put back as .git/hooks/pre-commit") {
    forge_journal(root, 3, "file 0 1 " + util::sha256_hex(hook_before) + "\t.git/hooks/pre-commit\nstage writing\n");
  }
  SECTION("old-0 put back through a link to outside") {
    fs::create_directory_symlink(planted.parent_path(), root / "lessons/bin");
    forge_journal(root, 3, "file 0 1 -\tlessons/bin/x\nstage writing\n");
  }
  require_refused(root);
  CHECK(read_file(victim) == "the learner's file\n");
  CHECK(read_file(hook) == hook_before);
  CHECK_FALSE(fs::exists(planted));
}

// [posix:stat] POSIX file identities (inode numbers) copied into the forged journals.
TEST_CASE("issue 24 repro 3: a forged journal cannot move the branch or remove another program's lock",
          "[cli][safety][transaction][posix][posix:stat]") {
  TempDir tmp("journal-locks");
  const auto root = fresh_workspace(tmp);
  const std::string head = git_out({"rev-parse", "HEAD"}, root);
  const std::string branch = std::string(util::chomp(git_out({"symbolic-ref", "HEAD"}, root)));
  // An attacker's commit on top of HEAD, which no branch holds.
  run_git({"checkout", "-q", "-b", "evil"}, root);
  write_file(root / "evil.sh", "echo pwned\n");
  run_git({"add", "evil.sh"}, root);
  run_git({"commit", "-q", "--no-verify", "-m", "evil"}, root);
  const std::string evil = std::string(util::chomp(git_out({"rev-parse", "HEAD"}, root)));
  run_git({"checkout", "-q", "-"}, root);
  run_git({"branch", "-q", "-D", "evil"}, root);
  const std::string old_id = std::string(util::chomp(head));
  const auto ref_lock = root / ".git" / (branch + ".lock");
  SECTION("a publishing journal with the branch's lock, 5066e12's format") {
    write_file(ref_lock, evil + "\n");
    forge_journal(root, 1,
                  "lock " + hex(branch + ".lock") + " " + identity_words(ref_lock) + "\nstage writing\ncommit " + hex(branch) + " " + evil +
                      "\nstage publishing\n");
  }
  // Recovery never moves a branch: a journal whose commit the branch does not hold is undone, and these
  // undo nothing (they name no file). The command then commits, or stops at the branch's lock (exit 5).
  bool undone = false;
  SECTION("a publishing journal with the branch's lock") {
    write_file(ref_lock, "");
    forge_journal(root, 3, "lock 1 2 3 4\ncommit " + branch + " " + old_id + " " + evil + "\npath\tevil.sh\nstage publishing\n");
    undone = true;
  }
  SECTION("a publishing journal without a lock") {
    forge_journal(root, 3, "lock 1 2 3 4\ncommit " + branch + " " + old_id + " " + evil + "\npath\tevil.sh\nstage publishing\n");
    undone = true;
  }
  SECTION("another program's index.lock, its identity recorded, 5066e12's format") {
    write_file(root / ".git/index.lock", "");
    forge_journal(root, 1, "lock " + hex("index.lock") + " " + identity_words(root / ".git/index.lock") + "\n");
  }
  SECTION("another program's index.lock, its identity recorded") {
    write_file(root / ".git/index.lock", "");
    forge_journal(root, 3, "lock " + identity_words(root / ".git/index.lock") + "\n");
  }
  const bool index_lock = fs::exists(root / ".git/index.lock");
  const bool branch_lock = fs::exists(ref_lock);
  if (undone) {
    const auto r = run_pdo({"track", "done", "02", "read"}, root);
    INFO(r.out << r.err);
    CHECK(r.exit_code == (branch_lock ? 5 : 0));
    if (branch_lock) CHECK_THAT(r.err, Catch::Contains(branch + ".lock"));
    CHECK(git_out({"rev-list", "HEAD"}, root).find(evil) == std::string::npos);
    CHECK(git_out({"rev-list", "-1", "HEAD" + std::string(branch_lock ? "" : "~1")}, root) == head);
  } else {
    require_refused(root);
    CHECK(git_out({"rev-parse", "HEAD"}, root) == head);
  }
  CHECK(fs::exists(root / ".git/index.lock") == index_lock);
  CHECK(fs::exists(ref_lock) == branch_lock);
  CHECK_FALSE(fs::exists(root / "evil.sh"));
}

// A journal whose commit the branch already holds is finished: its own locks go, and a branch lock it never
// recorded (another git program's, taken since) stays, named.
TEST_CASE("recovery of a commit the branch already holds never removes a branch lock the journal did not record",
          "[cli][safety][transaction]") {
  TempDir tmp("journal-moved");
  const auto root = fresh_workspace(tmp);
  require_ok(run_pdo({"track", "done", "01", "read"}, root));
  const std::string head = std::string(util::chomp(git_out({"rev-parse", "HEAD"}, root)));
  const std::string parent = std::string(util::chomp(git_out({"rev-parse", "HEAD~1"}, root)));
  const std::string branch = std::string(util::chomp(git_out({"symbolic-ref", "HEAD"}, root)));
  forge_journal(root, 3, "lock 1 2 3 4\ncommit " + branch + " " + parent + " " + head + "\npath\tprogress.md\n");
  const auto ref_lock = root / ".git" / (branch + ".lock");
  write_file(ref_lock, "");  // another git program's
  const auto r = run_pdo({"track", "done", "02", "read"}, root);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 5);
  CHECK_THAT(r.err, Catch::Contains(".lock"));
  CHECK(fs::exists(ref_lock));
  CHECK(git_out({"rev-parse", "HEAD"}, root) == head + "\n");
}

namespace {

/// pdo ARGS in `cwd` as test_env() runs it, but with HOME an empty folder: git knows no user.name or
/// user.email there.
platform::ProcessResult pdo_without_identity(const TempDir& tmp, const fs::path& cwd, const std::vector<std::string>& args) {
  fs::create_directories(tmp / "empty-home");
  platform::ProcessOptions opts;
  opts.cwd = cwd;
  opts.env = test_env();
  for (auto& [name, value] : opts.env) {
    if (name == "HOME") value = util::path_to_utf8(tmp / "empty-home");
  }
  std::vector<std::string> argv = pdo_command();
  argv.insert(argv.end(), args.begin(), args.end());
  return platform::run_process(argv, opts);
}

}  // namespace

// Without user.name and user.email anywhere, a commit is refused with what to run, and nothing changes.
TEST_CASE("a commit with no git identity says how to set one and changes nothing", "[cli][safety][track]") {
  TempDir tmp("no-identity");
  const auto root = fresh_workspace(tmp);
  const std::string before = read_file(root / "progress.md");
  const std::string head = git_out({"rev-parse", "HEAD"}, root);
  const auto r = pdo_without_identity(tmp, root, {"track", "done", "03", "read"});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("user.name"));
  CHECK(read_file(root / "progress.md") == before);
  CHECK(git_out({"rev-parse", "HEAD"}, root) == head);
}
