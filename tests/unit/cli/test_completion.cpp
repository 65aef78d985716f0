// The completion engine (src/cli/completion.cpp) on the app run_cli parses with: what each word position
// offers. The shells run their scripts in tests/cli/test_completion.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/completion.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

using namespace pdo;
using cli::Fill;

namespace {

/// The app exactly as run_cli builds it.
struct App {
  std::istringstream in;
  std::ostringstream out, err;
  cli::Context ctx{in, out, err, std::filesystem::current_path(), std::nullopt, 0};
  CLI::App app{"", "pdo"};
  App() { cli::build_cli(app, ctx); }
};

const char* const k_mini = R"(
id = "mini"
title = "Mini course"
entry_url = "https://example.org/course"
[[lessons]]
number = 1
title = "One"
url = "https://example.org/1"
folder = "01-one"
[[lessons]]
number = 12
title = "Twelve"
url = "https://example.org/12"
folder = "12-twelve"
[[checks]]
id = "my-page"
title = "My page opens"
kind = "browser"
routes = ["browser"]
url = "https://example.org/1"
action = "Open it."
expect = "It opens."
[[checks]]
id = "gpu-only"
title = "A GPU item"
kind = "manual"
routes = ["gpu"]
action = "Look."
expect = "It is there."
)";

const course::Course& mini() {
  static const course::Course c = course::parse_course(k_mini, "mini.toml").take();
  return c;
}

std::vector<std::string> values(const cli::Completion& c) {
  std::vector<std::string> v;
  for (const auto& cand : c.candidates) v.push_back(cand.value);
  return v;
}

cli::Completion complete(const std::vector<std::string>& words, const course::Course& course = course::default_course(),
                         std::optional<course::Route> route = std::nullopt) {
  static App a;
  return cli::complete(a.app, words, course, route);
}

bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

}  // namespace

TEST_CASE("the first word offers every command and nothing else", "[cli]") {
  const auto c = complete({""});
  CHECK(c.fill == Fill::none);
  CHECK(values(c) == std::vector<std::string>{"init", "check", "track", "status", "log", "report", "undo", "start", "ask", "lesson",
                                              "glossary", "sync", "course", "scan", "hook", "completion", "help"});
  CHECK(values(complete({"st"})) == std::vector<std::string>{"status", "start"});
  for (const auto& cand : c.candidates) CHECK_FALSE(cand.description.empty());
}

TEST_CASE("track offers its states then the course's lessons then the steps in both languages", "[cli]") {
  CHECK(values(complete({"track", ""})) == std::vector<std::string>{"done", "todo"});
  const auto lessons = values(complete({"track", "done", ""}));
  REQUIRE(lessons.size() == 17);
  CHECK(lessons.front() == "01");
  CHECK(has(lessons, "03"));
  CHECK(values(complete({"track", "done", "03"})) == std::vector<std::string>{"03"});
  CHECK(values(complete({"track", "done", "3"})) == std::vector<std::string>{"03"});  // "3" is lesson 3 too
  CHECK(values(complete({"track", "done", "03-"})) == std::vector<std::string>{"03-03-getting-started-with-distributed-data"});
  CHECK(values(complete({"track", "done", "03", ""})) ==
        std::vector<std::string>{"read", "exercise", "notes", "读讲义", "做练习", "记笔记"});
  CHECK(values(complete({"track", "todo", "03", "读"})) == std::vector<std::string>{"读讲义"});
  CHECK(values(complete({"track", "done", "03", "read", ""})).empty());  // nothing comes after the step
}

TEST_CASE("lessons and check items come from the course given and the workspace's route", "[cli]") {
  CHECK(values(complete({"start", ""}, mini())) == std::vector<std::string>{"01", "12"});
  CHECK(values(complete({"start", "1"}, mini())) == std::vector<std::string>{"01", "12"});
  CHECK(values(complete({"start", "12-"}, mini())) == std::vector<std::string>{"12-twelve"});
  CHECK(values(complete({"ask", "--lesson", ""}, mini())) == std::vector<std::string>{"01", "12"});
  CHECK(values(complete({"ask", "-l", "0"}, mini())) == std::vector<std::string>{"01"});
  CHECK(values(complete({"check", "--open", ""}, mini(), course::Route::browser)) == std::vector<std::string>{"my-page"});
  CHECK(values(complete({"check", "confirm", ""}, mini(), course::Route::gpu)) == std::vector<std::string>{"gpu-only"});
  CHECK(values(complete({"check", "confirm", ""}, mini())) == std::vector<std::string>{"my-page", "gpu-only"});
  const auto items = complete({"check", "--open", "my"}, mini());
  REQUIRE(items.candidates.size() == 1);
  CHECK(items.candidates.front().description == "My page opens");
}

