// pdo sync with the same files changed on two machines (two clones and a local bare remote): every
// conflict in a file pdo knows is resolved by pdo, and git is never left mid-operation.
// [posix:git-from-pdo] pdo starts the git program for the transport; pdo.exe under wine cannot see the
// exit codes of the Linux git it would start.
#include "cli/sync_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

#include <map>

using namespace pdo;
using namespace pdo::test;

namespace {

namespace fs = std::filesystem;

fs::path notes_05(const fs::path& root) { return lesson_dir(root, "05") / "notes.md"; }

/// questions.md's items by the lesson number of the "## NN" heading they stand under; every heading must
/// follow a blank line and be followed by one.
std::map<std::string, std::vector<std::string>> questions_by_lesson(const fs::path& root) {
  const std::string text = read_file(root / "questions.md");
  INFO(text);
  const auto lines = util::split_lines(text);
  std::map<std::string, std::vector<std::string>> out;
  std::string lesson;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string line(util::chomp(lines[i]));
    if (util::starts_with(line, "## ")) {
      INFO(line);
      CHECK((i > 0 && util::chomp(lines[i - 1]).empty()));
      CHECK((i + 1 < lines.size() && util::chomp(lines[i + 1]).empty()));
      lesson = line.substr(3, 2);
      CHECK(out.count(lesson) == 0);
      out[lesson];
    } else if (util::starts_with(line, "- [")) {
      out[lesson].push_back(line.substr(line.rfind(' ') + 1));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("sync merges notes appended on both machines: both appends kept, no markers", "[cli][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync notes appended");
  const auto m = two_machines(tmp);
  const std::string original = read_file(notes_05(m.a));
  append(notes_05(m.a), "笔记（笔记本电脑）：RPC 的 rref 是远程对象的引用。\n");
  commit_all(m.a, "notes on the laptop");
  require_ok(pdo_in(m.a, {"ask", "rpc_sync 和 rpc_async 怎么选？", "--lesson", "05"}));
  require_ok(pdo_in(m.a, {"sync"}));

  append(notes_05(m.b), "笔记（台式机）：Pipeline 要把模型切成几段。\n");
  commit_all(m.b, "notes on the desktop");
  require_ok(pdo_in(m.b, {"ask", "RRef 什么时候被回收？", "--lesson", "05"}));
  const auto r = pdo_in(m.b, {"sync"});
  require_ok(r);
  CHECK_THAT(r.out + r.err, !Catch::Contains("git rebase"));
  require_ok(pdo_in(m.a, {"sync"}));

  for (const auto& root : {m.a, m.b}) {
    const std::string notes = read_file(notes_05(root));
    CHECK(notes == original + "笔记（笔记本电脑）：RPC 的 rref 是远程对象的引用。\n笔记（台式机）：Pipeline 要把模型切成几段。\n");
    CHECK_THAT(notes, !Catch::Contains("<<<<<<<") && !Catch::Contains(">>>>>>>"));
    CHECK_THAT(read_file(root / "questions.md"),
               Catch::Contains("rpc_sync 和 rpc_async 怎么选？") && Catch::Contains("RRef 什么时候被回收？"));
    CHECK(git_out({"status", "--porcelain"}, root).empty());
  }
  CHECK(head(m.a) == head(m.b));
  CHECK(head(m.b) == remote_main(m.bare));
  require_sync_left_git_whole(m);
}

TEST_CASE("sync keeps both versions of a line changed on both machines, marked, reported and shown by status",
          "[cli][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync same line");
  const auto m = two_machines(tmp);
  append(notes_05(m.a), "RPC：远程过程调用。\n结尾的一行。\n");
  commit_all(m.a, "notes");
  require_ok(pdo_in(m.a, {"sync"}));
  require_ok(pdo_in(m.b, {"sync"}));

  const std::string shared = read_file(notes_05(m.a));
  std::string on_a = shared, on_b = shared;
  REQUIRE(Catch::replaceInPlace(on_a, "RPC：远程过程调用。", "RPC：远程过程调用（笔记本上改的）。"));
  REQUIRE(Catch::replaceInPlace(on_b, "RPC：远程过程调用。", "RPC：远程过程调用（台式机上改的）。"));
  write_file(notes_05(m.a), on_a);
  commit_all(m.a, "notes, laptop");
  require_ok(pdo_in(m.a, {"sync"}));
  write_file(notes_05(m.b), on_b);
  commit_all(m.b, "notes, desktop");
  require_ok(pdo_in(m.b, {"track", "done", "05", "read"}));

  const auto r = pdo_in(m.b, {"sync"});
  require_ok(r);
  const std::string rel = "lessons/" + util::path_to_utf8(lesson_dir(m.b, "05").filename()) + "/notes.md";
  CHECK_THAT(r.out, Catch::Contains("需要你处理") && Catch::Contains(rel));
  CHECK_THAT(r.out + r.err, !Catch::Contains("git rebase"));
  const std::string merged = read_file(notes_05(m.b));
  std::string expected = shared;
  REQUIRE(Catch::replaceInPlace(expected, "RPC：远程过程调用。\n", "<<<<<<< 本机 ("));
  CHECK_THAT(merged, Catch::StartsWith(expected.substr(0, expected.find("<<<<<<< 本机 (") + std::string("<<<<<<< 本机 (").size())));
  CHECK_THAT(
      merged,
      Catch::Contains(
          "\nRPC：远程过程调用（台式机上改的）。\n=======\nRPC：远程过程调用（笔记本上改的）。\n>>>>>>> 远程 (origin)\n结尾的一行。\n"));
  CHECK(git_out({"status", "--porcelain"}, m.b).empty());
  CHECK(git_out({"show", "HEAD:" + rel}, m.b) == merged);  // committed as it is
  for (const auto& root : {m.a, m.b}) {
    if (root == m.a) require_ok(pdo_in(m.a, {"sync"}));
    CHECK(read_file(notes_05(root)) == merged);
    const auto status = pdo_in(root, {"status"});
    require_ok(status);
    CHECK_THAT(status.out, Catch::Contains("需要你处理") && Catch::Contains(rel));
  }

  // Resolved on b: the markers go, and so does the line in pdo status.
  std::string fixed = shared;
  REQUIRE(Catch::replaceInPlace(fixed, "RPC：远程过程调用。", "RPC：远程过程调用（两台机器都改过）。"));
  write_file(notes_05(m.b), fixed);
  const auto still = pdo_in(m.b, {"status"});
  CHECK_THAT(still.out, !Catch::Contains(rel));
  commit_all(m.b, "notes merged by hand");
  require_ok(pdo_in(m.b, {"sync"}));
  require_ok(pdo_in(m.a, {"sync"}));
  CHECK_THAT(pdo_in(m.a, {"status"}).out, !Catch::Contains(rel));
  require_sync_left_git_whole(m);
}

TEST_CASE("sync keeps both copies of a binary file changed on both machines and says which is which",
          "[cli][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync binary");
  const auto m = two_machines(tmp);
  const std::string shared("PNG\0shared", 10), from_a("PNG\0laptop", 10), from_b("PNG\0desktop", 11);
  fs::create_directories(m.a / "data");
  write_file(m.a / "data" / "diagram.png", shared);
  commit_all(m.a, "diagram");
  require_ok(pdo_in(m.a, {"sync"}));
  require_ok(pdo_in(m.b, {"sync"}));
  write_file(m.a / "data" / "diagram.png", from_a);
  commit_all(m.a, "diagram, laptop");
  require_ok(pdo_in(m.a, {"sync"}));
  write_file(m.b / "data" / "diagram.png", from_b);
  commit_all(m.b, "diagram, desktop");
  require_ok(pdo_in(m.b, {"track", "done", "02", "read"}));

