// Issue 9's reproductions, each run against the real pdo and checked with the real git CLI: the one
// commit transaction (index.lock held across read-modify-commit, compare-and-swap on the branch,
// provable locks, recovery of killed runs), exactly pdo's change committed, symlinks, undo as a stack.
#include <atomic>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

fs::path workspace(const TempDir& tmp, const std::string& name = "ws") {
  auto root = tmp / name;
  init_workspace(root);
  return root;
}

/// Every path under root whose name marks a pdo temp file.
std::vector<std::string> temp_files(const fs::path& root) {
  std::vector<std::string> out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    if (it->path().filename().string().find(".pdo-tmp-") != std::string::npos) out.push_back(it->path().string());
  }
  return out;
}

/// Paths a commit changed (git's own view).
std::string changed_paths(const fs::path& root, const std::string& commit) {
  return git_out({"show", "--format=", "--name-only", commit}, root);
}

/// Box states after replaying every pdo commit's trailers on first-parent history, oldest first.
std::map<std::string, bool> replay_boxes(const fs::path& root) {
  std::map<std::string, bool> boxes;
  const std::string log = git_out({"log", "--first-parent", "--reverse", "--format=%x1e%B"}, root);
  for (const auto& message : util::split(log, '\x1e')) {
    std::string lesson, step, state;
    for (const auto line : util::split_lines(message)) {
      const auto l = util::chomp(line);
      if (util::starts_with(l, "Pdo-Lesson: ")) lesson = std::string(l.substr(12));
      if (util::starts_with(l, "Pdo-Step: ")) step = std::string(l.substr(10));
      if (util::starts_with(l, "Pdo-State: ")) state = std::string(l.substr(11));
    }
    if (!lesson.empty()) boxes[lesson + " " + step] = state == "done";
  }
  return boxes;
}

/// Box states in a progress.md text ("03 read" -> ticked), for the lessons' read/notes boxes.
std::map<std::string, bool> boxes_in(const std::string& text) {
  std::map<std::string, bool> boxes;
  const std::map<std::string, std::string> steps{{"读讲义", "read"}, {"做练习", "exercise"}, {"记笔记", "notes"}};
  for (const auto line : util::split_lines(text)) {
    const auto l = util::chomp(line);
    if (l.size() < 10 || !util::starts_with(l, "- [")) continue;
    const auto rest = std::string(l.substr(6));
    const auto space = rest.find(' ');
    if (space == std::string::npos) continue;
    const auto step = steps.find(rest.substr(space + 1));
    if (step != steps.end()) boxes[rest.substr(0, space) + " " + step->second] = l[3] == 'x';
  }
  return boxes;
}

/// Requires that HEAD's questions.md holds exactly the questions of the asks that were not undone,
/// replaying the ask and undo commits of first-parent history in commit order.
void require_questions_replay(const fs::path& root) {
  const std::string log = git_out({"log", "--first-parent", "--reverse", "--format=%x1e%H%n%B"}, root);
  std::map<std::string, std::string> asked;  // action id -> commit
  std::set<std::string> undone;
  for (const auto& entry : util::split(log, '\x1e')) {
    if (entry.size() < 41) continue;
    const std::string commit = entry.substr(0, 40);
    std::string action, id, undoes;
    for (const auto line : util::split_lines(entry)) {
      const auto l = util::chomp(line);
      if (util::starts_with(l, "Pdo-Action: ")) action = std::string(l.substr(12));
      if (util::starts_with(l, "Pdo-Id: ")) id = std::string(l.substr(8));
      if (util::starts_with(l, "Pdo-Undoes: ")) undoes = std::string(l.substr(12));
    }
    if (action == "ask") asked[id] = commit;
    if (action == "undo") undone.insert(undoes);
  }
  const std::string head_text = git_out({"show", "HEAD:questions.md"}, root);  // whole lines: "k1" is not "k17"
  std::set<std::string> head;
  for (const auto line : util::split_lines(head_text)) head.insert(std::string(util::trim(util::chomp(line))));
  for (const auto& [id, commit] : asked) {
    const std::string diff = git_out({"diff", commit + "~1", commit, "--", "questions.md"}, root);
    for (const auto line : util::split_lines(diff)) {
      if (!util::starts_with(line, "+- [ ] ")) continue;
      const std::string question(util::chomp(line.substr(1)));
      INFO(question << (undone.count(id) ? " (undone)" : ""));
      CHECK(head.count(question) == (undone.count(id) ? 0U : 1U));
    }
  }
}

/// Requires that the ticked boxes of HEAD's progress.md are exactly those the pdo commits record.
void require_replay_matches(const fs::path& root) {
  const auto replayed = replay_boxes(root);
  const auto head = boxes_in(git_out({"show", "HEAD:progress.md"}, root));
  for (const auto& [box, done] : head) {
    const auto it = replayed.find(box);
    INFO(box);
    CHECK(done == (it != replayed.end() && it->second));
  }
}

/// git fsck --strict, and no staged deletion or stray pdo change in `git status`.
void require_sound(const fs::path& root) {
  const auto fsck = run_git({"fsck", "--strict"}, root);
  INFO(fsck.out << fsck.err);
  CHECK(fsck.exit_code == 0);
  const auto status = git_out({"status", "--porcelain"}, root);
  INFO(status);
  CHECK(status.find("D  ") == std::string::npos);
  CHECK(status.find("MM ") == std::string::npos);
  CHECK(temp_files(root).empty());
}

/// A workspace where `ask "held question"` was killed with its index published and its branch still
/// locked (libgit2's lock, which the next pdo names and never removes): the commit the next pdo undoes.
fs::path held_question_published(const TempDir& tmp) {
  auto root = workspace(tmp);
  REQUIRE(kill_at(root, {"ask", "held question", "--lesson", "6"}, "index-renamed"));
  return root;
}

/// The next command undoes the held question's commit (its index was published, its branch never moved),
/// commits its own and leaves nothing staged.
void require_next_undoes(const fs::path& root) {
  const auto next = run_pdo({"track", "done", "16", "notes"}, root);
  INFO(next.out << next.err);
  CHECK(next.exit_code == 0);
  CHECK(git_out({"status", "--porcelain"}, root).empty());
  CHECK(read_file(root / "questions.md").find("held question") == std::string::npos);
  CHECK(git_out({"show", "HEAD:questions.md"}, root).find("held question") == std::string::npos);
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
}

}  // namespace

