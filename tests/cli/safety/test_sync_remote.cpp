// Issue 41, item 3: a remote is untrusted input. What it brings is loaded with this machine's rules before
// anything is merged (a lesson on an official folder, a lessons.toml this machine refuses), two lessons under
// one id stay two, a file kept twice gets a name every file system takes, and a signal that
// ends pdo sync ends the git it started.
// [posix:git-from-pdo] pdo starts the git program for the transport; pdo.exe under wine cannot see the
// exit codes of the Linux git it would start.
#include <chrono>
#include <set>
#include <thread>

#include "cli/sync_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// Machine a's .pdo/lessons.toml with one own lesson, pushed by git itself (a's own pdo would refuse it).
void push_lessons_toml(const TwoMachines& m, const std::string& lessons_toml) {
  fs::create_directories(m.a / ".pdo");
  write_file(m.a / ".pdo/lessons.toml", lessons_toml);
  git_out({"add", ".pdo/lessons.toml"}, m.a);
  git_out({"-c", "core.hooksPath=" + util::path_to_utf8(m.a / "no-hooks"), "commit", "-qm", "hand-made lessons"}, m.a);
  git_out({"push", "-q", "pdo", "main"}, m.a);
}

void require_stopped_unchanged(const TwoMachines& m, const std::string& b_head, const std::string& remote_head, const std::string& says) {
  const auto r = pdo_in(m.b, {"--lang", "en", "sync"});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("nothing changed here or on the remote") && Catch::Contains(says));
  CHECK(head(m.b) == b_head);
  CHECK(remote_main(m.bare) == remote_head);
  require_ok(pdo_in(m.b, {"status"}));
}

}  // namespace

TEST_CASE("issue 41 repro 4: a remote lesson on an official lesson's folder stops the sync before anything moves",
          "[cli][safety][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync remote lessons");
  const auto m = two_machines(tmp);
  const std::string official = util::path_to_utf8(lesson_dir(m.a, "05").filename());
  SECTION("the folder of an official lesson") {
    push_lessons_toml(m, "schema = 1\n\n[[lessons]]\nnumber = 18\nid = \"own-hostile\"\ntitle = \"Mine\"\nfolder = \"" + official + "\"\n");
  }
  SECTION("the number of an official lesson") {
    push_lessons_toml(m, "schema = 1\n\n[[lessons]]\nnumber = 5\nid = \"own-hostile\"\ntitle = \"Mine\"\nfolder = \"18-mine\"\n");
  }
  SECTION("a title holding U+009B") {
    push_lessons_toml(m, "schema = 1\n\n[[lessons]]\nnumber = 18\nid = \"own-hostile\"\ntitle = \"Mi\\u009bne\"\nfolder = \"18-mine\"\n");
  }
  require_ok(pdo_in(m.b, {"track", "done", "02", "read"}));  // diverged: b has a commit of its own
  require_stopped_unchanged(m, head(m.b), remote_main(m.bare), ".pdo/lessons.toml");
  require_sync_left_git_whole(m.b);
}

TEST_CASE("issue 41 repro 4: two lessons under one id are never merged into one", "[cli][safety][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync id clash");
  const auto m = two_machines(tmp);
  require_ok(pdo_in(m.a, {"lesson", "add", "Ring Attention"}));
  require_ok(pdo_in(m.a, {"sync"}));
  const bool second = GENERATE(false, true);  // the clash in b's only lesson, or in the second of two
  if (second) require_ok(pdo_in(m.b, {"lesson", "add", "Megatron TP"}));
  require_ok(pdo_in(m.b, {"lesson", "add", "DeepSpeed ZeRO"}));
  // b's last lesson is added under a's id, as a copied workspace or an edited file would have it (the
  // commit of its pdo lesson add amended, so it stays the learner's step).
  const auto id_of = [](const std::string& toml, std::size_t nth) {
    std::size_t at = std::string::npos;
    for (std::size_t i = 0; i <= nth; ++i) at = toml.find("id = \"", at + 1);
    REQUIRE(at != std::string::npos);
    return std::make_pair(at + 6, toml.find('"', at + 6) - at - 6);
  };
  const std::string a_toml = read_file(m.a / ".pdo/lessons.toml");
  const auto [a_at, a_len] = id_of(a_toml, 0);
  const std::string a_id = a_toml.substr(a_at, a_len);
  std::string b_toml = read_file(m.b / ".pdo/lessons.toml");
  const auto [b_at, b_len] = id_of(b_toml, second ? 1 : 0);
  b_toml.replace(b_at, b_len, a_id);
  write_file(m.b / ".pdo/lessons.toml", b_toml);
  git_out({"add", "-A"}, m.b);
  git_out({"-c", "core.hooksPath=" + util::path_to_utf8(m.b / "no-hooks"), "commit", "-q", "--amend", "--no-edit"}, m.b);
  require_ok(pdo_in(m.b, {"--lang", "en", "sync"}));
  require_ok(pdo_in(m.a, {"sync"}));
  CHECK(head(m.a) == head(m.b));
  for (const auto& machine : {m.a, m.b}) {
    const std::string toml = read_file(machine / ".pdo/lessons.toml");
    INFO(toml);
    CHECK_THAT(toml, Catch::Contains("Ring Attention") && Catch::Contains("DeepSpeed ZeRO"));
    if (second) CHECK_THAT(toml, Catch::Contains("Megatron TP"));
    std::set<std::string> ids;
    for (std::size_t i = 0; i < (second ? 3u : 2u); ++i) {
      const auto [at, len] = id_of(toml, i);
      ids.insert(toml.substr(at, len));
    }
    CHECK(ids.size() == (second ? 3u : 2u));
    CHECK(ids.count(a_id) == 1);
    require_ok(pdo_in(machine, {"status"}));
    require_sync_left_git_whole(machine);
  }
}

