// pdo track: ticks and unticks one progress box as one commit; the real binary, checked with git.
#include <algorithm>

#include "cli/cli_helpers.hpp"
#include "util/fs.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;

TEST_CASE("track done ticks one box as one commit", "[cli][track]") {
  TempDir tmp("track");
  const auto root = fresh_workspace(tmp);
  write_file(root / "mine.txt", "learner's staged file\n");
  git_out({"add", "mine.txt"}, root);
  const std::string before = read_file(root / "progress.md");

  const auto ticked = pdo_in(root, {"track", "done", "03", "read"});
  require_ok(ticked);
  // The commit is named by exactly its first 12 hex digits (a survivor of scripts/mutate.sh --files on
  // 32b87ec printed 11).
  CHECK_THAT(ticked.out, Catch::Contains("（提交 " + git_out({"rev-parse", "--short=12", "HEAD"}, root).substr(0, 12) + "）"));
  const std::string after = read_file(root / "progress.md");
  REQUIRE(after.size() == before.size());
  std::size_t diff = 0;
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (after[i] != before[i]) ++diff;
  }
  CHECK(diff == 1);
  CHECK(git_out({"diff", "--numstat", "HEAD~1", "HEAD", "--", "progress.md"}, root) == "1\t1\tprogress.md\n");
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, root),
             Catch::Contains("Pdo-Lesson: 03") && Catch::Contains("Pdo-Step: read") && Catch::Contains("Pdo-State: done"));
  CHECK(git_out({"show", "--name-only", "--format=", "HEAD"}, root) == "progress.md\n");
  CHECK(git_out({"diff", "--cached", "--name-only"}, root) == "mine.txt\n");
  CHECK(git_out({"status", "--porcelain"}, root) == "A  mine.txt\n");
  const auto status = pdo_in(root, {"status", "--json"});
  require_ok(status);
  CHECK_THAT(status.out, Catch::Contains(R"("folder":"03-03-getting-started-with-distributed-data","url":)"
                                         R"("https://docs.pytorch.org/tutorials/intermediate/ddp_tutorial.html","published":true,)"
                                         R"("steps":{"read":true,"exercise":false,"notes":false},"not_on_route":[]})"));
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
}

TEST_CASE("track accepts 3, 03, the folder name and Chinese step names", "[cli][track]") {
  TempDir tmp("track names");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "3", "读讲义"}));
  require_ok(pdo_in(root, {"track", "done", "03-03-getting-started-with-distributed-data", "做练习"}));
  require_ok(pdo_in(root, {"track", "done", "03", "记笔记"}));
  CHECK(commit_count(root) == 5);
  const auto again = pdo_in(root, {"track", "done", "03", "notes"});
  require_ok(again);
  CHECK_THAT(again.out, Catch::Contains("已经勾选过了"));
  CHECK(commit_count(root) == 5);
  require_ok(pdo_in(root, {"track", "todo", "3", "exercise"}));
  CHECK(commit_count(root) == 6);
  CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [x] 03 读讲义\n- [ ] 03 做练习\n- [x] 03 记笔记\n"));
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, root), Catch::Contains("Pdo-State: todo"));
  const auto undone = pdo_in(root, {"track", "todo", "03", "exercise"});
  require_ok(undone);
  CHECK_THAT(undone.out, Catch::Contains("本来就没有勾选"));
  require_clean_repo(root);
}

TEST_CASE("unknown lessons and steps say what is valid and write nothing", "[cli][track]") {
  TempDir tmp("track bad");
  const auto root = fresh_workspace(tmp);
  const std::string before = read_file(root / "progress.md");
  const auto lesson = pdo_in(root, {"track", "done", "99", "read"});
  CHECK(lesson.exit_code == 2);
  CHECK_THAT(lesson.err, Catch::StartsWith("pdo: 错误：") && Catch::Contains("01–17"));
  const auto step = pdo_in(root, {"--lang", "en", "track", "done", "03", "watch"});
  CHECK(step.exit_code == 2);
  CHECK_THAT(step.err, Catch::Contains("read, exercise, notes"));
  const auto state = pdo_in(root, {"track", "finished", "03", "read"});
  CHECK(state.exit_code == 2);
  CHECK(read_file(root / "progress.md") == before);
  CHECK(commit_count(root) == 2);
  require_clean_repo(root);
}

