// pdo sync: two clones of one workspace against a local bare remote, checked with the real git CLI.
// [posix:git-from-pdo] pdo starts the git program for the transport; pdo.exe under wine cannot see the
// exit codes of the Linux git it would start, so these cases run on POSIX only (the one without git runs
// everywhere).
#include "cli/sync_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;

namespace {

namespace fs = std::filesystem;

std::string status_json(const fs::path& root) {
  const auto r = pdo_in(root, {"status", "--json"});
  require_ok(r);
  return r.out;
}

/// Every box of progress.md is on exactly one line.
void require_one_line_per_box(const fs::path& root) {
  const std::string text = read_file(root / "progress.md");
  for (int lesson = 1; lesson <= 17; ++lesson) {
    for (const char* step : {"读讲义", "做练习", "记笔记"}) {
      const std::string box = "] " + std::string(lesson < 10 ? "0" : "") + std::to_string(lesson) + " " + step;
      INFO(box);
      CHECK(count_of(text, box) == 1);
    }
  }
}

}  // namespace

TEST_CASE("sync merges ticks, unticks and questions made on both machines and loses none", "[cli][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync merge");
  const auto m = two_machines(tmp);
  require_ok(pdo_in(m.a, {"track", "done", "01", "read"}));
  require_ok(pdo_in(m.a, {"sync"}));
  require_ok(pdo_in(m.b, {"sync"}));
  CHECK_THAT(read_file(m.b / "progress.md"), Catch::Contains("- [x] 01 读讲义\n"));

  // Machine a: tick 02 read, untick 01 read, a question, tick 04 read.
  require_ok(pdo_in(m.a, {"track", "done", "02", "read"}));
  require_ok(pdo_in(m.a, {"track", "todo", "01", "read"}));
  require_ok(pdo_in(m.a, {"ask", "为什么 DDP 要 all_reduce 梯度？", "--lesson", "03"}));
  require_ok(pdo_in(m.a, {"track", "done", "04", "read"}));
  // Machine b: tick 03 read and 02 exercise, a question under the same lesson, and 04 read ticked by
  // hand with a note, in a commit dated before a's: both changed that box differently, a's is later.
  require_ok(pdo_in(m.b, {"track", "done", "03", "read"}));
  require_ok(pdo_in(m.b, {"track", "done", "02", "exercise"}));
  require_ok(pdo_in(m.b, {"ask", "FSDP 和 ZeRO-3 有什么区别？", "--lesson", "03"}));
  std::string text = read_file(m.b / "progress.md");
  REQUIRE(Catch::replaceInPlace(text, "- [ ] 04 读讲义", "- [x] 04 读讲义（在 Colab 上读的）"));
  write_file(m.b / "progress.md", text);
  const auto hand = run_git({"commit", "-qam", "04 by hand"}, m.b, {{"GIT_AUTHOR_DATE", "2020-01-01T12:00:00+08:00"}});
  REQUIRE(hand.exit_code == 0);

  require_ok(pdo_in(m.a, {"sync"}));
  const auto merged = pdo_in(m.b, {"sync"});
  require_ok(merged);
  CHECK_THAT(merged.out, Catch::Contains("勾选框 04 读讲义") && Catch::Contains("远程") && Catch::Contains("在 Colab 上读的"));
  require_ok(pdo_in(m.a, {"sync"}));

  CHECK(head(m.a) == head(m.b));
  CHECK(head(m.a) == remote_main(m.bare));
  const std::string a_status = status_json(m.a);
  CHECK(a_status == status_json(m.b));
  // The three-way rule: each box as the side that changed it left it; 04 went to the later change.
  CHECK_THAT(a_status,
             Catch::Contains(R"("id":"01","title":"PyTorch Distributed Overview")") &&
                 Catch::Contains(R"("steps":{"read":false,"exercise":false,"notes":false},"not_on_route":["exercise"]},{"number":2,)") &&
                 Catch::Contains(R"("steps":{"read":true,"exercise":true,"notes":false},"not_on_route":[]},{"number":3,)") &&
                 Catch::Contains(R"("steps":{"read":true,"exercise":false,"notes":false},"not_on_route":[]},{"number":4,)") &&
                 Catch::Contains(R"("steps":{"read":true,"exercise":false,"notes":false},"not_on_route":[]},{"number":5,)") &&
                 Catch::Contains(R"("done":4,)"));
  CHECK_THAT(read_file(m.a / "progress.md"), Catch::Contains("- [x] 04 读讲义\n"));
  for (const auto& root : {m.a, m.b}) {
    require_one_line_per_box(root);
    CHECK_THAT(read_file(root / "questions.md"),
               Catch::Contains("为什么 DDP 要 all_reduce 梯度？") && Catch::Contains("FSDP 和 ZeRO-3 有什么区别？"));
    CHECK(count_of(read_file(root / "questions.md"), "## 03 ") == 1);
    require_clean_repo(root);
  }
  CHECK(run_git({"show-ref"}, m.b).out.find("refs/pdo-sync") == std::string::npos);

  SECTION("undo keeps working across the sync: by action id, not commit id") {
    const auto undo = pdo_in(m.b, {"undo"});  // b's newest step, replayed by the sync: its question
    require_ok(undo);
    CHECK_THAT(undo.out, Catch::Contains("问题"));
    CHECK_THAT(read_file(m.b / "questions.md"), !Catch::Contains("FSDP 和 ZeRO-3") && Catch::Contains("为什么 DDP"));
    require_ok(pdo_in(m.b, {"sync"}));
    require_ok(pdo_in(m.a, {"sync"}));
    CHECK_THAT(read_file(m.a / "questions.md"), !Catch::Contains("FSDP 和 ZeRO-3") && Catch::Contains("为什么 DDP"));
    CHECK(status_json(m.a) == status_json(m.b));
    require_clean_repo(m.a);
  }
  require_sync_left_git_whole(m);
}