TEST_CASE("options complete by name, take their value next and are not offered twice", "[cli]") {
  const auto opts = values(complete({"status", "-"}));
  CHECK(has(opts, "--json"));
  CHECK(has(opts, "--help"));
  CHECK(has(opts, "--lang"));  // global options work inside a command (CLI11's fallthrough)
  CHECK_FALSE(has(values(complete({"status", "--json", "--"})), "--json"));
  CHECK(values(complete({"--lang", ""})) == std::vector<std::string>{"zh", "en"});
  CHECK(values(complete({"--color", "a"})) == std::vector<std::string>{"auto", "always"});
  CHECK(values(complete({"--color=n"})) == std::vector<std::string>{"--color=never"});
  CHECK(values(complete({"init", "--route", ""})) == std::vector<std::string>{"browser", "local", "gpu"});
  CHECK(values(complete({"completion", ""})) == std::vector<std::string>{"bash", "zsh", "fish", "powershell"});
  CHECK(values(complete({"hook", ""})) == std::vector<std::string>{"pre-commit", "commit-msg", "pre-push"});
  // An option's value is not a positional: after "-C dir" the command word is still the first.
  CHECK(has(values(complete({"-C", "somewhere", "tr"})), "track"));
  CHECK(has(values(complete({"--lang", "en", "track", "done", ""})), "03"));
  CHECK(values(complete({"--unknown", "x"})).empty());
}

TEST_CASE("paths are left to the shell and -- ends the options", "[cli]") {
  CHECK(complete({"scan", ""}).fill == Fill::files);
  CHECK(complete({"scan", "a", ""}).fill == Fill::files);  // more paths
  CHECK(complete({"init", ""}).fill == Fill::dirs);
  CHECK(complete({"-C", ""}).fill == Fill::dirs);
  CHECK(complete({"init", "--course", ""}).fill == Fill::files);
  CHECK(complete({"report", "--html", ""}).fill == Fill::files);
  CHECK(complete({"track", "done", ""}).fill == Fill::none);
  CHECK(values(complete({"track", "--", "-"})).empty());  // "-" is a state here, not an option
  CHECK(values(complete({"track", "--", "d"})) == std::vector<std::string>{"done"});
}

TEST_CASE("check offers its nested command and help offers the commands", "[cli]") {
  CHECK(values(complete({"check", ""})) == std::vector<std::string>{"confirm"});
  CHECK(has(values(complete({"check", "--"})), "--online"));
  CHECK(has(values(complete({"check", "confirm", "x", "--"})), "--failed"));
  CHECK(has(values(complete({"help", ""})), "track"));
  CHECK(has(values(complete({"help", "--"})), "--man"));
}

TEST_CASE("descriptions follow the language the app was built in", "[cli]") {
  util::set_lang(util::Lang::en);
  App en;
  const auto c = cli::complete(en.app, {"track", "done", "03", "r"}, course::default_course(), std::nullopt);
  REQUIRE(c.candidates.size() == 1);
  CHECK(c.candidates.front().description == "Read the lecture");
  util::set_lang(util::Lang::zh);
  App zh;
  const auto z = cli::complete(zh.app, {"track", "done", "03", "r"}, course::default_course(), std::nullopt);
  REQUIRE(z.candidates.size() == 1);
  CHECK(z.candidates.front().description == "读讲义");
}

TEST_CASE("every shell's script asks pdo __complete for that shell", "[cli]") {
  for (const auto& shell : cli::k_shells) {
    INFO(shell);
    const std::string script = cli::completion_script(shell);
    CHECK_THAT(script, Catch::Contains(std::string(cli::k_complete_command) + " " + shell));
    CHECK_THAT(script, Catch::Contains("pdo " PDO_VERSION));
  }
  CHECK(cli::completion_script("tcsh").empty());
}