  const auto r = pdo_in(m.b, {"sync"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("需要你处理") && Catch::Contains("data/diagram.png") && Catch::Contains("data/diagram (远程).png"));
  require_ok(pdo_in(m.a, {"sync"}));
  for (const auto& root : {m.a, m.b}) {
    CHECK(read_file(root / "data" / "diagram.png") == from_b);
    CHECK(read_file(root / "data" / "diagram (远程).png") == from_a);
    CHECK(git_out({"status", "--porcelain"}, root).empty());
    CHECK_THAT(pdo_in(root, {"status"}).out, Catch::Contains("需要你处理") && Catch::Contains("data/diagram (远程).png"));
  }
  CHECK(head(m.a) == head(m.b));

  // The learner keeps one: the copy is gone, and so is the reminder.
  git_out({"rm", "-q", "data/diagram (远程).png"}, m.a);
  commit_all(m.a, "kept the desktop's diagram");
  CHECK_THAT(pdo_in(m.a, {"status"}).out, !Catch::Contains("diagram"));
  require_sync_left_git_whole(m);
}

TEST_CASE("sync that cannot merge stops before anything moves, leaves no git operation and never advises git rebase",
          "[cli][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync cannot merge");
  const auto m = two_machines(tmp);
  // A symbolic link, shared with plain git (pdo sync updates plain files only), then retargeted on both.
  fs::create_directories(m.a / "data");
  fs::create_symlink("v1.txt", m.a / "data" / "latest");
  commit_all(m.a, "link");
  git_out({"push", "-q", "--no-verify", "pdo", "main"}, m.a);
  git_out({"pull", "-q", "--ff-only", "origin", "main"}, m.b);
  fs::remove(m.a / "data" / "latest");
  fs::create_symlink("v2-laptop.txt", m.a / "data" / "latest");
  commit_all(m.a, "link, laptop");
  require_ok(pdo_in(m.a, {"sync"}));
  fs::remove(m.b / "data" / "latest");
  fs::create_symlink("v2-desktop.txt", m.b / "data" / "latest");
  commit_all(m.b, "link, desktop");
  require_ok(pdo_in(m.b, {"track", "done", "03", "read"}));
  append(notes_05(m.b), "还没提交的笔记\n");
  write_file(m.b / "scratch.txt", "untracked, mine\n");

