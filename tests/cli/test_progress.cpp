// Progress lines (util/progress): scan --history, scan of a tree, check --online and log's first walk
// show a one-line counter with its rate on stderr only when stderr is a terminal, never in a pipe, in a
// file or with --json. PDO_PROGRESS_DELAY=0 shows the line at once (the default waits a second), so the
// terminal cases do not depend on how fast this machine is.
#include "cli/cli_helpers.hpp"
#include "course/course.hpp"
#include "support/http_server.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;

namespace {

const std::vector<std::pair<std::string, std::string>> k_now = {{"PDO_PROGRESS_DELAY", "0"}};

std::vector<std::pair<std::string, std::string>> now_with(std::vector<std::pair<std::string, std::string>> env) {
  env.insert(env.end(), k_now.begin(), k_now.end());
  return env;
}

/// A workspace with a few commits, one of them (made with --no-verify) holding a fake key.
std::filesystem::path with_history(const TempDir& tmp) {
  auto ws = fresh_workspace(tmp, {"--lang", "en"});
  for (const char* lesson : {"01", "02", "03"}) require_ok(pdo_in(ws, {"track", "done", lesson, "read"}));
  write_file(ws / "data" / "old.txt", "token = " + fake_key(11) + "\n");
  git_out({"add", "data/old.txt"}, ws);
  REQUIRE(run_git({"commit", "-q", "--no-verify", "-m", "a key by mistake"}, ws).exit_code == 0);
  return ws;
}

}  // namespace

// [posix:pty] a pseudo-terminal from util-linux script(1).
TEST_CASE("scan --history counts file versions on a terminal's stderr and nowhere else", "[cli][progress][posix][posix:pty]") {
  TempDir tmp;
  const auto ws = with_history(tmp);
  // stdout to a file, stderr the terminal: the line is drawn there, with its rate, then erased.
  const auto term = pdo_in_terminal(ws, {"--lang", "en", "scan", "--history"}, "> out.txt", k_now);
  INFO(term.out << term.err);
  CHECK(term.exit_code == 3);
  CHECK_THAT(term.out, Catch::Contains("\rScanning history: "));
  CHECK_THAT(term.out, Catch::Contains(" file versions ("));
  CHECK_THAT(term.out, Catch::Contains("/s)"));
  // One walk reads files and commit messages: one line, no second phase.
  CHECK(term.out.find("Scanning commit messages") == std::string::npos);
  const std::string out = read_file(ws / "out.txt");
  CHECK_THAT(out, Catch::Contains("data/old.txt:1"));
  CHECK(out.find("Scanning") == std::string::npos);
  CHECK(out.find('\r') == std::string::npos);
  // stderr to a file: not a terminal, so no line at all, in the file or on the terminal.
  const auto err_file = pdo_in_terminal(ws, {"--lang", "en", "scan", "--history"}, "2> err.txt", k_now);
  CHECK(err_file.exit_code == 3);
  CHECK(read_file(ws / "err.txt").empty());
  CHECK(err_file.out.find("Scanning history") == std::string::npos);
  CHECK_THAT(err_file.out, Catch::Contains("data/old.txt:1"));
  // Both on the terminal: a finding printed during the walk is not glued to the line.
  const auto both = pdo_in_terminal(ws, {"--lang", "en", "scan", "--history"}, "", k_now);
  CHECK(both.out.find("/s)" + git_out({"log", "-1", "--format=%h", "--abbrev=12"}, ws).substr(0, 12)) == std::string::npos);
}

TEST_CASE("a pipe never gets a progress line even with no delay", "[cli][progress]") {
  TempDir tmp;
  const auto ws = with_history(tmp);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--lang", "en", "scan", "--history"}, {"--lang", "en", "scan"}, {"--lang", "en", "log"}, {"--lang", "en", "log", "--json"}}) {
    const auto r = run_pdo(args, ws, "", k_now);
    INFO(r.out << r.err);
    CHECK(r.err.find('\r') == std::string::npos);
    CHECK(r.out.find('\r') == std::string::npos);
    CHECK(r.err.find("Scanning") == std::string::npos);
    CHECK(r.err.find("Reading history") == std::string::npos);
  }
}

