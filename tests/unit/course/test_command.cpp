// The allow model of course/command.hpp: a course file's check command is one of a closed set of shapes,
// refused at parse time with file:line otherwise (trusted or not: parsing knows nothing of trust).
#include <catch2/catch.hpp>

#include "course/command.hpp"
#include "course/course.hpp"
#include "util/i18n.hpp"

using namespace pdo;

namespace {

const std::string k_head =
    "id = \"x\"\ntitle = \"X\"\nentry_url = \"https://e.org/\"\n[[lessons]]\nnumber = 1\ntitle = \"A\"\n"
    "url = \"https://e.org/a\"\nfolder = \"01-a\"\n[[checks]]\nid = \"c\"\ntitle = \"C\"\nkind = \"auto\"\n"
    "expect_contains = \"git\"\n";

/// The parse error of a course whose item runs `argv` (a TOML array), at line 14.
std::string refused(const std::string& argv, course::Validation validation = course::Validation::full) {
  auto r = course::parse_course(k_head + "command.any = " + argv + "\n", "c.toml", validation);
  INFO(argv);
  REQUIRE_FALSE(r);
  CHECK_THAT(r.error().message, Catch::Contains("c.toml:14"));
  return r.error().message;
}

}  // namespace

TEST_CASE("a course file's command is refused at parse time unless it is one of the shapes pdo knows", "[course]") {
  util::set_lang(util::Lang::en);
  // Launchers a deny-list of shells missed: each starts another program or runs code it is given.
  for (const char* argv :
       {R"(["git", "-c", "alias.x=!touch M", "x"])", R"(["python3", "-m", "timeit", "-s", "import os", "pass"])",
        R"(["{python}", "-m", "timeit", "-s", "import os", "pass"])", R"(["perl", "-le", "print 1"])", R"(["node", "-pe", "1"])",
        R"(["find", ".", "-exec", "touch", "M", ";"])", R"(["ionice", "touch", "M"])", R"(["flock", "F", "touch", "M"])",
        R"(["/usr/bin/touch", "/tmp/PWNED"])", R"(["sh", "-c", "id"])", R"(["C:\\Windows\\System32\\cmd.EXE", "/c", "dir"])",
        R"(["/usr/bin/git", "--version"])", R"(["git", "--version", "--exec-path=/tmp"])", R"(["{python}", "-c", "import os"])",
        R"(["{python}", "-m", "torch.utils.collect_env"])", R"(["{python}", "{script}", "-c", "x"])"}) {
    const std::string message = refused(argv);
    CHECK_THAT(message, Catch::Contains("pdo runs only the check commands it knows: git --version, nvcc --version, nvidia-smi, "
                                        "nvidia-smi -L, {python} --version, {python} {script}"));
  }
  for (const char* argv : {R"(["git", "--version"])", R"(["nvcc", "--version"])", R"(["nvidia-smi"])", R"(["nvidia-smi", "-L"])",
                           R"(["{python}", "--version"])"}) {
    INFO(argv);
    CHECK(course::parse_course(k_head + "command.any = " + argv + "\n", "c.toml"));
  }
  util::set_lang(util::Lang::zh);
}

TEST_CASE("inline Python is pdo's built-in course's alone", "[course]") {
  CHECK(course::command_problem({"{python}", "-c", "import torch"}, course::InlineCode::refused));
  CHECK_FALSE(course::command_problem({"{python}", "-c", "import torch"}, course::InlineCode::allowed));
  // Even there, only {python} -c CODE: no other program, no extra argument.
  CHECK(course::command_problem({"perl", "-e", "1"}, course::InlineCode::allowed));
  CHECK(course::command_problem({"{python}", "-c", "x", "y"}, course::InlineCode::allowed));
  CHECK(course::command_problem({"python3", "-c", "x"}, course::InlineCode::allowed));
  // The built-in course uses -c and parses in full with Validation::embedded (its unit test in test_run.cpp).
}

TEST_CASE("{script} is one of pdo's own scripts, named by `script`", "[course]") {
  util::set_lang(util::Lang::en);
  const std::string item = k_head + "command.any = [\"{python}\", \"{script}\"]\n";
  CHECK(course::parse_course(item + "script = \"templates/checks/gloo_allreduce.py\"\n", "c.toml"));
  const auto missing = course::parse_course(item, "c.toml");
  REQUIRE_FALSE(missing);
  CHECK_THAT(missing.error().message, Catch::Contains("names {script} but no `script` says which"));
  for (const char* script :
       {"templates/zh/README.md", "checks/mine.py", "templates/checks/nope.py", "../templates/checks/gloo_allreduce.py"}) {
    const auto other = course::parse_course(item + "script = \"" + script + "\"\n", "c.toml");
    INFO(script);
    REQUIRE_FALSE(other);
    CHECK_THAT(other.error().message, Catch::Contains("c.toml:15") && Catch::Contains("script must be one of pdo's own scripts"));
  }
  util::set_lang(util::Lang::zh);
}