// [posix:race] races the Linux git CLI against pdo in real time; wine starting pdo.exe leaves no race to test.
TEST_CASE("repro 1: the learner's own git commits never carry any part of a pdo change", "[cli][safety][transaction][posix][posix:race]") {
  TempDir tmp("own-commit");
  const auto root = workspace(tmp);
  // Two of the learner's loops commit other files for as long as pdo works; 48 pdo commits tick, untick
  // and ask. 4,000 more tracked files widen the windows as a real project's index does (git reads and
  // lstat()s the whole index before it locks it): without them the race was met only now and then.
  fs::create_directories(root / "data/bulk");
  for (int i = 0; i < 4000; ++i) write_file(root / "data/bulk" / (std::to_string(i) + ".txt"), std::to_string(i) + "\n");
  run_git({"add", "data/bulk"}, root);
  run_git({"commit", "-q", "--no-verify", "-m", "bulk"}, root);
  std::atomic<bool> stop{false};
  const auto learner_loop = [&](const std::string& file) {
    while (!stop) {
      append(root / file, "x\n");
      run_git({"add", file}, root);
      run_git({"commit", "-q", "-m", "u"}, root);
    }
  };
  std::thread learner(learner_loop, "data/u.txt");
  std::thread learner2(learner_loop, "data/v.txt");
  std::vector<std::string> reported;
  for (int i = 0; i < 48; ++i) {
    const std::string lesson = std::to_string(i / 3 % 17 + 1);
    const auto r = i % 3 == 0   ? run_pdo({"ask", "question " + std::to_string(i), "--lesson", "2"}, root)
                   : i % 3 == 1 ? run_pdo({"track", "done", lesson, "read"}, root)
                                : run_pdo({"track", "todo", lesson, "read"}, root);
    if (r.exit_code == 0)
      reported.push_back(r.out);
    else
      CHECK(r.exit_code == 5);  // the learner's git holds index.lock: a clean "busy", never a lost change
  }
  stop = true;
  learner.join();
  learner2.join();
  run_git({"commit", "-q", "-m", "u"}, root);
  const std::string log = git_out({"log", "--format=%H %s"}, root);  // split_lines views into it
  for (const auto& line : util::split_lines(log)) {
    const std::string commit(line.substr(0, 40));
    if (util::chomp(line.substr(41)) != "u") continue;
    INFO(commit);
    const std::string changed(util::chomp(changed_paths(root, commit)));
    CHECK((changed == "data/u.txt" || changed == "data/v.txt" || changed == "data/u.txt\ndata/v.txt"));
  }
  require_replay_matches(root);
  CHECK(read_file(root / "progress.md") == git_out({"show", "HEAD:progress.md"}, root));
  CHECK(read_file(root / "questions.md") == git_out({"show", "HEAD:questions.md"}, root));
  require_sound(root);
}

// `git commit` (2.39) reads .git/index before it takes index.lock, then writes what it read back and
// renames it into place. A commit the learner started just before a pdo commit therefore puts the old
// progress.md back into the index (its own ref update then fails, HEAD having moved); without a defence
// the learner's next commit undoes pdo's tick. This replays that interleaving exactly: the index bytes
// git read, renamed back over pdo's after pdo committed. (The torture test found it.)
TEST_CASE("a git commit that read the index before pdo's commit and wrote it back cannot undo pdo's change", "[cli][safety][transaction]") {
  TempDir tmp("stale-index");
  const auto root = workspace(tmp);
  append(root / "data/u.txt", "x\n");
  run_git({"add", "data/u.txt"}, root);
  const std::string read_by_git = read_file(root / ".git/index");
  require_ok(run_pdo({"track", "done", "03", "read"}, root));
  const auto write_back = [&] {
    std::ofstream(root / ".git/index.lock", std::ios::binary) << read_by_git;
    fs::rename(root / ".git/index.lock", root / ".git/index");
  };
  write_back();
  REQUIRE(git_out({"diff", "--cached", "--name-only"}, root) == "data/u.txt\nprogress.md\n");  // the stale state itself
  SECTION("the learner's next git commit: its pre-commit hook stages pdo's version again") {
    const auto c = git_commit(root, {"-q", "-m", "u"});
    INFO(c.out << c.err);
    CHECK(c.exit_code == 0);
    CHECK_THAT(c.err, Catch::Contains("progress.md"));
    CHECK(util::chomp(changed_paths(root, "HEAD")) == "data/u.txt");
    CHECK(git_out({"status", "--porcelain"}, root).empty());
  }
  SECTION("a commit with --no-verify after the next pdo command: pdo mended the index first") {
    require_ok(run_pdo({"ask", "why?", "--lesson", "2"}, root));
    CHECK(git_out({"diff", "--cached", "--name-only"}, root) == "data/u.txt\n");
    run_git({"commit", "-q", "--no-verify", "-m", "u"}, root);
    CHECK(util::chomp(changed_paths(root, "HEAD")) == "data/u.txt");
  }
  require_replay_matches(root);
  CHECK_THAT(git_out({"show", "HEAD:progress.md"}, root), Catch::Contains("- [x] 03 读讲义"));
  require_sound(root);
}

// Two git commits of the learner's at once (repro 1 runs two loops of them beside pdo): one that read the
// index before a pdo commit writes it back after the other's pre-commit hook has checked it, and git (2.39)
// builds the second commit's tree from the index as it reads it again after that hook. The hook cannot
// see what comes later; the commit-msg hook runs after the tree is built and stops that commit. This
// replays the interleaving: a pre-commit hook that runs pdo's, then writes the old index back.
// [posix:sh] the wrapping hook is an sh script run by the Linux git.
TEST_CASE("an old index written back after the pre-commit check is never committed: the commit-msg hook stops it",
          "[cli][safety][transaction][posix][posix:sh]") {
  TempDir tmp("stale-after-hook");
  const auto root = workspace(tmp);
  append(root / "data/u.txt", "x\n");
  run_git({"add", "data/u.txt"}, root);
  write_file(tmp / "read-by-git", read_file(root / ".git/index"));
  require_ok(run_pdo({"track", "done", "03", "read"}, root));
  // core.hooksPath names a folder whose pre-commit runs pdo's, then writes the old index back, and whose
  // commit-msg is pdo's.
  const fs::path own = root / ".git/hooks", hooks = tmp / "hooks";
  const auto quoted = [](const fs::path& p) { return "'" + util::path_to_utf8(p) + "'"; };
  write_file(hooks / "pre-commit", "#!/bin/sh\n" + quoted(own / "pre-commit") + " || exit $?\ncp " + quoted(tmp / "read-by-git") + " " +
                                       quoted(root / ".git/index") + "\n");
  write_file(hooks / "commit-msg", "#!/bin/sh\nexec " + quoted(own / "commit-msg") + " \"$@\"\n");
  for (const char* name : {"pre-commit", "commit-msg"}) fs::permissions(hooks / name, fs::perms::owner_all, fs::perm_options::add);
  const int before = commit_count(root);
  const auto c = run_git({"-c", "core.hooksPath=" + util::path_to_utf8(hooks), "commit", "-q", "-m", "u"}, root);
  INFO(c.out << c.err);
  CHECK(c.exit_code != 0);
  CHECK_THAT(c.err, Catch::Contains("progress.md") && Catch::Contains("git commit"));
  CHECK(commit_count(root) == before);
  CHECK_THAT(git_out({"show", ":progress.md"}, root), Catch::Contains("- [x] 03 读讲义"));
  const auto again = git_commit(root, {"-q", "-m", "u"});
  INFO(again.out << again.err);
  CHECK(again.exit_code == 0);
  CHECK(util::chomp(changed_paths(root, "HEAD")) == "data/u.txt");
  CHECK_THAT(git_out({"show", "HEAD:progress.md"}, root), Catch::Contains("- [x] 03 读讲义"));
  require_replay_matches(root);
  require_sound(root);
}

