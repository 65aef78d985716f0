// pdo init --script sh|powershell: the workspace as a script for a machine without pdo. The sh script is
// run with the real sh and compared byte for byte with `pdo init --yes`; the PowerShell script is parsed
// (there is no PowerShell here) and its decoded files compared the same way.
#include "cli/cli_helpers.hpp"

#include <map>

#include "course/course.hpp"
#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// check-env.md without its pdo block: what must match between init and the script.
std::string outside_block(const std::string& text) {
  const auto b = text.find("<!-- pdo:begin check-env -->");
  const auto e = text.find("<!-- pdo:end check-env -->");
  REQUIRE((b != std::string::npos && e != std::string::npos));
  return text.substr(0, b) + text.substr(e);
}

/// Every file of the tree with the same bytes in both, check-env.md outside its block only.
void require_same_files(const fs::path& a, const fs::path& b) {
  REQUIRE(tree_of(a) == tree_of(b));
  for (const auto& rel : tree_of(a)) {
    if (rel.back() == '/') continue;
    INFO(rel);
    if (rel == "check-env.md") {
      CHECK(outside_block(read_file(a / rel)) == outside_block(read_file(b / rel)));
    } else {
      CHECK(read_file(a / rel) == read_file(b / rel));
    }
  }
}

std::string base64_decode(const std::string& in) {
  static const std::string k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  unsigned v = 0;
  int bits = 0;
  for (const char c : in) {
    if (c == '=') break;
    const auto at = k.find(c);
    REQUIRE(at != std::string::npos);
    v = (v << 6) | static_cast<unsigned>(at);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((v >> bits) & 0xFF);
    }
  }
  return out;
}

/// The text of a PowerShell single-quoted string starting at `at` (the opening quote); `at` moves past it.
std::string ps_string(const std::string& s, std::size_t& at) {
  REQUIRE(s[at] == '\'');
  std::string out;
  for (++at; at < s.size(); ++at) {
    if (s[at] == '\'') {
      if (at + 1 < s.size() && s[at + 1] == '\'') {
        out += '\'';
        ++at;
        continue;
      }
      ++at;
      return out;
    }
    out += s[at];
  }
  FAIL("unterminated string");
  return out;
}

}  // namespace

// [posix:sh] runs the generated script with sh and compares with the Linux pdo's tree.
TEST_CASE("init --script sh makes the same tree as init, keeps edits on a re-run, and installs no hook",
          "[cli][init][script][issue12][posix][posix:sh]") {
  TempDir tmp("init script sh");
  const auto by_script = tmp / "a/pytorch-distributed-overview";
  const auto by_init = tmp / "b/pytorch-distributed-overview";
  const auto gen = run_pdo({"init", "--script", "sh", util::path_to_utf8(by_script)}, tmp.path());
  require_ok(gen);
  CHECK_FALSE(fs::exists(by_script));  // --script creates nothing itself
  write_file(tmp / "init.sh", gen.out);
  init_workspace(by_init);

  platform::ProcessOptions opts;
  opts.cwd = tmp.path();
  opts.env = test_env();
  const auto search = platform::get_env("PATH");  // the test's own PATH for sh and git; none invented
  REQUIRE(search);
  opts.env.emplace_back("PATH", *search);
  const auto run = platform::run_process({"sh", util::path_to_utf8(tmp / "init.sh")}, opts);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  require_same_files(by_script, by_init);
  CHECK_THAT(read_file(by_script / "check-env.md"), Catch::Contains("尚未运行自检") && Catch::Contains("`pdo check` 运行 `git --version`"));
  CHECK_THAT(run.out, Catch::Contains("pre-commit") && Catch::Contains("尚未验证") && Catch::Contains("git：已提交"));
  CHECK_FALSE(fs::exists(by_script / ".git/hooks/pre-commit"));
  CHECK(commit_count(by_script) == 1);
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, by_script), Catch::Contains("Pdo-Action: init"));
  require_clean_repo(by_script);

  // Re-running over edited notes changes nothing.
  const auto notes = by_script / "lessons/03-03-getting-started-with-distributed-data/notes.md";
  write_file(notes, read_file(notes) + "我的笔记\n");
  const auto readme = read_file(by_script / "README.md");
  const auto again = platform::run_process({"sh", util::path_to_utf8(tmp / "init.sh")}, opts);
  REQUIRE(again.exit_code == 0);
  CHECK_THAT(read_file(notes), Catch::EndsWith("我的笔记\n"));
  CHECK(read_file(by_script / "README.md") == readme);
  CHECK(commit_count(by_script) == 1);
  CHECK_THAT(again.out, Catch::Contains("新建的文件：0 个"));
}