  const std::string status = git_out({"status", "--porcelain"}, m.b), refs = git_out({"show-ref"}, m.b), b_head = head(m.b);
  const std::string index = read_file(m.b / ".git" / "index"), notes = read_file(notes_05(m.b)), remote = remote_main(m.bare);
  const auto r = pdo_in(m.b, {"sync"});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("data/latest") && Catch::Contains("没有改动") && Catch::Contains("pdo sync"));
  CHECK_THAT(r.err, !Catch::Contains("git rebase") && !Catch::Contains("git pull"));
  CHECK(git_out({"status", "--porcelain"}, m.b) == status);
  CHECK(git_out({"show-ref"}, m.b) == refs);
  CHECK(head(m.b) == b_head);
  CHECK(read_file(m.b / ".git" / "index") == index);
  CHECK(read_file(notes_05(m.b)) == notes);
  CHECK(read_file(m.b / "scratch.txt") == "untracked, mine\n");
  CHECK(remote_main(m.bare) == remote);
  require_sync_left_git_whole(m.b);
}

TEST_CASE("questions.md keeps its sections after merges: items under their lesson, a blank line before every heading",
          "[cli][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync questions shape");
  const auto m = two_machines(tmp);
  require_ok(pdo_in(m.a, {"ask", "q03-first", "--lesson", "03"}));
  require_ok(pdo_in(m.a, {"sync"}));
  require_ok(pdo_in(m.b, {"sync"}));
  // Both machines add at the end of the file: a new section here, the last section's list and a new
  // section there.
  require_ok(pdo_in(m.a, {"ask", "q05-laptop", "--lesson", "05"}));
  require_ok(pdo_in(m.b, {"ask", "q03-desktop", "--lesson", "03"}));
  require_ok(pdo_in(m.b, {"ask", "q07-desktop", "--lesson", "07"}));
  require_ok(pdo_in(m.a, {"sync"}));
  require_ok(pdo_in(m.b, {"sync"}));
  require_ok(pdo_in(m.a, {"sync"}));
  const std::map<std::string, std::vector<std::string>> expected{
      {"03", {"q03-first", "q03-desktop"}}, {"05", {"q05-laptop"}}, {"07", {"q07-desktop"}}};
  CHECK(questions_by_lesson(m.a) == expected);
  CHECK(read_file(m.a / "questions.md") == read_file(m.b / "questions.md"));

  // Later asks land in their sections, and one more crossing merge keeps the shape.
  require_ok(pdo_in(m.a, {"ask", "q05-laptop-2", "--lesson", "05"}));
  require_ok(pdo_in(m.b, {"ask", "q07-desktop-2", "--lesson", "07"}));
  require_ok(pdo_in(m.b, {"ask", "q09-desktop", "--lesson", "09"}));
  require_ok(pdo_in(m.b, {"sync"}));
  require_ok(pdo_in(m.a, {"sync"}));
  require_ok(pdo_in(m.b, {"sync"}));
  const std::map<std::string, std::vector<std::string>> after{{"03", {"q03-first", "q03-desktop"}},
                                                              {"05", {"q05-laptop", "q05-laptop-2"}},
                                                              {"07", {"q07-desktop", "q07-desktop-2"}},
                                                              {"09", {"q09-desktop"}}};
  for (const auto& root : {m.a, m.b}) {
    CHECK(questions_by_lesson(root) == after);
    CHECK_THAT(read_file(root / "questions.md"), !Catch::Contains("<<<<<<<"));
  }
  require_sync_left_git_whole(m);
}