// The next `git commit` after such a write-back decides "something to commit" from the stale index it
// read (git compares the index it holds in memory with HEAD after the pre-commit hook ran), then stores
// the index as the hook left it. With pdo's version staged again nothing is left, and git would make an
// empty commit (the torture test found it); the hook stops that commit instead. For the same reason a
// pdo command that makes no commit never mends the index (Transaction::Heal): the hook would find nothing
// to mend and git would store an empty commit.
TEST_CASE("a stale git commit with nothing of its own to commit is stopped and never made empty", "[cli][safety][transaction]") {
  TempDir tmp("stale-index-empty");
  const auto root = workspace(tmp);
  const std::string read_by_git = read_file(root / ".git/index");
  require_ok(run_pdo({"track", "done", "03", "read"}, root));
  std::ofstream(root / ".git/index.lock", std::ios::binary) << read_by_git;
  fs::rename(root / ".git/index.lock", root / ".git/index");
  REQUIRE(git_out({"diff", "--cached", "--name-only"}, root) == "progress.md\n");
  const int before = commit_count(root);
  const auto c = git_commit(root, {"-q", "-m", "u"});
  INFO(c.out << c.err);
  CHECK(c.exit_code != 0);
  CHECK_THAT(c.err, Catch::Contains("progress.md") && Catch::Contains("git commit"));
  CHECK(commit_count(root) == before);
  CHECK(git_out({"status", "--porcelain"}, root).empty());
  CHECK_THAT(git_out({"show", ":progress.md"}, root), Catch::Contains("- [x] 03 读讲义"));
  require_sound(root);
}

TEST_CASE("what the learner stages on purpose is never mended back", "[cli][safety][transaction]") {
  TempDir tmp("own-staging");
  const auto root = workspace(tmp);
  require_ok(run_pdo({"track", "done", "03", "read"}, root));
  SECTION("unticking pdo's tick by hand and committing it") {
    write_file(root / "progress.md", util::replace_all(read_file(root / "progress.md"), "- [x] 03 读讲义", "- [ ] 03 读讲义"));
    run_git({"add", "progress.md"}, root);
    const auto c = git_commit(root, {"-q", "-m", "mine"});
    INFO(c.out << c.err);
    CHECK(c.exit_code == 0);
    CHECK(util::chomp(changed_paths(root, "HEAD")) == "progress.md");
    CHECK_THAT(git_out({"show", "HEAD:progress.md"}, root), Catch::Contains("- [ ] 03 读讲义"));
  }
  SECTION("git reset HEAD~1, then pdo and git commit again") {
    run_git({"reset", "-q", "HEAD~1"}, root);
    require_ok(run_pdo({"track", "done", "05", "read"}, root));
    CHECK_THAT(git_out({"show", "HEAD:progress.md"}, root), Catch::Contains("- [ ] 03 读讲义"));
    CHECK_THAT(git_out({"show", ":progress.md"}, root), Catch::Contains("- [ ] 03 读讲义"));
  }
  require_sound(root);
}

// Issue 24, repro 11: pdo's commit of an exercise folder restages `.gitkeep` with libgit2's stat data
// (libgit2 puts st_rdev in the dev field, git st_dev), and a later `git commit -a` restats it back to the
// very entry git had written. Nothing ran at the same time and the blob never changed: no receipt may
// call that stale.
TEST_CASE("issue 24 repro 11: a file pdo restaged unchanged is never called stale", "[cli][safety][transaction]") {
  TempDir tmp("receipts-restat");
  const auto root = workspace(tmp);
  const auto exercises = lesson_dir(root, "02") / "exercises";
  write_file(exercises / "a.py", "print(1)\n");
  // git restats an entry that is "racily clean" (modified no earlier than the index was written), which the
  // issue's fast sequence hit by chance within one second; a time in the future makes it so every time.
  fs::last_write_time(exercises / ".gitkeep", fs::file_time_type::clock::now() + std::chrono::hours(1));
  run_git({"add", "-A", "lessons"}, root);
  require_ok(git_commit(root, {"-q", "-m", "m1"}));
  require_ok(run_pdo({"track", "done", "02", "exercise"}, root));
  append(exercises / "a.py", "v2\n");
  const auto m2 = git_commit(root, {"-q", "-a", "-m", "m2"});
  INFO(m2.out << m2.err);
  CHECK(m2.exit_code == 0);
  append(exercises / "a.py", "v3\n");
  run_git({"add", "-A"}, root);
  const auto m3 = git_commit(root, {"-m", "m3"});
  INFO(m3.out << m3.err);
  CHECK(m3.exit_code == 0);
  CHECK_THAT(m2.err + m3.err, !Catch::Contains("旧版本") && !Catch::Contains("stale") && !Catch::Contains(".gitkeep"));
  CHECK(util::chomp(changed_paths(root, "HEAD")) == util::path_to_utf8((exercises / "a.py").lexically_relative(root)));
  CHECK(git_out({"log", "-1", "--format=%s"}, root) == "m3\n");
  require_sound(root);
}

TEST_CASE("repro 2: a missing index is rebuilt from HEAD, never committed as 40 deletions", "[cli][safety][transaction]") {
  TempDir tmp("no-index");
  const auto root = workspace(tmp);
  fs::remove(root / ".git/index");
  const auto again = run_pdo({"init", util::path_to_utf8(root), "--yes"}, tmp.path());
  INFO(again.out << again.err);
  CHECK(again.exit_code == 0);
  CHECK(fs::exists(root / ".git/index"));
  CHECK(git_out({"status", "--porcelain"}, root).empty());
  const auto notes = root / "lessons/03-03-getting-started-with-distributed-data/notes.md";
  append(notes, "my note\n");
  git_out({"add", util::path_to_utf8(notes)}, root);
  git_out({"commit", "-q", "-m", "note"}, root);
  CHECK(util::chomp(changed_paths(root, "HEAD")) == "lessons/03-03-getting-started-with-distributed-data/notes.md");

  SECTION("track repairs it too") {
    fs::remove(root / ".git/index");
    require_ok(run_pdo({"track", "done", "01", "read"}, root));
    CHECK(util::chomp(changed_paths(root, "HEAD")) == "progress.md");
    require_sound(root);
    CHECK(git_out({"status", "--porcelain"}, root).empty());
  }
}

TEST_CASE("repro 4: a config.lock pdo cannot prove its own: exit 5 naming it and how to clear it", "[cli][safety][transaction]") {
  TempDir tmp("config-lock");
  const auto root = workspace(tmp);
  fs::remove(root / "questions.md");
  write_file(root / ".git/config.lock", "");
  const auto r = run_pdo({"init", util::path_to_utf8(root), "--yes", "--name", "A", "--email", "a@example.com"}, tmp.path());
  CHECK(r.exit_code == 5);
  CHECK_THAT(r.err, Catch::Contains("config.lock") && Catch::Contains("rm "));
  CHECK(fs::exists(root / ".git/config.lock"));
  CHECK_FALSE(fs::exists(root / "questions.md"));
  CHECK(commit_count(root) == 2);
}

