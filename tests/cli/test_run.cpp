// The pdo binary is main.cpp forwarding argv to run_cli: one smoke test of that path here. Help and
// usage errors of every command are tested in-process, in tests/unit/cli/test_run.cpp.
#include "cli/cli_helpers.hpp"

#include <algorithm>
#include <set>

#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;

TEST_CASE("the binary forwards to run_cli: help, version and a usage error", "[cli]") {
  TempDir tmp("run");
  const auto help = run_pdo({"--lang", "en", "track", "--help"}, tmp.path());
  CHECK(help.exit_code == 0);
  CHECK(help.err.empty());
  CHECK_THAT(help.out, Catch::Contains("Tick (done) or untick (todo)") && Catch::Contains("lesson"));
  const auto version = run_pdo({"--version"}, tmp.path());
  CHECK(version.exit_code == 0);
  CHECK_THAT(version.out, Catch::StartsWith("pdo "));
  const auto bad = run_pdo({"track", "done"}, tmp.path());
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::StartsWith("pdo: 错误："));
}

namespace {

/// Lines of `text` that are an English sentence with no Chinese in them: ASCII only and at least three
/// words of letters (a path, a command name or a value alone is not a sentence).
std::vector<std::string> english_sentences(const std::string& text) {
  std::vector<std::string> found;
  for (const auto& ref : Catch::splitStringRef(text, '\n')) {
    std::string line(ref);
    const bool ascii = std::all_of(line.begin(), line.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    if (!ascii) continue;
    int words = 0;
    bool in_word = false;
    std::size_t letters = 0;
    for (const char c : line + " ") {
      const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      if (letter) ++letters;
      if (c == ' ') {
        if (in_word && letters >= 2) ++words;
        in_word = false;
        letters = 0;
      } else {
        in_word = true;
      }
    }
    if (words >= 3) found.push_back(line);
  }
  return found;
}

}  // namespace

TEST_CASE("zh mode: every command with bad arguments answers in Chinese", "[cli][issue12]") {
  TempDir tmp("run zh errors");
  const std::vector<std::vector<std::string>> bad = {
      {"bogus"},
      {"init", "--bogus"},
      {"init", "--route", "nowhere"},
      {"init", "--script", "bash"},
      {"init", "a", "b"},
      {"init", "-o", "x.sh"},
      {"check", "--bogus"},
      {"check", "--lessons", "--online"},
      {"check", "confirm"},
      {"check", "--base-url", "http://x"},
      {"track"},
      {"track", "3", "03", "read"},
      {"track", "done", "03", "read", "extra"},
      {"status", "--bogus"},
      {"log", "extra"},
      {"undo", "--bogus"},
      {"start"},
      {"start", "3", "4"},
      {"ask"},
      {"ask", "--lesson"},
      {"scan", "--bogus"},
      {"hook"},
      {"hook", "bogus-hook"},
      {"--lang", "fr", "status"},
      {"-C"},
  };
  for (const auto& args : bad) {
    const auto r = run_pdo(args, tmp.path());
    INFO("pdo " << Catch::Detail::stringify(args) << "\nstdout: " << r.out << "\nstderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::StartsWith("pdo: 错误："));
    CHECK(english_sentences(r.err + r.out).empty());
  }
}

TEST_CASE("zh mode: CLI11's own errors are translated, with their facts", "[cli][issue12]") {
  TempDir tmp("run zh cli11");
  const auto unknown = run_pdo({"bogus"}, tmp.path());
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err,
             Catch::Contains("没有这个命令：bogus") && Catch::Contains("init") && !Catch::Contains("A subcommand is required"));
  const auto choice = run_pdo({"track", "3", "03", "read"}, tmp.path());
  CHECK_THAT(choice.err, Catch::Contains("「3」不是可选的值（可选：done、todo）") && !Catch::Contains("not in"));
  // An argument is named as the manual names it (LESSON, done|todo), with its description: not by
  // CLI11's inner name ("lesson", "state").
  const auto missing = run_pdo({"start"}, tmp.path());
  CHECK_THAT(missing.err, Catch::Contains("缺少必需的参数 LESSON（课号：3、03 或文件夹名）"));
  const auto state = run_pdo({"track"}, tmp.path());
  CHECK_THAT(state.err, Catch::Contains("缺少必需的参数 done|todo（done（完成）或 todo（未完成））") && !Catch::Contains("state"));
  const auto en = run_pdo({"--lang", "en", "bogus"}, tmp.path());
  CHECK_THAT(en.err, Catch::Contains("no such command: bogus. Commands: init, check"));
}

TEST_CASE("a command whose subcommand is missing names its subcommands, in either language", "[cli][issue26]") {
  TempDir tmp("run lesson sub");
  const auto zh = run_pdo({"lesson"}, tmp.path());
  CHECK(zh.exit_code == 2);
  CHECK_THAT(zh.err, Catch::StartsWith("pdo: 错误：pdo lesson 后面要跟一个子命令：add、list、remove、set-url。") &&
                         !Catch::Contains("没有这个命令"));
  const auto en = run_pdo({"--lang", "en", "lesson"}, tmp.path());
  CHECK_THAT(en.err, Catch::StartsWith("pdo: error: pdo lesson needs a subcommand: add, list, remove, set-url.") &&
                         !Catch::Contains("A subcommand"));
  const auto flag = run_pdo({"--lang", "en", "init", "--yes=please"}, tmp.path());
  CHECK_THAT(flag.err, Catch::Contains("--yes is a switch and takes no value (got \"please\")"));
  const auto extra = run_pdo({"log", "--days", "3"}, tmp.path());
  CHECK_THAT(extra.err, Catch::Contains("多余或无法识别的参数：--days 3。"));
}

TEST_CASE("plain pdo prints the help and exits 0", "[cli][issue12]") {
  TempDir tmp("run plain");
  const auto r = run_pdo({}, tmp.path());
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("用法") && Catch::Contains("init") && Catch::Contains("check"));
}

