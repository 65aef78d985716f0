// pdo hook pre-commit: secrets never reach the repo through git commit. The real pdo binary and the real
// git CLI, end to end; fake keys are assembled at run time (fake_key) so this file passes `pdo scan`.
#include <algorithm>

#include "cli/cli_helpers.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

std::size_t line_count(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

TEST_CASE("git commit of a key in notes.md is blocked by the hook", "[cli][hook]") {
  TempDir tmp("pdo-secrets-hook");
  const fs::path ws = tmp / "course";
  const auto init = init_ws(ws);
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  CHECK(init.out.find("pre-commit") != std::string::npos);
  const int before = commit_count(ws);
  const fs::path notes = lesson_dir(ws, "03") / "notes.md";
  const std::size_t line = line_count(read_file(notes)) + 2;
  append(notes, "\nmy token: " + fake_key() + "\n");
  git_out({"add", "-A"}, ws);

  const auto r = git_commit(ws, {"-m", "notes"});
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find("notes.md:" + std::to_string(line)) != std::string::npos);
  CHECK(r.err.find("github-token") != std::string::npos);
  CHECK(r.err.find(".env") != std::string::npos);
  CHECK(r.err.find(fake_key().substr(4)) == std::string::npos);
  CHECK(r.out.find(fake_key().substr(4)) == std::string::npos);
  CHECK(commit_count(ws) == before);

  SECTION("the hook scans what is staged, not the working tree") {
    git_out({"reset", "-q"}, ws);
    write_file(ws / "questions.md", read_file(ws / "questions.md") + "\n- a clean question\n");
    git_out({"add", "questions.md"}, ws);
    const auto ok = git_commit(ws, {"-m", "question"});
    INFO(ok.out << ok.err);
    CHECK(ok.exit_code == 0);
    CHECK(commit_count(ws) == before + 1);
  }
  SECTION("git commit PATH (a temporary index) is checked too") {
    git_out({"reset", "-q"}, ws);
    const auto partial = git_commit(ws, {"-m", "notes", "--", util::path_to_utf8(fs::relative(notes, ws))});
    CHECK(partial.exit_code != 0);
    CHECK(commit_count(ws) == before);
  }
  SECTION("pdo:allow on the line lets it through") {
    write_file(notes, read_file(notes).substr(0, read_file(notes).size() - 1) + "  <!-- pdo:allow -->\n");
    git_out({"add", "-A"}, ws);
    const auto ok = git_commit(ws, {"-m", "allowed"});
    INFO(ok.out << ok.err);
    CHECK(ok.exit_code == 0);
    CHECK(commit_count(ws) == before + 1);
  }
  SECTION("--no-verify is the explicit escape, and scan --history finds the leak afterwards") {
    const auto forced = git_commit(ws, {"--no-verify", "-m", "forced"});
    CHECK(forced.exit_code == 0);
    const std::string id = git_out({"rev-parse", "HEAD"}, ws).substr(0, 12);
    const auto hist = run_pdo({"--lang", "en", "scan", "--history"}, ws);
    INFO(hist.out << hist.err);
    CHECK(hist.exit_code == 3);
    CHECK(hist.out.find(id + " lessons/") != std::string::npos);
    CHECK(hist.out.find(fake_key().substr(4)) == std::string::npos);
  }
}

TEST_CASE("a force-added .env is blocked by the hook and by pdo", "[cli][hook]") {
  TempDir tmp("pdo-secrets-env");
  const fs::path ws = tmp / "course";
  REQUIRE(init_ws(ws).exit_code == 0);
  write_file(ws / ".env", "HF_TOKEN=not-a-real-one\n");
  CHECK(run_git({"add", ".env"}, ws).exit_code != 0);  // ignored: a plain add refuses
  git_out({"add", "-f", ".env"}, ws);
  const auto r = git_commit(ws, {"-m", "env"});
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find(".env: env-file") != std::string::npos);
  CHECK(r.err.find("git rm --cached") != std::string::npos);
  const auto direct = run_pdo({"hook", "pre-commit"}, ws);
  CHECK(direct.exit_code == 3);
  CHECK(commit_count(ws) == 2);
}

namespace {

/// A repository with the learner's own pre-commit hook, then `pdo init` over it.
fs::path workspace_over_own_hook(const TempDir& tmp, const std::string& mine) {
  fs::path ws = tmp / "course";
  fs::create_directories(ws);
  git_out({"init", "-q"}, ws);
  const fs::path hook = ws / ".git" / "hooks" / "pre-commit";
  write_file(hook, mine);
  fs::permissions(hook, fs::perms::owner_all, fs::perm_options::add);
  const auto init = init_ws(ws);
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  CHECK(init.out.find("pre-commit.local") != std::string::npos);
  // init's self-check ran the hooks git runs (yours first) with a canary key; the marker starts here.
  write_file(ws / ".git" / "local-hook-ran", "");
  return ws;
}

const char* const k_own_hook = "#!/bin/sh\necho ran >> .git/local-hook-ran\n";

}  // namespace