// [posix:sh] the learner's editor is a /bin/sh script that the Linux git runs while it holds index.lock.
TEST_CASE("repro 5: another program's live index.lock is never deleted", "[cli][safety][transaction][posix][posix:sh]") {
  TempDir tmp("live-lock");
  const auto root = workspace(tmp);
  write_file(root / ".git/pdo-inflight", "12345");  // what a killed pdo 0.1 left
  append(root / "data/u.txt", "x\n");
  git_out({"add", "data/u.txt"}, root);
  git_out({"commit", "-q", "-m", "u"}, root);
  append(root / "data/u.txt", "y\n");
  // The learner's `git commit -a` waits in its editor, holding index.lock (a plain `git commit` lets go
  // of it before the editor starts, and then git's own ref check protects it).
  write_file(tmp / "editor.sh", "#!/bin/sh\nwhile [ ! -f \"$0.go\" ]; do sleep 0.05; done\necho 'mine' > \"$1\"\n");
  fs::permissions(tmp / "editor.sh", fs::perms::owner_all);
  platform::ProcessResult git_result;
  std::thread learner([&] {
    auto env = test_env();
    env.push_back({"GIT_EDITOR", util::path_to_utf8(tmp / "editor.sh")});
    git_result = run_git({"commit", "-q", "-a"}, root, env);
  });
  while (!fs::exists(root / ".git/index.lock")) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const auto r = run_pdo({"track", "done", "02", "read"}, root);
  CHECK(r.exit_code == 5);
  CHECK_THAT(r.err, Catch::Contains("index.lock"));
  CHECK(fs::exists(root / ".git/index.lock"));
  write_file(tmp / "editor.sh.go", "");
  learner.join();
  CHECK(git_result.exit_code == 0);
  CHECK(git_out({"log", "-1", "--format=%s"}, root) == "mine\n");
  require_ok(run_pdo({"track", "done", "02", "read"}, root));
  require_sound(root);
}

TEST_CASE("repro 6: undo over a later commit with an empty message does not crash", "[cli][safety][undo]") {
  TempDir tmp("empty-message");
  const auto root = workspace(tmp);
  require_ok(run_pdo({"track", "done", "01", "read"}, root));
  SECTION("the empty-message commit changed the same box: refused, naming it") {
    std::string text = read_file(root / "progress.md");
    Catch::replaceInPlace(text, "- [x] 01 读讲义", "- [ ] 01 读讲义");
    write_file(root / "progress.md", text);
    git_out({"commit", "-q", "-a", "--allow-empty-message", "-m", ""}, root);
    const auto r = run_pdo({"undo"}, root);
    INFO(r.out << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(git_out({"rev-parse", "--short=12", "HEAD"}, root).substr(0, 12)));
  }
  SECTION("an empty commit with an empty message in between") {
    git_out({"commit", "-q", "--allow-empty", "--allow-empty-message", "-m", ""}, root);
    const auto r = run_pdo({"undo"}, root);
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
    CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [ ] 01 读讲义"));
  }
}

// [posix:sh] a /bin/sh pipeline types the answers late, at the moment the test chooses.
TEST_CASE("repro 7: an edit made while init waits for consent is never overwritten", "[cli][safety][init][posix][posix:sh]") {
  TempDir tmp("consent");
  const auto root = workspace(tmp);
  std::string readme = read_file(root / "README.md");
  Catch::replaceInPlace(readme, "https://docs.pytorch.org/tutorials/beginner/dist_overview.html", "https://example.com/stale");
  write_file(root / "README.md", readme);  // pdo's block is stale: init plans to refresh it
  const fs::path out = tmp / "out.txt";
  const std::string script = "( while [ ! -f go ]; do sleep 0.05; done; echo y; echo y ) | \"$0\" init \"$1\" > out.txt 2>&1";
  platform::ProcessOptions opts;
  opts.cwd = tmp.path();
  opts.env = test_env();
  platform::ProcessResult r;
  std::thread pdo_run([&] {
    r = platform::run_process({"sh", "-c", script, util::path_to_utf8(pdo_binary()), util::path_to_utf8(root)}, opts);
  });
  while (!fs::exists(out) || read_file(out).find("同意请输入") == std::string::npos)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  append(root / "README.md", "my own line\n");
  write_file(tmp / "go", "");
  pdo_run.join();
  INFO(read_file(out));
  CHECK(r.exit_code == 0);
  CHECK_THAT(read_file(out), Catch::Contains("new plan") || Catch::Contains("新的方案"));
  CHECK_THAT(read_file(root / "README.md"), Catch::EndsWith("my own line\n") && !Catch::Contains("example.com/stale"));
}

TEST_CASE("repro 8: a box ticked by hand does not ride along in pdo's commit", "[cli][safety][track]") {
  TempDir tmp("hand-tick");
  const auto root = workspace(tmp);
  std::string text = read_file(root / "progress.md");
  Catch::replaceInPlace(text, "- [ ] 05 读讲义", "- [x] 05 读讲义");
  write_file(root / "progress.md", text);
  require_ok(run_pdo({"track", "done", "01", "read"}, root));
  const std::string head = git_out({"show", "HEAD:progress.md"}, root);
  CHECK_THAT(head, Catch::Contains("- [x] 01 读讲义") && Catch::Contains("- [ ] 05 读讲义"));
  CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [x] 01 读讲义") && Catch::Contains("- [x] 05 读讲义"));
  require_ok(run_pdo({"undo"}, root));
  CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [ ] 01 读讲义") && Catch::Contains("- [x] 05 读讲义"));
  CHECK_THAT(git_out({"show", "HEAD:progress.md"}, root), Catch::Contains("- [ ] 05 读讲义"));

  SECTION("a staged progress.md gets pdo's flip too and stays staged") {
    git_out({"add", "progress.md"}, root);
    require_ok(run_pdo({"track", "done", "02", "read"}, root));
    CHECK_THAT(git_out({"show", ":progress.md"}, root), Catch::Contains("- [x] 02 读讲义") && Catch::Contains("- [x] 05 读讲义"));
    CHECK_THAT(git_out({"show", "HEAD:progress.md"}, root), Catch::Contains("- [x] 02 读讲义") && Catch::Contains("- [ ] 05 读讲义"));
    CHECK(git_out({"status", "--porcelain"}, root) == "M  progress.md\n");
  }
}

// [posix:symlinks] POSIX symlinks in the workspace.
TEST_CASE("repro 9: symlinks are committed as links or refused, never followed or replaced",
          "[cli][safety][track][posix][posix:symlinks]") {
  TempDir tmp("links");
  const auto root = workspace(tmp);
  const std::string dir = "lessons/03-03-getting-started-with-distributed-data/exercises/";
  fs::create_symlink("/etc/hostname", root / (dir + "host"));
  require_ok(run_pdo({"track", "done", "03", "exercise"}, root));
  CHECK_THAT(git_out({"ls-tree", "HEAD", dir + "host"}, root), Catch::StartsWith("120000 blob"));
  CHECK(git_out({"status", "--porcelain"}, root).empty());

  SECTION("progress.md as a link: refused, the link stays a link") {
    fs::rename(root / "progress.md", tmp / "real-progress.md");
    fs::create_symlink(tmp / "real-progress.md", root / "progress.md");
    const auto r = run_pdo({"track", "done", "04", "read"}, root);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("progress.md"));
    CHECK(fs::is_symlink(root / "progress.md"));
    CHECK_THAT(read_file(tmp / "real-progress.md"), Catch::Contains("- [ ] 04 读讲义"));
  }
  SECTION("an exercises folder that is a link out of the workspace: refused") {
    fs::remove_all(root / "lessons/04-04-writing-distributed-applications-with-pytorch/exercises");
    fs::create_directory(tmp / "outside");
    write_file(tmp / "outside/secret.py", "x = 1\n");
    fs::create_directory_symlink(tmp / "outside", root / "lessons/04-04-writing-distributed-applications-with-pytorch/exercises");
    const auto r = run_pdo({"track", "done", "04", "exercise"}, root);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("exercises"));
    CHECK(commit_count(root) == 3);
  }
}

