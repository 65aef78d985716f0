// checks::run_checks with a fake process runner: every status, every kind, and what is never run. The
// commands come through app::CommandGate, as in pdo: the mini course is a workspace's course file that the
// test trusts in a private PDO_CONFIG_HOME.
#include <catch2/catch.hpp>

#include <algorithm>

#include "app/hooks/trust.hpp"
#include "checks/check.hpp"
#include "course/command.hpp"
#include "course/course.hpp"
#include "support/scoped_env.hpp"
#include "support/temp_dir.hpp"
#include "util/embedded.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/sha256.hpp"

using namespace pdo;
using checks::CheckStatus;
using checks::Source;

namespace {

const char* const k_course = R"TOML(id = "mini"
title = "Mini"
entry_url = "https://example.org/"
[[lessons]]
number = 1
title = "One"
url = "https://example.org/1"
folder = "01-one"

[[tools]]
id = "python"
name = "Python"
routes = ["local"]
programs = ["python3"]
install.linux = "apt-get install python3"
install.windows = "winget install Python"

[[checks]]
id = "page"
title = "Page opens"
kind = "browser"
routes = ["browser", "local"]
url = "https://example.org/"
action = "Open it."
expect = "It opens."
fix = "Check the proxy."

[[checks]]
id = "cell"
title = "Notebook cell"
kind = "notebook"
routes = ["browser"]
action = "Run print(1)."
needs_login = true

[[checks]]
id = "look"
title = "Look yourself"
kind = "manual"
routes = ["local"]
action = "Look."

[[checks]]
id = "tool"
title = "Tool present"
kind = "auto"
routes = ["browser", "local"]
command.any = ["git", "--version"]
expect_regex = "^tool [0-9]+"
timeout = 3
fix = "Install the tool."

[[checks]]
id = "win-only"
title = "Windows only"
kind = "auto"
routes = ["browser", "local"]
os = ["windows"]
command.windows = ["nvcc", "--version"]
expect_contains = "nvcc"

[[checks]]
id = "py"
title = "Python"
kind = "auto"
routes = ["local"]
command.any = ["{python}", "--version"]
expect_regex = "Python 3\\.(1[0-9])\\."
tools = ["python"]
fix = "Install Python."

[[checks]]
id = "after-py"
title = "After Python"
kind = "auto"
routes = ["local"]
after = ["py"]
script = "templates/checks/gloo_allreduce.py"
command.any = ["{python}", "{script}"]
expect_contains = "ok"

[[checks]]
id = "probe"
title = "A probe"
kind = "auto"
routes = ["browser"]
probe = "thing"

[[checks]]
id = "paid-job"
title = "Paid job"
kind = "auto"
routes = ["local"]
paid = true
command.any = ["nvidia-smi"]
expect_contains = "x"
)TOML";

/// The mini course (plus `extra` items) as a workspace's course file, trusted by the learner in a private
/// PDO_CONFIG_HOME; PATH holds a `git` and an `nvidia-smi` (copies of pdo_test_child: the fake runner never
/// starts them, but pdo looks a program up before it runs it). Not movable: the gate points into it.
struct TrustedMini {
  test::TempDir tmp{"checks-run"};
  test::ScopedEnv config{app::k_config_home_env, util::path_to_utf8(tmp / "config")};
  test::ScopedEnv path{"PATH", util::path_to_utf8(tmp / "bin")};
  workspace::Workspace ws;
  std::optional<app::CommandGate> gate;
  explicit TrustedMini(const std::string& extra = "", bool trusted = true) {
    const std::string text = std::string(k_course) + extra;
    test::write_file(tmp / "ws/.pdo/course.toml", text);
    ws.root = tmp / "ws";
    ws.settings.course_file = ".pdo/course.toml";
    ws.course = course::parse_course(text, "mini.toml").take();
    ws.course_sha256 = util::sha256_hex(text);
    gate.emplace(ws);
    if (trusted) REQUIRE(gate->trust());
    std::filesystem::create_directories(tmp / "bin");
    const std::string exe = platform::current_os() == platform::Os::windows ? ".exe" : "";
    for (const char* name : {"git", "nvidia-smi"}) std::filesystem::copy_file(PDO_TEST_CHILD, tmp / "bin" / (name + exe));
  }
  TrustedMini(const TrustedMini&) = delete;
  TrustedMini& operator=(const TrustedMini&) = delete;
  const course::Course& course() const { return ws.course; }
};