TEST_CASE("an own lesson added on both machines keeps both: distinct numbers, folders and boxes, notes byte for byte",
          "[cli][sync][lesson][posix][posix:git-from-pdo]") {
  TempDir tmp("sync own lessons");
  const auto m = two_machines(tmp);
  const std::string ring = "18-18-ring-attention", zero = "18-18-deepspeed-zero", zero_19 = "19-19-deepspeed-zero";
  const std::string ring_notes = "环形注意力：KV 块在卡之间轮转。\r\n  缩进和 CRLF 原样保留\r\n";
  const std::string zero_notes = "ZeRO-3 把参数也切开。\n末行没有换行";

  SECTION("the remote's lesson is older: this machine's moves to the next number") {
    require_ok(pdo_in(m.a, {"lesson", "add", "Ring Attention"}));
    append(m.a / "lessons" / ring / "notes.md", ring_notes);
    commit_all(m.a, "ring notes");
    require_ok(pdo_in(m.a, {"sync"}));
    require_ok(pdo_in(m.b, {"lesson", "add", "DeepSpeed ZeRO"}));
    append(m.b / "lessons" / zero / "notes.md", zero_notes);
    commit_all(m.b, "zero notes");
    require_ok(pdo_in(m.b, {"track", "done", "18", "read"}));
    require_ok(pdo_in(m.b, {"ask", "ZeRO-2 和 ZeRO-3 差在哪？", "--lesson", "18"}));
    const std::string b_notes = read_file(m.b / "lessons" / zero / "notes.md");

    const auto r = pdo_in(m.b, {"sync"});
    require_ok(r);
    CHECK_THAT(r.out, Catch::Contains("第 18 课「DeepSpeed ZeRO」（本机加的）改为第 19 课") && Catch::Contains("Ring Attention"));
    require_ok(pdo_in(m.a, {"sync"}));
    for (const auto& root : {m.a, m.b}) {
      INFO(util::path_to_utf8(root));
      CHECK(read_file(root / "lessons" / ring / "notes.md") == read_file(m.a / "lessons" / ring / "notes.md"));
      CHECK_THAT(read_file(root / "lessons" / ring / "notes.md"), Catch::EndsWith(ring_notes));
      CHECK(read_file(root / "lessons" / zero_19 / "notes.md") == b_notes);
      CHECK(fs::exists(root / "lessons" / zero_19 / "exercises" / ".gitkeep"));
      CHECK_FALSE(fs::exists(root / "lessons" / zero));
      const std::string progress = read_file(root / "progress.md");
      CHECK(count_of(progress, "] 18 ") == 3);
      CHECK(count_of(progress, "] 19 ") == 3);
      CHECK_THAT(progress, Catch::Contains("## 18 Ring Attention\n") && Catch::Contains("## 19 DeepSpeed ZeRO\n") &&
                               Catch::Contains("- [ ] 18 读讲义\n") && Catch::Contains("- [x] 19 读讲义\n"));
      CHECK_THAT(read_file(root / "questions.md"), Catch::Contains("## 19 DeepSpeed ZeRO\n\n- [ ] ") && !Catch::Contains("## 18 "));
      const std::string readme = read_file(root / "README.md");
      CHECK_THAT(readme, Catch::Contains("| 18 | Ring Attention") && Catch::Contains("| 19 | DeepSpeed ZeRO") &&
                             Catch::Contains("[lessons/" + zero_19 + "/]"));
      const std::string lessons = read_file(root / ".pdo" / "lessons.toml");
      CHECK(count_of(lessons, "[[lessons]]") == 2);
      CHECK(count_of(lessons, "\nid = ") == 2);
      const auto list = pdo_in(root, {"lesson", "list"});
      CHECK_THAT(list.out, Catch::Contains("18    我的  Ring Attention") && Catch::Contains("19    我的  DeepSpeed ZeRO"));
      CHECK(git_out({"status", "--porcelain"}, root).empty());
    }
    CHECK(head(m.a) == head(m.b));
    // The replayed steps name the lesson's new number: undo unticks 19, not 18.
    require_ok(pdo_in(m.a, {"undo"}));  // the question
    require_ok(pdo_in(m.a, {"undo"}));  // the tick
    CHECK_THAT(read_file(m.a / "progress.md"), Catch::Contains("- [ ] 19 读讲义\n") && Catch::Contains("- [ ] 18 读讲义\n"));
    require_ok(pdo_in(m.a, {"track", "done", "19", "exercise"}));
    require_ok(pdo_in(m.b, {"track", "done", "18", "exercise"}));
  }

  SECTION("this machine's lesson is older: the remote's moves, in a commit of its own") {
    require_ok(pdo_in(m.b, {"lesson", "add", "DeepSpeed ZeRO"}));
    // Added long ago on this machine (the commit's own time is what counts).
    const auto older = run_git({"commit", "-q", "--amend", "--no-edit", "--no-verify", "--date=2020-01-01T12:00:00+08:00"}, m.b,
                               {{"GIT_COMMITTER_DATE", "2020-01-01T12:00:00+08:00"}});
    REQUIRE(older.exit_code == 0);
    require_ok(pdo_in(m.a, {"lesson", "add", "Ring Attention"}));
    append(m.a / "lessons" / ring / "notes.md", ring_notes);
    commit_all(m.a, "ring notes");
    require_ok(pdo_in(m.a, {"track", "done", "18", "read"}));
    require_ok(pdo_in(m.a, {"sync"}));
    const std::string a_notes = read_file(m.a / "lessons" / ring / "notes.md");

    const auto r = pdo_in(m.b, {"sync"});
    require_ok(r);
    CHECK_THAT(r.out, Catch::Contains("第 18 课「Ring Attention」（远程加的）改为第 19 课"));
    CHECK_THAT(git_out({"log", "--format=%B", "-n", "1", "HEAD~1"}, m.b), Catch::Contains("Pdo-Renumber: 18 19"));
    require_ok(pdo_in(m.a, {"sync"}));
    for (const auto& root : {m.a, m.b}) {
      INFO(util::path_to_utf8(root));
      CHECK(read_file(root / "lessons" / "19-19-ring-attention" / "notes.md") == a_notes);
      CHECK(fs::exists(root / "lessons" / zero / "notes.md"));
      CHECK_FALSE(fs::exists(root / "lessons" / ring));
      CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [x] 19 读讲义\n") && Catch::Contains("- [ ] 18 读讲义\n"));
      CHECK_THAT(pdo_in(root, {"lesson", "list"}).out,
                 Catch::Contains("18    我的  DeepSpeed ZeRO") && Catch::Contains("19    我的  Ring Attention"));
      CHECK(git_out({"status", "--porcelain"}, root).empty());
    }
    // Undo follows the lesson to its new number: a's tick of "18" (Ring Attention then) unticks 19.
    require_ok(pdo_in(m.a, {"undo"}));  // b's lesson add, replayed
    const auto undo = pdo_in(m.a, {"undo"});
    require_ok(undo);
    CHECK_THAT(read_file(m.a / "progress.md"), Catch::Contains("- [ ] 19 读讲义\n"));
    require_ok(pdo_in(m.a, {"track", "done", "19", "exercise"}));
    require_ok(pdo_in(m.b, {"track", "done", "05", "read"}));  // 18 is gone on a: the first undo removed it
  }

  SECTION("notes.md as pdo wrote it follows the lesson: it names the new number, and undo removes the lesson") {
    require_ok(pdo_in(m.a, {"lesson", "add", "Ring Attention"}));
    require_ok(pdo_in(m.a, {"sync"}));
    require_ok(pdo_in(m.b, {"--lang", "en", "lesson", "add", "DeepSpeed ZeRO"}));
    REQUIRE_THAT(read_file(m.b / "lessons" / zero / "notes.md"), Catch::StartsWith("# 18 DeepSpeed ZeRO"));
    require_ok(pdo_in(m.b, {"sync"}));
    const std::string notes = read_file(m.b / "lessons" / zero_19 / "notes.md");
    CHECK_THAT(notes, Catch::StartsWith("# 19 DeepSpeed ZeRO") && Catch::Contains("pdo lesson add"));  // still English
    CHECK(git_out({"status", "--porcelain"}, m.b).empty());
    require_ok(pdo_in(m.b, {"undo"}));  // b's lesson add, now lesson 19
    CHECK_FALSE(fs::exists(m.b / "lessons" / zero_19));
    CHECK_THAT(read_file(m.b / ".pdo" / "lessons.toml"), Catch::Contains("Ring Attention") && !Catch::Contains("DeepSpeed"));
  }
  require_ok(pdo_in(m.a, {"sync"}));
  require_ok(pdo_in(m.b, {"sync"}));
  require_ok(pdo_in(m.a, {"sync"}));
  CHECK(head(m.a) == head(m.b));
  require_sync_left_git_whole(m);
}

