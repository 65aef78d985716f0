// A workspace is data, never code: the commands of a course file that is not pdo's own run only after the
// learner trusted that exact content (`pdo check --trust`, `pdo init --trust`), whoever runs them (pdo check
// or init's self-check); a command outside the shapes pdo knows is refused even then, and a changed file
// needs trust again. Each workspace here is cloned with the real git, as a classmate's would be.
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
  git_out({"commit", "-qm", "our course", "--no-verify", "--allow-empty"}, tmp / "theirs");
  git_out({"clone", "-q", util::path_to_utf8(tmp / "theirs"), util::path_to_utf8(tmp / "mine")}, tmp.path());
  return tmp / "mine";
}

/// Makes `bin`'s git log its arguments to bin/marker whenever it runs; the marker's path.
fs::path marking_git(FakeBin& bin) {
  bin.fake("git", "log marker\nwhen --version\nout git version 2.39.5");
  return bin.dir() / "marker";
}

/// Whether the course's command (`git --version`) ran: pdo itself also asks git where its hooks run
/// (`git rev-parse --git-path hooks`), which is not the course's.
bool course_ran(const fs::path& marker) { return fs::exists(marker) && read_file(marker).find("--version") != std::string::npos; }

}  // namespace

TEST_CASE("a cloned course file runs nothing until trusted, a changed file is untrusted again", "[cli][check][trust]") {
  TempDir tmp("trust-honest");
  // The course's command: a git that leaves bin/marker when it runs (on Linux and under wine alike).
  FakeBin bin(tmp / "bin");
  const auto marker = marking_git(bin);
  const auto ws = cloned_workspace(tmp, course_with("[\"git\", \"--version\"]"));

  const auto before = run_pdo({"--lang", "en", "check"}, ws, "", bin.env());
  INFO(before.out << before.err);
  CHECK(before.exit_code == 0);
  CHECK_FALSE(course_ran(marker));
  CHECK(before.out.find("you have not trusted it, so pdo did not run its commands") != std::string::npos);
  CHECK(before.out.find("  - tool: git --version") != std::string::npos);
  CHECK(before.out.find("pdo check --trust") != std::string::npos);
  CHECK(before.out.find("unverified") != std::string::npos);
  CHECK(read_file(ws / "check-env.md").find("not run: you have not trusted this course file's commands") != std::string::npos);
  // Nothing about trust is in the workspace or its repository: a clone cannot bring it along.
  CHECK(git_out({"status", "--porcelain"}, ws).empty());

  const auto trusted = run_pdo({"--lang", "en", "check", "--trust"}, ws, "", bin.env());
  INFO(trusted.out << trusted.err);
  CHECK(trusted.out.find("Trusted the course file") != std::string::npos);
  CHECK(course_ran(marker));  // an honest course's commands run once trusted
  fs::remove(marker);
  CHECK(run_pdo({"check"}, ws, "", bin.env()).exit_code != 2);
  CHECK(course_ran(marker));  // and keep running without --trust
  fs::remove(marker);

  append(ws / ".pdo/course.toml", "# one more line\n");
  const auto changed = run_pdo({"--lang", "en", "check"}, ws, "", bin.env());
  CHECK(changed.out.find("you have not trusted it") != std::string::npos);
  CHECK_FALSE(course_ran(marker));

  SECTION("trust is per file: the same content in another clone is not trusted") {
    git_out({"checkout", "--", ".pdo/course.toml"}, ws);
    git_out({"clone", "-q", util::path_to_utf8(tmp / "theirs"), util::path_to_utf8(tmp / "again")}, tmp.path());
    run_pdo({"check"}, tmp / "again", "", bin.env());
    CHECK_FALSE(course_ran(marker));
  }
}

TEST_CASE("a command outside pdo's shapes is refused with file and line when the course is read even after trust", "[cli][check][trust]") {
  TempDir tmp("trust-hostile");
  const std::string marker = util::path_to_utf8(tmp / "marker");
  const auto ws = cloned_workspace(tmp, course_with("[\"git\", \"--version\"]"));
  // A shell, and the launchers a deny-list of shells let through: each one runs code or another program.
  for (const std::string& hostile :
       {"['sh', '-c', 'touch " + marker + "; echo git version 2.39']", "['git', '-c', 'alias.x=!touch " + marker + "', 'x']",
        "['python3', '-m', 'timeit', '-s', 'open(\"" + marker + "\", \"w\")', 'pass']", "['perl', '-le', 'open(F, \">" + marker + "\")']",
        "['node', '-pe', 'require(\"fs\").writeFileSync(\"" + marker + "\", \"\")']",
        "['find', '/', '-maxdepth', '0', '-exec', 'touch', '" + marker + "', ';']", "['ionice', 'touch', '" + marker + "']",
        "['flock', '" + marker + ".lock', 'touch', '" + marker + "']"}) {
    write_file(ws / ".pdo/course.toml", course_with(hostile));
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--lang", "en", "check"}, std::vector<std::string>{"--lang", "en", "check", "--trust"},
          std::vector<std::string>{"--lang", "en", "status"}}) {
      const auto r = run_pdo(args, ws);
      INFO(hostile << "\n" << args.back() << ": " << r.out << r.err);
      CHECK(r.exit_code == 2);
      CHECK(r.err.find(".pdo/course.toml:15") != std::string::npos);
      CHECK(r.err.find("pdo runs only the check commands it knows: git --version") != std::string::npos);
      CHECK_FALSE(fs::exists(marker));
    }
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

