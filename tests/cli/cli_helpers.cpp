#include "cli/cli_helpers.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <thread>

#include "util/fs.hpp"
#include "util/text.hpp"

namespace pdo::test {

std::set<std::string> tree_of(const std::filesystem::path& root) {
  std::set<std::string> out;
  for (auto it = std::filesystem::recursive_directory_iterator(root); it != std::filesystem::recursive_directory_iterator(); ++it) {
    const std::string rel = it->path().lexically_relative(root).generic_u8string();
    if (rel == ".git") {
      it.disable_recursion_pending();
      continue;
    }
    out.insert(it->is_directory() ? rel + "/" : rel);
  }
  return out;
}

void init_workspace(const std::filesystem::path& dir, const std::vector<std::string>& extra) {
  std::vector<std::string> args{"init", util::path_to_utf8(dir), "--yes"};
  args.insert(args.end(), extra.begin(), extra.end());
  auto cwd = dir.parent_path();
  while (!std::filesystem::exists(cwd)) cwd = cwd.parent_path();
  const auto r = run_pdo(args, cwd);
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.exit_code == 0);
}

int commit_count(const std::filesystem::path& repo) { return std::stoi(git_out({"rev-list", "--count", "HEAD"}, repo)); }

void require_clean_repo(const std::filesystem::path& repo) {
  const auto fsck = run_git({"fsck", "--strict"}, repo);
  INFO("fsck: " << fsck.out << fsck.err);
  CHECK(fsck.exit_code == 0);
  CHECK(git_out({"status", "--porcelain"}, repo).empty());
}

namespace {

/// pdo ARGS in `cwd` with the test pause point `point`, announced in the file `flag` (removed first).
std::pair<std::vector<std::string>, platform::ProcessOptions> paused(const std::filesystem::path& cwd, const std::vector<std::string>& args,
                                                                     const std::string& point, const std::filesystem::path& flag) {
  std::error_code ec;
  std::filesystem::remove(flag, ec);
  std::vector<std::string> argv = pdo_command();
  argv.insert(argv.end(), args.begin(), args.end());
  platform::ProcessOptions opts;
  opts.cwd = cwd;
  opts.env = test_env();
  opts.env.insert(opts.env.end(), {{"PDO_TEST_PAUSE", point}, {"PDO_TEST_PAUSE_FILE", util::path_to_utf8(flag)}});
  opts.timeout = std::chrono::milliseconds(60000);  // only a pdo that hangs runs this long
  return {argv, opts};
}

}  // namespace

bool kill_at(const std::filesystem::path& root, const std::vector<std::string>& args, const std::string& point) {
  const std::filesystem::path flag = root.parent_path() / ("paused-" + point);
  const auto [argv, opts] = paused(root, args, point, flag);
  const auto r = platform::run_process(argv, opts);
  return r.exit_code != 0 && std::filesystem::exists(flag);
}

platform::ProcessResult run_paused(const std::filesystem::path& cwd, const std::vector<std::string>& args, const std::string& point,
                                   const std::function<void()>& meanwhile) {
  // Beside `cwd`, named after it: not in a workspace's tree, and no other test's.
  const std::filesystem::path flag = cwd.parent_path() / (util::path_to_utf8(cwd.filename()) + ".paused-" + point);
  auto [argv, opts] = paused(cwd, args, point, flag);
  opts.env.push_back({"PDO_TEST_PAUSE_WAIT", "1"});
  platform::ProcessResult r;
  std::thread pdo_run([&, &argv = argv, &opts = opts] { r = platform::run_process(argv, opts); });
  for (int i = 0; i < 3000 && !std::filesystem::exists(flag); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const bool reached = std::filesystem::exists(flag);
  if (reached) meanwhile();
  std::error_code ec;
  std::filesystem::remove(flag, ec);
  pdo_run.join();
  CHECK(reached);
  return r;
}

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + needle.size())) ++n;
  return n;
}

std::filesystem::path fresh_workspace(const TempDir& tmp, const std::vector<std::string>& extra) {
  auto root = tmp / "pytorch-distributed-overview";
  init_workspace(root, extra);
  return root;
}

platform::ProcessResult pdo_in(const std::filesystem::path& root, const std::vector<std::string>& args, const std::string& input) {
  return run_pdo(args, root, input);
}

platform::ProcessResult run_pdo_bounded(const std::vector<std::string>& args, const std::filesystem::path& cwd) {
  std::vector<std::string> argv = pdo_command();
  argv.insert(argv.end(), args.begin(), args.end());
  platform::ProcessOptions opts;
  opts.cwd = cwd;
  opts.env = test_env();
  opts.timeout = std::chrono::milliseconds(10000);
  return platform::run_process(argv, opts);
}