TEST_CASE("a broken progress line is named and never repaired", "[cli][track]") {
  TempDir tmp("track broken");
  const auto root = fresh_workspace(tmp);
  std::string text = read_file(root / "progress.md");
  text.erase(text.find("- [ ] 05 做练习\n"), std::string("- [ ] 05 做练习\n").size());
  write_file(root / "progress.md", text);
  const auto r = pdo_in(root, {"track", "done", "05", "exercise"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("- [ ] 05 做练习"));
  CHECK(read_file(root / "progress.md") == text);
  CHECK(commit_count(root) == 2);
  const auto status = pdo_in(root, {"status", "--json"});
  CHECK_THAT(status.out, Catch::Contains(R"("steps":{"read":false,"exercise":null,"notes":false})"));
}

TEST_CASE("CRLF, BOM and the learner's own lines survive track byte for byte", "[cli][track]") {
  TempDir tmp("track crlf");
  const auto root = fresh_workspace(tmp);
  std::string text = "\xEF\xBB\xBF" + read_file(root / "progress.md") + "\n我自己的备注：周末复习\n";
  REQUIRE(Catch::replaceInPlace(text, "- [ ] 04 记笔记", "- [x] 04 记笔记 (手动勾选)"));
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  write_file(root / "progress.md", crlf);
  git_out({"commit", "-qam", "hand edits"}, root);
  require_ok(pdo_in(root, {"track", "done", "03", "read"}));
  const std::string after = read_file(root / "progress.md");
  std::string expected = crlf;
  expected[expected.find("- [ ] 03 读讲义") + 3] = 'x';
  CHECK(after == expected);
  require_clean_repo(root);
}

TEST_CASE("a box written twice (once as a numbered task item) is refused naming both lines and never flipped alone", "[cli][track]") {
  TempDir tmp("track twice");
  const auto root = fresh_workspace(tmp, {"--lang", "en"});
  // "1. [ ] …" shows as a checkbox in Markdown too: the learner sees two boxes for 01 read.
  std::string text = read_file(root / "progress.md");
  REQUIRE(Catch::replaceInPlace(text, "- [ ] 01 Take notes\n", "- [ ] 01 Take notes\n1. [ ] 01 Read the lecture again\n"));
  write_file(root / "progress.md", text);
  git_out({"commit", "-qam", "a second box for 01 read"}, root);
  const std::string before = read_file(root / "progress.md");
  const int commits = commit_count(root);
  const auto r = pdo_in(root, {"--lang", "en", "track", "done", "01", "read"});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("several lines like \"- [ ] 01 Read the lecture\" (lines 11, 14)"));
  CHECK(read_file(root / "progress.md") == before);
  CHECK(commit_count(root) == commits);
}

TEST_CASE("notes and exercise steps commit the lesson's files, nothing else", "[cli][track]") {
  TempDir tmp("track files");
  const auto root = fresh_workspace(tmp);
  const std::string lesson = "lessons/03-03-getting-started-with-distributed-data/";
  write_file(root / (lesson + "notes.md"), read_file(root / (lesson + "notes.md")) + "DDP: one process per GPU.\n");
  write_file(root / (lesson + "exercises/ddp.py"), "print('hi')\n");
  write_file(root / (lesson + "exercises/.env"), "not committed\n");
  write_file(root / "other.txt", "not pdo's\n");
  require_ok(pdo_in(root, {"track", "done", "03", "notes"}));
  CHECK(git_out({"show", "--name-only", "--format=", "HEAD"}, root) == lesson + "notes.md\nprogress.md\n");
  require_ok(pdo_in(root, {"track", "done", "03", "exercise"}));
  CHECK(git_out({"show", "--name-only", "--format=", "HEAD"}, root) == lesson + "exercises/ddp.py\nprogress.md\n");
  CHECK(git_out({"status", "--porcelain"}, root) == "?? other.txt\n");
}

