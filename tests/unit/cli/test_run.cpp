// run_cli in-process (src/cli/run.cpp): help and usage errors need no pdo binary, no git, no workspace.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/run.hpp"
#include "support/temp_dir.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

using namespace pdo;

namespace {

struct Run {
  int code = -1;
  std::string out, err;
};

Run run(const std::vector<std::string>& args, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  Run r;
  r.code = cli::run_cli(args, in, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

/// pdo's commands as the README lists them, written out by hand: `pdo --help` must list exactly these.
const std::set<std::string> k_commands{"init", "course", "check",    "track", "status", "log",        "report", "undo", "start",
                                       "ask",  "lesson", "glossary", "sync",  "scan",   "completion", "help",   "hook"};

/// The command table as CLI11 sees it: the same add_<name> calls as run_cli, on a fresh App, in the
/// current language; each command's options are checked against its own --help below.
class Table {
public:
  Table() {
    m_app.set_help_flag("-h,--help");
    for (const auto& c : cli::commands()) c.setup(cli::Args(m_app.add_subcommand(c.name, util::tr(c.help_zh, c.help_en))), m_ctx);
  }
  /// Every command and nested subcommand, as the words that name it ("check confirm").
  std::vector<std::pair<std::vector<std::string>, const CLI::App*>> commands() const {
    std::vector<std::pair<std::vector<std::string>, const CLI::App*>> all;
    collect(&m_app, {}, all);
    return all;
  }

private:
  static void collect(const CLI::App* app, const std::vector<std::string>& words,
                      std::vector<std::pair<std::vector<std::string>, const CLI::App*>>& all) {
    for (const CLI::App* sub : app->get_subcommands([](const CLI::App*) { return true; })) {
      auto path = words;
      path.push_back(sub->get_name());
      all.emplace_back(path, sub);
      collect(sub, path, all);
    }
  }

  std::istringstream m_in;
  std::ostringstream m_out, m_err;
  cli::Context m_ctx{m_in, m_out, m_err, std::filesystem::current_path(), std::nullopt, 0};
  CLI::App m_app{"pdo", "pdo"};
};

/// What a command's help must show: each positional's name, each visible option's names.
std::vector<std::string> names_in_help(const CLI::App& cmd) {
  std::vector<std::string> names;
  for (const CLI::Option* o : cmd.get_options()) {
    if (o->get_group().empty()) continue;  // hidden from help on purpose
    if (o->get_positional()) names.push_back(o->get_name());
    for (const auto& s : o->get_snames()) names.push_back("-" + s);
    for (const auto& l : o->get_lnames()) names.push_back("--" + l);
  }
  return names;
}

/// The names a help page lists: the first word of each entry line ("  -l,--lesson TEXT  …" gives -l and
/// --lesson, "  state TEXT:{done,todo} REQUIRED" gives state). The Usage line and descriptions do not count.
std::set<std::string> listed_names(const std::string& help) {
  std::set<std::string> names;
  std::istringstream lines(help);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.size() < 3 || line.compare(0, 2, "  ") != 0 || line[2] == ' ') continue;
    std::istringstream words(line);
    std::string first;
    words >> first;
    for (const auto& name : util::split(first, ',')) names.insert(std::string(name));
  }
  return names;
}

/// The command names listed under "Subcommands:" in a help page.
std::set<std::string> listed_subcommands(const std::string& help) {
  std::set<std::string> names;
  // The heading in the current language ("命令:" in zh mode), on a line of its own.
  const std::string heading = "\n" + util::tr("命令", "Subcommands") + ":\n";
  std::istringstream lines(help.substr(std::min(help.size(), help.find(heading) + 1)));
  std::string line;
  std::getline(lines, line);  // the heading
  while (std::getline(lines, line) && line.size() > 2 && line[0] == ' ') {
    std::istringstream words(line);
    std::string first;
    words >> first;
    names.insert(first);
  }
  return names;
}

}  // namespace

