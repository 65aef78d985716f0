// platform.hpp against the real OS (Linux here, Windows under wine in scripts/windows/test.sh): processes
// with a helper child (argv quoting, pipes, exit codes, timeouts, cwd, env), paths, renames, file locks.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#if defined(__linux__)
#include <fcntl.h>
#include <signal.h>
#include <sys/time.h>
#endif
#include <chrono>
#include <string>
#include <vector>

#include "support/scoped_env.hpp"
#include "support/temp_dir.hpp"
#include "util/fs.hpp"
#include "util/platform.hpp"

using namespace pdo;
using pdo::test::TempDir;

namespace {

platform::ProcessResult child(std::vector<std::string> args, platform::ProcessOptions opts = {}) {
  args.insert(args.begin(), PDO_TEST_CHILD);
  if (opts.timeout.count() == 0) opts.timeout = std::chrono::milliseconds(30000);
  return platform::run_process(args, opts);
}

}  // namespace

TEST_CASE("run_process: arguments arrive exactly as given", "[util][platform]") {
  const std::vector<std::string> tricky = {"plain",       "",           "two words",         "quote\"inside", "\"quoted\"",
                                           "back\\slash", "trailing\\", "trailing two\\\\",  "学习 目录",     "tab\there",
                                           "%PATH%",      "&|<>^!",     "C:\\Users\\学习\\", "--opt=a b"};
  std::vector<std::string> args = {"args"};
  args.insert(args.end(), tricky.begin(), tricky.end());
  const auto r = child(args);
  INFO(r.err);
  REQUIRE(r.started);
  CHECK(r.exit_code == 0);
  std::string expected;
  for (const auto& a : tricky) expected += a + "\n";
  CHECK(r.out == expected);
}

TEST_CASE("run_process: exit codes, stdin, a missing program, a timeout", "[util][platform]") {
  SECTION("exit code") {
    const auto r = child({"exit", "7"});
    CHECK(r.started);
    CHECK(r.exit_code == 7);
    CHECK_FALSE(r.timed_out);
  }
  SECTION("stdin reaches the child; large output does not deadlock") {
    std::string input = "你好\nworld\n";
    for (int i = 0; i < 20000; ++i) input += "line " + std::to_string(i) + "\n";  // ~230 KB, past any pipe buffer
    platform::ProcessOptions opts;
    opts.input = input;
    const auto r = child({"stdin"}, opts);
    CHECK(r.exit_code == 0);
    CHECK(r.err.size() == input.size());
    CHECK(r.err == input);
  }
  SECTION("a program that does not exist never started") {
    const auto r = platform::run_process({"pdo-no-such-program-7f3a"});
    CHECK_FALSE(r.started);
    CHECK(r.exit_code == -1);
  }
  SECTION("a timeout kills the child and says so") {
    platform::ProcessOptions opts;
    opts.timeout = std::chrono::milliseconds(500);
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = child({"sleep", "20000"}, opts);
    const auto took = std::chrono::steady_clock::now() - t0;
    CHECK(r.started);
    CHECK(r.timed_out);
    CHECK(r.exit_code == -1);
    CHECK(r.out.empty());
    CHECK(took < std::chrono::seconds(10));
  }
}

TEST_CASE("run_process: working folder and environment", "[util][platform]") {
  test::TempDir tmp("platform");
  const auto dir = tmp / "学习 folder";
  std::filesystem::create_directories(dir);
  SECTION("cwd, with a Chinese name and a space") {
    platform::ProcessOptions opts;
    opts.cwd = dir;
    const auto r = child({"cwd"}, opts);
    REQUIRE(r.exit_code == 0);
    REQUIRE(r.out.size() > 1);
    CHECK(std::filesystem::equivalent(util::path_from_utf8(r.out.substr(0, r.out.size() - 1)), dir));
  }
  SECTION("a working folder that does not exist: not started") {
    platform::ProcessOptions opts;
    opts.cwd = tmp / "missing";
    CHECK_FALSE(child({"cwd"}, opts).started);
  }
  SECTION("variables set and unset") {
    platform::ProcessOptions opts;
    opts.env = {{"PDO_TEST_VALUE", "值 one"}};
    CHECK(child({"env", "PDO_TEST_VALUE"}, opts).out == "值 one\n");
    opts.env = {{"PDO_TEST_VALUE", ""}};
    CHECK(child({"env", "PDO_TEST_VALUE"}, opts).out == "<unset>\n");
  }
}