TEST_CASE("pdo track done 03 notes refuses a key in notes.md", "[cli][track][secrets]") {
  TempDir tmp("pdo-secrets-track");
  const std::filesystem::path ws = tmp / "course";
  REQUIRE(init_ws(ws).exit_code == 0);
  const std::filesystem::path notes = lesson_dir(ws, "03") / "notes.md";
  append(notes, "\nHF " + fake_key(9) + "\n");
  const std::string before_notes = read_file(notes);
  const std::string before_progress = read_file(ws / "progress.md");
  const int before = commit_count(ws);
  const auto r = run_pdo({"--lang", "en", "track", "done", "03", "notes"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("notes.md:") != std::string::npos);
  CHECK(r.err.find(fake_key(9).substr(4)) == std::string::npos);
  CHECK(commit_count(ws) == before);
  CHECK(read_file(notes) == before_notes);
  CHECK(read_file(ws / "progress.md") == before_progress);
}

namespace {

/// The number after `key` in `git ls-files --debug` output ("  mtime: 1700000000:123", "  ino: 42").
std::string debug_field(const std::string& debug, const std::string& key) {
  const auto at = debug.find(key + ": ");
  if (at == std::string::npos) return "<none>";
  const auto start = at + key.size() + 2;
  return debug.substr(start, debug.find_first_of("\t\n", start) - start);
}

}  // namespace

// The index entry pdo stages for progress.md carries the file's stat data, as `git add` records it, so
// git sees the file unchanged without reading it. [posix:stat] pdo builds the entry from lstat on POSIX
// (libgit2 stats the file itself on Windows).
TEST_CASE("track stages progress.md with its stat data, as git add would", "[cli][track][posix][posix:stat]") {
  TempDir tmp("track stat");
  const auto root = fresh_workspace(tmp);
  SECTION("a regular file") {}
  SECTION("an executable one keeps its mode") {
    std::filesystem::permissions(root / "progress.md", std::filesystem::perms::owner_exec, std::filesystem::perm_options::add);
    git_out({"add", "progress.md"}, root);
    git_out({"commit", "-q", "-m", "progress.md executable"}, root);
  }
  const std::string mode = git_out({"ls-files", "-s", "progress.md"}, root).substr(0, 6);
  require_ok(pdo_in(root, {"track", "done", "02", "read"}));
  const auto st = platform::stat_data(root / "progress.md");
  REQUIRE(st);
  const std::string debug = git_out({"ls-files", "--debug", "progress.md"}, root);
  INFO(debug);
  CHECK(debug_field(debug, "mtime") == std::to_string(st->mtime_s) + ":" + std::to_string(st->mtime_ns));
  CHECK(debug_field(debug, "ctime") == std::to_string(st->ctime_s) + ":" + std::to_string(st->ctime_ns));
  CHECK(debug_field(debug, "ino") == std::to_string(st->ino));
  CHECK(debug_field(debug, "uid") == std::to_string(st->uid));
  CHECK(debug_field(debug, "gid") == std::to_string(st->gid));
  CHECK(debug_field(debug, "size") == std::to_string(st->size));
  CHECK(git_out({"ls-files", "-s", "progress.md"}, root).substr(0, 6) == mode);
  CHECK(git_out({"ls-tree", "HEAD", "progress.md"}, root).substr(0, 6) == mode);  // the commit changes one box, not the mode
  CHECK(git_out({"status", "--porcelain"}, root).empty());
  CHECK(run_git({"diff-files", "--quiet"}, root).exit_code == 0);  // stat data matches: no change to see
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
}

// [posix:stat] link counts (on Windows pdo makes a new seed every time).
TEST_CASE("a commit takes index.lock from an empty seed file with no other name and leaves no file behind",
          "[cli][track][posix][posix:stat]") {
  TempDir tmp("track seed");
  const auto root = fresh_workspace(tmp);
  const auto seed = root / ".git/pdo-txn/seed-0";
  const auto after_track = [&](const std::string& lesson) {
    require_ok(pdo_in(root, {"track", "done", lesson, "read"}));
    CHECK_FALSE(std::filesystem::exists(root / ".git/index.lock"));
    CHECK(git_out({"status", "--porcelain"}, root).empty());
    const auto st = platform::stat_data(seed);
    REQUIRE(st);
    CHECK(st->size == 0);
    CHECK(st->links == 1);
    std::vector<std::string> names;  // the transaction's folder: its journal and the seed, nothing more
    for (const auto& e : std::filesystem::directory_iterator(root / ".git/pdo-txn"))
      names.push_back(util::path_to_utf8(e.path().filename()));
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"journal", "seed-0"});
  };
  after_track("01");
  after_track("02");

  // A seed with bytes in it, or with a second name, is left alone and a new one made.
  write_file(seed, "not empty\n");
  after_track("03");
  std::filesystem::create_hard_link(seed, root / ".git/seed-elsewhere");
  after_track("04");
  CHECK(std::filesystem::hard_link_count(root / ".git/seed-elsewhere") == 1);
  CHECK(read_file(root / ".git/seed-elsewhere").empty());
  CHECK(commit_count(root) == 6);
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
}

