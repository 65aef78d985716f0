// pdo help and the man page: the pdo.1 pages the build generates from the command table (English and
// Chinese) render with the real man(1) without a warning, `cmake --install` puts them where man finds
// them, and `pdo help COMMAND` prints that command's part of the same manual.
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;

namespace {

std::filesystem::path build_dir() { return util::path_from_utf8(PDO_BUILD_DIR); }

/// `man ARGS` as a learner's UTF-8 terminal of 80 columns runs it, with groff's warnings on.
platform::ProcessResult man(const std::vector<std::string>& args, const std::filesystem::path& cwd) {
  std::vector<std::string> argv{"man", "--warnings"};
  argv.insert(argv.end(), args.begin(), args.end());
  platform::ProcessOptions opts;
  opts.cwd = cwd;
  opts.env = test_env();
  opts.env.push_back({"MANWIDTH", "80"});
  opts.env.push_back({"LC_ALL", "C.UTF-8"});  // built into glibc: a UTF-8 terminal without extra locales
  opts.env.push_back({"MANPAGER", "cat"});
  opts.timeout = std::chrono::milliseconds(60000);
  return platform::run_process(argv, opts);
}

/// Display columns of the widest line (CJK characters count two); man prints no overstrikes to a pipe.
std::size_t widest_line(const std::string& text) {
  std::size_t widest = 0;
  for (const auto line : util::split_lines(text)) widest = std::max(widest, util::display_width(util::chomp(line)));
  return widest;
}

}  // namespace

TEST_CASE("the generated man pages render with man --warnings -l at 80 columns without a warning", "[cli][help][man]") {
  TempDir tmp;
  REQUIRE(platform::find_program("man"));  // man-db (scripts/test.sh installs it)
  for (const auto& [page, heading, track] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"man/man1/pdo.1", "COMMANDS", "Tick (done) or untick (todo) one step"},
           {"man/zh_CN/man1/pdo.1", "命令", "在 progress.md 勾选（done）或取消勾选（todo）一课的一步"}}) {
    INFO(page);
    const auto file = build_dir() / "share" / page;
    REQUIRE(std::filesystem::exists(file));
    const auto r = man({"-l", util::path_to_utf8(file)}, tmp.path());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK_THAT(r.out, Catch::Contains(heading));
    CHECK_THAT(r.out, Catch::Contains("pdo track done|todo LESSON STEP"));
    CHECK_THAT(r.out, Catch::Contains(track));
    CHECK_THAT(r.out, Catch::Contains("--color auto|always|never"));
    CHECK(widest_line(r.out) <= 80);
  }
  // The same check sees a page with a mistake in it.
  write_file(tmp / "bad.1", ".TH BAD 1\n.SH NAME\nbad \\- x\n.NOSUCHMACRO y\n\\f(ZZtext\n");
  const auto bad = man({"-l", util::path_to_utf8(tmp / "bad.1")}, tmp.path());
  CHECK_FALSE(bad.err.empty());
}

// The page's COMMANDS section, as man renders it, against what is written here by hand: every command
// of `pdo --help` has its entry, and three commands have the usage, arguments and options they take.
TEST_CASE("the build's man page has an entry for every command and the right arguments for three", "[cli][help][man]") {
  TempDir tmp;
  const auto r = man({"-l", util::path_to_utf8(build_dir() / "share/man/man1/pdo.1")}, tmp.path());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto from = r.out.find("\nCOMMANDS\n");
  const auto to = r.out.find("\nENVIRONMENT\n");
  REQUIRE(from != std::string::npos);
  REQUIRE(to != std::string::npos);
  const std::string commands = r.out.substr(from, to - from);
  INFO(commands);
  for (const char* name : {"init", "check", "track", "status", "log", "report", "undo", "start", "ask", "lesson", "glossary", "sync",
                           "scan", "hook", "completion", "help", "course"}) {
    CHECK_THAT(commands, Catch::Contains(std::string("\n   pdo ") + name));
  }
  /// The lines of one command's entry, from its usage line to the next command's.
  const auto entry = [&](const std::string& usage) {
    const auto at = commands.find("\n   " + usage + "\n");
    REQUIRE(at != std::string::npos);
    return commands.substr(at, commands.find("\n   pdo ", at + 1) - at);
  };
  const std::string track = entry("pdo track done|todo LESSON STEP");
  CHECK_THAT(track, Catch::Contains("Tick (done) or untick (todo) one step"));
  for (const char* term : {"\n       STEP ", "\n       LESSON "}) CHECK_THAT(track, Catch::Contains(term));
  const std::string ask = entry("pdo ask QUESTION [options]");
  CHECK_THAT(ask, Catch::Contains("Add a dated question under a lesson in questions.md"));
  for (const char* term : {"\n       QUESTION\n", "\n       -l, --lesson LESSON\n"}) CHECK_THAT(ask, Catch::Contains(term));
  const std::string scan = entry("pdo scan [PATH...] [options]");
  CHECK_THAT(scan, Catch::Contains("Look for API keys, tokens and private keys"));
  for (const char* term : {"\n       PATH...\n", "\n       --trust-rules\n", "\n       --history\n", "\n       -j, --jobs UINT\n"}) {
    CHECK_THAT(scan, Catch::Contains(term));
  }
}