TEST_CASE("sync never pushes a commit holding a key", "[cli][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync key");
  const auto m = two_machines(tmp);
  const std::string before = remote_main(m.bare);
  // The clone has no hooks: pdo's own scan of the outgoing commits is what stops it.
  append(lesson_dir(m.b, "01") / "notes.md", "HF: " + fake_key(3) + "\n");
  git_out({"commit", "-qam", "notes"}, m.b);
  const std::string key_commit(util::chomp(head(m.b)));
  const auto r = pdo_in(m.b, {"sync"});
  CHECK(r.exit_code == 3);
  CHECK_THAT(r.err, Catch::Contains("notes.md") && Catch::Contains("ghp_"));
  CHECK_THAT(r.err, !Catch::Contains(fake_key(3)));
  CHECK(remote_main(m.bare) == before);
  CHECK(run_git({"cat-file", "-e", key_commit}, m.bare).exit_code != 0);
  CHECK(head(m.b) == key_commit + "\n");
  require_clean_repo(m.b);

  SECTION("nor one replayed on top of the remote's new commits") {
    require_ok(pdo_in(m.a, {"track", "done", "05", "read"}));
    require_ok(pdo_in(m.a, {"sync"}));
    const std::string remote_now = remote_main(m.bare);
    CHECK(pdo_in(m.b, {"sync"}).exit_code == 3);
    CHECK(remote_main(m.bare) == remote_now);
    CHECK(head(m.b) == key_commit + "\n");
    require_clean_repo(m.b);
  }
  require_ok(pdo_in(m.b, {"track", "done", "01", "read"}));  // a step to undo after the refused sync
  require_sync_left_git_whole(m.b);
}