TEST_CASE("uncommitted edits on the syncing machine stay as they are, or sync refuses first and names them",
          "[cli][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync uncommitted");
  const auto m = two_machines(tmp);
  append(notes_05(m.a), "第一行。\n第二行。\n第三行。\n");
  commit_all(m.a, "notes");
  require_ok(pdo_in(m.a, {"sync"}));
  require_ok(pdo_in(m.b, {"sync"}));
  const std::string shared = read_file(notes_05(m.a));

  // The laptop changes the last line and ticks 06; the desktop, not committing, changes the first line,
  // ticks 07 by hand and keeps a file of its own.
  std::string laptop = shared;
  REQUIRE(Catch::replaceInPlace(laptop, "第三行。", "第三行（笔记本）。"));
  write_file(notes_05(m.a), laptop);
  commit_all(m.a, "notes, laptop");
  require_ok(pdo_in(m.a, {"track", "done", "06", "read"}));
  require_ok(pdo_in(m.a, {"sync"}));
  std::string desktop = shared;
  REQUIRE(Catch::replaceInPlace(desktop, "第一行。", "第一行（台式机，还没提交）。"));
  write_file(notes_05(m.b), desktop);
  std::string progress = read_file(m.b / "progress.md");
  REQUIRE(Catch::replaceInPlace(progress, "- [ ] 07 读讲义", "- [x] 07 读讲义"));
  write_file(m.b / "progress.md", progress);
  write_file(m.b / "scratch.txt", "untracked, mine\n");

  const auto r = pdo_in(m.b, {"sync"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("还没提交的改动都留着"));
  CHECK(head(m.b) == remote_main(m.bare));
  std::string both = laptop;
  REQUIRE(Catch::replaceInPlace(both, "第一行。", "第一行（台式机，还没提交）。"));
  CHECK(read_file(notes_05(m.b)) == both);
  CHECK_THAT(read_file(m.b / "progress.md"), Catch::Contains("- [x] 06 读讲义\n") && Catch::Contains("- [x] 07 读讲义\n"));
  CHECK_THAT(git_out({"show", "HEAD:progress.md"}, m.b), Catch::Contains("- [x] 06 读讲义\n") && Catch::Contains("- [ ] 07 读讲义\n"));
  const std::string diff = git_out({"diff", "--stat"}, m.b);
  CHECK_THAT(diff, Catch::Contains("progress.md") && Catch::Contains("notes.md") && Catch::Contains("2 files changed"));
  CHECK_THAT(git_out({"diff"}, m.b), Catch::Contains("+第一行（台式机，还没提交）。") && Catch::Contains("+- [x] 07 读讲义") &&
                                         !Catch::Contains("-第三行") && !Catch::Contains("+第三行"));
  CHECK(read_file(m.b / "scratch.txt") == "untracked, mine\n");

  SECTION("an uncommitted edit of the lines the sync changes: refused before anything, every such file named") {
    std::string again = read_file(notes_05(m.a));
    REQUIRE(Catch::replaceInPlace(again, "第一行。", "第一行（笔记本又改了）。"));
    write_file(notes_05(m.a), again);
    commit_all(m.a, "notes, laptop again");
    write_file(m.a / "data.txt", "the laptop's\n");
    commit_all(m.a, "data");
    require_ok(pdo_in(m.a, {"sync"}));
    write_file(m.b / "data.txt", "the desktop's, not in git\n");
    const std::string status = git_out({"status", "--porcelain"}, m.b), b_head = head(m.b);
    const std::string index = read_file(m.b / ".git" / "index"), notes = read_file(notes_05(m.b));
    const auto stop = pdo_in(m.b, {"sync"});
    CHECK(stop.exit_code == 1);
    CHECK_THAT(stop.err, Catch::Contains("notes.md") && Catch::Contains("data.txt") && Catch::Contains("没有改动") &&
                             Catch::Contains("git stash") && !Catch::Contains("git rebase"));
    CHECK(git_out({"status", "--porcelain"}, m.b) == status);
    CHECK(head(m.b) == b_head);
    CHECK(read_file(m.b / ".git" / "index") == index);
    CHECK(read_file(notes_05(m.b)) == notes);
    CHECK(read_file(m.b / "data.txt") == "the desktop's, not in git\n");
    // Committed, the same lines are kept twice for the learner.
    fs::remove(m.b / "data.txt");
    commit_all(m.b, "desktop's edits");
    require_ok(pdo_in(m.b, {"sync"}));
    CHECK_THAT(read_file(notes_05(m.b)), Catch::Contains("<<<<<<< 本机") && Catch::Contains("第一行（笔记本又改了）。") &&
                                             Catch::Contains("第一行（台式机，还没提交）。"));
  }
  // A file the remote deleted, edited here and not committed (mutant sync_worktree.cpp:65 of the
  // --seed-from d90afd2 run: without its refusal the edit met an empty file in git's merge, and the
  // learner was told of a clash in the same lines instead).
  SECTION("an uncommitted edit of a file the remote deleted: refused before anything, saying so") {
    write_file(m.a / "data.txt", "line one\nline two\n");
    commit_all(m.a, "data");
    require_ok(pdo_in(m.a, {"sync"}));
    commit_all(m.b, "desktop's edits");
    require_ok(pdo_in(m.b, {"sync"}));
    fs::remove(m.a / "data.txt");
    commit_all(m.a, "no data");
    require_ok(pdo_in(m.a, {"sync"}));
    write_file(m.b / "data.txt", "line one\nline two\nline three, mine\n");
    const std::string b_head = head(m.b);
    const auto stop = pdo_in(m.b, {"--lang", "en", "sync"});
    INFO(stop.out << stop.err);
    CHECK(stop.exit_code == 1);
    CHECK_THAT(stop.err, Catch::Contains("data.txt") && Catch::Contains("the remote deleted it"));
    CHECK(head(m.b) == b_head);
    CHECK(read_file(m.b / "data.txt") == "line one\nline two\nline three, mine\n");
    return;
  }
  require_ok(pdo_in(m.b, {"track", "done", "08", "read"}));
  require_sync_left_git_whole(m);
}