TEST_CASE("cmake --install puts pdo its man pages and completions where man and the shells look", "[cli][help][man]") {
  TempDir tmp;
  const auto prefix = tmp / "prefix";
  platform::ProcessOptions opts;
  opts.timeout = std::chrono::milliseconds(120000);
  const auto install =
      platform::run_process({"cmake", "--install", util::path_to_utf8(build_dir()), "--prefix", util::path_to_utf8(prefix)}, opts);
  INFO(install.out << install.err);
  REQUIRE(install.exit_code == 0);
  for (const char* f : {"bin/pdo", "share/man/man1/pdo.1", "share/man/zh_CN/man1/pdo.1", "share/bash-completion/completions/pdo",
                        "share/zsh/vendor-completions/_pdo", "share/fish/vendor_completions.d/pdo.fish"}) {
    INFO(f);
    CHECK(std::filesystem::is_regular_file(prefix / f));
  }
  // man finds the installed page by name in that tree.
  const auto r = man({"-M", util::path_to_utf8(prefix / "share" / "man"), "pdo"}, tmp.path());
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("PDO(1)"));
}

TEST_CASE("pdo help COMMAND prints that command's part of the manual pdo help prints whole", "[cli][help]") {
  TempDir tmp;
  const auto whole = run_pdo({"--lang", "en", "help"}, tmp.path());
  require_ok(whole);
  for (const auto& words : std::vector<std::vector<std::string>>{{"track"}, {"check", "confirm"}, {"completion"}}) {
    std::vector<std::string> args{"--lang", "en", "help"};
    args.insert(args.end(), words.begin(), words.end());
    const auto part = run_pdo(args, tmp.path());
    INFO(util::join(words, " ") << ":\n" << part.out << part.err);
    require_ok(part);
    CHECK(util::starts_with(part.out, "pdo " + util::join(words, " ")));
    CHECK_THAT(whole.out, Catch::Contains(part.out));
  }
  const auto completion = run_pdo({"--lang", "en", "help", "completion"}, tmp.path());
  CHECK_THAT(completion.out, Catch::Contains("pdo completion bash > ~/.local/share/bash-completion/completions/pdo"));
  const auto zh = run_pdo({"help", "track"}, tmp.path());
  CHECK_THAT(zh.out, Catch::Contains("在 progress.md 勾选"));
  const auto none = run_pdo({"--lang", "en", "help", "nothing"}, tmp.path());
  CHECK(none.exit_code == 2);
  CHECK_THAT(none.err, Catch::Contains("no such command: nothing"));
  CHECK(run_pdo({"help", "track", "--man"}, tmp.path()).exit_code == 2);  // --man is the whole page
}

// Issue 43 item 9: `pdo CMD --help` showed CLI11's own value hints (`TEXT:{browser,local,gpu}`,
// `WHEN:{auto,always,never}`) and its English "Needs:" / "Excludes:" in Chinese help. Every command's help in
// both languages names values and relations as the manual does.
TEST_CASE("every command's --help names values and what options need as the manual does, in its language", "[cli][help]") {
  TempDir tmp;
  std::vector<std::vector<std::string>> commands{
      {}, {"check", "confirm"}, {"lesson", "add"}, {"lesson", "set-url"}, {"course", "template"}};
  for (const char* name : {"init", "check", "track", "status", "log", "report", "undo", "start", "ask", "lesson", "glossary", "sync",
                           "scan", "hook", "completion", "help", "course"}) {
    commands.push_back({name});
  }
  for (const char* lang : {"zh", "en"}) {
    for (const auto& words : commands) {
      std::vector<std::string> args{"--lang", lang};
      args.insert(args.end(), words.begin(), words.end());
      args.emplace_back("--help");
      const auto r = run_pdo(args, tmp.path());
      INFO(util::join(args, " ") << ":\n" << r.out << r.err);
      require_ok(r);
      CHECK_THAT(r.out, !Catch::Contains(":{") && !Catch::Contains("Needs:") && !Catch::Contains("Excludes:"));
    }
  }
  const auto init = run_pdo({"init", "--help"}, tmp.path());
  CHECK_THAT(init.out, Catch::Contains("--route browser|local|gpu") && Catch::Contains("（需要和这些一起使用：--script）"));
  const auto top = run_pdo({"--help"}, tmp.path());
  CHECK_THAT(top.out, Catch::Contains("--color auto|always|never") && Catch::Contains("--lang zh|en"));
}

// A mutant of the NAME section's indent (4 → 5) survived mutate.sh --seed-from HEAD: the text manual's
// sections are checked line by line, each body line indented by exactly four spaces, in both languages.
TEST_CASE("pdo help's text manual indents every section's lines by four spaces", "[cli][help]") {
  TempDir tmp("help indent");
  for (const char* lang : {"en", "zh"}) {
    const auto r = run_pdo({"--lang", lang, "help"}, tmp.path());
    REQUIRE(r.exit_code == 0);
    std::size_t headings = 0, body = 0;
    for (const auto line : util::split_lines(r.out)) {
      const auto l = util::chomp(line);
      if (l.empty()) continue;
      if (l.front() != ' ') {
        ++headings;
        continue;
      }
      ++body;
      INFO(lang << ": " << std::string(l));
      CHECK(util::starts_with(l, "    "));
    }
    const auto first = r.out.find('\n');
    INFO(r.out.substr(0, 200));
    CHECK(r.out.compare(first + 1, 10, "    pdo - ") == 0);  // NAME's line, at the section's indent
    CHECK(headings >= 4);
    CHECK(body > headings);
  }
}