TEST_CASE("pdo init lists an untrusted course file's commands in its plan and runs none of them", "[cli][init][trust]") {
  TempDir tmp("init-untrusted");
  FakeBin bin(tmp / "bin");
  const auto marker = marking_git(bin);
  write_file(tmp / "course.toml", course_with("[\"git\", \"--version\"]"));
  const auto r =
      run_pdo({"--lang", "en", "init", pdo_path(tmp / "W"), "--course", pdo_path(tmp / "course.toml")}, tmp.path(), "y\n", bin.env());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK_FALSE(course_ran(marker));
  // In the plan, before the question: the command, and how to let it run.
  const auto listed = r.out.find("the course file's check commands (this route, this OS):\n    - tool: git --version\n");
  REQUIRE(listed != std::string::npos);
  CHECK(listed < r.out.find("Create this?"));
  CHECK(r.out.find("not trusted: the self-check will not run them", listed) != std::string::npos);
  CHECK(r.out.find("pdo init --trust, or later pdo check --trust", listed) != std::string::npos);
  // The report and check-env.md: unverified, with the way to trust.
  CHECK_THAT(r.out, Catch::Contains("== Not yet verified ==\n  - Tool present: not run: you have not trusted this course file's commands"));
  CHECK_THAT(read_file(tmp / "W/check-env.md"), Catch::Contains("not run: you have not trusted this course file's commands"));

  SECTION("a course file naming any other program is refused before anything is planned") {
    const auto pwned = tmp / "PWNED";
    write_file(tmp / "touch.toml", course_with("[\"/usr/bin/touch\", \"" + util::path_to_utf8(pwned) + "\"]"));
    const auto t = run_pdo({"--lang", "en", "init", pdo_path(tmp / "T"), "--course", pdo_path(tmp / "touch.toml")}, tmp.path(), "y\n");
    INFO(t.out << t.err);
    CHECK(t.exit_code == 2);
    CHECK_THAT(t.err, Catch::Contains("touch.toml:15") && Catch::Contains("pdo runs only the check commands it knows"));
    CHECK_FALSE(fs::exists(pwned));
    CHECK_FALSE(fs::exists(tmp / "T"));
  }
}

TEST_CASE("pdo init in a clone runs no command of its committed course file whether it asks or not", "[cli][init][trust]") {
  TempDir tmp("init-clone");
  FakeBin bin(tmp / "bin");
  const auto marker = marking_git(bin);
  const auto ws = cloned_workspace(tmp, course_with("[\"git\", \"--version\"]"));
  const auto first = run_pdo({"--lang", "en", "init", pdo_path(ws)}, tmp.path(), "y\n", bin.env());
  INFO(first.out << first.err);
  CHECK(first.exit_code == 0);
  CHECK_THAT(first.out, Catch::Contains("    - tool: git --version\n"));
  CHECK_FALSE(course_ran(marker));
  fs::remove(marker);
  // Complete now: init asks nothing and goes straight to its self-check.
  const auto again = run_pdo({"--lang", "en", "init", pdo_path(ws)}, tmp.path(), "", bin.env());
  INFO(again.out << again.err);
  CHECK(again.exit_code == 0);
  CHECK_THAT(again.out, Catch::Contains("nothing to create or commit"));
  CHECK_FALSE(course_ran(marker));
}

TEST_CASE("pdo init --trust puts the trust in its question and runs the commands only when agreed", "[cli][init][trust]") {
  TempDir tmp("init-trust");
  FakeBin bin(tmp / "bin");
  const auto marker = marking_git(bin);
  write_file(tmp / "course.toml", course_with("[\"git\", \"--version\"]"));
  const std::vector<std::string> init{"--lang", "en", "init", pdo_path(tmp / "W"), "--course", pdo_path(tmp / "course.toml"), "--trust"};

  const auto no = run_pdo(init, tmp.path(), "n\n", bin.env());
  INFO(no.out << no.err);
  CHECK(no.exit_code == 4);
  CHECK_THAT(no.out, Catch::Contains("--trust: agreeing to this plan also trusts these commands"));
  CHECK_THAT(no.out, Catch::Contains("Create this, and trust the course commands listed above?"));
  CHECK_FALSE(course_ran(marker));

  const auto yes = run_pdo(init, tmp.path(), "y\n", bin.env());
  INFO(yes.out << yes.err);
  CHECK(yes.exit_code == 0);
  CHECK_THAT(yes.out, Catch::Contains("Trusted the course file"));
  CHECK(course_ran(marker));
  CHECK_THAT(read_file(tmp / "W/check-env.md"), !Catch::Contains("you have not trusted"));
  fs::remove(marker);
  // Recorded for the workspace's copy: pdo check runs it without being told again.
  run_pdo({"check"}, tmp / "W", "", bin.env());
  CHECK(course_ran(marker));
}