// [posix:pty] as above.
TEST_CASE("scan of a tree counts files of the total on a terminal", "[cli][progress][posix][posix:pty]") {
  TempDir tmp;
  const auto ws = fresh_workspace(tmp, {"--lang", "en"});
  for (int i = 0; i < 5; ++i) write_file(ws / "tree" / ("f" + std::to_string(i) + ".txt"), "nothing secret\n");
  const auto r = pdo_in_terminal(ws, {"--lang", "en", "scan", "tree"}, "> out.txt", k_now);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("\rScanning files: 0/5 (0.0/s)"));  // drawn at once
  CHECK_THAT(r.out, Catch::Contains("\rScanning files: 5/5 ("));        // and with the final count
  CHECK_THAT(read_file(ws / "out.txt"), Catch::Contains("Scanned 5 files"));
  // Both on the terminal, with a finding: the line is drawn with its final count and erased before the
  // findings are printed, never after them.
  write_file(ws / "tree" / "key.txt", "token = " + fake_key(12) + "\n");
  const auto both = pdo_in_terminal(ws, {"--lang", "en", "scan", "tree"}, "", k_now);
  INFO(both.out << both.err);
  CHECK(both.exit_code == 3);
  const auto last_line = both.out.rfind("\rScanning files: ");
  const auto finding = both.out.find("key.txt:1");
  REQUIRE(last_line != std::string::npos);
  REQUIRE(finding != std::string::npos);
  CHECK(last_line < finding);
}

// [posix:pty] as above.
TEST_CASE("log's first walk counts commits on a terminal but not with --json", "[cli][progress][posix][posix:pty]") {
  TempDir tmp;
  const auto ws = with_history(tmp);
  std::filesystem::remove(ws / ".git" / "pdo-journal");  // cold
  const auto cold = pdo_in_terminal(ws, {"--lang", "en", "log"}, "> log.txt", k_now);
  INFO(cold.out << cold.err);
  CHECK(cold.exit_code == 0);
  CHECK_THAT(cold.out, Catch::Contains("\rReading history: "));
  CHECK_THAT(cold.out, Catch::Contains(" commits ("));
  CHECK(read_file(ws / "log.txt").find("Reading history") == std::string::npos);
  std::filesystem::remove(ws / ".git" / "pdo-journal");
  const auto json = pdo_in_terminal(ws, {"--lang", "en", "log", "--json"}, "> log.json", k_now);
  CHECK(json.exit_code == 0);
  CHECK(json.out.find("Reading history") == std::string::npos);
  CHECK(util::starts_with(read_file(ws / "log.json"), "{\"days\":"));
}

// [posix:pty] as above.
TEST_CASE("check --online counts the lesson pages it fetched on a terminal", "[cli][progress][posix][posix:pty]") {
  TempDir tmp;
  const auto ws = fresh_workspace(tmp, {"--lang", "en"});
  FakeBin bin(tmp / "bin");
  std::map<std::string, Page> pages;
  for (const auto& l : course::default_course().lessons) pages[l.url.substr(l.url.find('/', 8))] = Page{200, html_with_title(l.title)};
  HttpServer server(pages);
  const auto r = pdo_in_terminal(ws, {"check", "--online", "--base-url", server.base_url()}, "> check.txt", now_with(bin.env()));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("\rFetching lesson pages: 0/17 (0.0/s)"));
  CHECK_THAT(r.out, Catch::Contains("\rFetching lesson pages: 17/17 ("));
  CHECK(read_file(ws / "check.txt").find("Fetching") == std::string::npos);
  CHECK(server.requests() == 17);
}
