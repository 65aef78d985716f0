// A workspace is data, never code: the commands of a course file that is not pdo's own run only after the
// learner trusted that exact content (`pdo check --trust`), a shell is refused even then, and a changed
// file needs trust again. Each workspace here is cloned with the real git, as a classmate's would be.
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

std::string course_with(const std::string& command) {
  return "schema = 1\nid = \"shared\"\ntitle = \"Shared\"\nentry_url = \"https://e.org/\"\n"
         "[[lessons]]\nnumber = 1\ntitle = \"One\"\nurl = \"https://e.org/1\"\nfolder = \"01-one\"\n"
         "[[checks]]\nid = \"tool\"\ntitle = \"Tool present\"\nkind = \"auto\"\nroutes = [\"browser\"]\n"
         "command.any = " +
         command + "\nexpect_regex = \"^git version\"\ntimeout = 10\n";
}

/// A classmate's workspace with `course` committed as .pdo/course.toml, cloned into tmp/mine.
fs::path cloned_workspace(const TempDir& tmp, const std::string& course) {
  write_file(tmp / "theirs-course.toml", course_with("[\"git\", \"--version\"]"));
  init_workspace(tmp / "theirs", {"--course", util::path_to_utf8(tmp / "theirs-course.toml"), "--lang", "en"});
  write_file(tmp / "theirs" / ".pdo/course.toml", course);
  git_out({"add", ".pdo/course.toml"}, tmp / "theirs");
  git_out({"commit", "-qm", "our course", "--no-verify"}, tmp / "theirs");
  git_out({"clone", "-q", util::path_to_utf8(tmp / "theirs"), util::path_to_utf8(tmp / "mine")}, tmp.path());
  return tmp / "mine";
}

}  // namespace

TEST_CASE("a cloned course file runs nothing until trusted; a changed file is untrusted again", "[cli][check][trust]") {
  TempDir tmp("trust-honest");
  // The course's command: a program that leaves bin/marker when it runs (on Linux and under wine alike).
  FakeBin bin(tmp / "bin");
  bin.fake("pdo-marker", "log marker\nwhen *");
  const auto marker = bin.dir() / "marker";
  const auto ws = cloned_workspace(tmp, course_with("[\"pdo-marker\", \"made\"]"));

  const auto before = run_pdo({"--lang", "en", "check"}, ws, "", bin.env());
  INFO(before.out << before.err);
  CHECK(before.exit_code == 0);
  CHECK_FALSE(fs::exists(marker));
  CHECK(before.out.find("you have not trusted it, so pdo did not run its commands") != std::string::npos);
  CHECK(before.out.find("  - tool: pdo-marker made") != std::string::npos);
  CHECK(before.out.find("pdo check --trust") != std::string::npos);
  CHECK(before.out.find("unverified") != std::string::npos);
  CHECK(read_file(ws / "check-env.md").find("not run: you have not trusted this course file's commands") != std::string::npos);
  // Nothing about trust is in the workspace or its repository: a clone cannot bring it along.
  CHECK(git_out({"status", "--porcelain"}, ws).empty());

  const auto trusted = run_pdo({"--lang", "en", "check", "--trust"}, ws, "", bin.env());
  INFO(trusted.out << trusted.err);
  CHECK(trusted.out.find("Trusted the course file") != std::string::npos);
  CHECK(fs::exists(marker));  // an honest course's commands run once trusted
  fs::remove(marker);
  CHECK(run_pdo({"check"}, ws, "", bin.env()).exit_code != 2);
  CHECK(fs::exists(marker));  // and keep running without --trust
  fs::remove(marker);

  append(ws / ".pdo/course.toml", "# one more line\n");
  const auto changed = run_pdo({"--lang", "en", "check"}, ws, "", bin.env());
  CHECK(changed.out.find("you have not trusted it") != std::string::npos);
  CHECK_FALSE(fs::exists(marker));

  SECTION("trust is per file: the same content in another clone is not trusted") {
    git_out({"checkout", "--", ".pdo/course.toml"}, ws);
    git_out({"clone", "-q", util::path_to_utf8(tmp / "theirs"), util::path_to_utf8(tmp / "again")}, tmp.path());
    run_pdo({"check"}, tmp / "again", "", bin.env());
    CHECK_FALSE(fs::exists(marker));
  }
}

TEST_CASE("a shell as a check's program is refused before and after trust, with file and line", "[cli][check][trust]") {
  TempDir tmp("trust-hostile");
  const auto marker = tmp / "marker";
  const std::string hostile = "[\"sh\", \"-c\", \"touch '" + util::path_to_utf8(marker) + "'; echo git version 2.39\"]";
  const auto ws = cloned_workspace(tmp, course_with(hostile));
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--lang", "en", "check"}, std::vector<std::string>{"--lang", "en", "check", "--trust"},
        std::vector<std::string>{"--lang", "en", "status"}}) {
    const auto r = run_pdo(args, ws);
    INFO(args.back() << ": " << r.out << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(".pdo/course.toml:15") != std::string::npos);
    CHECK(r.err.find("shell or launcher (sh)") != std::string::npos);
    CHECK_FALSE(fs::exists(marker));
  }
}

TEST_CASE("the built-in course needs no trust", "[cli][check][trust]") {
  TempDir tmp("trust builtin");
  const auto ws = fresh_workspace(tmp, {"--lang", "en"});
  const auto r = run_pdo({"check", "--trust"}, ws);
  CHECK(r.exit_code != 2);
  CHECK(r.out.find("The built-in course's commands need no trust.") != std::string::npos);
  CHECK(r.out.find("did not run its commands") == std::string::npos);
}