TEST_CASE("issue 41 repro 5: a binary with a 247-byte name changed on both machines is kept twice under names that fit",
          "[cli][safety][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync long name");
  const auto m = two_machines(tmp);
  const std::string name = std::string(243, 'n') + ".bin";  // 247 bytes
  const fs::path rel = fs::path("lessons") / lesson_dir(m.a, "03").filename() / "exercises" / name;
  write_file(m.a / rel, std::string("\0a base\0", 8));
  commit_all(m.a, "a binary");
  require_ok(pdo_in(m.a, {"sync"}));
  require_ok(pdo_in(m.b, {"sync"}));
  write_file(m.a / rel, std::string("\0from a\0", 8));
  commit_all(m.a, "a's change");
  write_file(m.b / rel, std::string("\0from b\0", 8));
  commit_all(m.b, "b's change");
  require_ok(pdo_in(m.a, {"sync"}));
  const auto r = pdo_in(m.b, {"--lang", "en", "sync"});
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  std::size_t copies = 0;
  for (const auto& e : fs::directory_iterator((m.b / rel).parent_path())) {
    const std::string file = util::path_to_utf8(e.path().filename());
    CHECK(file.size() <= 255);
    if (file != name && file.front() == 'n') ++copies;
  }
  CHECK(copies == 1);
  CHECK(read_file(m.b / rel) == std::string("\0from b\0", 8));
  // The other machine takes the result as plain git would.
  require_ok(pdo_in(m.b, {"sync"}));
  const auto pull = run_git({"pull", "-q", "--ff-only", "pdo", "main"}, m.a);
  INFO(pull.err);
  CHECK(pull.exit_code == 0);
  require_ok(pdo_in(m.b, {"track", "done", "01", "read"}));  // a step for the undo the checks below run
  require_sync_left_git_whole(m.b);
  require_ok(pdo_in(m.a, {"status"}));
}

TEST_CASE("issue 41 repro 9: a pdo sync ended by SIGTERM or SIGINT ends the git push it started",
          "[cli][safety][sync][posix][posix:git-from-pdo]") {
  TempDir tmp("sync signal");
  const auto m = two_machines(tmp);
  std::string sig;
  SECTION("SIGTERM") { sig = "TERM"; }
  SECTION("SIGINT") { sig = "INT"; }
  // The remote's pre-receive hook says its pid, then waits: the push is under way until it is ended.
  const fs::path pid_file = tmp.path() / "hook.pid";
  write_file(m.bare / "hooks/pre-receive", "#!/bin/sh\necho $$ > '" + util::path_to_utf8(pid_file) + "'\nexec sleep 60\n");
  fs::permissions(m.bare / "hooks/pre-receive", fs::perms::owner_all);
  require_ok(pdo_in(m.a, {"track", "done", "01", "read"}));
  const std::string pdo_pid_file = util::path_to_utf8(tmp.path() / "pdo.pid");
  // exec: pdo takes the shell's pid, and (no `&`) the signals a background job would have ignored.
  const std::string script = "echo $$ > " + sh_quote(pdo_pid_file) + "; exec " + sh_quote(pdo_path(pdo_binary())) + " sync";
  std::thread runner([&] { (void)platform::run_process({"sh", "-c", script}, {"", std::chrono::seconds(90), m.a, test_env()}); });
  for (int i = 0; i < 1500 && !fs::exists(pid_file); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(fs::exists(pid_file));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const std::string hook_pid(util::trim(read_file(pid_file)));
  const std::string pdo_pid(util::trim(read_file(tmp.path() / "pdo.pid")));
  REQUIRE(platform::run_process({"kill", "-" + sig, pdo_pid}).exit_code == 0);
  runner.join();
  bool gone = false;
  for (int i = 0; i < 250 && !gone; ++i) {
    gone = platform::run_process({"kill", "-0", hook_pid}).exit_code != 0;
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(gone);
  if (!gone) (void)platform::run_process({"kill", "-9", hook_pid});
  require_ok(pdo_in(m.a, {"status"}));
}