// Issue 43 item 9: under core.autocrlf=true (Git for Windows' default) git warned "LF will be replaced by
// CRLF" once per file the script added, 69 lines of it.
TEST_CASE("init --script sh under core.autocrlf=true commits without a warning per file", "[cli][init][script][posix][posix:sh]") {
  TempDir tmp("init script crlf");
  const auto target = tmp / "ws";
  const auto gen = run_pdo({"init", "--script", "sh", util::path_to_utf8(target)}, tmp.path());
  require_ok(gen);
  write_file(tmp / "init.sh", gen.out);
  write_file(tmp / "autocrlf.gitconfig", "[user]\n\tname = Test\n\temail = t@example.com\n[core]\n\tautocrlf = true\n");
  platform::ProcessOptions opts;
  opts.cwd = tmp.path();
  for (auto& [k, v] : test_env()) opts.env.emplace_back(k, k == "GIT_CONFIG_GLOBAL" ? util::path_to_utf8(tmp / "autocrlf.gitconfig") : v);
  const auto search = platform::get_env("PATH");  // the test's own PATH for sh and git; none invented
  REQUIRE(search);
  opts.env.emplace_back("PATH", *search);
  const auto run = platform::run_process({"sh", util::path_to_utf8(tmp / "init.sh")}, opts);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  CHECK_THAT(run.out, Catch::Contains("git：已提交"));
  CHECK_THAT(run.err, !Catch::Contains("CRLF"));
  CHECK(commit_count(target) == 1);
}

TEST_CASE("init --script powershell -o writes a BOM'd script whose files are init's bytes", "[cli][init][script][issue12]") {
  TempDir tmp("init script ps");
  const auto by_init = tmp / "b/pytorch-distributed-overview";
  init_workspace(by_init);
  // The script makes a workspace for Windows (.pdo/config.toml's os, the README's PowerShell section): so
  // is this one once its config says so and init runs again.
  const std::string config = read_file(by_init / ".pdo" / "config.toml");
  const auto os_at = config.find("os = \"");
  REQUIRE(os_at != std::string::npos);
  write_file(by_init / ".pdo" / "config.toml", config.substr(0, os_at) + "os = \"windows\"\n");
  init_workspace(by_init);
  const auto out = tmp / "init.ps1";
  require_ok(run_pdo({"init", "--script", "powershell", "-o", util::path_to_utf8(out), util::path_to_utf8(tmp / "a")}, tmp.path()));
  const std::string script = read_file(out);
  REQUIRE(script.rfind("\xEF\xBB\xBF", 0) == 0);
  CHECK(script.find("\xEF\xBB\xBF", 3) == std::string::npos);
  CHECK_THAT(script, Catch::Contains("param([string]$Target = ") && Catch::Contains("-ExecutionPolicy Bypass -File") &&
                         !Catch::Contains("Set-ExecutionPolicy"));
  // The first statement is param(): comments only before it.
  const std::string head = script.substr(3, script.find("\nparam(") - 2);
  for (std::size_t at = 0; at < head.size(); at = head.find('\n', at) + 1) {
    INFO(head.substr(at, 40));
    CHECK(head[at] == '#');
  }

  std::set<std::string> tree;
  std::map<std::string, std::string> files;
  for (std::size_t at = script.find("\nAdd-Pdo"); at != std::string::npos; at = script.find("\nAdd-Pdo", at)) {
    ++at;
    const bool dir = script.compare(at, 11, "Add-PdoDir ") == 0;
    at = script.find('\'', at);
    const std::string rel = ps_string(script, at);
    if (dir) {
      tree.insert(rel + "/");
      continue;
    }
    tree.insert(rel);
    const std::size_t start = script.find('\'', at);
    std::size_t pos = start;
    files[rel] = base64_decode(ps_string(script, pos));
  }
  tree.erase("./");  // the course folder itself
  CHECK(tree == tree_of(by_init));
  for (const auto& [rel, bytes] : files) {
    INFO(rel);
    if (rel == "check-env.md") {
      CHECK(outside_block(bytes) == outside_block(read_file(by_init / rel)));
      CHECK_THAT(bytes, Catch::Contains("尚未运行自检") && Catch::Contains("`pdo check` 运行 `git --version`"));
    } else {
      CHECK(bytes == read_file(by_init / rel));
    }
  }
  // Never over an existing file.
  const auto again = run_pdo({"init", "--script", "powershell", "-o", util::path_to_utf8(out)}, tmp.path());
  CHECK(again.exit_code == 2);
  CHECK(read_file(out) == script);
}