// git commit writes a reflog line for the branch and for HEAD with every commit; pdo's commits must too
// (`git reflog` is how a learner finds a commit again after a reset).
TEST_CASE("git reflog shows every pdo commit, with its subject, for the branch and for HEAD", "[cli][track]") {
  TempDir tmp("track reflog");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "03", "read"}));
  require_ok(pdo_in(root, {"ask", "what is a process group?", "--lesson", "3"}));
  require_ok(pdo_in(root, {"undo"}));
  const std::string branch(util::chomp(git_out({"symbolic-ref", "--short", "HEAD"}, root)));
  const std::string history = git_out({"log", "--format=%H %s"}, root);  // split_lines views into it
  const auto commits = util::split_lines(history);
  REQUIRE(commits.size() == 5);  // init, its self-check, track, ask, undo
  for (const std::string& ref : {branch, std::string("HEAD")}) {
    const std::string log = git_out({"reflog", "show", "--format=%H %gs", ref}, root);
    const auto lines = util::split_lines(log);
    INFO(ref << ":\n" << log);
    REQUIRE(lines.size() == commits.size());
    for (std::size_t i = 0; i < commits.size(); ++i) {
      const std::string commit(util::chomp(commits[i]));
      const std::string line(util::chomp(lines[i]));
      CHECK(line.substr(0, 40) == commit.substr(0, 40));            // newest first, one line per commit
      CHECK_THAT(line, Catch::EndsWith(": " + commit.substr(41)));  // "commit: <subject>"
    }
  }
}

// Issue 24, repro 10: an exercise step over many committed files commits exactly what changed among them
// (modified, staged, new, rewritten with the same bytes), whatever their folder, and leaves the
// index as git add would (git sees nothing to do). pdo reads each committed folder's tree once and a file
// whose stat data its staged entry holds not at all: this checks what it commits, not how fast.
TEST_CASE("track exercise over many committed files commits exactly the change", "[cli][track]") {
  TempDir tmp("track many");
  const auto root = fresh_workspace(tmp);
  const std::string ex = "lessons/02-02-distributed-data-parallel-in-pytorch/exercises/";
  const auto name = [](const char* prefix, int i) { return prefix + std::to_string(10000 + i).substr(1) + ".py"; };
  for (int i = 0; i < 600; ++i) write_file(root / (ex + name("f", i)), "print(" + std::to_string(i) + ")\n");
  for (int i = 0; i < 200; ++i) write_file(root / (ex + "sub/deep/" + name("g", i)), "x = " + std::to_string(i) + "\n");
  git_out({"add", "-A", "lessons"}, root);
  git_out({"-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", "my exercises"}, root);

  write_file(root / (ex + "f0500.py"), "print(999)\n");  // same size, other bytes
  write_file(root / (ex + "f0020.py"), "print('staged')\n");
  git_out({"add", ex + "f0020.py"}, root);              // staged by the learner, unchanged since
  write_file(root / (ex + "f0030.py"), "print(30)\n");  // the same bytes written again
  write_file(root / (ex + "sub/deep/g0100.py"), "x = 100\ny = 1\n");
  write_file(root / (ex + "sub/new/h.py"), "new\n");

  require_ok(pdo_in(root, {"track", "done", "02", "exercise"}));
  const std::vector<std::pair<std::string, std::string>> changes{
      {"M", "f0020.py"}, {"M", "f0500.py"}, {"M", "sub/deep/g0100.py"}, {"A", "sub/new/h.py"}};
  std::string want;
  for (const auto& [status, path] : changes) want += status + "\t" + ex + path + "\n";
  CHECK(git_out({"show", "--name-status", "--format=", "HEAD"}, root) == want + "M\tprogress.md\n");
  CHECK(git_out({"show", "HEAD:" + ex + "f0500.py"}, root) == "print(999)\n");
  CHECK(git_out({"status", "--porcelain"}, root).empty());
  CHECK(run_git({"diff-files", "--quiet"}, root).exit_code == 0);  // every entry's stat data matches its file
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);

  // Nothing changed since: the next exercise commit holds progress.md alone.
  require_ok(pdo_in(root, {"track", "todo", "02", "exercise"}));
  CHECK(git_out({"show", "--name-only", "--format=", "HEAD"}, root) == "progress.md\n");
  CHECK(git_out({"status", "--porcelain"}, root).empty());
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
}