struct FakeRunner {
  std::vector<std::vector<std::string>> calls;
  platform::ProcessResult next;
  checks::ProcessRunner fn() {
    return [this](const std::vector<std::string>& argv, const platform::ProcessOptions& opts) {
      calls.push_back(argv);
      CHECK(opts.timeout.count() > 0);  // every auto command has a timeout
      return next;
    };
  }
};

platform::ProcessResult ran(int code, std::string out, bool timed_out = false) {
  platform::ProcessResult r;
  r.started = true;
  r.exit_code = timed_out ? -1 : code;
  r.timed_out = timed_out;
  r.out = std::move(out);
  return r;
}

checks::RunInput input(const TrustedMini& mini, course::Route route, FakeRunner& fake) {
  checks::RunInput in;
  in.course = &mini.course();
  in.commands = mini.gate->commands();
  in.route = route;
  in.os = platform::Os::gnu_linux;
  in.cwd = ".";
  in.python = platform::self_exe();  // any program that exists; the fake never runs it
  in.today = "2026-11-20";
  in.run = fake.fn();
  in.probes["thing"] = [] { return checks::ProbeOutcome{CheckStatus::pass, "saw it", "", ""}; };
  return in;
}

const checks::ItemResult& by_id(const std::vector<checks::ItemResult>& rs, const std::string& id) {
  const auto it = std::find_if(rs.begin(), rs.end(), [&](const checks::ItemResult& r) { return r.id == id; });
  REQUIRE(it != rs.end());
  return *it;
}

bool has(const std::vector<checks::ItemResult>& rs, const std::string& id) {
  return std::any_of(rs.begin(), rs.end(), [&](const checks::ItemResult& r) { return r.id == id; });
}

}  // namespace

TEST_CASE("browser route: only this OS's auto items run, the others need the learner", "[checks]") {
  util::set_lang(util::Lang::en);
  const TrustedMini c;
  FakeRunner fake;
  fake.next = ran(0, "tool 3.1\n");
  const auto rs = checks::run_checks(input(c, course::Route::browser, fake));

  REQUIRE(fake.calls.size() == 1);
  CHECK(fake.calls[0] == std::vector<std::string>{"git", "--version"});
  CHECK_FALSE(has(rs, "look"));  // not in this route
  CHECK_FALSE(has(rs, "py"));

  CHECK(by_id(rs, "page").status == CheckStatus::needs_you);
  CHECK(by_id(rs, "page").todo == "Open it.");
  CHECK(by_id(rs, "cell").status == CheckStatus::needs_you);
  CHECK(by_id(rs, "cell").reason.find("account") != std::string::npos);

  const auto& tool = by_id(rs, "tool");
  CHECK(tool.status == CheckStatus::pass);
  CHECK(tool.source == Source::observed);
  CHECK(tool.evidence == "tool 3.1");
  CHECK(tool.command == checks::display_command({"git", "--version"}));

  // Another OS's command: not run, not printed.
  const auto& win = by_id(rs, "win-only");
  CHECK(win.status == CheckStatus::unverified);
  CHECK(win.command.empty());
  CHECK(win.reason.find("windows") != std::string::npos);
  CHECK(win.fix.find("where.exe") == std::string::npos);

  CHECK(by_id(rs, "probe").status == CheckStatus::pass);
  CHECK(by_id(rs, "probe").evidence == "saw it");
}