namespace {

/// The files an `init --script powershell` script writes, decoded from its Add-PdoFile lines.
std::map<std::string, std::string> ps_files(const std::string& script) {
  std::map<std::string, std::string> files;
  for (std::size_t at = script.find("\nAdd-PdoFile "); at != std::string::npos; at = script.find("\nAdd-PdoFile ", at)) {
    at = script.find('\'', at);
    const std::string rel = ps_string(script, at);
    at = script.find('\'', at);
    files[rel] = base64_decode(ps_string(script, at));
  }
  return files;
}

}  // namespace

TEST_CASE("init --script powershell keeps a Windows target as typed, for the script to resolve on Windows",
          "[cli][init][script][issue26]") {
  TempDir tmp("init script windows target");
  const std::string home = util::path_to_utf8(tmp / "linux-home");
  for (const std::string target : {"C:\\Users\\李明\\学习\\pdo", "\\\\server\\share\\学习\\pdo", "%USERPROFILE%\\学习\\pdo",
                                   "$env:USERPROFILE\\学习\\pdo", "~\\学习\\pdo", "学习\\pdo"}) {
    INFO(target);
    const auto r = run_pdo({"init", "--script", "powershell", target}, tmp.path(), "", {{"HOME", home}, {"USERPROFILE", home}});
    require_ok(r);
    CHECK_THAT(r.out, Catch::Contains("param([string]$Target = '" + target + "')"));
    // Nothing of this machine's folders in it: not the current one, not its home.
    CHECK_THAT(r.out, !Catch::Contains(util::path_to_utf8(tmp.path())) && !Catch::Contains(home));
    // The forms Windows resolves, resolved by the script where it runs.
    CHECK_THAT(r.out, Catch::Contains("[Environment]::ExpandEnvironmentVariables($Target)") && Catch::Contains("'\\$env:(\\w+)'") &&
                          Catch::Contains("$Target = $HOME + $Target.Substring(1)"));
    CHECK_FALSE(fs::exists(tmp / target));
  }
}

TEST_CASE("the script's check-env.md lists what to do, what you should see and the page, as init's report does",
          "[cli][init][script][issue26]") {
  TempDir tmp("init script check items");
  const auto by_init = fresh_workspace(tmp);
  const std::string from_init = read_file(by_init / "check-env.md");
  const auto r = run_pdo({"init", "--script", "powershell", "C:\\pdo"}, tmp.path());
  require_ok(r);
  const std::string from_script = ps_files(r.out).at("check-env.md");
  const auto& course = course::default_course();
  int needs_you = 0;
  for (const auto& item : course.checks) {
    if (!course::in_route(item, course::Route::browser) || course::pdo_runs(item)) continue;
    INFO(item.id);
    ++needs_you;
    for (const std::string& text : {item.action_zh, item.expect_zh, item.url}) {
      CHECK_THAT(from_init, Catch::Contains(text));
      CHECK_THAT(from_script, Catch::Contains(text));
    }
  }
  CHECK(needs_you == 3);
  CHECK_THAT(from_script, Catch::Contains("| 应看到 | 网址 |"));
}

// [posix:sh] runs the generated script with sh, HOME set for it.
TEST_CASE("init --script sh keeps ~ for the machine that runs the script", "[cli][init][script][issue26][posix][posix:sh]") {
  TempDir tmp("init script sh home");
  const auto r = run_pdo({"init", "--script", "sh", "~/学习/pdo"}, tmp.path());
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("target=${1:-'~/学习/pdo'}"));
  write_file(tmp / "init.sh", r.out);
  platform::ProcessOptions opts;
  opts.cwd = tmp.path();
  opts.env = test_env();
  const auto search = platform::get_env("PATH");  // the test's own PATH for sh and git; none invented
  REQUIRE(search);
  opts.env.emplace_back("PATH", *search);
  opts.env.emplace_back("HOME", util::path_to_utf8(tmp / "other-home"));
  const auto run = platform::run_process({"sh", util::path_to_utf8(tmp / "init.sh")}, opts);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(fs::exists(tmp / "other-home/学习/pdo/progress.md"));
  CHECK_FALSE(fs::exists(tmp / "~"));
}