// `git add -A exercises/` stages a deleted exercise file as a deletion; so must the exercise step, whether
// the learner deleted the file (rm) or staged its deletion (git rm), and whether a folder went with it.
TEST_CASE("track exercise commits a deleted exercise file as a deletion", "[cli][track]") {
  TempDir tmp("track deleted");
  const auto root = fresh_workspace(tmp);
  const std::string ex = "lessons/02-02-distributed-data-parallel-in-pytorch/exercises/";
  for (const char* file : {"a.py", "b.py", "c.py", "sub/d.py"}) write_file(root / (ex + file), std::string("# ") + file + "\n");
  git_out({"add", "-A", "lessons"}, root);
  git_out({"-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", "my exercises"}, root);

  std::filesystem::remove(root / (ex + "a.py"));
  std::filesystem::remove_all(root / (ex + "sub"));
  git_out({"rm", "-q", ex + "c.py"}, root);
  write_file(root / (ex + "b.py"), "# b.py, changed\n");
  require_ok(pdo_in(root, {"track", "done", "02", "exercise"}));
  CHECK(git_out({"show", "--name-status", "--format=", "HEAD"}, root) ==
        "D\t" + ex + "a.py\nM\t" + ex + "b.py\nD\t" + ex + "c.py\nD\t" + ex + "sub/d.py\nM\tprogress.md\n");
  CHECK(git_out({"status", "--porcelain"}, root).empty());
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
}

// [posix:devices] a FIFO is a POSIX file kind. git's walk does not see one, and neither does the exercise
// step: a new FIFO is not committed, nor the deletion of a committed file a FIFO replaced, and pdo never
// opens it (that would block until run_pdo_bounded's limit kills it).
TEST_CASE("track exercise leaves a FIFO in exercises/ alone", "[cli][track][posix][posix:devices]") {
  TempDir tmp("track fifo");
  const auto root = fresh_workspace(tmp);
  const std::string ex = "lessons/02-02-distributed-data-parallel-in-pytorch/exercises/";
  write_file(root / (ex + "was-a-file.py"), "x = 1\n");
  git_out({"add", "-A", "lessons"}, root);
  git_out({"-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", "my exercises"}, root);
  std::filesystem::remove(root / (ex + "was-a-file.py"));
  for (const char* fifo : {"was-a-file.py", "new-fifo"})
    REQUIRE(platform::run_process({"mkfifo", util::path_to_utf8(root / (ex + fifo))}).exit_code == 0);
  write_file(root / (ex + "a.py"), "print(1)\n");
  const auto r = run_pdo_bounded({"track", "done", "02", "exercise"}, root);
  INFO(r.out << r.err);
  REQUIRE_FALSE(r.timed_out);
  CHECK(r.exit_code == 0);
  CHECK(git_out({"show", "--name-status", "--format=", "HEAD"}, root) == "A\t" + ex + "a.py\nM\tprogress.md\n");
  CHECK(git_out({"ls-tree", "--name-only", "HEAD", ex}, root) == ex + ".gitkeep\n" + ex + "a.py\n" + ex + "was-a-file.py\n");
}