TEST_CASE("auto items: pass only with exit 0 and the expected output", "[checks]") {
  util::set_lang(util::Lang::en);
  const TrustedMini c;
  FakeRunner fake;
  auto in = input(c, course::Route::browser, fake);

  SECTION("wrong output is a fail with the output as evidence") {
    fake.next = ran(0, "something else");
    const auto rs = checks::run_checks(in);
    const auto& r = by_id(rs, "tool");
    CHECK(r.status == CheckStatus::fail);
    CHECK(r.evidence == "something else");
    CHECK(r.reason.find("^tool [0-9]+") != std::string::npos);
    CHECK(r.fix == "Install the tool.");
  }
  SECTION("a non-zero exit is a fail even when the output matches") {
    fake.next = ran(2, "tool 3.1");
    const auto rs = checks::run_checks(in);
    const auto& r = by_id(rs, "tool");
    CHECK(r.status == CheckStatus::fail);
    CHECK(r.reason.find("exit code 2") != std::string::npos);
  }
  SECTION("a timeout is unverified, with what it printed before") {
    fake.next = ran(-1, "tool 3", true);
    const auto rs = checks::run_checks(in);
    const auto& r = by_id(rs, "tool");
    CHECK(r.status == CheckStatus::unverified);
    CHECK(r.reason.find("timed out") != std::string::npos);
    CHECK(r.evidence == "tool 3");
  }
  SECTION("a program that could not start is a fail") {
    fake.next = platform::ProcessResult{};
    const auto rs = checks::run_checks(in);
    const auto& r = by_id(rs, "tool");
    CHECK(r.status == CheckStatus::fail);
    CHECK(r.reason.find("could not be started") != std::string::npos);
  }
  SECTION("stderr counts as output") {
    fake.next = ran(0, "");
    fake.next.err = "tool 4.0\n";
    const auto rs = checks::run_checks(in);
    CHECK(by_id(rs, "tool").status == CheckStatus::pass);
  }
  // The evidence's edge (an audit of src/'s limits): check-env.md keeps 4000 bytes of an output, and the
  // judgement reads all of it, so a pass printed late is still a pass.
  SECTION("an output of 4000 bytes is kept whole; one byte more is cut, and the expected text past the cut still passes") {
    const std::string exactly = "tool 5\n" + std::string(4000 - 7, 'x');
    fake.next = ran(0, exactly);
    auto rs = checks::run_checks(in);
    CHECK(by_id(rs, "tool").status == CheckStatus::pass);
    CHECK(by_id(rs, "tool").evidence == exactly);
    const std::string late = std::string(4001, 'x') + "\ntool 6";
    fake.next = ran(0, late);
    rs = checks::run_checks(in);
    CHECK(by_id(rs, "tool").status == CheckStatus::pass);
    CHECK(by_id(rs, "tool").evidence == std::string(4000, 'x') + "\n[…]");
  }
}

TEST_CASE("local route: Python missing, wrong, and the items after it", "[checks]") {
  util::set_lang(util::Lang::en);
  const TrustedMini c;
  FakeRunner fake;
  auto in = input(c, course::Route::local, fake);

  SECTION("no Python: a fail with this OS's install command; later items unverified, nothing run") {
    in.python.reset();
    fake.next = ran(0, "tool 1");
    const auto rs = checks::run_checks(in);
    const auto& py = by_id(rs, "py");
    CHECK(py.status == CheckStatus::fail);
    CHECK(py.reason.find("no Python on PATH") != std::string::npos);
    CHECK(py.fix.find("apt-get install python3") != std::string::npos);
    CHECK(py.fix.find("winget") == std::string::npos);  // never another OS's command
    CHECK(by_id(rs, "after-py").status == CheckStatus::unverified);
    CHECK(by_id(rs, "after-py").reason.find("Python") != std::string::npos);
    CHECK(fake.calls.size() == 1);  // only `tool`
  }
  SECTION("a wrong version fails and shows it") {
    fake.next = ran(0, "Python 2.7.18");
    const auto rs = checks::run_checks(in);
    CHECK(by_id(rs, "py").status == CheckStatus::fail);
    CHECK(by_id(rs, "py").evidence == "Python 2.7.18");
    CHECK(by_id(rs, "after-py").status == CheckStatus::unverified);
  }
  SECTION("paid items are never run") {
    fake.next = ran(0, "x");
    const auto rs = checks::run_checks(in);
    CHECK(by_id(rs, "paid-job").status == CheckStatus::needs_you);
    for (const auto& call : fake.calls) CHECK(call.front() != "nvidia-smi");
  }
  SECTION("a manual item needs you") {
    fake.next = ran(0, "x");
    const auto rs = checks::run_checks(in);
    CHECK(by_id(rs, "look").status == CheckStatus::needs_you);
  }
}

TEST_CASE("the learner's confirmations are kept apart from observations", "[checks]") {
  util::set_lang(util::Lang::en);
  const TrustedMini c;
  FakeRunner fake;
  fake.next = ran(0, "tool 1");
  auto in = input(c, course::Route::browser, fake);
  in.confirmations = {{"page", true, "2026-11-01", ""}, {"cell", false, "2026-11-02", "ImportError"}};
  const auto rs = checks::run_checks(in);
  CHECK(by_id(rs, "page").status == CheckStatus::pass);
  CHECK(by_id(rs, "page").source == Source::learner);
  CHECK(by_id(rs, "page").date == "2026-11-01");
  CHECK(by_id(rs, "cell").status == CheckStatus::fail);
  CHECK(by_id(rs, "cell").source == Source::learner);
  CHECK(by_id(rs, "cell").evidence.find("ImportError") != std::string::npos);
  CHECK(by_id(rs, "tool").source == Source::observed);
}

