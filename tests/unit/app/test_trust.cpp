// app::CommandGate, the one maker of checks::TrustedCommand: open for the built-in course, for a course
// file only once the learner trusted the exact bytes parsed at that path, and only for that course's items.
#include <catch2/catch.hpp>

#include "app/hooks/trust.hpp"
#include "support/scoped_env.hpp"
#include "support/temp_dir.hpp"
#include "util/sha256.hpp"

using namespace pdo;

namespace {

const std::string k_course =
    "id = \"x\"\ntitle = \"X\"\nentry_url = \"https://e.org/\"\n[[lessons]]\nnumber = 1\ntitle = \"A\"\n"
    "url = \"https://e.org/a\"\nfolder = \"01-a\"\n[[checks]]\nid = \"c\"\ntitle = \"C\"\nkind = \"auto\"\n"
    "expect_contains = \"git\"\ncommand.any = [\"git\", \"--version\"]\n";

workspace::Workspace course_file_workspace(const test::TempDir& tmp, const std::string& text) {
  workspace::Workspace ws;
  ws.root = tmp / "ws";
  ws.settings.course_file = ".pdo/course.toml";
  ws.course = course::parse_course(text, "c.toml").take();
  ws.course_sha256 = util::sha256_hex(text);
  return ws;
}

}  // namespace

TEST_CASE("the command gate opens for the built-in course, and for a course file only once trusted", "[app]") {
  test::TempDir tmp("gate");
  const test::ScopedEnv config(app::k_config_home_env, util::path_to_utf8(tmp / "config"));
  const auto os = platform::Os::gnu_linux;

  workspace::Workspace builtin;
  builtin.course = course::make_default_course();
  const app::CommandGate own(builtin);
  CHECK(own.open());
  CHECK_FALSE(own.source());
  const auto& git_cli = *std::find_if(builtin.course.checks.begin(), builtin.course.checks.end(),
                                      [](const course::CheckItem& c) { return c.id == "git-cli"; });
  REQUIRE(own.command(git_cli, os));
  CHECK(own.command(git_cli, os)->argv() == std::vector<std::string>{"git", "--version"});

  const auto ws = course_file_workspace(tmp, k_course);
  app::CommandGate gate(ws);
  REQUIRE(gate.source());
  CHECK_FALSE(gate.open());
  CHECK_FALSE(gate.command(ws.course.checks[0], os));
  CHECK_FALSE(gate.commands()(ws.course.checks[0], os));
  REQUIRE(gate.trust());
  CHECK(gate.open());
  REQUIRE(gate.command(ws.course.checks[0], os));
  CHECK(app::CommandGate(ws).open());  // the record outlives the gate that wrote it

  // Only the items of the course it judged: the built-in course's item gets nothing from this gate.
  CHECK_FALSE(gate.command(git_cli, os));
  // Other bytes at the same path, or the same bytes elsewhere, are not trusted.
  const auto changed = course_file_workspace(tmp, k_course + "# one more line\n");
  CHECK_FALSE(app::CommandGate(changed).open());
  auto moved = course_file_workspace(tmp, k_course);
  moved.root = tmp / "elsewhere";
  CHECK_FALSE(app::CommandGate(moved).open());
}