void require_ok(const platform::ProcessResult& r) {
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.exit_code == 0);
}

platform::ProcessResult init_ws(const std::filesystem::path& dir, const std::string& lang) {
  return run_pdo({"--lang", lang, "init", util::path_to_utf8(dir), "--yes"}, dir.parent_path());
}

std::filesystem::path lesson_dir(const std::filesystem::path& ws, const std::string& prefix) {
  for (const auto& e : std::filesystem::directory_iterator(ws / "lessons")) {
    if (e.path().filename().string().rfind(prefix, 0) == 0) return e.path();
  }
  FAIL("no lesson " << prefix);
  return {};
}

void append(const std::filesystem::path& file, const std::string& text) { write_file(file, read_file(file) + text); }

std::string pdo_path(const std::filesystem::path& p) {
  if (!pdo_under_launcher()) return util::path_to_utf8(p);
  std::string out = "Z:" + util::path_to_utf8(std::filesystem::absolute(p));  // wine maps Z: to /
  std::replace(out.begin(), out.end(), '/', '\\');
  return out;
}

namespace {

/// The pdo_test_child that fakes are copied from: the one built with pdo.exe when pdo runs under wine.
std::filesystem::path fake_source() {
  if (auto other = platform::get_env("PDO_TEST_CHILD_BINARY"); other && !other->empty()) return util::path_from_utf8(*other);
  if (pdo_under_launcher()) return pdo_binary().parent_path() / "tests" / "pdo_test_child.exe";
  return util::path_from_utf8(PDO_TEST_CHILD);
}

std::string program_file(const std::string& name) { return pdo_under_launcher() ? name + ".exe" : name; }

}  // namespace

FakeBin::FakeBin(const std::filesystem::path& dir) : m_dir(dir) {
  std::filesystem::create_directories(m_dir);
  fake("git", "when --version\nout git version 2.39.5");
}

void FakeBin::fake(const std::string& name, const std::string& rules) {
  const auto program = m_dir / program_file(name);
  std::filesystem::copy_file(fake_source(), program, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::permissions(program, std::filesystem::perms::owner_all, std::filesystem::perm_options::add);
  write_file(m_dir / (name + ".fake"), rules + "\n");
}

void FakeBin::desktop_opener(const std::string& rules) {
  const auto program = m_dir / "xdg-open";
  std::filesystem::copy_file(util::path_from_utf8(PDO_TEST_CHILD), program, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::permissions(program, std::filesystem::perms::owner_all, std::filesystem::perm_options::add);
  write_file(m_dir / "xdg-open.fake", rules + "\n");
}

void FakeBin::remove(const std::string& name) {
  std::filesystem::remove(m_dir / name);
  std::filesystem::remove(m_dir / (name + ".exe"));
  std::filesystem::remove(m_dir / (name + ".fake"));
}

std::vector<std::pair<std::string, std::string>> FakeBin::env() const {
  // wine gives a Windows program WINEPATH as its PATH (the Unix PATH stays wine's own).
  return {{"PATH", util::path_to_utf8(m_dir)},
          {"WINEPATH", pdo_path(m_dir)},
          {"http_proxy", ""},
          {"https_proxy", ""},
          {"HTTP_PROXY", ""},
          {"all_proxy", ""}};
}

namespace {

/// The message of `-m` in git commit arguments.
std::string commit_message(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "-m") return args[i + 1];
  }
  return {};
}

/// `pdo hook pre-commit` on what `git commit ARGS` would commit: a temporary index for `-- PATH…`.
platform::ProcessResult pre_commit(const std::filesystem::path& ws, const std::vector<std::string>& args) {
  const auto dashes = std::find(args.begin(), args.end(), "--");
  if (dashes == args.end()) return run_pdo({"hook", "pre-commit"}, ws);
  const auto index = ws / ".git" / "pdo-test-index";
  const std::vector<std::pair<std::string, std::string>> temp{{"GIT_INDEX_FILE", util::path_to_utf8(index)}};
  run_git({"read-tree", "HEAD"}, ws, temp);
  std::vector<std::string> add{"add", "--"};
  add.insert(add.end(), dashes + 1, args.end());
  run_git(add, ws, temp);
  auto r = run_pdo({"hook", "pre-commit"}, ws, "", {{"GIT_INDEX_FILE", pdo_path(index)}});
  std::filesystem::remove(index);
  return r;
}

}  // namespace