// Issue 43 item 2: both machines asked their first question of lesson 02, and questions.md ended with two
// "## 02" sections, in the order questions were asked (01, 05, 22, 02); a later ask --lesson 2 landed under
// the first, and the report listed the questions in that order too.
TEST_CASE("questions.md has one section per lesson, in lesson order, after asks and a sync, and so has the report",
          "[cli][sync][ask][issue43][posix][posix:git-from-pdo]") {
  TempDir tmp("sync questions order");
  const auto m = two_machines(tmp);
  require_ok(pdo_in(m.a, {"ask", "a 的 05 问题", "--lesson", "05"}));
  require_ok(pdo_in(m.a, {"ask", "a 的 02 问题", "--lesson", "02"}));
  require_ok(pdo_in(m.a, {"sync"}));
  require_ok(pdo_in(m.b, {"ask", "b 的 02 问题", "--lesson", "02"}));
  require_ok(pdo_in(m.b, {"ask", "b 的 01 问题", "--lesson", "01"}));
  require_ok(pdo_in(m.b, {"sync"}));
  require_ok(pdo_in(m.b, {"ask", "b 的第二个 02 问题", "--lesson", "2"}));
  const auto headings = [](const std::string& text) {
    std::string out;
    for (const auto line : util::split_lines(text)) {
      if (util::starts_with(line, "## ")) out += std::string(line.substr(3, 2)) + " ";
    }
    return out;
  };
  const std::string questions = read_file(m.b / "questions.md");
  INFO(questions);
  CHECK(headings(questions) == "01 02 05 ");
  const auto at = [&](const char* q) { return questions.find(q); };
  CHECK(at("b 的 01 问题") < at("a 的 02 问题"));
  CHECK(at("a 的 02 问题") < at("b 的 02 问题"));  // the remote's first, as the replay put them
  CHECK(at("b 的 02 问题") < at("b 的第二个 02 问题"));
  CHECK(at("b 的第二个 02 问题") < at("a 的 05 问题"));
  CHECK(git_out({"status", "--porcelain"}, m.b).empty());
  require_ok(pdo_in(m.b, {"report", "--html", "report.html"}));
  const std::string report = read_file(m.b / "report.html");
  CHECK(report.find("b 的 01 问题") < report.find("a 的 02 问题"));
  CHECK(report.find("b 的第二个 02 问题") < report.find("a 的 05 问题"));
  require_ok(pdo_in(m.b, {"sync"}));
  require_ok(pdo_in(m.a, {"sync"}));
  CHECK(read_file(m.a / "questions.md") == read_file(m.b / "questions.md"));
  require_sync_left_git_whole(m);
}