TEST_CASE("repro 10: a refused commit leaves every file as it was, including files that did not exist", "[cli][safety][ask]") {
  TempDir tmp("refused");
  const auto root = workspace(tmp);
  fs::remove(root / "questions.md");
  // Built at run time, so that scanning pdo's own sources finds no key here.
  const auto r = run_pdo({"ask", "OPENAI_API_KEY=" + fake_key(4)}, root);
  CHECK(r.exit_code == 3);
  CHECK_FALSE(fs::exists(root / "questions.md"));
  CHECK(git_out({"status", "--porcelain"}, root) == " D questions.md\n");
  CHECK(commit_count(root) == 2);
  CHECK(temp_files(root).empty());
  CHECK_FALSE(fs::exists(root / ".git/index.lock"));
  // No transaction left open: the journal holds its header line and no record.
  CHECK(read_file(root / ".git/pdo-txn/journal") == "pdo-transaction 3\n");
}

TEST_CASE("repro 11: undo is a stack and never redoes what it undid", "[cli][safety][undo]") {
  TempDir tmp("undo-stack");
  const auto root = workspace(tmp);
  SECTION("track") {
    require_ok(run_pdo({"track", "done", "01", "read"}, root));
    require_ok(run_pdo({"undo"}, root));
    const auto second = run_pdo({"undo"}, root);
    CHECK(second.exit_code == 2);
    CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [ ] 01 读讲义"));
  }
  SECTION("ask") {
    require_ok(run_pdo({"ask", "why?", "--lesson", "2"}, root));
    require_ok(run_pdo({"undo"}, root));
    const auto second = run_pdo({"undo"}, root);
    CHECK(second.exit_code == 2);
    CHECK_THAT(second.err, !Catch::Contains("questions.md"));
    CHECK(read_file(root / "questions.md").find("why?") == std::string::npos);
  }
  SECTION("a message with --- lines keeps its trailers") {
    require_ok(run_pdo({"track", "done", "01", "read"}, root));
    require_ok(run_pdo({"ask", "--- what is this?", "--lesson", "2"}, root));
    require_ok(run_pdo({"undo"}, root));
    require_ok(run_pdo({"undo"}, root));
    CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [ ] 01 读讲义"));
  }
  require_sound(root);
}

// [posix:symlinks] the workspace is reached through a POSIX symlink.
TEST_CASE("repro 12: a workspace reached through a symlinked path works", "[cli][safety][posix][posix:symlinks]") {
  TempDir tmp("linked-path");
  const auto root = workspace(tmp);
  fs::create_directory_symlink(root, tmp / "link");
  require_ok(run_pdo({"-C", util::path_to_utf8(tmp / "link"), "track", "done", "01", "read"}, tmp.path()));
  CHECK(commit_count(root) == 3);
  fs::create_directory(tmp / "real");
  fs::create_directory_symlink(tmp / "real", tmp / "link2");
  require_ok(run_pdo({"init", util::path_to_utf8(tmp / "link2/x"), "--yes"}, tmp.path()));
  CHECK(commit_count(tmp / "real/x") == 2);
  CHECK(git_out({"status", "--porcelain"}, tmp / "real/x").empty());
}