TEST_CASE("an existing pre-commit hook is kept as pre-commit.local and not chained twice", "[cli][hook]") {
  TempDir tmp("pdo-secrets-keep");
  const fs::path ws = workspace_over_own_hook(tmp, k_own_hook);
  const fs::path hook = ws / ".git" / "hooks" / "pre-commit";
  CHECK(read_file(ws / ".git" / "hooks" / "pre-commit.local") == k_own_hook);
  CHECK(read_file(hook).find("pdo-managed") != std::string::npos);

  const auto again = init_ws(ws);
  INFO(again.out << again.err);
  CHECK(again.exit_code == 0);
  CHECK(again.out.find("pre-commit.local") == std::string::npos);
  CHECK(read_file(ws / ".git" / "hooks" / "pre-commit.local") == k_own_hook);
  CHECK_FALSE(fs::exists(ws / ".git" / "hooks" / "pre-commit.local.local"));
  CHECK(read_file(hook).find("pdo-managed") != std::string::npos);
}

// [posix:sh] pdo's hook script runs pre-commit.local itself: the Linux git and sh run it here, and under
// wine the Linux sh cannot start pdo.exe.
TEST_CASE("a chained pre-commit.local still runs before pdo's check", "[cli][hook][posix][posix:sh]") {
  TempDir tmp("pdo-secrets-chain");
  const fs::path ws = workspace_over_own_hook(tmp, k_own_hook);
  write_file(ws / "questions.md", read_file(ws / "questions.md") + "\n- clean\n");
  git_out({"add", "questions.md"}, ws);
  const auto ok = run_git({"commit", "-m", "q"}, ws);
  INFO(ok.out << ok.err);
  CHECK(ok.exit_code == 0);
  CHECK(read_file(ws / ".git" / "local-hook-ran") == "ran\n");

  append(ws / "questions.md", fake_key(3) + "\n");
  git_out({"add", "questions.md"}, ws);
  CHECK(run_git({"commit", "-m", "key"}, ws).exit_code != 0);
  CHECK(read_file(ws / ".git" / "local-hook-ran") == "ran\nran\n");
}

namespace {

/// A repository whose core.hooksPath is .githooks, then `pdo init` over it; returns its pre-commit hook.
fs::path hookspath_workspace(const TempDir& tmp) {
  const fs::path ws = tmp / "course";
  fs::create_directories(ws);
  git_out({"init", "-q"}, ws);
  git_out({"config", "core.hooksPath", ".githooks"}, ws);
  const auto plan = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws), "--dry-run"}, tmp.path());
  CHECK(plan.out.find(".githooks/pre-commit") != std::string::npos);
  REQUIRE(init_ws(ws).exit_code == 0);
  fs::path hook = ws / ".githooks" / "pre-commit";
  REQUIRE(fs::exists(hook));
  CHECK_FALSE(fs::exists(ws / ".git" / "hooks" / "pre-commit"));
  return hook;
}

}  // namespace

TEST_CASE("the hook respects core.hooksPath", "[cli][hook]") {
  TempDir tmp("pdo-secrets-hookspath");
  const fs::path hook = hookspath_workspace(tmp);
  CHECK(read_file(hook).find("pdo-managed") != std::string::npos);
  CHECK(read_file(hook).find("hook pre-commit") != std::string::npos);
}

// [posix:sh] the Linux git starts the #! line's pdo itself; under wine pdo installs the sh script.
TEST_CASE("the installed hook is pdo itself, and fails closed without it", "[cli][hook][posix][posix:sh]") {
  TempDir tmp("pdo-secrets-nopdo");
  const fs::path hook = hookspath_workspace(tmp);
  const fs::path ws = tmp / "course";
  std::string text = read_file(hook);
  const std::string first = text.substr(0, text.find('\n'));
  CHECK(first == "#!" + util::path_to_utf8(util::absolute_path(pdo_binary())) + " hook");  // no shell in between
  CHECK(text.find("pdo init") != std::string::npos);                                       // the file says what to do when pdo moves

  text.replace(0, first.size(), "#!/nonexistent/pdo hook");
  write_file(hook, text);
  append(ws / "questions.md", "- clean\n");
  git_out({"add", "questions.md"}, ws);
  const int before = commit_count(ws);
  const auto r = run_git({"commit", "-m", "q"}, ws, {{"PATH", "/usr/bin:/bin"}});
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find("cannot run") != std::string::npos);
  CHECK(commit_count(ws) == before);
}

