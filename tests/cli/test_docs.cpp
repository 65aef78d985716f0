// The repository's pages: README.md is the learner's page (Chinese first, short, the Windows way in on
// its first screen), README.en.md its twin; the command reference in docs/ is what pdo prints from its
// command table (so it cannot drift); every link between the pages lands on a file and a heading; and the
// README's setup and test commands are the ones .ci/run runs.
#include "cli/cli_helpers.hpp"

#include <regex>
#include <sstream>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

fs::path source() { return util::path_from_utf8(PDO_SOURCE_DIR); }

std::string source_file(const std::string& rel) { return read_file(source() / util::path_from_utf8(rel)); }

/// The lines of `text` outside ``` fences.
std::vector<std::string> prose_lines(const std::string& text) {
  std::vector<std::string> out;
  bool fenced = false;
  for (const auto raw : util::split_lines(text)) {
    const std::string line(util::chomp(raw));
    if (util::starts_with(util::trim(line), "```")) {
      fenced = !fenced;
      continue;
    }
    if (!fenced) out.push_back(line);
  }
  return out;
}

bool is_punctuation(unsigned long cp) {
  return cp == 0xB7 || (cp >= 0x2000 && cp <= 0x206F) || (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF00 && cp <= 0xFF0F) ||
         (cp >= 0xFF1A && cp <= 0xFF20);
}

/// GitHub's anchor for a heading: lower case, spaces to '-', punctuation dropped, letters of any script kept.
std::string slug(std::string_view heading) {
  std::string out;
  for (std::size_t i = 0; i < heading.size();) {
    const std::size_t start = i;
    const unsigned long cp = util::next_code_point(heading, i);
    if (cp == ' ') {
      out += '-';
    } else if (cp < 0x80) {
      const char c = static_cast<char>(cp);
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') out += static_cast<char>(std::tolower(c));
    } else if (!is_punctuation(cp)) {
      out += heading.substr(start, i - start);
    }
  }
  return out;
}

/// The anchors of a Markdown file's headings (a repeated heading gets -1, -2… as on GitHub).
std::set<std::string> anchors(const std::string& text) {
  std::set<std::string> out;
  std::map<std::string, int> seen;
  for (const auto& line : prose_lines(text)) {
    if (!util::starts_with(line, "#")) continue;
    const auto text_at = line.find_first_not_of('#');
    if (text_at == std::string::npos || line[text_at] != ' ') continue;
    const std::string s = slug(util::trim(std::string_view(line).substr(text_at)));
    const int n = seen[s]++;
    out.insert(n == 0 ? s : s + "-" + std::to_string(n));
  }
  return out;
}

/// The Markdown pages a reader of the repository moves between.
std::vector<std::string> pages() {
  std::vector<std::string> out{"README.md", "README.en.md", "ARCHITECTURE.md", "bench/README.md"};
  for (const auto& e : fs::directory_iterator(source() / "docs")) {
    if (e.path().extension() == ".md") out.push_back("docs/" + e.path().filename().generic_u8string());
  }
  return out;
}

/// Every command and nested command of the table, as "check confirm".
void commands_of(const CLI::App* app, const std::string& prefix, std::vector<std::string>& out) {
  for (const CLI::App* sub : app->get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); })) {
    out.push_back(prefix + sub->get_name());
    commands_of(sub, out.back() + " ", out);
  }
}

std::vector<std::string> table_commands() {
  std::istringstream in;
  std::ostringstream out, err;
  cli::Context ctx{in, out, err, fs::current_path(), std::nullopt, 0};
  CLI::App app{"", "pdo"};
  cli::build_cli(app, ctx);
  std::vector<std::string> names;
  commands_of(&app, "", names);
  return names;
}

}  // namespace

TEST_CASE("docs/commands.md and docs/commands.zh.md are what pdo help --markdown prints now", "[cli][docs]") {
  TempDir tmp;
  for (const auto& [lang, file] :
       std::vector<std::pair<std::string, std::string>>{{"en", "docs/commands.md"}, {"zh", "docs/commands.zh.md"}}) {
    INFO(file << " is stale: run scripts/update-docs.sh and commit the result");
    const auto r = run_pdo({"--lang", lang, "help", "--markdown"}, tmp.path());
    require_ok(r);
    CHECK(source_file(file) == r.out);
  }
}