// The exercise step stages a new file's bytes itself only when no clean filter can apply; wherever git's
// filters would change them (core.autocrlf, a .gitattributes on the way, $GIT_DIR/info/attributes), the
// blob is the one `git add` makes (each setup's bytes as git 2.39 stores them), and git sees the file unchanged.
namespace {

const std::string k_ex2 = "lessons/02-02-distributed-data-parallel-in-pytorch/exercises/";

/// In a fresh workspace under `tmp`, sets up filter case `setup` (0 none, 1 core.autocrlf, 2 a new
/// .gitattributes in exercises/, 3 a committed root .gitattributes deleted from the working tree, 4
/// $GIT_DIR/info/attributes), commits a new CRLF file with `track done 02 exercise`; the blob git add stores.
std::string commit_crlf_file(const std::filesystem::path& root, int setup) {
  const std::string lf = "a\nb\n", crlf = "a\r\nb\r\n";
  if (setup == 1) git_out({"config", "core.autocrlf", "true"}, root);
  if (setup == 2) write_file(root / (k_ex2 + ".gitattributes"), "*.py text eol=lf\n");
  if (setup == 3) {
    write_file(root / ".gitattributes", "*.py text eol=lf\n");
    git_out({"add", ".gitattributes"}, root);
    git_out({"-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", "attributes"}, root);
    std::filesystem::remove(root / ".gitattributes");
  }
  if (setup == 4) write_file(root / ".git/info/attributes", "*.py text eol=lf\n");
  write_file(root / (k_ex2 + "crlf.py"), crlf);
  require_ok(pdo_in(root, {"track", "done", "02", "exercise"}));
  return setup == 0 ? crlf : lf;
}

}  // namespace

TEST_CASE("track exercise stores a new file as git add would with or without filters", "[cli][track]") {
  for (int setup = 0; setup < 5; ++setup) {
    INFO("filter setup " << setup);
    TempDir tmp("track filters");
    const auto root = fresh_workspace(tmp);
    const std::string stored = commit_crlf_file(root, setup);
    CHECK(git_out({"show", "HEAD:" + k_ex2 + "crlf.py"}, root) == stored);
    CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
  }
}

// [posix:stat] git reads the stat data pdo recorded; pdo.exe under wine records Windows stat data, which the
// Linux git that checks it never matches.
TEST_CASE("track exercise leaves git seeing the new file unchanged with or without filters", "[cli][track][posix][posix:stat]") {
  for (int setup = 0; setup < 5; ++setup) {
    INFO("filter setup " << setup);
    TempDir tmp("track filters stat");
    const auto root = fresh_workspace(tmp);
    (void)commit_crlf_file(root, setup);
    CHECK(run_git({"diff-files", "--quiet", "--", k_ex2}, root).exit_code == 0);
  }
}

// An edit pdo makes (the tick in progress.md) to a working file git checked out with CRLF (core.autocrlf):
// the working file, cleaned as git add cleans it, is the new index version, so the entry gets its stat data
// as `git add` would record it and git sees the file unchanged without reading it.
// [posix:stat] as above: git checks the stat data pdo recorded.
TEST_CASE("a tick in a CRLF progress.md under core.autocrlf leaves git seeing it unchanged", "[cli][track][posix][posix:stat]") {
  TempDir tmp("track autocrlf edit");
  const auto root = fresh_workspace(tmp);
  git_out({"config", "core.autocrlf", "true"}, root);
  std::filesystem::remove(root / "progress.md");
  git_out({"checkout", "--", "progress.md"}, root);
  REQUIRE(read_file(root / "progress.md").find("\r\n") != std::string::npos);
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  CHECK(read_file(root / "progress.md").find("\r\n") != std::string::npos);
  CHECK(run_git({"diff-files", "--quiet", "--", "progress.md"}, root).exit_code == 0);
  CHECK(git_out({"status", "--porcelain"}, root).empty());
}