namespace {

/// A copy of pdo in a folder whose name has a space: no #! line can name it, so its hooks are sh scripts.
fs::path pdo_behind_a_space(const TempDir& tmp) {
  const fs::path dir = tmp / "my tools";
  fs::create_directories(dir);
  fs::path copy = dir / pdo_binary().filename();
  fs::copy_file(pdo_binary(), copy);
  return copy;
}

platform::ProcessResult run_copy(const fs::path& bin, const std::vector<std::string>& args, const fs::path& cwd) {
  std::vector<std::string> argv{util::path_to_utf8(bin)};
  argv.insert(argv.end(), args.begin(), args.end());
  platform::ProcessOptions opts;
  opts.cwd = cwd;
  opts.env = test_env();
  opts.timeout = std::chrono::milliseconds(60000);
  return platform::run_process(argv, opts);
}

}  // namespace

// [posix:sh] the sh hook's own logic, run by the Linux git and sh.
TEST_CASE("where no #! line can name pdo, the hook is the sh script: it chains and fails closed", "[cli][hook][posix][posix:sh]") {
  TempDir tmp("pdo-secrets-shhook");
  const fs::path bin = pdo_behind_a_space(tmp);
  const fs::path ws = tmp / "course";
  fs::create_directories(ws);
  git_out({"init", "-q"}, ws);
  write_file(ws / ".git/hooks/pre-commit", k_own_hook);
  fs::permissions(ws / ".git/hooks/pre-commit", fs::perms::owner_all, fs::perm_options::add);
  const auto init = run_copy(bin, {"--lang", "en", "init", util::path_to_utf8(ws), "--yes"}, tmp.path());
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  write_file(ws / ".git/local-hook-ran", "");  // init's self-check ran the hooks git runs with a canary key
  const fs::path hook = ws / ".git/hooks/pre-commit";
  std::string text = read_file(hook);
  CHECK(util::starts_with(text, "#!/bin/sh\n"));
  CHECK(text.find("pdo_bin='" + util::path_to_utf8(bin) + "'") != std::string::npos);

  append(ws / "questions.md", "- clean\n");
  git_out({"add", "questions.md"}, ws);
  const auto ok = run_git({"commit", "-m", "q"}, ws);
  INFO(ok.out << ok.err);
  CHECK(ok.exit_code == 0);
  CHECK(read_file(ws / ".git/local-hook-ran") == "ran\n");
  append(ws / "questions.md", fake_key(3) + "\n");
  git_out({"add", "questions.md"}, ws);
  CHECK(run_git({"commit", "-m", "key"}, ws).exit_code != 0);

  const auto at = text.find("pdo_bin='");
  text.replace(at, text.find('\'', at + 9) - at + 1, "pdo_bin='/nonexistent/pdo'");
  write_file(hook, text);
  git_out({"reset", "-q", "--hard"}, ws);
  append(ws / "questions.md", "- clean again\n");
  git_out({"add", "questions.md"}, ws);
  const auto r = run_git({"commit", "-m", "q2"}, ws, {{"PATH", "/usr/bin:/bin"}});
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find("pdo was not found") != std::string::npos);
}

// [posix:sh] the chained hooks are /bin/sh scripts, run by pdo as the Linux git runs pdo.
TEST_CASE("commit-msg.local and pre-push.local run first with git's arguments and input", "[cli][hook][posix][posix:sh]") {
  TempDir tmp("pdo-secrets-chain-all");
  const fs::path ws = tmp / "course";
  fs::create_directories(ws);
  git_out({"init", "-q"}, ws);
  const fs::path hooks = ws / ".git/hooks";
  fs::create_directories(hooks);
  write_file(hooks / "commit-msg", "#!/bin/sh\ncp \"$1\" .git/msg-seen\n");
  // It reads git's ref lines, then may refuse.
  write_file(hooks / "pre-push", "#!/bin/sh\ncat > .git/refs-seen\necho \"$1 $2\" > .git/args-seen\n[ ! -f .git/refuse ]\n");
  fs::permissions(hooks / "commit-msg", fs::perms::owner_all, fs::perm_options::add);
  fs::permissions(hooks / "pre-push", fs::perms::owner_all, fs::perm_options::add);
  REQUIRE(init_ws(ws).exit_code == 0);
  CHECK(fs::exists(hooks / "commit-msg.local"));
  CHECK(fs::exists(hooks / "pre-push.local"));

  append(ws / "questions.md", "- clean\n");
  git_out({"add", "questions.md"}, ws);
  const auto c = git_commit(ws, {"-m", "my question"});
  INFO(c.out << c.err);
  REQUIRE(c.exit_code == 0);
  CHECK(read_file(ws / ".git/msg-seen").find("my question") != std::string::npos);

  const fs::path remote = tmp / "remote.git";
  git_out({"init", "-q", "--bare", util::path_to_utf8(remote)}, tmp.path());
  git_out({"remote", "add", "origin", util::path_to_utf8(remote)}, ws);
  const std::string head = git_out({"rev-parse", "HEAD"}, ws);
  const auto p = git_push(ws, "origin", "HEAD:refs/heads/main");
  INFO(p.out << p.err);
  CHECK(p.exit_code == 0);
  CHECK(read_file(ws / ".git/refs-seen").find(head.substr(0, 40)) != std::string::npos);
  CHECK(read_file(ws / ".git/args-seen") == "origin " + util::path_to_utf8(remote) + "\n");

  write_file(ws / ".git/refuse", "");
  append(ws / "questions.md", "- another\n");
  git_out({"add", "questions.md"}, ws);
  REQUIRE(git_commit(ws, {"-m", "two"}).exit_code == 0);
  CHECK(git_push(ws, "origin", "HEAD:refs/heads/main").exit_code != 0);  // the learner's own hook said no
}