TEST_CASE("every command of the table, nested ones too, has its section in both committed references", "[cli][docs]") {
  const auto names = table_commands();
  REQUIRE(names.size() > 16);  // the table's rows plus check confirm and lesson add/list/remove
  for (const char* file : {"docs/commands.md", "docs/commands.zh.md"}) {
    const auto found = anchors(source_file(file));
    for (const auto& name : names) {
      INFO(file << ": pdo " << name);
      CHECK(found.count(slug("pdo " + name)) == 1);
    }
  }
  // The check sees a command that is missing.
  CHECK(anchors("# ref\n\n### pdo init\n").count(slug("pdo track")) == 0);
}

TEST_CASE("every link between the repository's pages lands on a file, and on a heading when it names one", "[cli][docs]") {
  const std::regex link(R"(\]\(([^)\s]+)\))");
  std::size_t checked = 0;
  for (const auto& page : pages()) {
    const auto dir = fs::path(util::path_from_utf8(page)).parent_path();
    for (const auto& line : prose_lines(source_file(page))) {
      for (auto it = std::sregex_iterator(line.begin(), line.end(), link); it != std::sregex_iterator(); ++it) {
        const std::string target = (*it)[1];
        if (util::starts_with(target, "http://") || util::starts_with(target, "https://") || util::starts_with(target, "mailto:")) continue;
        INFO(page << " links to " << target);
        const auto hash = target.find('#');
        const std::string file = target.substr(0, hash);
        const fs::path resolved = file.empty() ? source() / util::path_from_utf8(page) : source() / dir / util::path_from_utf8(file);
        CHECK(fs::exists(resolved));
        if (hash != std::string::npos && fs::is_regular_file(resolved) && resolved.extension() == ".md") {
          CHECK(anchors(read_file(resolved)).count(target.substr(hash + 1)) == 1);
        }
        ++checked;
      }
    }
  }
  CHECK(checked > 30);
  CHECK(slug("信任与安全") == "信任与安全");
  CHECK(slug("A second machine and a backup: `pdo sync`") == "a-second-machine-and-a-backup-pdo-sync");
}

TEST_CASE("README.md is the learner's page: at most 16 KB, Chinese first screen with pdo.exe and the first commands", "[cli][docs]") {
  const std::string readme = source_file("README.md");
  CHECK(readme.size() <= 16 * 1024);
  const auto lines = util::split_lines(readme);
  REQUIRE(lines.size() > 120);
  std::string first_screen;
  for (std::size_t i = 0; i < 120; ++i) first_screen += std::string(lines[i]);
  CHECK_THAT(first_screen, Catch::Contains("[English](README.en.md)"));
  for (const char* command : {"pdo.exe", "pdo init", "pdo status", "pdo start 01", "pdo track done 01 read", "Releases"}) {
    INFO(command);
    CHECK_THAT(first_screen, Catch::Contains(command));
  }
  // Every sentence of prose on the first screen is Chinese: a line with more than a few English words
  // and no Chinese character would be English.
  for (const auto& line : prose_lines(first_screen)) {
    std::size_t letters = 0;
    bool cjk = false;
    for (std::size_t i = 0; i < line.size();) {
      const unsigned long cp = util::next_code_point(line, i);
      letters += cp < 0x80 && std::isalpha(static_cast<int>(cp)) ? 1 : 0;
      cjk = cjk || (cp >= 0x4E00 && cp <= 0x9FFF);
    }
    INFO(line);
    CHECK((cjk || letters < 24));
  }
  const std::string english = source_file("README.en.md");
  CHECK(english.size() <= 16 * 1024);
  CHECK_THAT(english, Catch::Contains("[中文](README.md)") && Catch::Contains("pdo.exe"));
}

TEST_CASE("README's two setup commands for a fresh Debian machine are the ones .ci/run runs", "[cli][docs]") {
  const std::string ci = source_file(".ci/run");
  std::vector<std::string> ci_lines;
  for (const auto line : util::split_lines(ci)) ci_lines.emplace_back(util::trim(util::chomp(line)));
  const auto has = [&](const std::string& l) { return std::find(ci_lines.begin(), ci_lines.end(), l) != ci_lines.end(); };
  REQUIRE(has("./scripts/bootstrap.sh"));
  REQUIRE(has("./scripts/test.sh"));
  for (const char* page : {"README.md", "README.en.md"}) {
    INFO(page);
    const std::string readme = source_file(page);
    CHECK_THAT(readme, Catch::Contains("\n./scripts/bootstrap.sh && cmake --preset release && cmake --build --preset release && "
                                       "./build/release/pdo init ~/pytorch-distributed-overview\n"));
    CHECK_THAT(readme, Catch::Contains("\n./scripts/test.sh\n"));
  }
}