TEST_CASE("sync waiting on a remote that never answers says what it waits for and stops at --timeout, nothing moved",
          "[cli][sync][posix][posix:git-from-pdo][posix:pty]") {
  TempDir tmp("sync silent remote");
  const auto m = two_machines(tmp);
  // The remote's pre-receive hook does not return for two minutes: a push waits on it.
  const fs::path hook = m.bare / "hooks" / "pre-receive";
  write_file(hook, "#!/bin/sh\nsleep 120\n");
  fs::permissions(hook, fs::perms::owner_all, fs::perm_options::add);
  require_ok(pdo_in(m.a, {"track", "done", "06", "read"}));
  const std::string a_head = head(m.a), remote = remote_main(m.bare), status = git_out({"status", "--porcelain"}, m.a);

  const auto r = pdo_in_terminal(m.a, {"sync", "--timeout", "2"}, "", {{"PDO_PROGRESS_DELAY", "0"}});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains("正在等推送到 pdo（git push；远程仓库的钩子也在这时运行）") && Catch::Contains("最多 2 秒"));
  CHECK_THAT(r.out, Catch::Contains("等了 2 秒没有回应，已停止") && Catch::Contains("pdo sync --timeout 600") &&
                        Catch::Contains("本机什么都没有改动"));
  CHECK(head(m.a) == a_head);
  CHECK(remote_main(m.bare) == remote);
  CHECK(git_out({"status", "--porcelain"}, m.a) == status);

  const auto bad = pdo_in(m.a, {"sync", "--timeout", "0"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--timeout") && Catch::Contains("1 到 86400"));

  fs::remove(hook);
  require_ok(pdo_in(m.a, {"sync"}));
  CHECK(remote_main(m.bare) == head(m.a));
  require_ok(pdo_in(m.b, {"sync"}));
  CHECK(head(m.b) == head(m.a));
  require_sync_left_git_whole(m);
}

TEST_CASE("sync in a fresh clone without --remote pushes nothing", "[cli][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync clone");
  const auto a = fresh_workspace(tmp);
  const auto bare = tmp / "remote.git";
  git_out({"init", "-q", "--bare", util::path_to_utf8(bare)}, tmp.path());
  git_out({"push", "-q", "--no-verify", util::path_to_utf8(bare), "main"}, a);
  const auto clone = tmp / "clone";
  git_out({"clone", "-q", util::path_to_utf8(bare), util::path_to_utf8(clone)}, tmp.path());
  const std::string remote = remote_main(bare);
  require_ok(pdo_in(clone, {"track", "done", "01", "read"}));
  const auto r = pdo_in(clone, {"sync"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--remote") && Catch::Contains("origin"));
  CHECK(remote_main(bare) == remote);
  CHECK(run_git({"config", "--local", "--get", "pdo.remote"}, clone).exit_code != 0);
  CHECK(git_out({"remote"}, clone) == "origin\n");
  CHECK(git_out({"status", "--porcelain"}, clone).empty());
  require_sync_left_git_whole(clone);
}

TEST_CASE("sync without git says what to install and changes nothing", "[cli][sync]") {
  TempDir tmp("sync no git");
  const auto root = fresh_workspace(tmp);
  FakeBin bin(tmp / "bin");
  bin.remove("git");
  const int before = commit_count(root);
  const auto r = run_pdo({"sync", "--remote", "https://example.com/me/ws.git"}, root, "", bin.env());
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("git") && Catch::Contains("安装"));
  CHECK(commit_count(root) == before);
  CHECK(git_out({"remote"}, root).empty());
}

// --remote is refused when it holds a control character (C0 up to U+001F, DEL) or starts with '-', at the
// edges of that rule: a blank inside a path (0x20) and '~' (0x7E) are plain characters of a remote.
TEST_CASE("sync --remote refuses C0, DEL and a leading dash, and takes 0x20 and 0x7E", "[cli][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync remote edges");
  const auto root = fresh_workspace(tmp);
  const int before = commit_count(root);
  for (const std::string& bad :
       std::vector<std::string>{std::string("a\x1f") + "b", std::string("a\x7f") + "b", std::string("a\x01") + "b", "-x"}) {
    INFO(bad);
    const auto r = run_pdo({"--lang", "en", "sync", "--remote", bad}, root);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("--remote needs the remote's address"));
  }
  CHECK(git_out({"remote"}, root).empty());
  // A bare repository at a path with a blank and a '~' in its name: taken, and the first sync pushes to it.
  const auto bare = tmp / "my remote~1.git";
  git_out({"init", "-q", "--bare", util::path_to_utf8(bare)}, tmp.path());
  const auto ok = run_pdo({"--lang", "en", "sync", "--remote", util::path_to_utf8(bare)}, root);
  INFO(ok.out << ok.err);
  CHECK(ok.exit_code == 0);
  CHECK(git_out({"rev-parse", "HEAD"}, root) == git_out({"rev-parse", "HEAD"}, bare));
  CHECK(commit_count(root) == before);
}