// [posix:permissions] git's execute bit decides which hook runs; Git for Windows has none.
TEST_CASE("a hook git ignores for its missing execute bit stays ignored once pdo chains it", "[cli][hook][posix][posix:permissions]") {
  TempDir tmp("pdo-hook-noexec");
  const fs::path ws = tmp / "course";
  fs::create_directories(ws);
  git_out({"init", "-q"}, ws);
  const fs::path hook = ws / ".git/hooks/pre-commit";
  write_file(hook, k_own_hook);
  fs::permissions(hook, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::remove);
  git_out({"commit", "-q", "--allow-empty", "-m", "before pdo"}, ws);
  REQUIRE_FALSE(fs::exists(ws / ".git/local-hook-ran"));  // git ignored it
  platform::ProcessResult init;
  SECTION("pdo's hook is pdo itself") { init = init_ws(ws); }
  SECTION("pdo's hook is the sh script") {
    init = run_copy(pdo_behind_a_space(tmp), {"--lang", "en", "init", util::path_to_utf8(ws), "--yes"}, tmp.path());
  }
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  const fs::path local = ws / ".git/hooks/pre-commit.local";
  REQUIRE(fs::exists(local));

  append(ws / "questions.md", "- clean\n");
  git_out({"add", "questions.md"}, ws);
  const auto quiet = run_git({"commit", "-m", "q"}, ws);
  INFO(quiet.out << quiet.err);
  CHECK(quiet.exit_code == 0);
  CHECK_FALSE(fs::exists(ws / ".git/local-hook-ran"));  // not through sh either
  // With its execute bit git would run it in pdo's place, so pdo's hook runs it first.
  fs::permissions(local, fs::perms::owner_exec, fs::perm_options::add);
  append(ws / "questions.md", "- again\n");
  git_out({"add", "questions.md"}, ws);
  CHECK(run_git({"commit", "-m", "q2"}, ws).exit_code == 0);
  CHECK(read_file(ws / ".git/local-hook-ran") == "ran\n");
}

namespace {

/// The user's own git configuration (HOME's, for pdo and the git CLI) with core.hooksPath naming a
/// folder all their repositories share, as company tools set it.
std::vector<std::pair<std::string, std::string>> shared_hooks_env(const TempDir& tmp, const fs::path& shared) {
  const fs::path home = tmp / "home";
  write_file(home / ".gitconfig",
             "[user]\n\tname = Test Learner\n\temail = learner@example.com\n[init]\n\tdefaultBranch = main\n"
             "[core]\n\thooksPath = " +
                 util::path_to_utf8(shared) + "\n");
  fs::create_directories(shared);
  return {{"HOME", util::path_to_utf8(home)},
          {"XDG_CONFIG_HOME", util::path_to_utf8(home / ".config")},
          {"GIT_CONFIG_GLOBAL", util::path_to_utf8(home / ".gitconfig")}};
}

}  // namespace