// [posix:permissions] chmod a-w and another user's files: POSIX permissions and owners.
TEST_CASE("repro 13: a read-only workspace and another user's repository get exit 6 with their own reason",
          "[cli][safety][posix][posix:permissions]") {
  if (platform::run_process({"id", "-u"}).out != "0\n") PDO_SKIP("needs root to act as another user (chown, setpriv)");
  TempDir tmp("unwritable");
  const auto root = workspace(tmp);
  fs::permissions(tmp.path(), fs::perms::others_exec | fs::perms::others_read, fs::perm_options::add);
  SECTION("read-only for its own user") {
    platform::run_process({"chown", "-R", "65534:65534", util::path_to_utf8(root)});
    platform::run_process({"chmod", "-R", "a-w", util::path_to_utf8(root)});
    platform::ProcessOptions opts;
    opts.cwd = root;
    opts.env = test_env();
    const auto r = platform::run_process(
        {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", util::path_to_utf8(pdo_binary()), "track", "done", "03", "read"},
        opts);
    INFO(r.out << r.err);
    CHECK(r.exit_code == 6);
    CHECK_THAT(r.err, Catch::Contains("cannot be written") || Catch::Contains("无法写入"));
    platform::run_process({"chmod", "-R", "u+w", util::path_to_utf8(root)});
    platform::run_process({"chown", "-R", "0:0", util::path_to_utf8(root)});
  }
  SECTION("owned by another user") {
    platform::run_process({"chown", "-R", "65534:65534", util::path_to_utf8(root)});
    const auto r = run_pdo({"track", "done", "03", "read"}, root);
    INFO(r.out << r.err);
    CHECK(r.exit_code == 6);
    CHECK_THAT(r.err, Catch::Contains("safe.directory"));
    platform::run_process({"chown", "-R", "0:0", util::path_to_utf8(root)});
  }
}

// [posix:signals] kill -9 at pdo's test pause points, which the Windows build leaves out (PDO_TEST_HOOKS=OFF).
TEST_CASE("a kill at each step of the transaction: the next pdo undoes it unless the branch moved, and proves its locks",
          "[cli][safety][transaction][posix][posix:signals]") {
  TempDir tmp("pause");
  const auto root = workspace(tmp);
  int lesson = 1;
  for (const char* point :
       {"lock-taken", "worktree-written", "objects-written", "index-written", "ref-locked", "index-renamed", "ref-moved"}) {
    for (const bool ask : {false, true}) {
      INFO(point << (ask ? " ask" : " track"));
      const std::string id = std::to_string(lesson++);
      const std::string before_head = git_out({"rev-parse", "HEAD"}, root);
      const bool reached = kill_at(
          root, ask ? std::vector<std::string>{"ask", "q" + id, "--lesson", "1"} : std::vector<std::string>{"track", "done", id, "read"},
          point);
      CHECK(reached);
      const bool committed = git_out({"rev-parse", "HEAD"}, root) != before_head;
      CHECK(committed == (std::string(point) == "ref-moved"));
      // The next command undoes the killed commit unless its branch moved (then it is done). Killed inside
      // libgit2's branch lock, pdo left that lock, which the next pdo names (exit 5) and never removes, as
      // git names a lock a killed git left (with the index published, it undoes nothing until the lock is
      // gone); the learner removes it as the message says.
      const bool branch_locked = std::string(point) == "ref-locked" || std::string(point) == "index-renamed";
      const auto branch_lock = root / ".git/refs/heads/main.lock";
      CHECK(fs::exists(branch_lock) == branch_locked);
      auto next = run_pdo({"track", "done", "17", "notes"}, root);
      if (branch_locked) {
        INFO(next.out << next.err);
        CHECK(next.exit_code == 5);
        CHECK_THAT(next.err, Catch::Contains("refs/heads/main.lock"));
        CHECK(git_out({"rev-parse", "HEAD"}, root) == before_head);
        CHECK(fs::exists(branch_lock));
        fs::remove(branch_lock);
        next = run_pdo({"track", "done", "17", "notes"}, root);
      }
      INFO(next.out << next.err);
      CHECK(next.exit_code == 0);
      CHECK((git_out({"rev-parse", "HEAD~1"}, root) != before_head) == committed);
      require_ok(run_pdo({"track", "todo", "17", "notes"}, root));
      CHECK_FALSE(fs::exists(root / ".git/index.lock"));
      CHECK(git_out({"status", "--porcelain"}, root).empty());
      CHECK(read_file(root / "progress.md") == git_out({"show", "HEAD:progress.md"}, root));
      require_sound(root);
    }
  }
  require_replay_matches(root);
  SECTION("init killed after it stored the identity: the next init goes on") {
    fs::remove(root / "questions.md");
    CHECK(kill_at(tmp.path(), {"init", util::path_to_utf8(root), "--yes", "--name", "A", "--email", "a@example.com"}, "lock-taken"));
    CHECK(git_out({"config", "user.name"}, root) == "A\n");  // stored before the commit, under git's config.lock
    CHECK_FALSE(fs::exists(root / ".git/config.lock"));
    require_ok(run_pdo({"init", util::path_to_utf8(root), "--yes", "--name", "A", "--email", "a@example.com"}, tmp.path()));
    CHECK(fs::exists(root / "questions.md"));
    CHECK(git_out({"config", "user.name"}, root) == "A\n");
    require_sound(root);
  }
}

// The torture test's failure of 2026-12-04 made exact: a pdo killed after its branch moved (libgit2 has
// released the branch lock), then a git commit of the learner's on top, then the next pdo. The commit is
// in the branch's history, so it was published: finishing keeps the working tree; undoing it would put
// the pre-commit questions.md back over a file git already holds as committed.
TEST_CASE("a pdo killed after its branch moved, then a git commit on top: the next pdo keeps its change",
          "[cli][safety][transaction][posix][posix:signals]") {
  TempDir tmp("moved-then-committed");
  const auto root = workspace(tmp);
  REQUIRE(kill_at(root, {"ask", "kept question", "--lesson", "6"}, "ref-moved"));
  const std::string asked = read_file(root / "questions.md");
  REQUIRE(asked.find("kept question") != std::string::npos);
  REQUIRE(asked == git_out({"show", "HEAD:questions.md"}, root));
  write_file(root / "data.txt", "the learner's own\n");
  REQUIRE(run_git({"add", "data.txt"}, root).exit_code == 0);
  REQUIRE(run_git({"commit", "-q", "-m", "own"}, root).exit_code == 0);
  const auto next = run_pdo({"track", "done", "17", "notes"}, root);
  INFO(next.out << next.err);
  CHECK(next.exit_code == 0);
  CHECK(read_file(root / "questions.md") == asked);
  CHECK(git_out({"show", "HEAD:questions.md"}, root) == asked);
  CHECK(git_out({"status", "--porcelain"}, root).empty());
  require_sound(root);
}

// A pdo killed inside libgit2's ref commit, after it wrote the branch's new value into its lock (and the
// reflogs) and before it renamed the lock: the branch never got there. While that lock stands the next pdo
// touches nothing (undoing the published index under a git command of the learner's could have git write it
// back) and names the lock, as git does; once the learner removes it, the next pdo undoes the commit.
TEST_CASE("a kill inside libgit2's branch lock: the next pdo names the lock, and undoes the commit once it is gone",
          "[cli][safety][transaction][posix][posix:signals]") {
  TempDir tmp("filled-branch-lock");
  const auto root = held_question_published(tmp);
  const auto branch_lock = root / ".git/refs/heads/main.lock";
  const std::string old_head = git_out({"rev-parse", "HEAD"}, root);
  const std::string value = "0123456789012345678901234567890123456789\n";  // the killed commit's, in place
  SECTION("killed before libgit2 wrote the lock") {}
  SECTION("killed after libgit2 wrote the lock") { write_file(branch_lock, value); }
  const std::string lock_bytes = read_file(branch_lock);
  const std::string journal = read_file(root / ".git/pdo-txn/journal");
  const auto next = run_pdo({"track", "done", "16", "notes"}, root);
  INFO(next.out << next.err);
  CHECK(next.exit_code == 5);
  CHECK_THAT(next.err, Catch::Contains("refs/heads/main.lock"));
  CHECK(read_file(branch_lock) == lock_bytes);
  CHECK(read_file(root / ".git/pdo-txn/journal") == journal);
  CHECK(read_file(root / "questions.md").find("held question") != std::string::npos);
  CHECK(git_out({"diff", "--cached", "--name-only"}, root) == "questions.md\n");
  CHECK(git_out({"rev-parse", "HEAD"}, root) == old_head);
  fs::remove(branch_lock);
  require_next_undoes(root);
}

// A pdo whose branch move failed after it published its index (libgit2 frees its lock then: a full disk
// at the ref's write) is undone by the next pdo, index included: its paths are staged as HEAD has them
// again, so the learner's next `git commit` cannot take the undone change under its own message.
TEST_CASE("an undone commit whose index was already published leaves none of its change staged",
          "[cli][safety][transaction][posix][posix:signals]") {
  TempDir tmp("undo-published");
  const auto root = held_question_published(tmp);
  fs::remove(root / ".git/refs/heads/main.lock");  // as libgit2 removes its lock when the move fails
  require_next_undoes(root);
  require_sound(root);
}

// The same failure live: libgit2 cannot write the branch's reflog (here a folder stands at its path), so
// its ref commit fails after pdo published the index. pdo says so and leaves its journal: the change stays
// staged only until the next pdo, which undoes it, index included (found by mutation: a pdo that undid
// its own files at once, as before publishing, left the change staged for good).
TEST_CASE("a branch move that fails after the index was published is undone by the next pdo, index included",
          "[cli][safety][transaction]") {
  TempDir tmp("move-fails");
  const auto root = workspace(tmp);
  const auto reflog = root / ".git/logs/refs/heads/main";
  const std::string kept = read_file(reflog);
  fs::remove(reflog);
  fs::create_directory(reflog);
  write_file(reflog / "x", "");  // not empty: libgit2 removes an empty folder at a reflog's path
  const auto failed = run_pdo({"ask", "held question", "--lesson", "6"}, root);
  INFO(failed.out << failed.err);
  CHECK(failed.exit_code != 0);
  CHECK(git_out({"log", "-1", "--format=%s"}, root).find("held question") == std::string::npos);
  fs::remove_all(reflog);
  write_file(reflog, kept);
  require_next_undoes(root);
  require_sound(root);
}

// The torture test's empty .git/index of 2026-12-05 made exact (strace of a failing run): recovery proved
// the killed pdo's locks, then a learner's `git add` took index.lock, which was not there when recovery
// looked; recovery then removed that lock as a lock of the journal's, linked its own seed there, and git
// renamed the empty seed onto .git/index. A lock recovery did not prove when it looked is never touched.
TEST_CASE("a git lock taken while recovery runs is never removed or published: recovery acts only on the locks it proved",
          "[cli][safety][transaction][posix][posix:test-hooks]") {
  TempDir tmp("recovery-late-lock");
  const auto root = held_question_published(tmp);
  const auto index_lock = root / ".git/index.lock";
  REQUIRE_FALSE(fs::exists(index_lock));           // published: the killed pdo holds only the branch
  fs::remove(root / ".git/refs/heads/main.lock");  // as libgit2 removes its lock when the move fails
  const auto next = run_paused(root, {"track", "done", "17", "notes"}, "recovery-checked", [&] { write_file(index_lock, "git's"); });
  INFO(next.out << next.err);
  CHECK(next.exit_code == 5);
  CHECK_THAT(next.err, Catch::Contains("index.lock"));
  CHECK(read_file(index_lock) == "git's");
  CHECK(fs::file_size(root / ".git/index") > 0);
  fs::remove(index_lock);  // git finished
  // The undone commit's index was published already: its paths are staged as HEAD has them once git's
  // lock is gone, by the next pdo.
  require_next_undoes(root);
}

// The restaging above, left for the next pdo, undoes the killed commit once more: only its index. A file
// the killed commit created and recovery removed, made again by the learner with the same bytes meanwhile,
// is the learner's and stays.
TEST_CASE("a restaging left for the next pdo never removes a file recovery already put back",
          "[cli][safety][transaction][posix][posix:test-hooks]") {
  TempDir tmp("restage-retry");
  const auto root = workspace(tmp);
  REQUIRE(kill_at(root, {"lesson", "add", "Killed Lesson", "--url", "https://example.com/killed"}, "index-renamed"));
  fs::remove(root / ".git/refs/heads/main.lock");  // as libgit2 removes its lock when the move fails
  const auto notes = root / "lessons/18-18-killed-lesson/notes.md";
  const std::string bytes = read_file(notes);
  const auto index_lock = root / ".git/index.lock";
  const auto first = run_paused(root, {"track", "done", "16", "notes"}, "recovery-checked", [&] { write_file(index_lock, "git's"); });
  INFO(first.out << first.err);
  CHECK(first.exit_code == 5);
  CHECK_FALSE(fs::exists(notes));
  write_file(notes, bytes);  // the learner's own, the same bytes
  fs::remove(index_lock);
  const auto again = run_pdo({"track", "done", "16", "notes"}, root);
  INFO(again.out << again.err);
  CHECK(again.exit_code == 0);
  CHECK(read_file(notes) == bytes);
  CHECK(git_out({"status", "--porcelain"}, root) == "?? lessons/18-18-killed-lesson/\n");
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
}

// A restaging whose index cannot be put in place (here: .git/index is a folder when its lock is renamed)
// leaves nothing of its own (a change of the index alone is undone, as any failure before publishing) and
// is left to the next pdo like one git's lock stopped.
TEST_CASE("a restaging whose index cannot be put in place is left to the next pdo", "[cli][safety][transaction][posix][posix:test-hooks]") {
  TempDir tmp("restage-publish-fails");
  const auto root = held_question_published(tmp);
  fs::remove(root / ".git/refs/heads/main.lock");  // as libgit2 removes its lock when the move fails
  const auto index = root / ".git/index", saved = tmp / "index.saved";
  const auto first = run_paused(root, {"track", "done", "16", "notes"}, "index-written", [&] {
    fs::rename(index, saved);
    fs::create_directory(index);
  });
  INFO(first.out << first.err);
  CHECK(first.exit_code != 0);
  CHECK_FALSE(fs::exists(root / ".git/index.lock"));
  fs::remove(index);
  fs::rename(saved, index);
  require_next_undoes(root);
}

// pdo builds its commit on the branch as it read it; another program that moves the branch meanwhile
// (here `git update-ref`, which takes no index.lock) makes pdo build again, five times at most. The test
// moves the branch each time pdo reaches "objects-written" of an attempt.
TEST_CASE("a branch moved under pdo's commit is built on again, five times at most",
          "[cli][safety][transaction][posix][posix:test-hooks]") {
  for (const int moves : {5, 6}) {
    INFO(moves << " moves");
    TempDir tmp("moved-retries");
    const auto root = workspace(tmp);
    const fs::path flag = tmp / "objects-written";
    std::vector<std::string> argv = pdo_command();
    for (const char* a : {"track", "done", "03", "read"}) argv.emplace_back(a);
    platform::ProcessOptions opts;
    opts.cwd = root;
    opts.env = test_env();
    opts.env.insert(
        opts.env.end(),
        {{"PDO_TEST_PAUSE", "objects-written"}, {"PDO_TEST_PAUSE_FILE", util::path_to_utf8(flag)}, {"PDO_TEST_PAUSE_WAIT", "1"}});
    opts.timeout = std::chrono::milliseconds(60000);
    platform::ProcessResult r;
    std::atomic<bool> done{false};
    std::thread pdo_run([&] {
      r = platform::run_process(argv, opts);
      done = true;
    });
    for (int moved = 0; !done;) {
      if (!fs::exists(flag)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        continue;
      }
      if (moved++ < moves) {
        const std::string next = std::string(util::chomp(git_out({"commit-tree", "HEAD^{tree}", "-p", "HEAD", "-m", "moved"}, root)));
        run_git({"update-ref", "refs/heads/main", next}, root);
      }
      fs::remove(flag);
    }
    pdo_run.join();
    INFO(r.out << r.err);
    if (moves == 5) {
      CHECK(r.exit_code == 0);
      CHECK(git_out({"log", "-1", "--format=%s"}, root).find("03") != std::string::npos);
    } else {
      CHECK(r.exit_code == 5);
      CHECK(git_out({"log", "-1", "--format=%s"}, root) == "moved\n");
    }
    CHECK(git_out({"rev-list", "--count", "--grep=^moved$", "HEAD"}, root) == std::to_string(moves) + "\n");
    require_sound(root);
  }
}

// About 7 s here. Until 2026-12-01 it failed in about half the runs: a `git commit` of the learner's loop
// that had read the index before a pdo commit wrote it back, and the next `u` commit undid a tick (see
// "a git commit that read the index before pdo's commit…" above, the same interleaving made exact).
// Then in about 1 run of 3 a `u` commit came out empty: a git commit that read HEAD after pdo moved the
// branch but the index before pdo renamed its own (fixed by publishing the index first, under the
// branch's lock), or whose stale index another pdo command mended during its hook (fixed by mending only
// in commits and in the hook itself). 12 of 12 runs passed after both. On 2026-12-03 the kill delays went
// from 2–60 ms to 1–20 ms: a pdo commit had become fast enough that most runs finished before their kill
// (89 kills in 600 rounds), so the kills no longer reached 100.
// [posix:signals] SIGKILL at random moments, racing the Linux git CLI.
TEST_CASE("torture: concurrent pdo commands, git CLI commits and 100 random kills",
          "[torture][cli][safety][transaction][posix][posix:signals][slow]") {
  TempDir tmp("torture");
  const auto root = workspace(tmp);
  std::atomic<bool> stop{false};
  std::mutex learner_pause;  // held while the learner runs no git, as the lock message asks
  std::thread learner([&] {
    for (int i = 0; !stop; ++i) {
      std::lock_guard<std::mutex> running(learner_pause);
      append(root / "data/u.txt", "x\n");
      run_git({"add", "data/u.txt"}, root);
      run_git({"commit", "-q", "-m", "u"}, root);
    }
  });
  std::vector<std::thread> threads;
  threads.reserve(8);
  std::vector<int> codes(8, -1);
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&, i] {
      const std::string lesson = std::to_string(i + 1);
      const auto r = i % 4 == 0   ? run_pdo({"ask", "q" + lesson, "--lesson", lesson}, root)
                     : i % 4 == 1 ? run_pdo({"undo"}, root)
                     : i % 4 == 2 ? run_pdo({"check", "confirm", "course-page"}, root)
                                  : run_pdo({"track", "done", lesson, "read"}, root);
      codes[static_cast<std::size_t>(i)] = r.exit_code;
    });
  }
  for (auto& t : threads) t.join();
  std::mt19937 rng(20261201);
  std::uniform_int_distribution<int> delay_ms(1, 20);  // within a whole run: a pdo commit takes a few ms
  int killed = 0;
  std::map<int, int> outcomes;  // exit codes of the runs that were not killed
  int stale_locks = 0;
  for (int round = 0; killed < 100 && round < 600; ++round) {
    const std::string lesson = std::to_string(round % 17 + 1);
    const std::vector<std::vector<std::string>> commands{{"track", round % 2 ? "todo" : "done", lesson, "notes"},
                                                         {"ask", "k" + std::to_string(round), "--lesson", lesson},
                                                         {"undo"},
                                                         {"init", util::path_to_utf8(root), "--yes"}};
    std::vector<std::string> argv = pdo_command();
    const auto& args = commands[static_cast<std::size_t>(round) % commands.size()];
    argv.insert(argv.end(), args.begin(), args.end());
    platform::ProcessOptions opts;
    opts.cwd = root;
    opts.env = test_env();
    opts.timeout = std::chrono::milliseconds(delay_ms(rng));
    const auto r = platform::run_process(argv, opts);
    killed += r.timed_out ? 1 : 0;
    if (!r.timed_out) ++outcomes[r.exit_code];
    // A kill while libgit2 held the branch's lock leaves it, and pdo, like git, never removes it: the
    // learner does, as the next pdo says, once no git program runs. The learner's loop holds that lock for
    // microseconds, so one that is still the same file 300 ms later is the killed pdo's; the loop pauses
    // while the lock goes and the next pdo undoes the killed commit.
    const auto branch_lock = root / ".git/refs/heads/main.lock";
    if (const auto left = r.timed_out ? platform::file_identity(branch_lock) : std::nullopt) {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      if (platform::file_identity(branch_lock) == left) {
        std::lock_guard<std::mutex> no_git(learner_pause);
        const std::vector<std::string> ask{"ask", "after lock " + std::to_string(round), "--lesson", "1"};
        const auto named = run_pdo(ask, root);
        CHECK((named.exit_code == 5 && named.err.find("main.lock") != std::string::npos));
        fs::remove(branch_lock);
        ++stale_locks;
        require_ok(run_pdo(ask, root));
      }
    }
  }
  stop = true;
  learner.join();
  for (const int code : codes) CHECK((code == 0 || code == 2 || code == 5));
  std::string summary;
  for (const auto& [code, n] : outcomes) summary += " rc" + std::to_string(code) + "x" + std::to_string(n);
  INFO("killed " << killed << " (" << stale_locks << " branch locks left, removed by hand); finished:" << summary);
  // Some run was killed at all (how many, and how many finished, depends on the machine's speed and load,
  // which the test does not judge: on a loaded machine every run may be killed).
  CHECK(killed > 0);
  CHECK(outcomes[1] == 0);  // no run that was not killed failed for a reason of pdo's own
  const auto next = run_pdo({"track", "done", "17", "exercise"}, root);
  INFO(next.out << next.err);
  CHECK((next.exit_code == 0 || (next.exit_code == 5 && next.err.find(".lock") != std::string::npos)));
  if (next.exit_code == 0) {
    const std::string log = git_out({"log", "--format=%H %s"}, root);  // split_lines views into it
    for (const auto& line : util::split_lines(log)) {
      if (util::chomp(line.substr(41)) != "u") continue;
      CHECK(util::chomp(changed_paths(root, std::string(line.substr(0, 40)))) == "data/u.txt");
    }
    require_replay_matches(root);
    require_questions_replay(root);
    CHECK(read_file(root / "questions.md") == git_out({"show", "HEAD:questions.md"}, root));
    const auto fsck = run_git({"fsck", "--strict"}, root);
    CHECK(fsck.exit_code == 0);
    CHECK(git_out({"status", "--porcelain"}, root).find("D  ") == std::string::npos);
  }
}