// Issue 43 item 3: `pdo start 18` on an own lesson, then a sync moved it to 19: `pdo ask` filed the next
// question under the other machine's lesson 18 and still called it "the lesson you last opened".
TEST_CASE("ask without --lesson follows an own lesson a sync renumbered", "[cli][sync][ask][issue43][posix][posix:git-from-pdo]") {
  TempDir tmp("sync started lesson");
  const auto m = two_machines(tmp);
  require_ok(pdo_in(m.a, {"lesson", "add", "Ring Attention"}));
  require_ok(pdo_in(m.a, {"sync"}));
  require_ok(pdo_in(m.b, {"lesson", "add", "DeepSpeed ZeRO"}));
  require_ok(pdo_in(m.b, {"start", "18"}));
  require_ok(pdo_in(m.b, {"sync"}));  // b's lesson is 19 now
  const auto asked = pdo_in(m.b, {"--lang", "en", "ask", "ZeRO-3 切什么？"});
  require_ok(asked);
  const std::string questions = read_file(m.b / "questions.md");
  INFO(questions);
  const auto zero = questions.find("## 19 DeepSpeed ZeRO");
  REQUIRE(zero != std::string::npos);
  CHECK(questions.find("ZeRO-3 切什么？") > zero);
  CHECK(questions.find("## 18 ") == std::string::npos);
  CHECK_THAT(asked.out, Catch::Contains("19"));
  SECTION("once the lesson is removed, ask no longer names it") {
    require_ok(pdo_in(m.b, {"undo"}));  // the question
    require_ok(pdo_in(m.b, {"lesson", "remove", "19"}));
    const auto again = pdo_in(m.b, {"--lang", "en", "ask", "还有问题"});
    INFO(again.out << again.err);
    const std::string now = read_file(m.b / "questions.md");
    INFO(now);
    const auto q = now.find("还有问题");
    REQUIRE(q != std::string::npos);
    CHECK(now.substr(now.rfind("\n## ", q) + 1, 6) != "## 18 ");  // not the other machine's lesson 18
    CHECK_THAT(again.out + again.err, !Catch::Contains("last opened"));
  }
}