// [posix:wine-profile] the global git config is HOME's here; wine sets USERPROFILE, libgit2's home there.
TEST_CASE("a core.hooksPath outside the repository gets pdo's hooks only after its own yes", "[cli][hook][posix][posix:wine-profile]") {
  TempDir tmp("pdo-hooks-shared");
  const fs::path shared = tmp / "company-hooks";
  const auto env = shared_hooks_env(tmp, shared);
  const std::string dir = util::path_to_utf8(shared);

  // --yes agrees to the plan, not to writing into a folder other repositories use.
  const auto yes = run_pdo({"--lang", "en", "init", util::path_to_utf8(tmp / "A"), "--yes"}, tmp.path(), "", env);
  INFO(yes.out << yes.err);
  REQUIRE(yes.exit_code == 0);
  CHECK(fs::is_empty(shared));
  CHECK_THAT(yes.out, Catch::Contains("[asked separately] git hooks: core.hooksPath names " + dir + ", a folder outside this repository"));
  CHECK_THAT(yes.out, Catch::Contains("every commit pdo makes and every pdo sync push are still scanned for keys"));
  CHECK_THAT(yes.out, Catch::Contains("--yes does not answer the shared hooks folder's question"));

  // Asked: yes to the plan, no answer to the separate question.
  const fs::path ws = tmp / "B";
  const auto asked = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws)}, tmp.path(), "y\n", env);
  INFO(asked.out << asked.err);
  REQUIRE(asked.exit_code == 0);
  CHECK_THAT(asked.out, Catch::Contains("Also write pdo's hooks into " + dir));
  CHECK(fs::is_empty(shared));
  require_clean_repo(ws);

  // pdo check: the hooks are not active, and why.
  const auto check = run_pdo({"--lang", "en", "check"}, ws, "", env);
  INFO(check.out << check.err);
  CHECK(check.exit_code == 1);
  CHECK_THAT(read_file(ws / "check-env.md"), Catch::Contains("git runs hooks from " + dir +
                                                             " (git rev-parse --git-path hooks): a folder outside this repository, "
                                                             "without pdo's hooks") &&
                                                 Catch::Contains("pdo's own commits and pdo sync's pushes still are"));
  CHECK_THAT(check.err, Catch::Contains("pdo's git hooks are not active (git runs hooks from " + dir));
  const auto status = run_pdo({"--lang", "en", "status"}, ws, "", env);
  INFO(status.out << status.err);
  CHECK(status.exit_code == 0);
  CHECK_THAT(status.err, Catch::Contains("pdo's git hooks are not active (git runs hooks from " + dir));

  // An explicit yes to that question, and only that, writes them.
  const auto again = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws)}, tmp.path(), "y\ny\n", env);
  INFO(again.out << again.err);
  REQUIRE(again.exit_code == 0);
  CHECK(fs::exists(shared / "pre-commit"));
  CHECK(fs::exists(shared / "pre-push"));
  const auto passed = run_pdo({"--lang", "en", "check"}, ws, "", env);
  INFO(passed.out << passed.err);
  CHECK(passed.exit_code == 0);
  CHECK_THAT(read_file(ws / "check-env.md"), Catch::Contains("`pre-commit-hook` · automatic (pdo) · pass") &&
                                                 Catch::Contains(util::path_to_utf8(shared / "pre-push") + ": the hook this pdo installs"));
}

TEST_CASE("in a linked worktree pdo looks for its hooks where git runs them: the main repository's", "[cli][hook]") {
  TempDir tmp("pdo-hooks-worktree");
  const fs::path ws = fresh_workspace(tmp, {"--lang", "en"});
  git_out({"worktree", "add", "-q", util::path_to_utf8(tmp / "W2"), "-b", "other"}, ws);
  const auto status = run_pdo({"--lang", "en", "status"}, tmp / "W2");
  INFO(status.out << status.err);
  CHECK(status.exit_code == 0);
  CHECK(status.err.find("not active") == std::string::npos);
}

TEST_CASE("pdo hook names a hook, or its installed file, anything else is a usage error", "[cli][hook]") {
  TempDir tmp("pdo-secrets-hookname");
  const fs::path ws = tmp / "course";
  REQUIRE(init_ws(ws, "zh").exit_code == 0);  // a Chinese workspace: --lang en switches the errors
  for (const std::vector<std::string>& args : {std::vector<std::string>{"hook", "pre-comit"},
                                               {"--lang", "en", "hook", "pre-comit"},
                                               {"hook", "x/other-hook"},
                                               {"hook", "commit-msg"},
                                               {"hook", "pre-push"}}) {
    const auto r = run_pdo(args, ws);
    INFO(util::join(args, " ") << ": " << r.out << r.err);
    CHECK(r.exit_code == 2);
    CHECK(util::starts_with(r.err, args.front() == "--lang" ? "pdo: error: " : "pdo: 错误："));
  }
  append(ws / "questions.md", "- clean\n");
  git_out({"add", "questions.md"}, ws);
  CHECK(run_pdo({"hook", "pre-commit"}, ws).exit_code == 0);
  CHECK(run_pdo({"--lang", "en", "hook", ".git/hooks/pre-commit"}, ws).exit_code == 0);
  append(ws / "questions.md", fake_key(5) + "\n");
  git_out({"add", "questions.md"}, ws);
  CHECK(run_pdo({"hook", ".git/hooks/pre-commit"}, ws).exit_code == 3);
  CHECK(run_pdo({"--lang", "en", "hook", "pre-commit"}, ws).exit_code == 3);
}