TEST_CASE("every command's --help names its arguments and options, in Chinese and English", "[cli]") {
  for (const auto lang : {util::Lang::zh, util::Lang::en}) {
    const std::string code(util::lang_code(lang));
    util::set_lang(lang);
    const Table table;
    const auto commands = table.commands();

    const Run top = run({"--lang", code, "--help"});
    INFO("pdo --lang " << code << " --help:\n" << top.out << top.err);
    REQUIRE(top.code == 0);
    CHECK(listed_subcommands(top.out) == k_commands);
    for (const char* global : {"--lang", "-C", "--version", "-h", "--help"}) CHECK(listed_names(top.out).count(global) == 1);

    for (const auto& [words, cmd] : commands) {
      std::vector<std::string> args{"--lang", code};
      args.insert(args.end(), words.begin(), words.end());
      args.emplace_back("--help");
      const Run help = run(args);
      INFO("pdo --lang " << code << " " << util::join(words, " ") << " --help:\n" << help.out << help.err);
      CHECK(help.code == 0);
      CHECK(help.err.empty());
      CHECK_THAT(help.out, Catch::Contains(cmd->get_description()));  // in this language
      if (lang == util::Lang::zh) {
        // Every heading in Chinese, nested commands (`lesson add`, `check confirm`) included.
        for (const char* english : {"\nOptions:", "\nPositionals:", "\nSubcommands:", "Usage:"}) {
          INFO("English heading: " << english);
          CHECK(help.out.find(english) == std::string::npos);
        }
      }
      const auto names = names_in_help(*cmd);
      CHECK_FALSE(names.empty());
      const auto listed = listed_names(help.out);
      for (const auto& name : names) {
        INFO("missing: " << name);
        CHECK(listed.count(name) == 1);
      }
    }
  }
  util::set_lang(util::Lang::zh);
}

TEST_CASE("the help check sees a missing name", "[cli]") {
  // listed_names is what the help test relies on: entry lines only, whole names only.
  const std::string help =
      "Usage: pdo check [OPTIONS] id\n\nPositionals:\n  id TEXT REQUIRED   The item\n"
      "                     (continued) --hidden\n\nOptions:\n  -h,--help   Help\n"
      "  --lessons   Say per lesson\n";
  CHECK(listed_names(help) == std::set<std::string>{"id", "-h", "--help", "--lessons"});
  CHECK(listed_names(help).count("--lesson") == 0);
  util::set_lang(util::Lang::en);
  CHECK(listed_subcommands("x\nSubcommands:\n  init  Create\n  log   The journal\n\nmore\n  tail  no\n") ==
        std::set<std::string>{"init", "log"});
  util::set_lang(util::Lang::zh);
  CHECK(listed_subcommands("用法: pdo [选项] 命令\n\n命令:\n  init  创建\n\n").count("init") == 1);
}

TEST_CASE("plain pdo prints the help with exit code 0", "[cli]") {
  const Run r = run({});
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("用法") && Catch::Contains("track"));
}

TEST_CASE("usage errors exit 2 with pdo: 错误： and a pointer to --help", "[cli]") {
  const std::vector<std::vector<std::string>> bad{
      {"no-such-command"},                    // unknown command
      {"--lang", "fr", "status"},             // unknown language
      {"track", "done"},                      // missing arguments
      {"track", "finished", "03", "read"},    // not done|todo
      {"init", "--route", "cloud"},           // unknown route
      {"hook", "post-commit"},                // a hook pdo does not have
      {"status", "--no-such-flag"},           // unknown option
      {"check", "--open", "x", "--lessons"},  // options that exclude each other
  };
  for (const auto& args : bad) {
    const Run r = run(args);
    INFO("pdo " << util::join(args, " ") << "\nstdout: " << r.out << "\nstderr: " << r.err);
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::StartsWith("pdo: 错误：") && Catch::Contains("pdo --help"));
  }
  util::set_lang(util::Lang::zh);
}

TEST_CASE("pdo --version prints the version and exits 0", "[cli]") {
  const Run r = run({"--version"});
  CHECK(r.code == 0);
  CHECK(r.out == std::string("pdo ") + PDO_VERSION + "\n");
}

TEST_CASE("commands outside a workspace say to run pdo init", "[cli]") {
  test::TempDir tmp("run-outside");
  for (const auto& cmd : std::vector<std::vector<std::string>>{{"status"}, {"log"}, {"track", "done", "1", "read"}, {"undo"}}) {
    std::vector<std::string> args{"-C", util::path_to_utf8(tmp.path())};
    args.insert(args.end(), cmd.begin(), cmd.end());
    const Run r = run(args);
    INFO("pdo " << util::join(args, " ") << "\nstderr: " << r.err);
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::StartsWith("pdo: 错误：") && Catch::Contains("pdo init"));
  }
  util::set_lang(util::Lang::zh);
}