platform::ProcessResult git_commit(const std::filesystem::path& ws, const std::vector<std::string>& args,
                                   const std::vector<std::pair<std::string, std::string>>& env) {
  const bool verify = std::find(args.begin(), args.end(), "--no-verify") == args.end();
  if (!pdo_under_launcher() || !verify) {
    std::vector<std::string> argv{"commit"};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_git(argv, ws, env);
  }
  if (std::find(args.begin(), args.end(), "-a") != args.end()) run_git({"add", "-u"}, ws);
  auto hook = pre_commit(ws, args);
  if (hook.exit_code != 0) return hook;
  std::string hooks_said = hook.err;  // git passes its hooks' stderr through
  write_file(ws / ".git" / "COMMIT_EDITMSG", commit_message(args) + "\n");
  hook = run_pdo({"hook", "commit-msg", ".git/COMMIT_EDITMSG"}, ws);
  if (hook.exit_code != 0) return hook;
  hooks_said += hook.err;
  std::vector<std::string> argv{"commit", "--no-verify"};
  argv.insert(argv.end(), args.begin(), args.end());
  auto result = run_git(argv, ws, env);
  result.err = hooks_said + result.err;
  return result;
}

platform::ProcessResult git_push(const std::filesystem::path& ws, const std::string& remote, const std::string& refspec) {
  if (pdo_under_launcher()) {
    // git's lines on the hook's standard input: <local ref> <local object> <remote ref> <remote object>.
    const auto colon = refspec.find(':');
    const std::string local = refspec.substr(0, colon);
    const std::string remote_ref = colon == std::string::npos ? refspec : refspec.substr(colon + 1);
    const std::string object(util::chomp(git_out({"rev-parse", local}, ws)));
    const std::string listed = git_out({"ls-remote", remote, remote_ref}, ws);
    const std::string remote_object = listed.size() >= 40 ? listed.substr(0, 40) : std::string(40, '0');
    const std::string url(util::chomp(git_out({"remote", "get-url", remote}, ws)));
    auto hook = run_pdo({"hook", "pre-push", remote, url}, ws, local + " " + object + " " + remote_ref + " " + remote_object + "\n");
    if (hook.exit_code != 0) return hook;
  }
  return run_git({"push", pdo_under_launcher() ? "--no-verify" : "--verify", remote, refspec}, ws);
}

std::filesystem::path workspace_with_remote(const TempDir& tmp) {
  std::filesystem::path ws = fresh_workspace(tmp);
  git_out({"init", "-q", "--bare", util::path_to_utf8(tmp / "remote.git")}, tmp.path());
  git_out({"remote", "add", "origin", util::path_to_utf8(tmp / "remote.git")}, ws);
  const auto first = git_push(ws, "origin", "HEAD:refs/heads/main");
  INFO(first.out << first.err);
  REQUIRE(first.exit_code == 0);
  git_out({"fetch", "-q", "origin"}, ws);
  return ws;
}

std::string sh_quote(const std::string& s) { return "'" + util::replace_all(s, "'", "'\\''") + "'"; }

platform::ProcessResult pdo_in_terminal(const std::filesystem::path& cwd, const std::vector<std::string>& args, const std::string& redirect,
                                        std::vector<std::pair<std::string, std::string>> env) {
  std::string command;
  for (const auto& word : pdo_command()) command += sh_quote(word) + " ";
  for (const auto& a : args) command += sh_quote(a) + " ";
  command += redirect;
  platform::ProcessOptions opts;
  opts.cwd = cwd;
  opts.env = test_env();
  opts.env.push_back({"SHELL", "/bin/sh"});  // what script(1) runs the command with
  opts.env.push_back({"TERM", "xterm-256color"});
  opts.env.insert(opts.env.end(), env.begin(), env.end());
  opts.timeout = std::chrono::milliseconds(60000);
  // -e: script exits with the command's exit code; /dev/null: no typescript file.
  // script is looked up here: `env` may replace the PATH the child gets (FakeBin).
  const auto script = platform::find_program("script");
  REQUIRE(script);  // util-linux
  return platform::run_process({util::path_to_utf8(*script), "-qec", command, "/dev/null"}, opts);
}

std::string pdo_dir() { return util::path_to_utf8(util::absolute_path(pdo_binary()).parent_path()); }

std::string fake_key(unsigned seed) {
  const std::string alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::string s = std::string("gh") + "p_";
  std::uint64_t x = 0x2545F4914F6CDD1Dull + seed;
  for (int i = 0; i < 36; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    s += alnum[static_cast<std::size_t>(x % alnum.size())];
  }
  return s;
}

}  // namespace pdo::test