// Issue 41 item 4 (repro 6): core.hooksPath set only in a GIT_CONFIG_GLOBAL file, which libgit2 does not
// read: pdo installed into .git/hooks, `pdo check` passed, and git commit and git push of a key went through.
// pdo now asks git where its hooks are.
// [posix:wine-profile] the global git config comes from the environment of the Linux git.
TEST_CASE("issue 41 repro 6: the hooks folder is where git runs hooks, whatever config source names it",
          "[cli][hook][posix][posix:wine-profile]") {
  TempDir tmp("hooks git config global");
  const fs::path config = tmp / "global.gitconfig";
  std::vector<std::pair<std::string, std::string>> env = {{"HOME", util::path_to_utf8(tmp / "home")},
                                                          {"XDG_CONFIG_HOME", util::path_to_utf8(tmp / "home/.config")},
                                                          {"GIT_CONFIG_GLOBAL", util::path_to_utf8(config)}};
  fs::create_directories(tmp / "home");
  const std::string identity = "[user]\n\tname = Test Learner\n\temail = learner@example.com\n[init]\n\tdefaultBranch = main\n";
  const fs::path ws = tmp / "ws";
  const fs::path team = tmp / "team-hooks";
  std::string hooks_path;
  SECTION("a folder inside the work tree: pdo's hooks go there, and git runs them") { hooks_path = ".githooks"; }
  SECTION("a folder outside the repository: written only after its own yes") {
    fs::create_directories(team);
    hooks_path = util::path_to_utf8(team);
  }
  write_file(config, identity + "[core]\n\thooksPath = " + hooks_path + "\n");
  // libgit2 reads no GIT_CONFIG_GLOBAL: the identity is given.
  const auto r =
      run_pdo({"--lang", "en", "init", util::path_to_utf8(ws), "--yes", "--name", "Test Learner", "--email", "learner@example.com"},
              tmp.path(), "", env);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_FALSE(fs::exists(ws / ".git/hooks/pre-commit"));  // not where git would never run it
  const auto check = run_pdo({"--lang", "en", "check"}, ws, "", env);
  INFO(check.out << check.err);
  if (hooks_path != ".githooks") {
    CHECK(fs::is_empty(team));
    CHECK(check.exit_code == 1);
    CHECK_THAT(read_file(ws / "check-env.md"), Catch::Contains("git runs hooks from " + util::path_to_utf8(team)));
    return;
  }
  CHECK(fs::exists(ws / ".githooks/pre-commit"));
  CHECK_THAT(read_file(ws / "check-env.md"), Catch::Contains("`pre-commit-hook` · automatic (pdo) · pass"));
  // git itself (with the same configuration) refuses a key through those hooks.
  write_file(ws / "key.txt", "token = " + fake_key(7) + "\n");
  git_out({"add", "key.txt"}, ws);
  platform::ProcessOptions opts;
  opts.cwd = ws;
  opts.env = test_env();
  opts.env.insert(opts.env.end(), env.begin(), env.end());
  opts.env.emplace_back("PATH", pdo_dir() + ":" + platform::get_env("PATH").value_or(""));
  const auto commit = platform::run_process({"git", "commit", "-qm", "a key"}, opts);
  INFO(commit.out << commit.err);
  CHECK(commit.exit_code != 0);
}

// Issue 41 item 4 (repro 8): a .git/hooks that is a link to a shared folder is shared: `init --yes` wrote
// pdo's hooks there without the separate question it asks for a core.hooksPath outside the repository.
// [posix:symlinks] a POSIX symlink.
TEST_CASE("issue 41 repro 8: a .git/hooks linked to a shared folder gets pdo's hooks only after its own yes",
          "[cli][hook][posix][posix:symlinks]") {
  TempDir tmp("hooks linked");
  const fs::path ws = fresh_workspace(tmp);
  const fs::path team = tmp / "team-hooks";
  fs::create_directories(team);
  fs::remove_all(ws / ".git/hooks");
  fs::create_directory_symlink(team, ws / ".git/hooks");
  const auto r = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws), "--yes"}, tmp.path());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(fs::is_empty(team));
  CHECK_THAT(r.out, Catch::Contains("[asked separately]"));
}

namespace {

// husky 9.1.7's dispatcher (its file `husky`, installed as .husky/_/h) and the stub it writes for every
// hook, byte for byte as its index.js writes them (MIT licence, typicode).
const std::string k_husky_h = R"husky(#!/usr/bin/env sh
[ "$HUSKY" = "2" ] && set -x
n=$(basename "$0")
s=$(dirname "$(dirname "$0")")/$n

[ ! -f "$s" ] && exit 0

if [ -f "$HOME/.huskyrc" ]; then
	echo "husky - '~/.huskyrc' is DEPRECATED, please move your code to ~/.config/husky/init.sh"
fi
i="${XDG_CONFIG_HOME:-$HOME/.config}/husky/init.sh"
[ -f "$i" ] && . "$i"

[ "${HUSKY-}" = "0" ] && exit 0

export PATH="node_modules/.bin:$PATH"
sh -e "$s" "$@"
c=$?

[ $c != 0 ] && echo "husky - $n script failed (code $c)"
[ $c = 127 ] && echo "husky - command not found in PATH=$PATH"
exit $c
)husky";
const std::string k_husky_stub = "#!/usr/bin/env sh\n. \"$(dirname \"$0\")/h\"";

}  // namespace