// [posix:signals] POSIX signal dispositions and descriptors (a Windows child inherits only the three handles
// process_win32.cpp lists).
TEST_CASE("run_process: the child gets default signals and no descriptor of ours", "[util][platform][posix][posix:signals]") {
  // pdo ignores SIGPIPE itself (it writes to children's stdin); an ignored signal would stay ignored across
  // exec, so on the old code every child inherited it.
  const auto r = child({"signals"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out == "sigpipe default\n");
#if defined(__linux__)
  // The child may see the descriptors this test process itself lets children inherit (from whatever
  // started it), plus the one its listing opens; none of run_process's own pipe ends.
  std::size_t inheritable = 0;
  for (const auto& e : std::filesystem::directory_iterator("/proc/self/fd")) {
    const int fd = std::atoi(e.path().filename().c_str());
    const int flags = ::fcntl(fd, F_GETFD);
    if (fd > 2 && flags >= 0 && !(flags & FD_CLOEXEC)) ++inheritable;
  }
  const auto fds = child({"fds"});
  REQUIRE(fds.exit_code == 0);
  INFO(fds.out);
  CHECK(static_cast<std::size_t>(std::count(fds.out.begin(), fds.out.end(), '\n')) <= inheritable + 1);
#endif
}

TEST_CASE("run_process: a child's exit code, also when pdo was started with SIGCHLD ignored", "[util][platform][posix][posix:signals]") {
  // An ignored SIGCHLD is inherited across exec; with it the kernel reaps children, waitpid fails, and the
  // old code (status 0 when waitpid failed) read every child as exited 0: a failed check passed.
#if defined(__linux__)
  struct sigaction ignore {
  }, before{};
  ignore.sa_handler = SIG_IGN;
  ::sigemptyset(&ignore.sa_mask);
  REQUIRE(::sigaction(SIGCHLD, &ignore, &before) == 0);
  const auto r = child({"exit", "3"});
  const auto ok = child({"exit", "0"});
  ::sigaction(SIGCHLD, &before, nullptr);
  CHECK(r.exit_code == 3);
  CHECK(ok.exit_code == 0);
#endif
}

TEST_CASE("run_process: signals that interrupt the wait never keep it reading outputs the child closed",
          "[util][platform][posix][posix:signals]") {
#if defined(__linux__)
  // A handler without SA_RESTART: poll() in the parent returns EINTR, and errno still says so when a later
  // read() returns 0 at the child's end (a read that returns 0 does not set errno).
  struct sigaction tick {
  }, before{};
  tick.sa_handler = [](int) {};
  ::sigemptyset(&tick.sa_mask);
  REQUIRE(::sigaction(SIGALRM, &tick, &before) == 0);
  const itimerval every{{0, 20000}, {0, 20000}}, off{};
  ::setitimer(ITIMER_REAL, &every, nullptr);
  platform::ProcessOptions opts;
  opts.timeout = std::chrono::seconds(5);
  const auto r = child({"sleep", "300"}, opts);
  ::setitimer(ITIMER_REAL, &off, nullptr);
  ::sigaction(SIGALRM, &before, nullptr);
  CHECK(r.started);
  CHECK_FALSE(r.timed_out);
  CHECK(r.exit_code == 0);
#endif
}

TEST_CASE("run_process: the PATH and variables the child will have", "[util][platform]") {
  test::TempDir tmp("platform path");
  std::filesystem::create_directories(tmp / "bin");
#ifdef _WIN32
  const auto program = tmp / "bin" / "pdo-only-here.exe";  // found through PATHEXT
#else
  const auto program = tmp / "bin" / "pdo-only-here";
#endif
  std::filesystem::copy_file(PDO_TEST_CHILD, program, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::permissions(program, std::filesystem::perms::owner_all);
  platform::ProcessOptions opts;
  opts.timeout = std::chrono::milliseconds(30000);
  opts.env = {{"PATH", util::path_to_utf8(tmp / "bin")}, {"PDO_TEST_VALUE", "first"}, {"PDO_TEST_VALUE", "last"}};
  const auto r = platform::run_process({"pdo-only-here", "env", "PDO_TEST_VALUE"}, opts);
  CHECK(r.started);
  CHECK(r.out == "last\n");  // the last change of a name wins
  opts.env = {{"PATH", util::path_to_utf8(tmp / "nothing")}};
  CHECK_FALSE(platform::run_process({"pdo-only-here", "cwd"}, opts).started);
}

TEST_CASE("user_config_dir: XDG_CONFIG_HOME when it is an absolute path, else ~/.config", "[util][platform][posix][posix:xdg]") {
  const test::ScopedEnv home("HOME", "/home/learner");
  {
    const test::ScopedEnv xdg("XDG_CONFIG_HOME", "/srv/learner-config");
    CHECK(platform::user_config_dir() == std::filesystem::path("/srv/learner-config"));
  }
  for (const char* value : {"", "relative/config"}) {
    const test::ScopedEnv xdg("XDG_CONFIG_HOME", value);
    CHECK(platform::user_config_dir() == std::filesystem::path("/home/learner/.config"));
  }
}

TEST_CASE("make_private_dir: a new folder only this user can enter", "[util][platform]") {
  const auto a = platform::make_private_dir("pdo-test-");
  const auto b = platform::make_private_dir("pdo-test-");
  REQUIRE(a);
  REQUIRE(b);
  CHECK(*a != *b);
  CHECK(std::filesystem::is_directory(*a));
  CHECK(std::filesystem::is_empty(*a));
#ifndef _WIN32
  const auto perms = std::filesystem::status(*a).permissions();
  CHECK((perms & std::filesystem::perms::all) == std::filesystem::perms::owner_all);
#endif
  std::filesystem::remove_all(*a);
  std::filesystem::remove_all(*b);
}

TEST_CASE("find_program and self_exe", "[util][platform]") {
  const auto self = platform::self_exe();
  REQUIRE(self);
  CHECK(std::filesystem::exists(*self));
  CHECK(platform::find_program(PDO_TEST_CHILD));
  CHECK_FALSE(platform::find_program("pdo-no-such-program-7f3a"));
}

namespace {
void put_env(const char* name, const std::string& value) {
#ifdef _WIN32
  _wputenv_s(util::path_from_utf8(name).c_str(), util::path_from_utf8(value).c_str());
#else
  ::setenv(name, value.c_str(), 1);
#endif
}
}  // namespace

TEST_CASE("find_program never finds a program through a relative PATH entry (the current folder)", "[util][platform]") {
  TempDir tmp("path-lookup");
  const std::string name = "pdo-fake-prog-4d1c";
#ifdef _WIN32
  std::filesystem::copy_file(PDO_TEST_CHILD, tmp / (name + ".exe"));
#else
  std::filesystem::copy_file(PDO_TEST_CHILD, tmp / name);
#endif
  const std::string saved = platform::get_env("PATH").value_or("");
  const auto relative = std::filesystem::relative(tmp.path(), std::filesystem::current_path());
  put_env("PATH", util::path_to_utf8(tmp.path()));
  CHECK(platform::find_program(name));  // the control: found through an absolute entry
  put_env("PATH", util::path_to_utf8(relative));
  CHECK_FALSE(platform::find_program(name));
#ifdef _WIN32
  put_env("PATH", ".;" + util::path_to_utf8(relative));
#else
  put_env("PATH", ".:" + util::path_to_utf8(relative));
#endif
  CHECK_FALSE(platform::find_program(name));
  put_env("PATH", saved);
}

TEST_CASE("full_path: absolute and normal, every path form of the OS", "[util][platform]") {
  const auto cwd = std::filesystem::current_path();
  CHECK(platform::full_path("a/./b/../c") == (cwd / "a" / "c").lexically_normal());
#ifdef _WIN32
  CHECK(platform::full_path("C:/x/y/../z").wstring() == L"C:\\x\\z");
  CHECK(platform::full_path("C:\\x\\y\\").wstring() == L"C:\\x\\y\\");
  CHECK(platform::full_path("\\\\server\\share\\学习\\..\\d").wstring() == L"\\\\server\\share\\d");
  CHECK(platform::full_path("//server/share/d").wstring() == L"\\\\server\\share\\d");
  CHECK(platform::full_path("\\\\?\\C:\\x\\y").wstring() == L"C:\\x\\y");
  CHECK(platform::full_path("\\\\?\\UNC\\server\\share\\d").wstring() == L"\\\\server\\share\\d");
#else
  CHECK(platform::full_path("/x/y/../z") == "/x/z");
#endif
}

TEST_CASE("renames and file locks", "[util][platform]") {
  test::TempDir tmp("platform");
  const auto a = tmp / "a.txt", b = tmp / "b.txt", c = tmp / "学习.txt";
  test::write_file(a, "A");
  test::write_file(b, "B");
  SECTION("rename_no_replace never replaces; rename_replace does") {
    CHECK_FALSE(platform::rename_no_replace(a, b));
    CHECK(test::read_file(b) == "B");
    CHECK(test::read_file(a) == "A");
    CHECK(platform::rename_no_replace(a, c));
    CHECK(test::read_file(c) == "A");
    CHECK(platform::rename_replace(c, b));
    CHECK(test::read_file(b) == "A");
    CHECK_FALSE(std::filesystem::exists(c));
  }
  SECTION("a lock excludes a second holder until released") {
    const auto path = tmp / "lock";
    auto first = platform::FileLock::acquire(path, std::chrono::milliseconds(100));
    REQUIRE(first);
    CHECK_FALSE(platform::FileLock::acquire(path, std::chrono::milliseconds(50)));
    test::write_file(path, "readable while locked");
    CHECK(test::read_file(path) == "readable while locked");
    first.reset();
    CHECK(platform::FileLock::acquire(path, std::chrono::milliseconds(100)));
  }
}

// [posix:stat] lstat's fields and O_NOFOLLOW; Windows gives no stat data here (nullopt, as stat_data does).
TEST_CASE("read_file_stat: a regular file's bytes with its stat data, and nothing else, never through a link",
          "[util][platform][posix][posix:stat]") {
  TempDir tmp("read-file-stat");
  const auto file = tmp / "学习.py";
  test::write_file(file, "print(1)\n");
  const auto read = platform::read_file_stat(file, 1024);
  const auto st = platform::stat_data(file);
  REQUIRE(read);
  REQUIRE(st);
  CHECK(read->second == "print(1)\n");
  CHECK((read->first.ino == st->ino && read->first.size == 9 && read->first.mode == st->mode && read->first.regular));
  CHECK((read->first.mtime_s == st->mtime_s && read->first.mtime_ns == st->mtime_ns && read->first.ctime_ns == st->ctime_ns));
  CHECK(platform::read_file_stat(file, 9));        // exactly the cap
  CHECK_FALSE(platform::read_file_stat(file, 8));  // over it
  std::filesystem::create_symlink(file, tmp / "link.py");
  CHECK_FALSE(platform::read_file_stat(tmp / "link.py", 1024));  // the link itself is no regular file
  CHECK_FALSE(platform::read_file_stat(tmp / "missing.py", 1024));
  CHECK_FALSE(platform::read_file_stat(tmp.path(), 1024));
  REQUIRE(platform::run_process({"mkfifo", util::path_to_utf8(tmp / "fifo")}).exit_code == 0);
  CHECK_FALSE(platform::read_file_stat(tmp / "fifo", 1024));  // returns at once: nobody writes it
}

#ifndef _WIN32
// A hook's first line "#!<pdo> hook\n" must fit the kernel's 127 bytes and hold no blank or control, else
// the hook is the sh wrapper. [posix:shebang] Windows hooks are always the wrapper.
TEST_CASE("starts_as_interpreter: an absolute path of up to 119 bytes with no blank or control", "[util][platform][posix][posix:shebang]") {
  // Every path lies in the test's own folder (the function only reads the text, but no test names a
  // system path).
  test::TempDir tmp("shebang");
  const std::string base = tmp.path().native() + "/";
  REQUIRE(base.size() < 100);
  const auto path_of = [&](std::size_t bytes) { return base + std::string(bytes - base.size(), 'p'); };
  CHECK(platform::starts_as_interpreter(path_of(119)));
  CHECK_FALSE(platform::starts_as_interpreter(path_of(120)));
  CHECK(platform::starts_as_interpreter(base + "pdo"));
  CHECK_FALSE(platform::starts_as_interpreter("bin/pdo"));  // relative: git runs hooks from elsewhere
  for (const char c : {'\0', '\x01', '\t', '\x1f', ' ', '\x7f'}) {
    INFO(static_cast<int>(c));
    CHECK_FALSE(platform::starts_as_interpreter(base + "p" + std::string(1, c) + "do"));
  }
  for (const char c : {'!', '~', '-', '\x80'}) {
    INFO(static_cast<int>(static_cast<unsigned char>(c)));
    CHECK(platform::starts_as_interpreter(base + "p" + std::string(1, c) + "do"));
  }
}
#endif