TEST_CASE("course files: auto items must say what a pass looks like", "[checks][course]") {
  const std::string head =
      "id = \"x\"\ntitle = \"X\"\nentry_url = \"https://e.org/\"\n[[lessons]]\nnumber = 1\ntitle = \"A\"\n"
      "url = \"https://e.org/a\"\nfolder = \"01-a\"\n[[checks]]\nid = \"c\"\ntitle = \"C\"\nkind = \"auto\"\n";
  CHECK_FALSE(course::parse_course(head + "command.any = [\"git\", \"--version\"]\n", "x.toml"));
  CHECK_FALSE(course::parse_course(head + "expect_contains = \"git\"\n", "x.toml"));
  CHECK_FALSE(course::parse_course(head + "command = \"git --version\"\nexpect_contains = \"git\"\n", "x.toml"));
  CHECK_FALSE(course::parse_course(head + "command.beos = [\"git\"]\nexpect_contains = \"git\"\n", "x.toml"));
  CHECK_FALSE(course::parse_course(head + "command.any = [\"git\"]\nexpect_regex = \"(\"\n", "x.toml"));
  CHECK_FALSE(course::parse_course(head + "command.any = [\"git\"]\nexpect_contains = \"g\"\nafter = [\"nope\"]\n", "x.toml"));
  CHECK_FALSE(course::parse_course(head + "command.any = [\"git\"]\nexpect_contains = \"g\"\ntimeout = 0\n", "x.toml"));
  const auto ok =
      course::parse_course(head + "command.linux = [\"git\", \"--version\"]\nexpect_contains = \"git\"\ntimeout = 5\n", "x.toml");
  REQUIRE(ok);
  CHECK(ok->checks[0].commands[0].os == "linux");
  CHECK(ok->checks[0].timeout_seconds == 5);
}

TEST_CASE("the default course ships items for every route, all runnable by the rules", "[checks][course]") {
  const auto& c = course::default_course();
  const auto ids_for = [&](course::Route route) {
    std::vector<std::string> ids;
    for (const auto& item : c.checks) {
      if (course::in_route(item, route)) ids.push_back(item.id);
    }
    return ids;
  };
  const auto contains = [](const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); };
  for (const char* id : {"course-page", "notebook-torch", "git-cli", "env-ignored", "pre-commit-hook"})
    CHECK(contains(ids_for(course::Route::browser), id));
  for (const char* id : {"python", "torch-import", "torch-distributed", "gloo-backend", "gloo-allreduce"})
    CHECK(contains(ids_for(course::Route::local), id));
  for (const char* id : {"nccl-backend", "gpu-count"}) CHECK(contains(ids_for(course::Route::gpu), id));
  CHECK_FALSE(contains(ids_for(course::Route::browser), "python"));
  for (const auto& item : c.checks) {
    INFO(item.id);
    if (item.kind != course::CheckKind::automatic || !item.probe.empty()) continue;
    CHECK(item.timeout_seconds > 0);
    CHECK((!item.expect_regex.empty() || !item.expect_contains.empty()));
    for (const auto& cmd : item.commands) CHECK_FALSE(course::command_problem(cmd.argv, course::InlineCode::allowed));
    if (!item.script.empty()) CHECK(util::embedded_file(item.script));
  }
  const auto& gpu = *std::find_if(c.checks.begin(), c.checks.end(), [](const course::CheckItem& i) { return i.id == "nccl-backend"; });
  CHECK(gpu.os == std::vector<std::string>{"linux"});
  CHECK(course::command_for(gpu, platform::Os::windows) == nullptr);
  const auto& notebook =
      *std::find_if(c.checks.begin(), c.checks.end(), [](const course::CheckItem& i) { return i.id == "notebook-torch"; });
  CHECK(notebook.action.find("import torch; print(torch.__version__, torch.version.cuda)") != std::string::npos);
}

TEST_CASE("display_command quotes what a reader would misread", "[checks]") {
  CHECK(checks::display_command({"git", "--version"}) == "git --version");
  CHECK(checks::display_command({"py", "-c", "print('a b')"}) == "py -c \"print('a b')\"");
}