// Issue 41 item 4 (repro 7): in a husky v9 repository (core.hooksPath=.husky/_), pdo init renamed
// .husky/_/pre-commit to pre-commit.local; husky's dispatcher then looked for .husky/pre-commit.local, found
// nothing and exited 0, and the team's .husky/pre-commit never ran again, without a word.
// [posix:sh] husky's sh scripts run as git runs them.
TEST_CASE("issue 41 repro 7: in a husky v9 repository the team's hooks still run, and pdo's after them", "[cli][hook][posix][posix:sh]") {
  TempDir tmp("husky");
  const fs::path ws = fresh_workspace(tmp);
  fs::create_directories(ws / ".husky/_");
  write_file(ws / ".husky/_/.gitignore", "*");
  write_file(ws / ".husky/_/h", k_husky_h);
  for (const char* hook : {"pre-commit", "commit-msg", "pre-push"}) {
    write_file(ws / ".husky/_" / hook, k_husky_stub);
    fs::permissions(ws / ".husky/_" / hook, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
  }
  const std::string team_log = util::path_to_utf8(tmp / "team.log");
  write_file(ws / ".husky/pre-commit", "echo \"team pre-commit\" >> '" + team_log + "'\n");
  write_file(ws / ".husky/commit-msg", "echo \"team commit-msg $(head -n 1 \"$1\")\" >> '" + team_log + "'\n");
  git_out({"config", "core.hooksPath", ".husky/_"}, ws);
  git_out({"add", ".husky/pre-commit", ".husky/commit-msg"}, ws);
  git_out({"-c", "core.hooksPath=" + util::path_to_utf8(tmp / "none"), "commit", "-qm", "husky"}, ws);
  const auto init = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws), "--yes"}, tmp.path());
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  CHECK(fs::exists(ws / ".husky/_/pre-commit.local"));
  // init's self-check ran the hooks git runs with a canary key: the team's first, then pdo's refused it.
  CHECK_THAT(read_file(tmp / "team.log"), Catch::StartsWith("team pre-commit\nteam commit-msg pdo check\n"));
  CHECK_THAT(init.out, Catch::Contains("pre-push) are installed in this workspace: pass"));
  write_file(tmp / "team.log", "");

  write_file(ws / "data/plain.txt", "nothing secret\n");
  git_out({"add", "data/plain.txt"}, ws);
  const auto clean = run_git({"commit", "-qm", "plain"}, ws);
  INFO(clean.out << clean.err);
  CHECK(clean.exit_code == 0);
  CHECK(read_file(tmp / "team.log") == "team pre-commit\nteam commit-msg plain\n");

  write_file(ws / "data/key.txt", "token = " + fake_key(11) + "\n");
  git_out({"add", "data/key.txt"}, ws);
  const auto key = run_git({"commit", "-qm", "key"}, ws);
  INFO(key.out << key.err);
  CHECK(key.exit_code != 0);
  CHECK(read_file(tmp / "team.log") == "team pre-commit\nteam commit-msg plain\nteam pre-commit\n");
  // A team hook that fails stops the commit before pdo's check, as husky alone would.
  write_file(ws / ".husky/pre-commit", "echo \"team says no\"\nexit 1\n");
  git_out({"reset", "-q", "data/key.txt"}, ws);
  write_file(ws / "data/plain.txt", "still nothing secret\n");
  git_out({"add", "data/plain.txt"}, ws);
  const auto stopped = run_git({"commit", "-qm", "stopped"}, ws);
  INFO(stopped.out << stopped.err);
  CHECK(stopped.exit_code != 0);
  CHECK_THAT(stopped.out + stopped.err, Catch::Contains("team says no"));
}

