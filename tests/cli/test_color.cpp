// Colour (util/color, the global --color): status, scan findings and check results carry ANSI colours
// with --color=always, on a terminal by default, and never in a pipe, with --color=never, NO_COLOR=1 or
// TERM=dumb; the files pdo writes never hold one.
#include "cli/cli_helpers.hpp"

using namespace pdo;
using namespace pdo::test;

namespace {

constexpr const char* k_esc = "\x1b[";

bool coloured(const std::string& s) { return s.find(k_esc) != std::string::npos; }

/// A workspace with lesson 3 read and a file holding a fake key.
std::filesystem::path prepared(const TempDir& tmp) {
  auto ws = fresh_workspace(tmp, {"--lang", "en"});
  require_ok(pdo_in(ws, {"track", "done", "03", "read"}));
  write_file(ws / "data" / "key.txt", "token = " + fake_key(7) + "\n");
  return ws;
}

}  // namespace

TEST_CASE("with --color=always status scan findings and check results are coloured even in a pipe", "[cli][color]") {
  TempDir tmp;
  const auto ws = prepared(tmp);
  FakeBin bin(tmp / "bin");

  const auto status = pdo_in(ws, {"--color=always", "status"});
  require_ok(status);
  CHECK_THAT(status.out, Catch::Contains("\x1b[32m✓\x1b[0m"));  // lesson 3 read: green
  CHECK_THAT(status.out, Catch::Contains("\x1b[2m·\x1b[0m"));   // not done: dim

  const auto scan = pdo_in(ws, {"--color", "always", "scan", "data"});
  CHECK(scan.exit_code == 3);
  CHECK_THAT(scan.out, Catch::Contains("\x1b[36mdata/key.txt:1\x1b[0m"));
  CHECK(scan.out.find(fake_key(7)) == std::string::npos);  // still redacted

  const auto check = run_pdo({"--color=always", "check"}, ws, "", bin.env());
  INFO(check.out << check.err);
  CHECK(coloured(check.out));
  CHECK_THAT(check.out, Catch::Contains("\x1b[32mpass\x1b[0m"));
  CHECK_FALSE(coloured(read_file(ws / "check-env.md")));  // the file's copy is plain
  CHECK_FALSE(coloured(git_out({"show", "HEAD:check-env.md"}, ws)));
}

TEST_CASE("a pipe gets no colour by default or with --color=never", "[cli][color]") {
  TempDir tmp;
  const auto ws = prepared(tmp);
  FakeBin bin(tmp / "bin");
  for (const auto& flag : std::vector<std::string>{"--color=auto", "--color=never"}) {
    INFO(flag);
    CHECK_FALSE(coloured(pdo_in(ws, {flag, "status"}).out));
    CHECK_FALSE(coloured(pdo_in(ws, {flag, "scan", "data"}).out));
    CHECK_FALSE(coloured(run_pdo({flag, "check"}, ws, "", bin.env()).out));
  }
  CHECK_FALSE(coloured(pdo_in(ws, {"status"}).out));
  // FORCE_COLOR asks for colour in a pipe; NO_COLOR still wins over it.
  CHECK(coloured(run_pdo({"status"}, ws, "", {{"FORCE_COLOR", "1"}}).out));
  CHECK_FALSE(coloured(run_pdo({"status"}, ws, "", {{"FORCE_COLOR", "1"}, {"NO_COLOR", "1"}}).out));
  CHECK(pdo_in(ws, {"--color=sometimes", "status"}).exit_code == 2);
}

// [posix:pty] a pseudo-terminal from util-linux script(1).
TEST_CASE("a terminal gets colour unless NO_COLOR=1 TERM=dumb or --color=never", "[cli][color][posix][posix:pty]") {
  TempDir tmp;
  const auto ws = prepared(tmp);
  const auto plain = pdo_in_terminal(ws, {"status"});
  INFO(plain.out << plain.err);
  REQUIRE(plain.exit_code == 0);
  CHECK(coloured(plain.out));  // the control: a terminal is coloured by default
  CHECK_FALSE(coloured(pdo_in_terminal(ws, {"status"}, "", {{"NO_COLOR", "1"}}).out));
  CHECK_FALSE(coloured(pdo_in_terminal(ws, {"scan", "data"}, "", {{"NO_COLOR", "1"}}).out));
  CHECK_FALSE(coloured(pdo_in_terminal(ws, {"status"}, "", {{"TERM", "dumb"}}).out));
  CHECK_FALSE(coloured(pdo_in_terminal(ws, {"--color=never", "status"}).out));
  CHECK(coloured(pdo_in_terminal(ws, {"scan", "data"}).out));
  // The learner's explicit --color=always is the one thing above NO_COLOR (no-color.org).
  CHECK(coloured(pdo_in_terminal(ws, {"--color=always", "status"}, "", {{"NO_COLOR", "1"}}).out));
  // Only the stream that is the terminal: stdout to a file stays plain.
  const auto to_file = pdo_in_terminal(ws, {"status"}, "> status.txt");
  REQUIRE(to_file.exit_code == 0);
  CHECK_FALSE(coloured(read_file(ws / "status.txt")));
  CHECK_THAT(read_file(ws / "status.txt"), Catch::Contains("lesson"));
}