namespace {

/// The command names `pdo --lang en --help` lists under "Subcommands:".
std::set<std::string> listed_commands(const std::string& help) {
  std::set<std::string> names;
  const auto at = help.find("\nSubcommands:\n");
  if (at == std::string::npos) return names;
  const std::string list = help.substr(at + 14);
  for (const auto& ref : Catch::splitStringRef(list, '\n')) {
    const std::string line(ref);
    if (line.size() < 3 || line[0] != ' ') break;
    names.insert(line.substr(2, line.find(' ', 2) - 2));
  }
  return names;
}

}  // namespace

// Each command of `pdo --help` run for real in one workspace, checked by what only that command does (a
// command missing from the table, or a name wired to another command's code, fails here). The list and the
// expectations are written by hand.
TEST_CASE("every command pdo --help lists runs its own code", "[cli]") {
  TempDir tmp("run every command");
  const auto ws = fresh_workspace(tmp);
  const auto en = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"--lang", "en"});
    return pdo_in(ws, args);
  };
  write_file(ws / "leak.txt", "token " + fake_key(7) + "\n");
  write_file(tmp / "message.txt", "token " + fake_key(8) + "\n");
  append(lesson_dir(ws, "02") / "notes.md", "\n名称解释：\nNCCL：NVIDIA 的集合通信库\n");
  git_out({"add", "lessons"}, ws);
  git_out({"commit", "-qm", "my notes"}, ws);
  const std::string head = git_out({"rev-parse", "HEAD"}, ws);
  std::set<std::string> checked;
  const auto check = [&](const std::string& name, const std::vector<std::string>& args, int code, const std::string& out) {
    INFO("pdo " << util::join(args, " "));
    const auto r = en(args);
    INFO(r.out << r.err);
    CHECK(r.exit_code == code);
    CHECK_THAT(r.out + r.err, Catch::Contains(out));
    checked.insert(name);
  };
  check("init", {"init", pdo_path(ws), "--dry-run"}, 0, pdo_path(ws));
  CHECK(git_out({"rev-parse", "HEAD"}, ws) == head);  // a dry run
  check("check", {"check", "--lessons"}, 0, "Kaggle (2×T4)");
  check("track", {"track", "done", "03", "read"}, 0, "03");
  CHECK_THAT(git_out({"show", "HEAD:progress.md"}, ws), Catch::Contains("- [x] 03 "));
  check("status", {"status", "--json"}, 0, "\"lessons\"");
  check("log", {"log"}, 0, git_out({"rev-parse", "--short=7", "HEAD"}, ws).substr(0, 7));
  check("report", {"report"}, 0, "report.html");
  CHECK(std::filesystem::is_regular_file(ws / "report.html"));
  check("ask", {"ask", "why all_reduce?", "--lesson", "4"}, 0, "questions.md");
  CHECK_THAT(read_file(ws / "questions.md"), Catch::Contains("why all_reduce?"));
  check("undo", {"undo"}, 0, "04 Writing Distributed Applications with PyTorch");
  CHECK(read_file(ws / "questions.md").find("why all_reduce?") == std::string::npos);
  check("start", {"start", "3"}, 0, "https://docs.pytorch.org/tutorials/intermediate/ddp_tutorial.html");
  check("lesson", {"lesson", "list"}, 0, "lessons/17-");
  check("glossary", {"glossary"}, 0, "glossary.md");
  CHECK_THAT(read_file(ws / "glossary.md"), Catch::Contains("NCCL"));
  if (pdo_under_launcher()) {
    check("sync", {"sync"}, 1, "winget install");  // pdo.exe under wine finds no git: it says how to install one first
  } else {
    check("sync", {"sync"}, 2, "--remote");
  }
  check("scan", {"scan", "leak.txt"}, 3, "leak.txt");
  check("hook", {"hook", "commit-msg", pdo_path(tmp / "message.txt")}, 3, "github-token");
  check("completion", {"completion", "fish"}, 0, "__complete fish");
  check("help", {"help", "undo"}, 0, "pdo undo");
  check("course", {"course", "template"}, 0, "[[lessons]]");
  const auto help = en({"--help"});
  REQUIRE(help.exit_code == 0);
  CHECK(listed_commands(help.out) == checked);
}