// Issue 43 item 1: both machines edited lesson 05's notes and ran `pdo track done 05 notes`, then synced
// (sync keeps both commits: each holds a notes change). The first undo unticked the box; every later one
// refused, blaming pdo's own undo ("a later commit … (Undo: Done: 05 …) also changed the box 05 notes",
// with a Chinese step id and a full-width parenthesis in English), so no older step could be undone.
TEST_CASE("undo after a sync takes a step both machines took back once, then goes on to older steps",
          "[cli][sync][undo][issue43][posix][posix:git-from-pdo]") {
  TempDir tmp("sync undo both");
  const auto m = two_machines(tmp);
  const auto notes = [](const fs::path& root) { return lesson_dir(root, "05") / "notes.md"; };
  require_ok(pdo_in(m.a, {"track", "done", "01", "read"}));
  append(notes(m.a), "a 的笔记\n");
  require_ok(pdo_in(m.a, {"track", "done", "05", "notes"}));
  require_ok(pdo_in(m.a, {"sync"}));
  append(notes(m.b), "b 的笔记\n");
  require_ok(pdo_in(m.b, {"track", "done", "05", "notes"}));
  require_ok(pdo_in(m.b, {"sync"}));
  REQUIRE(count_of(git_out({"log", "--format=%s"}, m.b), "Take notes") + count_of(git_out({"log", "--format=%s"}, m.b), "记笔记") == 2);

  const auto first = pdo_in(m.b, {"--lang", "en", "undo"});
  require_ok(first);
  CHECK_THAT(read_file(m.b / "progress.md"), Catch::Contains("- [ ] 05 ") && Catch::Contains("- [x] 01 "));
  const auto second = pdo_in(m.b, {"--lang", "en", "undo"});
  INFO(second.out << second.err);
  CHECK(second.exit_code == 0);
  CHECK_THAT(second.out, Catch::Contains("a later undo already took back the same box"));
  CHECK_THAT(read_file(m.b / "progress.md"), Catch::Contains("- [ ] 01 读讲义"));
  // Nothing left: the message says so, in one language.
  const auto third = pdo_in(m.b, {"--lang", "en", "undo"});
  CHECK(third.exit_code != 0);
  CHECK_THAT(third.err, Catch::Contains("no pdo step to undo") && !Catch::Contains("（"));
  // Both notes are kept, whatever undo did to the box.
  CHECK_THAT(read_file(notes(m.b)), Catch::Contains("a 的笔记") && Catch::Contains("b 的笔记"));
  require_ok(pdo_in(m.b, {"sync"}));
  require_ok(pdo_in(m.a, {"sync"}));
  CHECK(head(m.a) == head(m.b));
}

TEST_CASE("undo's refusal speaks one language: the step's label and the parentheses of the language", "[cli][undo][issue43]") {
  TempDir tmp("undo refusal language");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "05", "notes"}));
  std::string progress = read_file(root / "progress.md");
  Catch::replaceInPlace(progress, "- [x] 05 记笔记", "- [ ] 05 记笔记");
  write_file(root / "progress.md", progress);
  commit_all(root, "by hand");
  const auto en = pdo_in(root, {"--lang", "en", "undo"});
  CHECK(en.exit_code == 2);
  CHECK_THAT(en.err, Catch::Contains(" (by hand) also changed the box 05 Take notes") && !Catch::Contains("（"));
  const auto zh = pdo_in(root, {"undo"});
  CHECK_THAT(zh.err, Catch::Contains("（by hand）也改了勾选框 05 记笔记"));
}
