// The manual (src/cli/manual.cpp): read from the app build_cli makes, rendered as roff and as text. The
// man(1) rendering itself is checked with the real man in tests/cli/test_help.cpp.
#include <catch2/catch.hpp>

#include <sstream>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/manual.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

using namespace pdo;

namespace {

cli::Manual manual_in(util::Lang lang) {
  util::set_lang(lang);
  std::istringstream in;
  std::ostringstream out, err;
  cli::Context ctx{in, out, err, std::filesystem::current_path(), std::nullopt, 0};
  CLI::App app{"", "pdo"};
  cli::build_cli(app, ctx);
  auto m = cli::build_manual(app);
  util::set_lang(util::Lang::zh);
  return m;
}

/// Every command and nested command of the app, as the words that name it, with each visible option's names.
void collect(const CLI::App* app, const std::vector<std::string>& words,
             std::vector<std::pair<std::string, std::vector<std::string>>>& out) {
  for (const CLI::App* sub : app->get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); })) {
    auto path = words;
    path.push_back(sub->get_name());
    std::vector<std::string> names;
    for (const CLI::Option* o : sub->get_options()) {
      if (o->get_group().empty() || o->get_positional() || o == sub->get_help_ptr()) continue;
      for (const auto& l : o->get_lnames()) names.push_back("--" + l);
    }
    out.emplace_back(util::join(path, " "), names);
    collect(sub, path, out);
  }
}

}  // namespace

TEST_CASE("the manual has every command of the table with every option in both languages", "[cli]") {
  for (const auto lang : {util::Lang::zh, util::Lang::en}) {
    util::set_lang(lang);
    std::istringstream in;
    std::ostringstream out, err;
    cli::Context ctx{in, out, err, std::filesystem::current_path(), std::nullopt, 0};
    CLI::App app{"", "pdo"};
    cli::build_cli(app, ctx);
    const auto manual = cli::build_manual(app);
    const std::string text = cli::render_text(manual);
    const std::string roff = cli::render_roff(manual);
    std::vector<std::pair<std::string, std::vector<std::string>>> commands;
    collect(&app, {}, commands);
    REQUIRE(commands.size() == manual.commands.size());
    for (const auto& [words, options] : commands) {
      INFO(words);
      const auto* c = cli::find_command(manual, util::split(words, ' '));
      REQUIRE(c != nullptr);
      CHECK(util::starts_with(c->usage, "pdo " + words));
      CHECK_THAT(text, Catch::Contains(c->usage));
      for (const auto& o : options) {
        CHECK_THAT(text, Catch::Contains(o));
        CHECK_THAT(roff, Catch::Contains(util::replace_all(o, "-", "\\-")));  // roff's minus, not a hyphen
      }
    }
    for (const char* global : {"--lang", "--color", "-C", "--version", "--help"}) CHECK_THAT(text, Catch::Contains(global));
    for (const char* var : {"NO_COLOR", "FORCE_COLOR", "PDO_PROGRESS_DELAY"}) CHECK_THAT(roff, Catch::Contains(var));
  }
  util::set_lang(util::Lang::zh);
}

TEST_CASE("pdo help COMMAND shows the same text as that command's part of the whole manual", "[cli]") {
  const auto m = manual_in(util::Lang::en);
  const std::string whole = cli::render_text(m);
  for (const auto& c : m.commands) {
    INFO(util::join(c.words, " "));
    CHECK_THAT(whole, Catch::Contains(cli::render_command_text(c)));
  }
  const auto* track = cli::find_command(m, {"track"});
  REQUIRE(track);
  CHECK(track->usage == "pdo track done|todo LESSON STEP");
  const auto* confirm = cli::find_command(m, {"check", "confirm"});
  REQUIRE(confirm);
  CHECK(confirm->usage == "pdo check confirm ITEM [options]");
  CHECK(cli::find_command(m, {"nothing"}) == nullptr);
}

TEST_CASE("the roff page escapes what roff would read as requests or escapes", "[cli]") {
  const std::string roff = cli::render_roff(manual_in(util::Lang::en));
  CHECK(util::starts_with(roff, "'\\\" -*- coding: UTF-8 -*-\n"));
  CHECK_THAT(roff, Catch::Contains(".TH PDO 1 \"\" \"pdo " PDO_VERSION "\""));
  for (const auto line : util::split_lines(roff)) {
    const std::string l(util::chomp(line));
    INFO(l);
    // Only pdo's own requests start a line with '.' or '\''; text that did was escaped with \&.
    if (!l.empty() && (l[0] == '.' || l[0] == '\'')) {
      const bool request = util::starts_with(l, ".TH") || util::starts_with(l, ".SH") || util::starts_with(l, ".SS") ||
                           util::starts_with(l, ".TP") || util::starts_with(l, ".PP") || util::starts_with(l, ".BR") ||
                           util::starts_with(l, ".ad") || util::starts_with(l, ".nh") || util::starts_with(l, ".\\\"") ||
                           util::starts_with(l, "'\\\"");
      CHECK(request);
    }
  }
  CHECK_THAT(roff, Catch::Contains("\\&.pdo/config.toml"));  // a file name starting with '.'
  CHECK_THAT(roff, Catch::Contains("%APPDATA%\\epdo"));      // a backslash is \e
}

TEST_CASE("the Markdown reference has a section per command and escapes what Markdown would read as markup", "[cli]") {
  cli::Manual m;
  m.summary = "a study tool";
  m.commands.push_back(
      {{"check", "confirm"}, "pdo check confirm ITEM [options]", "Record <ITEM> as *done*", "", {{"--failed TEXT", "a_b [x]"}}});
  util::set_lang(util::Lang::en);
  const std::string md = cli::render_markdown(m);
  util::set_lang(util::Lang::zh);
  CHECK_THAT(md, Catch::Contains("- [pdo check confirm](#pdo-check-confirm): Record \\<ITEM\\> as \\*done\\*\n"));
  CHECK_THAT(md, Catch::Contains("### pdo check confirm\n\n```\npdo check confirm ITEM [options]\n```\n"));
  CHECK_THAT(md, Catch::Contains("- `--failed TEXT`: a\\_b \\[x\\]\n"));
  // The real manual: every command of the table is a heading, in both languages.
  for (const auto lang : {util::Lang::zh, util::Lang::en}) {
    const auto real = manual_in(lang);
    util::set_lang(lang);
    const std::string text = cli::render_markdown(real);
    util::set_lang(util::Lang::zh);
    for (const auto& c : real.commands) CHECK_THAT(text, Catch::Contains("\n### pdo " + util::join(c.words, " ") + "\n"));
  }
}

TEST_CASE("Chinese text may break between characters in roff and in text", "[cli]") {
  const auto m = manual_in(util::Lang::zh);
  const std::string roff = cli::render_roff(m);
  CHECK_THAT(roff, Catch::Contains("创\\:建"));
  CHECK(roff.find("\\:，") == std::string::npos);  // never a break before closing punctuation
  const std::string text = cli::render_text(m, 60);
  for (const auto line : util::split_lines(text)) {
    INFO(std::string(line));
    CHECK(util::display_width(util::chomp(line)) <= 60);
    const std::string l(util::trim(util::chomp(line)));
    CHECK_FALSE(util::starts_with(l, "，"));
    CHECK_FALSE(util::starts_with(l, "。"));
  }
}
