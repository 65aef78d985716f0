#include "support/process.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

#include "support/temp_dir.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

namespace pdo::test {

std::filesystem::path pdo_binary() {
  // PDO_TEST_BINARY runs the suite against another build, e.g. pdo.exe under wine (scripts/windows/test.sh).
  if (auto other = platform::get_env("PDO_TEST_BINARY"); other && !other->empty()) return util::path_from_utf8(*other);
#ifdef PDO_BINARY
  return util::path_from_utf8(PDO_BINARY);
#else
  return "pdo";
#endif
}

namespace {

/// This test process's HOME: one per process (ctest runs each test case in its own process, in
/// parallel), so no test reads or writes the user's or another test's git config. Removed at exit.
struct TestHome {
  std::filesystem::path path = std::filesystem::temp_directory_path() / ("pdo-test-home-" + std::to_string(platform::current_pid()));
  TestHome() {
    std::filesystem::create_directories(path);
    // libgit2 reads identity from $HOME/.gitconfig (it ignores GIT_AUTHOR_* and GIT_CONFIG_GLOBAL).
    write_file(path / ".gitconfig", "[user]\n\tname = Test Learner\n\temail = learner@example.com\n[init]\n\tdefaultBranch = main\n");
  }
  TestHome(const TestHome&) = delete;
  TestHome& operator=(const TestHome&) = delete;
  ~TestHome() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

}  // namespace

std::vector<std::pair<std::string, std::string>> test_env() {
  static const TestHome test_home;
  const std::filesystem::path& home = test_home.path;
  return {
      {"HOME", util::path_to_utf8(home)},
      {"XDG_CONFIG_HOME", util::path_to_utf8(home / ".config")},
      // pdo's trust records: wine runs share one %APPDATA%, so every test process gets its own.
      {"PDO_CONFIG_HOME", util::path_to_utf8(home / "pdo-config")},
      {"GIT_CONFIG_NOSYSTEM", "1"},
      {"GIT_CONFIG_GLOBAL", util::path_to_utf8(home / ".gitconfig")},  // the git CLI's, even if the user set one
      // Inherited when the suite runs from a git hook or alias: they would point git (and pdo) at the
      // outer repository. "" unsets.
      {"GIT_DIR", ""},
      {"GIT_WORK_TREE", ""},
      {"GIT_INDEX_FILE", ""},
      {"GIT_OBJECT_DIRECTORY", ""},
      {"GIT_CONFIG_PARAMETERS", ""},
      {"GIT_CONFIG_COUNT", ""},
  };
}

std::vector<std::string> pdo_command() {
  // PDO_TEST_LAUNCHER: words put before the binary, e.g. scripts/windows/wine-run.sh for a Windows pdo.exe.
  std::vector<std::string> argv = util::split(platform::get_env("PDO_TEST_LAUNCHER").value_or(""), ' ');
  argv.erase(std::remove(argv.begin(), argv.end(), std::string()), argv.end());
  argv.push_back(util::path_to_utf8(pdo_binary()));
  return argv;
}

bool pdo_under_launcher() { return !platform::get_env("PDO_TEST_LAUNCHER").value_or("").empty(); }

platform::ProcessResult run_pdo(const std::vector<std::string>& args, const std::filesystem::path& cwd, const std::string& input,
                                std::vector<std::pair<std::string, std::string>> env) {
  std::vector<std::string> argv = pdo_command();
  argv.insert(argv.end(), args.begin(), args.end());
  platform::ProcessOptions opts;
  opts.input = input;
  opts.cwd = cwd;
  opts.env = test_env();
  opts.env.insert(opts.env.end(), env.begin(), env.end());
  opts.timeout = std::chrono::milliseconds(60000);
  return platform::run_process(argv, opts);
}

platform::ProcessResult run_git(const std::vector<std::string>& args, const std::filesystem::path& dir,
                                std::vector<std::pair<std::string, std::string>> env) {
  std::vector<std::string> argv{"git"};
  argv.insert(argv.end(), args.begin(), args.end());
  platform::ProcessOptions opts;
  opts.cwd = dir;
  opts.env = test_env();
  opts.env.insert(opts.env.end(), env.begin(), env.end());
  opts.timeout = std::chrono::milliseconds(60000);
  return platform::run_process(argv, opts);
}

std::string git_out(const std::vector<std::string>& args, const std::filesystem::path& dir) {
  const auto r = run_git(args, dir);
  INFO("git " << (args.empty() ? "" : args.front()) << " stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  return r.out;
}

}  // namespace pdo::test
