// The workspace's own README.md (templates/zh|en/README.md): it teaches the daily loop, every daily
// command with one line and one example, in the workspace's language and for the OS it was made for;
// and every example it shows runs as written in a fresh workspace.
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// The daily commands the README must teach, as their examples start.
const std::vector<std::string> k_daily{"start",  "track",         "ask",      "undo",       "status", "log",
                                       "report", "check confirm", "glossary", "lesson add", "sync",   "help"};

/// The examples of the README's command list, in order: the code span after "例：" / "E.g. ".
std::vector<std::string> examples(const std::string& readme, const std::string& marker) {
  std::vector<std::string> out;
  for (const auto raw : util::split_lines(readme)) {
    const std::string line(util::chomp(raw));
    const auto at = line.find(marker + "`");
    if (!util::starts_with(line, "- `pdo ") || at == std::string::npos) continue;
    const auto begin = at + marker.size() + 1;
    out.push_back(line.substr(begin, line.find('`', begin) - begin));
  }
  return out;
}

/// A command line as PowerShell and sh both split it: words at blanks, "…" one word without its quotes.
std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false, any = false;
  for (const char c : line) {
    if (c == '"') {
      quoted = !quoted;
      any = true;
    } else if (c == ' ' && !quoted) {
      if (any) out.push_back(cur);
      cur.clear();
      any = false;
    } else {
      cur += c;
      any = true;
    }
  }
  if (any) out.push_back(cur);
  return out;
}

}  // namespace

TEST_CASE("the workspace README names every daily command with an example, in the workspace's language", "[cli][readme][issue26]") {
  for (const auto& [lang, marker, other] :
       std::vector<std::tuple<std::string, std::string, std::string>>{{"zh", "例：", "E.g. "}, {"en", "E.g. ", "例："}}) {
    INFO(lang);
    TempDir tmp("readme " + lang);
    const auto root = tmp / "ws";
    init_workspace(root, {"--lang", lang});
    const std::string readme = read_file(root / "README.md");
    const auto shown = examples(readme, marker);
    for (const auto& command : k_daily) {
      INFO(command);
      CHECK_THAT(readme, Catch::Contains("\n- `pdo " + command));
      CHECK(std::count_if(shown.begin(), shown.end(), [&](const std::string& e) {
              return util::starts_with(e, "pdo " + command + " ") || e == "pdo " + command;
            }) == 1);
    }
    CHECK(shown.size() == k_daily.size());
    CHECK(examples(readme, other).empty());
    // Made on this machine: the OS section is this machine's, kept in .pdo/config.toml (pdo's machine:
    // Windows when the tests drive pdo.exe under wine).
    const bool windows = platform::current_os() == platform::Os::windows || pdo_under_launcher();
    CHECK_THAT(read_file(root / ".pdo" / "config.toml"), Catch::Contains(windows ? "os = \"windows\"" : "os = \""));
    CHECK((readme.find("PowerShell") != std::string::npos) == windows);
  }
}

TEST_CASE("a workspace made for Windows keeps a PowerShell README whichever machine regenerates it", "[cli][readme][issue26]") {
  TempDir tmp("readme windows");
  const auto root = fresh_workspace(tmp);
  std::string config = read_file(root / ".pdo" / "config.toml");
  const auto at = config.find("os = \"");
  REQUIRE(at != std::string::npos);
  config = config.substr(0, at) + "os = \"windows\"\n";
  write_file(root / ".pdo" / "config.toml", config);
  git_out({"commit", "-q", "--allow-empty", "-am", "made on Windows"}, root);  // pdo.exe already made it so
  // A lesson added here rewrites the README's block for the workspace's OS, not this machine's.
  require_ok(pdo_in(root, {"lesson", "add", "DeepSpeed ZeRO"}));
  const std::string readme = read_file(root / "README.md");
  CHECK_THAT(readme, Catch::Contains("## 在 Windows 上") && Catch::Contains("每个例子都可以直接粘贴到 PowerShell 里运行。"));
  CHECK(readme.find("## 在 Linux / macOS 上") == std::string::npos);
  // Nothing in an example is sh-only: no ~, $, single quotes or line continuations.
  for (const auto& e : examples(readme, "例：")) {
    INFO(e);
    CHECK(e.find_first_of("~$'\\") == std::string::npos);
  }
  CHECK(pdo_in(root, {"status"}).exit_code == 0);
  write_file(root / ".pdo" / "config.toml", config.substr(0, at) + "os = \"beos\"\n");
  const auto bad = pdo_in(root, {"status"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("os"));
}

// [posix:git-from-pdo] pdo sync runs the Linux git program, which wine's pdo.exe cannot wait for.
TEST_CASE("every example of a fresh workspace's README runs as written, in order", "[cli][readme][issue26][posix][posix:git-from-pdo]") {
  for (const auto& [lang, marker] : std::vector<std::pair<std::string, std::string>>{{"zh", "例："}, {"en", "E.g. "}}) {
    INFO(lang);
    TempDir tmp("readme walk " + lang);
    const auto root = tmp / "ws";
    init_workspace(root, {"--lang", lang});
    FakeBin bin(tmp / "bin");
    bin.desktop_opener("log opened.txt\nwhen *");
    const auto bare = tmp / "remote.git";
    git_out({"init", "-q", "--bare", util::path_to_utf8(bare)}, tmp.path());
    const auto shown = examples(read_file(root / "README.md"), marker);
    REQUIRE(shown.size() == k_daily.size());
    for (const auto& example : shown) {
      INFO(example);
      auto argv = words(example);
      REQUIRE(argv.front() == "pdo");
      argv.erase(argv.begin());
      // The one placeholder: the learner's own empty repository.
      if (argv.front() == "sync") argv.back() = util::path_to_utf8(bare);
      const bool opens = std::find(argv.begin(), argv.end(), "--open") != argv.end();
      const auto r = opens ? run_pdo(argv, root, "", bin.env()) : pdo_in(root, argv);
      INFO(r.out << r.err);
      CHECK(r.exit_code == 0);
    }
    // What the walk did: a tick, a question, a lesson of its own, pushed; the report beside README.md.
    CHECK_THAT(read_file(root / "progress.md"), Catch::Contains("- [x] 03 "));
    CHECK_THAT(read_file(root / "questions.md"), Catch::Contains("all_reduce"));
    CHECK(fs::is_directory(root / "lessons" / "18-18-deepspeed-zero" / "exercises"));
    CHECK(fs::exists(root / "report.html"));
    CHECK(git_out({"rev-parse", "HEAD"}, root) == git_out({"rev-parse", "main"}, bare));
    require_clean_repo(root);
  }
}