TEST_CASE("an untrusted course file: its commands are shown, never run, probes still run", "[checks]") {
  util::set_lang(util::Lang::en);
  const TrustedMini c("", false);  // the learner has not trusted it
  REQUIRE_FALSE(c.gate->open());
  FakeRunner fake;
  fake.next = ran(0, "tool 1");
  auto in = input(c, course::Route::browser, fake);
  SECTION("through the closed gate") {}
  SECTION("with no gate at all: nothing runs either") { in.commands = nullptr; }
  const auto rs = checks::run_checks(in);
  CHECK(fake.calls.empty());
  CHECK(by_id(rs, "tool").status == CheckStatus::unverified);
  CHECK_THAT(by_id(rs, "tool").reason,
             Catch::StartsWith("not run: you have not trusted this course file's commands") && Catch::Contains("pdo check --trust"));
  CHECK(by_id(rs, "tool").command == checks::display_command({"git", "--version"}));
  CHECK(by_id(rs, "probe").status == CheckStatus::pass);
}

TEST_CASE("Python runs isolated: -E, -P from 3.11, never in the workspace, no PYTHONPATH", "[checks]") {
  util::set_lang(util::Lang::en);
  const TrustedMini c;
  std::vector<std::vector<std::string>> calls;
  std::vector<platform::ProcessOptions> options;
  std::string version;
  checks::RunInput in;
  in.course = &c.course();
  in.commands = c.gate->commands();
  in.route = course::Route::local;
  in.os = platform::Os::gnu_linux;
  in.cwd = std::filesystem::current_path();
  in.python = platform::self_exe();  // a program that exists
  in.today = "2026-11-20";
  in.run = [&](const std::vector<std::string>& argv, const platform::ProcessOptions& opts) {
    calls.push_back(argv);
    options.push_back(opts);
    return ran(0, version + "\nok\ntool 1");
  };
  const auto python_calls = [&] {
    std::vector<std::vector<std::string>> out;
    for (const auto& call : calls) {
      if (call.front() == util::path_to_utf8(*in.python)) out.push_back(call);
    }
    return out;
  };
  const auto has_flag = [](const std::vector<std::string>& argv, const std::string& flag) {
    return std::find(argv.begin(), argv.end(), flag) != argv.end();
  };
  SECTION("3.12: -E and -P") {
    version = "Python 3.12.1";
    checks::run_checks(in);
    const auto py = python_calls();
    REQUIRE(py.size() == 3);  // the version question, then the two items
    for (std::size_t i = 1; i < py.size(); ++i) {
      CHECK(has_flag(py[i], "-E"));
      CHECK(has_flag(py[i], "-P"));
      CHECK_FALSE(has_flag(py[i], "-s"));  // user site-packages stay visible
    }
    CHECK_THAT(py[2].back(), Catch::EndsWith("gloo_allreduce.py"));  // {script}, written to the private folder
  }
  SECTION("3.10: -E, no -P, and '' removed from sys.path by the code itself") {
    version = "Python 3.10.4";
    checks::run_checks(in);
    const auto py = python_calls();
    REQUIRE(py.size() == 3);
    CHECK(has_flag(py[1], "-E"));
    CHECK_FALSE(has_flag(py[1], "-P"));
  }
  for (const auto& opts : options) {
    REQUIRE(opts.cwd);
    CHECK_FALSE(std::filesystem::exists(*opts.cwd));  // a private folder, removed afterwards
    CHECK(*opts.cwd != in.cwd);
    const auto cleared = std::find_if(opts.env.begin(), opts.env.end(), [](const auto& v) { return v.first == "PYTHONPATH"; });
    REQUIRE(cleared != opts.env.end());
    CHECK(cleared->second.empty());
  }
}

TEST_CASE("python -c code of the built-in course has sys.path cleaned before 3.11", "[checks]") {
  util::set_lang(util::Lang::en);
  // Only pdo's own course may use -c (see test_command.cpp); its gate is open without any trust record.
  workspace::Workspace ws;
  ws.course = course::make_default_course();
  const app::CommandGate gate(ws);
  REQUIRE(gate.open());
  std::vector<std::vector<std::string>> calls;
  checks::RunInput in;
  in.course = &ws.course;
  in.commands = gate.commands();
  in.route = course::Route::local;
  in.os = platform::Os::gnu_linux;
  in.python = platform::self_exe();  // a program that exists
  in.today = "2026-11-20";
  in.run = [&](const std::vector<std::string>& argv, const platform::ProcessOptions&) {
    calls.push_back(argv);
    return ran(0, "Python 3.10.2\ntorch 2.5.1 cuda None");
  };
  checks::run_checks(in);
  const auto inline_call =
      std::find_if(calls.begin(), calls.end(), [](const auto& a) { return a.back().find("import torch; print(") != std::string::npos; });
  REQUIRE(inline_call != calls.end());
  CHECK(inline_call->back().rfind("import sys; sys.path[:] = [p for p in sys.path if p not in ('', '.')]\n", 0) == 0);
}