// [posix:tmpfs] a small tmpfs mounted as a full disk.
TEST_CASE("full disk: pdo fails before the branch moves and nothing changes", "[cli][safety][transaction][posix][posix:tmpfs]") {
  // A real small file system: a 4 MiB tmpfs mounted inside a private mount namespace (unshare -rm),
  // which works as root here and in CI and leaves no mount behind.
  if (platform::run_process({"unshare", "-rm", "true"}).exit_code != 0) PDO_SKIP("unshare -rm is not available here: no tmpfs to fill");
  TempDir tmp("full-disk");
  fs::create_directory(tmp / "mnt");
  const std::string script = R"SH(set -u
mount -t tmpfs -o size=4m tmpfs "$1" || exit 90
cd "$1"
"$0" init W --yes > /dev/null || exit 91
cd W
for free in 4 8 12 16 24 32; do
  rm -f ../fill
  avail=$(df --output=avail -k . | tail -1)
  dd if=/dev/zero of=../fill bs=1k count=$((avail - free)) 2> /dev/null
  head=$(git rev-parse HEAD)
  before=$(cat progress.md | sha256sum)
  "$0" track done 14 read > ../out 2>&1
  rc=$?
  moved=no; [ "$(git rev-parse HEAD)" != "$head" ] && moved=yes
  same=no; [ "$(cat progress.md | sha256sum)" = "$before" ] && same=yes
  clean=no; [ -z "$(git status --porcelain)" ] && clean=yes
  leftovers=$(ls -d .git/index.lock .git/pdo-txn/old-* 2> /dev/null | wc -l)
  [ "$(wc -c < .git/pdo-txn/journal)" -gt 18 ] && leftovers=$((leftovers + 1))  # records beyond the header line
  git fsck --strict > /dev/null 2>&1 && fsck=ok || fsck=bad
  echo "free=$free rc=$rc moved=$moved same=$same clean=$clean leftovers=$leftovers fsck=$fsck"
  [ $rc -ne 0 ] && sed 's/^/  /' ../out
  git status --porcelain | sed 's/^/  status: /'
  if [ $rc -eq 0 ]; then rm -f ../fill; "$0" track todo 14 read > /dev/null 2>&1; fi
done
)SH";
  platform::ProcessOptions opts;
  opts.env = test_env();
  opts.timeout = std::chrono::seconds(120);
  const auto r = platform::run_process(
      {"unshare", "-rm", "sh", "-c", script, util::path_to_utf8(pdo_binary()), util::path_to_utf8(tmp / "mnt")}, opts);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  int failed_runs = 0;
  for (const auto line : util::split_lines(r.out)) {
    if (!util::starts_with(line, "free=")) continue;
    INFO(line);
    const bool ok = line.find(" rc=0 ") != std::string::npos;
    CHECK(line.find("clean=yes") != std::string::npos);
    CHECK(line.find("leftovers=0") != std::string::npos);
    CHECK(line.find("fsck=ok") != std::string::npos);
    if (ok) {
      CHECK(line.find("moved=yes") != std::string::npos);
    } else {
      ++failed_runs;
      CHECK(line.find(" rc=6 ") != std::string::npos);
      CHECK(line.find("moved=no") != std::string::npos);
      CHECK(line.find("same=yes") != std::string::npos);
    }
  }
  CHECK(failed_runs > 0);  // the disk really was too full for some of them
}