// Issue 41 item 4: lefthook (scripts/test.sh fetches its binary) writes .git/hooks/<name> itself, from its
// config; pdo init chains it as it chains any hook. But lefthook rewrites its hooks on its first run after
// the team changed lefthook.yml, moving pdo's aside to pre-commit.old: then a key commits. pdo's next
// command says so, `pdo check` fails the hooks item, and pdo init chains lefthook's new hook again (it
// replaces the older lefthook script at pre-commit.local; nothing of the team's is lost: both are made from
// the team's config).
// [posix:sh] lefthook's hook is an sh script that runs the Linux lefthook binary.
TEST_CASE("with lefthook the team's hooks still run, and pdo init restores pdo's after lefthook rewrote it",
          "[cli][hook][posix][posix:sh]") {
  if (!platform::find_program("lefthook")) PDO_SKIP("no lefthook on PATH (scripts/test.sh fetches it)");
  TempDir tmp("lefthook");
  const fs::path ws = tmp / "ws";
  fs::create_directories(ws);
  git_out({"init", "-q"}, ws);
  const std::string team_log = util::path_to_utf8(tmp / "team.log");
  const auto lefthook_yml = [&](int commands) {
    std::string yml = "pre-commit:\n  commands:\n";
    for (int i = 1; i <= commands; ++i)
      yml += "    team" + std::to_string(i) + ":\n      run: echo \"team " + std::to_string(i) + "\" >> '" + team_log + "'\n";
    write_file(ws / "lefthook.yml", yml);
  };
  lefthook_yml(1);
  platform::ProcessOptions in_ws;
  in_ws.cwd = ws;
  in_ws.env = test_env();
  const auto installed = platform::run_process({"lefthook", "install"}, in_ws);
  INFO(installed.out << installed.err);
  REQUIRE(installed.exit_code == 0);
  git_out({"add", "lefthook.yml"}, ws);
  git_out({"commit", "-qm", "lefthook"}, ws);
  REQUIRE(read_file(tmp / "team.log") == "team 1\n");  // lefthook's hook runs the team's command
  const auto init = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws), "--yes"}, tmp.path());
  INFO(init.out << init.err);
  REQUIRE(init.exit_code == 0);
  CHECK_THAT(init.out, Catch::Contains("pre-push) are installed in this workspace: pass"));

  const auto commit_key = [&](unsigned n) {
    write_file(ws / "data/key.txt", "token = " + fake_key(n) + "\n");
    git_out({"add", "data/key.txt"}, ws);
    const auto r = run_git({"commit", "-qm", "key"}, ws);
    INFO(r.out << r.err);
    git_out({"reset", "-q", "data/key.txt"}, ws);
    return r.exit_code;
  };
  write_file(tmp / "team.log", "");
  CHECK(commit_key(21) != 0);
  CHECK(read_file(tmp / "team.log") == "team 1\n");  // the team's first, then pdo's refused the key

  // The team adds a command: lefthook rewrites its hook on the next commit and moves pdo's aside.
  lefthook_yml(2);
  git_out({"add", "lefthook.yml"}, ws);
  git_out({"commit", "-qm", "lefthook: a second command"}, ws);
  REQUIRE(fs::exists(ws / ".git/hooks/pre-commit.old"));
  REQUIRE(commit_key(22) == 0);  // what lefthook alone does: nothing of pdo's runs
  git_out({"reset", "-q", "--hard", "HEAD~1"}, ws);
  const auto status = pdo_in(ws, {"--lang", "en", "status"});
  CHECK_THAT(status.err, Catch::Contains("lefthook rewrote"));
  const auto check = pdo_in(ws, {"--lang", "en", "check"});
  CHECK(check.exit_code != 0);
  CHECK_THAT(check.out + check.err, Catch::Contains("lefthook rewrote"));

  const auto again = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws), "--yes"}, tmp.path());
  INFO(again.out << again.err);
  REQUIRE(again.exit_code == 0);
  CHECK_THAT(again.out, Catch::Contains("pre-push) are installed in this workspace: pass"));
  write_file(tmp / "team.log", "");
  CHECK(commit_key(23) != 0);
  CHECK(read_file(tmp / "team.log") == "team 1\nteam 2\n");
}

// Issue 43 item 9: a finding in a Chinese workspace led with the rule's id where its Chinese name belongs.
TEST_CASE("a finding shows the rule's name in the learner's language, its id after it", "[cli][hook][secrets]") {
  TempDir tmp("finding names");
  const auto root = fresh_workspace(tmp);
  const fs::path notes = lesson_dir(root, "03") / "notes.md";
  append(notes, "\nmy token: " + fake_key() + "\n");
  const auto zh = pdo_in(root, {"scan", pdo_path(notes)});
  INFO(zh.out << zh.err);
  CHECK(zh.exit_code == 3);
  CHECK_THAT(zh.out, Catch::Contains(": GitHub 令牌（ghp_ / gho_ / ghu_ / ghs_ / ghr_）（规则 github-token）: ghp_"));
  const auto en = pdo_in(root, {"--lang", "en", "scan", pdo_path(notes)});
  CHECK_THAT(en.out, Catch::Contains(": github-token (GitHub token (ghp_ / gho_ / ghu_ / ghs_ / ghr_)): ghp_"));
}

// One answer from git a run (c645f3f): pdo init asked `git rev-parse --git-path hooks` eight times, each
// costing about a whole pdo track. A git on PATH that logs its arguments and runs the real one counts them
// (the memo's lookup deleted survived mutate.sh --changed 80d0241: nothing else sees the count).
TEST_CASE("pdo init asks git for the hooks folder once", "[cli][hook][posix][posix:sh]") {
  TempDir tmp("hooks asked once");
  const auto git = platform::find_program("git");
  REQUIRE(git);
  fs::create_directories(tmp / "bin");
  write_file(tmp / "bin/git",
             "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '" + pdo_path(tmp / "git.log") + "'\nexec '" + util::path_to_utf8(*git) + "' \"$@\"\n");
  fs::permissions(tmp / "bin/git", fs::perms::owner_all);
  std::vector<std::pair<std::string, std::string>> env{{"PATH", pdo_path(tmp / "bin")}};
  const auto r = run_pdo({"init", pdo_path(tmp / "ws"), "--yes"}, tmp.path(), "", env);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const std::string log = read_file(tmp / "git.log");
  INFO(log);
  CHECK(count_of(log, "--git-path hooks") == 1);
  CHECK(count_of(log, "hook run") == 2);  // the self-check still ran git's hooks
}
