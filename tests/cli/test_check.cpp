// pdo check, run as the real binary on temp workspaces with fake programs on PATH, a local HTTP server,
// and the real git CLI to look at what was committed.
#include <chrono>
#include <optional>
#include <thread>

#include "checks/check.hpp"
#include "cli/cli_helpers.hpp"
#include "support/http_server.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"
#include "util/time.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// A /bin/sh script on PATH, for the cases that look at POSIX itself.
void sh_script(const FakeBin& bin, const std::string& name, const std::string& body) {
  write_file(bin.dir() / name, "#!/bin/sh\n" + body + "\n");
  fs::permissions(bin.dir() / name, fs::perms::owner_all, fs::perm_options::add);
}

/// The text between pdo's markers in check-env.md (the report), without the marker lines.
std::string block_of(const fs::path& ws) {
  const std::string text = read_file(ws / "check-env.md");
  const std::string begin = "<!-- pdo:begin check-env -->\n", end = "<!-- pdo:end check-env -->";
  const auto b = text.find(begin);
  const auto e = text.find(end);
  REQUIRE(b != std::string::npos);
  REQUIRE(e != std::string::npos);
  return text.substr(b + begin.size(), e - b - begin.size());
}

/// The line of one item in the report.
std::string item_line(const std::string& report, const std::string& id) {
  const auto at = report.find("`" + id + "` · ");
  if (at == std::string::npos) return {};
  const auto start = report.rfind('\n', at) + 1;
  return report.substr(start, report.find('\n', at) - start);
}

/// The lines under an item (its evidence, reason, fix), up to the next item or heading.
std::string item_body(const std::string& report, const std::string& id) {
  const auto at = report.find("`" + id + "` · ");
  if (at == std::string::npos) return {};
  const auto start = report.find('\n', at) + 1;
  auto end = report.find("\n- **", start);
  end = std::min(end, report.find("\n####", start));
  return report.substr(start, end - start);
}

/// A python3 whose every answer is a pass (FakeBin rules: see support/child_main.cpp).
const char* const k_python_ok =
    "when *--version\nout Python 3.11.2\n"
    "when *import torch; print('torch'*\nout torch 2.5.1 cuda None\n"
    "when *is_available*\nout distributed available: True\n"
    "when *is_gloo_available*\nout gloo available: True\n"
    "when *gloo_allreduce.py\nout rank 0: all_reduce sum = 3.0\nout gloo all_reduce OK: 2 processes, sum = 3.0";

}  // namespace

TEST_CASE("check outside a workspace is a usage error", "[cli][check]") {
  TempDir tmp("check-nows");
  const auto r = run_pdo({"check"}, tmp.path());
  CHECK(r.exit_code != 0);
  CHECK(r.err.find("pdo: 错误：") != std::string::npos);
}

TEST_CASE("browser route: only this OS's auto items run, the page title needs you until confirmed", "[cli][check]") {
  TempDir tmp("check-browser");
  const auto ws = tmp / "ws";
  FakeBin bin(tmp / "bin");
  // init's own self-check sees the same programs as the check below (under wine there is no git else).
  require_ok(run_pdo({"init", pdo_path(ws), "--yes"}, tmp.path(), "", bin.env()));
  bin.fake("git", "log git.log\nwhen --version\nout git version 2.39.5");
  bin.fake("python3", "log python.log\nwhen *");
  bin.fake("python", "log python.log\nwhen *");
  const int before = commit_count(ws);

  const auto r = run_pdo({"check"}, ws, "", bin.env());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  // The only programs run: `git --version`, and git asked where its hooks run. No Python, nothing else.
  std::string ran;
  const std::string log = read_file(bin.dir() / "git.log");
  for (const auto line : util::split_lines(log)) {
    if (line.find(" rev-parse --path-format=absolute --git-path hooks") == std::string_view::npos) ran += line;
  }
  CHECK(ran == "--version\n");
  CHECK_FALSE(fs::exists(bin.dir() / "python.log"));

  const std::string report = block_of(ws);
  CHECK(r.out.find(report) == 0);  // the terminal shows exactly what check-env.md holds
  CHECK(report.find("摘要：共 6 项：通过 3 · 未通过 0 · 需要你操作 3 · 未验证 0") != std::string::npos);
  CHECK(item_line(report, "course-page").find("浏览器操作 · 需要你操作 · " + util::today()) != std::string::npos);
  CHECK(item_line(report, "notebook-torch").find("在线 notebook 单元 · 需要你操作") != std::string::npos);
  CHECK(item_line(report, "git-cli").find("通过（pdo 观察到）") != std::string::npos);
  CHECK(item_body(report, "git-cli").find("    git version ") != std::string::npos);
  CHECK(item_line(report, "env-ignored").find("通过（pdo 观察到）") != std::string::npos);
  CHECK(item_line(report, "pre-commit-hook").find("通过（pdo 观察到）") != std::string::npos);
  // The hook's call as evidence: `#!…/pdo hook` (git starts pdo itself), or the sh hook's exec line under
  // wine, never the binary's absolute path (check-env.md is committed).
  const std::string call =
      pdo_under_launcher() ? "exec \"$pdo_bin\" hook pre-commit" : "#!…/" + util::path_to_utf8(pdo_binary().filename()) + " hook";
  CHECK(item_body(report, "pre-commit-hook").find(call) != std::string::npos);
  CHECK(report.find(util::path_to_utf8(util::absolute_path(pdo_binary()))) == std::string::npos);
  // No pass without evidence: every observed pass shows its output.
  CHECK(count_of(report, "通过（pdo 观察到） · ") == count_of(report, "  - 输出：\n    ```\n"));
  for (const char* part : {"**已完成**", "**需要你操作**", "**尚未验证**"}) CHECK(report.find(part) != std::string::npos);
  CHECK(report.find("python") == std::string::npos);  // not this route's business

  // init ran this self-check once already and committed the same report: nothing new to commit, and
  // that commit holds exactly check-env.md, as the terminal showed it.
  CHECK(commit_count(ws) == before);
  CHECK(git_out({"show", "--name-only", "--format=", "HEAD"}, ws) == "check-env.md\n");
  CHECK(git_out({"show", "HEAD:check-env.md"}, ws) == read_file(ws / "check-env.md"));
  CHECK(git_out({"log", "-1", "--format=%s"}, ws) == "pdo check：通过 3，未通过 0，需要你操作 3，未验证 0\n");
  require_clean_repo(ws);

  SECTION("confirm marks it as confirmed by you, with the date, in a committed file") {
    const auto c = run_pdo({"check", "confirm", "course-page"}, ws, "", bin.env());
    INFO(c.out << c.err);
    CHECK(c.exit_code == 0);
    const std::string after = block_of(ws);
    CHECK(item_line(after, "course-page").find("浏览器操作 · 通过（由你确认） · " + util::today()) != std::string::npos);
    // Issue 43 item 9: the confirmed item and the counts, not the whole 50-line report again.
    CHECK(c.out.find(item_line(after, "course-page")) == 0);
    CHECK_THAT(c.out, Catch::Contains("摘要：共 ") && Catch::Contains("每一项见 check-env.md") && !Catch::Contains("notebook-torch"));
    CHECK(util::split_lines(c.out).size() < 15);
    const std::string toml = git_out({"show", "HEAD:.pdo/checks.toml"}, ws);
    CHECK(toml.find("id = \"course-page\"\nresult = \"done\"\ndate = \"" + util::today() + "\"") != std::string::npos);
    CHECK(git_out({"show", "--name-only", "--format=", "HEAD"}, ws) == ".pdo/checks.toml\ncheck-env.md\n");
    require_clean_repo(ws);

    const auto f = run_pdo({"check", "confirm", "notebook-torch", "--failed", "ModuleNotFoundError: torch"}, ws, "", bin.env());
    CHECK(f.exit_code == 1);
    CHECK(item_line(block_of(ws), "notebook-torch").find("未通过（由你确认）") != std::string::npos);
    CHECK(item_body(block_of(ws), "notebook-torch").find("ModuleNotFoundError: torch") != std::string::npos);
    CHECK(item_line(block_of(ws), "course-page").find("通过（由你确认）") != std::string::npos);
  }
  SECTION("pdo's own items and unknown ids cannot be confirmed") {
    const auto a = run_pdo({"check", "confirm", "git-cli"}, ws, "", bin.env());
    CHECK(a.exit_code == 2);
    CHECK(a.err.find("pdo") != std::string::npos);
    CHECK(run_pdo({"check", "confirm", "nope"}, ws, "", bin.env()).exit_code == 2);
    CHECK(run_pdo({"check", "confirm", "course-page", "--failed", " "}, ws, "", bin.env()).exit_code == 2);
    CHECK_FALSE(fs::exists(ws / ".pdo/checks.toml"));
  }
  SECTION("a missing hook is an observed fail with a fix") {
    fs::remove(ws / ".git/hooks/pre-commit");
    const auto m = run_pdo({"--lang", "en", "check"}, ws, "", bin.env());
    CHECK(m.exit_code == 1);
    const std::string rep = block_of(ws);
    CHECK(item_line(rep, "pre-commit-hook").find("fail (observed by pdo)") != std::string::npos);
    CHECK(item_body(rep, "pre-commit-hook").find(".git/hooks/pre-commit does not exist") != std::string::npos);
    CHECK(item_body(rep, "pre-commit-hook").find("fix: Run pdo init again") != std::string::npos);
    CHECK(rep.find("#### fail") < rep.find("#### needs you"));
  }
  SECTION("someone else's hook is not pdo's hook") {
    write_file(ws / ".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n");
    const auto m = run_pdo({"--lang", "en", "check"}, ws, "", bin.env());
    CHECK(m.exit_code == 1);
    CHECK(item_body(block_of(ws), "pre-commit-hook").find("exists but is not pdo's hook") != std::string::npos);
    CHECK(item_body(block_of(ws), "pre-commit-hook").find("pre-commit.local") != std::string::npos);
  }
}

TEST_CASE("local route with a fake python: wrong version, crash, hang, none", "[cli][check]") {
  TempDir tmp("check-local");
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--route", "local", "--lang", "en"});
  FakeBin bin(tmp / "bin");

  SECTION("every item passes on observed output") {
    bin.python(k_python_ok);
    const auto r = run_pdo({"check"}, ws, "", bin.env());
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
    const std::string rep = block_of(ws);
    for (const char* id : {"python", "torch-import", "torch-distributed", "gloo-backend", "gloo-allreduce"}) {
      INFO(id);
      CHECK(item_line(rep, id).find("pass (observed by pdo)") != std::string::npos);
      CHECK(item_body(rep, id).find("  - output:\n") != std::string::npos);
    }
    CHECK(item_body(rep, "gloo-allreduce").find("gloo all_reduce OK") != std::string::npos);
    CHECK(item_body(rep, "gloo-allreduce").find("gloo_allreduce.py") != std::string::npos);
    CHECK(item_line(rep, "course-page").find("needs you") != std::string::npos);
    CHECK(rep.find("nccl") == std::string::npos);  // gpu route only
  }
  SECTION("a wrong version fails with its output; the rest waits") {
    bin.python("when *--version\nout Python 2.7.18");
    const auto r = run_pdo({"check"}, ws, "", bin.env());
    CHECK(r.exit_code == 1);
    const std::string rep = block_of(ws);
    CHECK(item_line(rep, "python").find("fail (observed by pdo)") != std::string::npos);
    CHECK(item_body(rep, "python").find("    Python 2.7.18\n") != std::string::npos);
    CHECK(item_body(rep, "python").find("fix: Install Python 3.10") != std::string::npos);
    CHECK(item_line(rep, "torch-import").find("unverified") != std::string::npos);
    CHECK(item_body(rep, "torch-import").find("not run: first needs a pass of Python 3.10 or newer") != std::string::npos);
    CHECK(r.out.find("#### fail (1)") < r.out.find("#### unverified"));
  }
  SECTION("a crash fails with the traceback shown") {
    bin.python(
        "when *--version\nout Python 3.11.2\nwhen *\nerr Traceback (most recent call last):\n"
        "err ModuleNotFoundError: No module named 'torch'\nexit 1");
    const auto r = run_pdo({"check"}, ws, "", bin.env());
    CHECK(r.exit_code == 1);
    const std::string rep = block_of(ws);
    CHECK(item_line(rep, "python").find("pass") != std::string::npos);
    CHECK(item_line(rep, "torch-import").find("fail (observed by pdo)") != std::string::npos);
    CHECK(item_body(rep, "torch-import").find("ModuleNotFoundError: No module named 'torch'") != std::string::npos);
    CHECK(item_body(rep, "torch-import").find("reason: exit code 1") != std::string::npos);
    CHECK(item_body(rep, "torch-import").find("download.pytorch.org/whl/cpu") != std::string::npos);  // this route's build
    CHECK(item_line(rep, "gloo-allreduce").find("unverified") != std::string::npos);
  }
  SECTION("a hang is cut by the timeout and reported, never a pass") {
    bin.python("when *--version\nout Python 3.\nsleep 120000");
    const auto start = std::chrono::steady_clock::now();
    const auto r = run_pdo({"check"}, ws, "", bin.env());
    const auto took = std::chrono::steady_clock::now() - start;
    CHECK(took < std::chrono::seconds(40));
    const std::string rep = block_of(ws);
    CHECK(item_line(rep, "python").find("unverified") != std::string::npos);
    CHECK(item_body(rep, "python").find("timed out: 10 s passed") != std::string::npos);
    CHECK(item_body(rep, "python").find("    Python 3.\n") != std::string::npos);
    CHECK(count_of(rep, "pass (observed by pdo) · ") == 3);  // only git and the two probes pass
  }
  SECTION("no python at all: a fail with this OS's install command") {
    const auto r = run_pdo({"check"}, ws, "", bin.env());
    CHECK(r.exit_code == 1);
    const std::string rep = block_of(ws);
    CHECK(item_line(rep, "python").find("fail") != std::string::npos);
    CHECK(item_body(rep, "python").find("no Python on PATH") != std::string::npos);
    if (pdo_under_launcher()) {  // pdo.exe: this OS is Windows
      CHECK(item_body(rep, "python").find("winget") != std::string::npos);
      CHECK(item_body(rep, "python").find("apt-get") == std::string::npos);
    } else {
      CHECK(item_body(rep, "python").find("sudo apt-get install -y python3") != std::string::npos);
      CHECK(item_body(rep, "python").find("winget") == std::string::npos);
    }
    CHECK(item_line(rep, "torch-import").find("unverified") != std::string::npos);
  }
}

TEST_CASE("gpu route adds the GPU count, and NCCL on Linux only", "[cli][check]") {
  TempDir tmp("check-gpu");
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--route", "gpu", "--lang", "en"});
  FakeBin bin(tmp / "bin");
  bin.python(std::string("when *is_nccl_available*\nout nccl available: False\nwhen *device_count*\nout cuda devices: 0\n") + k_python_ok);
  const auto r = run_pdo({"check"}, ws, "", bin.env());
  CHECK(r.exit_code == 1);
  const std::string rep = block_of(ws);
  if (pdo_under_launcher()) {  // pdo.exe: PyTorch has no NCCL on Windows, so the item is never run there
    CHECK(item_line(rep, "nccl-backend").find("unverified") != std::string::npos);
    CHECK(item_body(rep, "nccl-backend").find("applies only on linux; not run on this OS (windows)") != std::string::npos);
  } else {
    CHECK(item_line(rep, "nccl-backend").find("fail (observed by pdo)") != std::string::npos);
    CHECK(item_body(rep, "nccl-backend").find("nccl available: False") != std::string::npos);
  }
  CHECK(item_line(rep, "gpu-count").find("fail") != std::string::npos);
  CHECK(item_line(rep, "gpu-driver-matches").find("manual check · needs you") != std::string::npos);
}

TEST_CASE("the learner's text outside the block survives every run", "[cli][check]") {
  TempDir tmp("check-keep");
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--lang", "en"});
  FakeBin bin(tmp / "bin");
  const std::string original = read_file(ws / "check-env.md");
  const auto b = original.find("<!-- pdo:begin check-env -->");
  const auto e = original.find("<!-- pdo:end check-env -->") + std::string("<!-- pdo:end check-env -->").size();
  const std::string head = "# My own title 我的\r\nnotes before, CRLF\r\n" + original.substr(0, b);
  const std::string tail = original.substr(e) + "\nMy notes after the block 之后\n";
  write_file(ws / "check-env.md", head + original.substr(b, e - b) + tail);

  const std::vector<std::vector<std::string>> runs = {
      {"check"},
      {"check", "confirm", "course-page"},
      {"check", "--online", "--base-url", "http://127.0.0.1:" + std::to_string(refused_port())},
      {"check", "confirm", "course-page", "--failed", "title differs"},
      {"check"}};
  for (const auto& args : runs) {
    INFO(args.back());
    const auto r = run_pdo(args, ws, "", bin.env());
    CHECK(r.exit_code != 2);
    const std::string now = read_file(ws / "check-env.md");
    CHECK(now.substr(0, head.size()) == head);
    CHECK(now.substr(now.size() - tail.size()) == tail);
  }
}

TEST_CASE("without pdo's markers check-env.md is left alone, and says so", "[cli][check]") {
  TempDir tmp("check-nomarkers");
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--lang", "en"});
  FakeBin bin(tmp / "bin");
  write_file(ws / "check-env.md", "all mine now\n");
  git_out({"commit", "-qam", "mine"}, ws);
  const int before = commit_count(ws);
  const auto r = run_pdo({"check"}, ws, "", bin.env());
  CHECK(r.out.find("markers") != std::string::npos);
  CHECK(r.out.find("left the file alone") != std::string::npos);
  CHECK(read_file(ws / "check-env.md") == "all mine now\n");
  CHECK(commit_count(ws) == before);
}

TEST_CASE("check --online against a local server: 200 + title pass, 404 and wrong title fail, refused unverified", "[cli][check]") {
  TempDir tmp("check-online");
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--lang", "en"});
  FakeBin bin(tmp / "bin");
  const auto& course = course::default_course();
  std::map<std::string, Page> pages;
  for (const auto& l : course.lessons) {
    const std::string path = l.url.substr(l.url.find('/', 8));
    pages[path] = Page{200, html_with_title(l.title + " &mdash; PyTorch Tutorials 2.9.0 documentation")};
  }
  const std::string l2 = course.lessons[1].url.substr(course.lessons[1].url.find('/', 8));
  const std::string l3 = course.lessons[2].url.substr(course.lessons[2].url.find('/', 8));
  pages.erase(l2);                                       // 404
  pages[l3] = Page{200, html_with_title("Page moved")};  // wrong title

  SECTION("a live server") {
    HttpServer server(pages);
    const auto r = run_pdo({"check", "--online", "--base-url", server.base_url()}, ws, "", bin.env());
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    const std::string rep = block_of(ws);
    CHECK(item_line(rep, "lesson-01-page").find("pass (observed by pdo)") != std::string::npos);
    CHECK(item_body(rep, "lesson-01-page").find("HTTP 200") != std::string::npos);
    CHECK(item_line(rep, "lesson-17-page").find("pass") != std::string::npos);
    CHECK(item_line(rep, "lesson-02-page").find("fail") != std::string::npos);
    CHECK(item_body(rep, "lesson-02-page").find("HTTP status 404") != std::string::npos);
    CHECK(item_line(rep, "lesson-03-page").find("fail") != std::string::npos);
    CHECK(item_body(rep, "lesson-03-page").find("Getting Started with Distributed Data Parallel") != std::string::npos);
    CHECK(rep.find("lesson links: not fetched") == std::string::npos);
    CHECK(server.requests() == 17);
    CHECK(git_out({"show", "HEAD:check-env.md"}, ws) == read_file(ws / "check-env.md"));
  }
  SECTION("connection refused: unverified (offline), never pass") {
    const auto r = run_pdo({"check", "--online", "--base-url", "http://127.0.0.1:" + std::to_string(refused_port())}, ws, "", bin.env());
    CHECK(r.exit_code == 0);
    const std::string rep = block_of(ws);
    for (const auto& l : course.lessons) {
      INFO(l.id);
      CHECK(item_line(rep, "lesson-" + l.id + "-page").find("unverified") != std::string::npos);
    }
    CHECK(item_body(rep, "lesson-01-page").find("unverified (offline)") != std::string::npos);
  }
  SECTION("--base-url needs --online") { CHECK(run_pdo({"check", "--base-url", "http://127.0.0.1:1"}, ws, "", bin.env()).exit_code == 2); }
}

TEST_CASE("check --lessons: readiness from course-file facts, nothing written", "[cli][check]") {
  TempDir tmp("check-lessons");
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--lang", "en"});
  FakeBin bin(tmp / "bin");
  const int before = commit_count(ws);
  const auto r = run_pdo({"check", "--lessons"}, ws, "", bin.env());
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("structured needs") != std::string::npos);
  const auto l3 = r.out.find("- 03 Getting Started with Distributed Data Parallel");
  REQUIRE(l3 != std::string::npos);
  CHECK(r.out.substr(l3, 400).find("Kaggle (2×T4)") != std::string::npos);
  CHECK(commit_count(ws) == before);

  const auto zh = run_pdo({"--lang", "zh", "check", "--lessons"}, ws, "", bin.env());
  CHECK(zh.out.find("结构化需求") != std::string::npos);
}

TEST_CASE("check --open opens an item's page with the desktop's opener", "[cli][check]") {
  TempDir tmp("check-open");
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--lang", "en"});
  FakeBin bin(tmp / "bin");
  bin.desktop_opener("log opened.txt\nwhen *");
  const auto r = run_pdo({"check", "--open", "course-page"}, ws, "", bin.env());
  CHECK(r.exit_code == 0);
  // Under wine the opener runs in winebrowser, which may still be starting when pdo.exe has returned.
  const auto opened = bin.dir() / "opened.txt";
  for (int i = 0; i < 200 && !fs::exists(opened); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK(read_file(opened) == "https://docs.pytorch.org/tutorials/beginner/dist_overview.html\n");
  CHECK(run_pdo({"check", "--open", "git-cli"}, ws, "", bin.env()).exit_code == 2);
}

// [posix:opener] Windows reports a failure only when no program handles web links; wine's winebrowser always does.
TEST_CASE("check --open without a desktop opener fails and names the page", "[cli][check][posix][posix:opener]") {
  TempDir tmp("check-no-opener");
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--lang", "en"});
  FakeBin bin(tmp / "bin");  // no xdg-open on its PATH
  const auto none = run_pdo({"check", "--open", "course-page"}, ws, "", bin.env());
  CHECK(none.exit_code == 0);  // the URL is printed: a missing browser is a note, as for start --open
  CHECK(none.err.find("dist_overview.html") != std::string::npos);
}

TEST_CASE("a key in a command's output: nothing committed and check-env.md as it was", "[cli][check][secrets]") {
  TempDir tmp("check-secret");
  const auto ws = tmp / "ws";
  init_workspace(ws);
  FakeBin bin(tmp / "bin");
  // A git whose --version also prints a token (built here so this file holds no key-shaped text).
  const std::string token = fake_key(4);
  bin.fake("git", "when --version\nout git version 2.39.5 " + token);
  const std::string before = read_file(ws / "check-env.md");
  const auto r = run_pdo({"check"}, ws, "", bin.env());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.err.find(token) == std::string::npos);
  CHECK(read_file(ws / "check-env.md") == before);
  CHECK(commit_count(ws) == 2);
  CHECK(git_out({"status", "--porcelain"}, ws).empty());
}

namespace {

/// The real Python interpreter behind `python3` (pyenv and similar put a shell script shim on PATH).
std::optional<fs::path> real_python() {
  platform::ProcessOptions opts;
  opts.timeout = std::chrono::seconds(30);
  const auto r = platform::run_process({"python3", "-c", "import sys; print(sys.executable)"}, opts);
  if (r.exit_code != 0) return std::nullopt;
  return fs::path(std::string(util::trim(r.out)));
}

}  // namespace

// [posix:python] needs a real Python that pdo can start: the Linux one here (wine has no Windows Python).
TEST_CASE("a torch.py in the workspace or on PYTHONPATH is never imported by pdo check", "[cli][check][trust][posix][posix:python]") {
  TempDir tmp("check torch.py");
  const auto python = real_python();
  REQUIRE(python);  // CI has python3 (scripts/debian-packages.txt); this is the issue's reproduction
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--route", "local", "--lang", "en"});
  FakeBin bin(tmp / "bin");
  fs::create_symlink(*python, bin.dir() / "python3");
  const auto marker = tmp / "marker";
  const std::string fake_torch = "open(r'" + marker.string() +
                                 "', 'w').write('ran')\n__version__ = '9.9.9'\n"
                                 "class version:\n    cuda = None\n";
  write_file(ws / "torch.py", fake_torch);
  fs::create_directories(tmp / "pythonpath");
  write_file(tmp / "pythonpath" / "torch.py", fake_torch);
  auto env = bin.env();
  env.emplace_back("PYTHONPATH", (tmp / "pythonpath").string());

  const auto r = run_pdo({"check"}, ws, "", env);
  INFO(r.out << r.err);
  CHECK_FALSE(fs::exists(marker));
  const std::string rep = block_of(ws);
  CHECK(item_line(rep, "python").find("pass (observed by pdo)") != std::string::npos);
  CHECK(item_line(rep, "torch-import").find("pass") == std::string::npos);
  CHECK(item_body(rep, "torch-import").find("9.9.9") == std::string::npos);
  CHECK(item_body(rep, "torch-import").find(" -E ") != std::string::npos);
}

// [posix:signals] POSIX signal dispositions, read from /proc.
TEST_CASE("a child started by pdo check has SIGPIPE at its default", "[cli][check][posix][posix:signals]") {
  TempDir tmp("check sigpipe");
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--lang", "en"});
  FakeBin bin(tmp / "bin");
  bin.remove("git");
  const auto git = platform::find_program("git");
  REQUIRE(git);
  // An ignored signal shows in SigIgn (and stays ignored across exec); SIGPIPE is bit 13.
  sh_script(
      bin, "git",
      "if [ \"$1\" = --version ]; then echo 'git version 2.39.5'; while read -r k v; do [ \"$k\" = SigIgn: ] && echo \"SigIgn: $v\"; done < /proc/$$/status; exit 0; fi\nexec '" +
          git->string() + "' \"$@\"");
  const auto r = run_pdo({"check"}, ws, "", bin.env());
  INFO(r.out << r.err);
  const std::string body = item_body(block_of(ws), "git-cli");
  const auto at = body.find("SigIgn:");
  REQUIRE(at != std::string::npos);
  const auto mask = std::stoull(std::string(util::trim(body.substr(at + 7, body.find('\n', at) - at - 7))), nullptr, 16);
  CHECK((mask & (1ull << (13 - 1))) == 0);
}

TEST_CASE("escape sequences in a command's output are shown escaped, never raw", "[cli][check]") {
  TempDir tmp("check esc");
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--lang", "en"});
  FakeBin bin(tmp / "bin");
  bin.fake("git", "when --version\nout git version 2.39.5\\e]0;owned\\a\\e[2J");
  const auto r = run_pdo({"check"}, ws, "", bin.env());
  INFO(r.out << r.err);
  CHECK(r.out.find('\x1b') == std::string::npos);
  CHECK(r.out.find('\x07') == std::string::npos);
  CHECK(r.out.find("git version 2.39.5\\x1b]0;owned\\x07\\x1b[2J") != std::string::npos);
  CHECK(read_file(ws / "check-env.md").find('\x1b') == std::string::npos);
}

TEST_CASE("check confirm --failed with a key: only its first 4 characters are ever shown or written", "[cli][check][secrets]") {
  TempDir tmp("check failed key");
  const auto ws = tmp / "ws";
  init_workspace(ws, {"--lang", "en"});
  FakeBin bin(tmp / "bin");
  const std::string key = fake_key(7);
  const auto all_files_without_key = [&] {
    for (const auto& e : fs::recursive_directory_iterator(ws)) {
      if (e.is_regular_file() && read_file(e.path()).find(key) != std::string::npos) return false;
    }
    return true;
  };
  SECTION("in a repository: refused, nothing committed") {
    const int before = commit_count(ws);
    const auto r = run_pdo({"check", "confirm", "notebook-torch", "--failed", "HF_TOKEN=" + key}, ws, "", bin.env());
    INFO(r.out << r.err);
    CHECK(r.exit_code == 3);
    CHECK(r.out.find(key) == std::string::npos);
    CHECK(r.err.find(key) == std::string::npos);
    CHECK(r.out.find(key.substr(0, 4) + "…") != std::string::npos);
    CHECK(r.out.find(key.substr(0, 5)) == std::string::npos);
    CHECK(commit_count(ws) == before);
    CHECK(all_files_without_key());
  }
  SECTION("without a repository: refused before anything is written") {
    fs::remove_all(ws / ".git");
    const std::string check_env = read_file(ws / "check-env.md");
    const auto r = run_pdo({"check", "confirm", "notebook-torch", "--failed", "HF_TOKEN=" + key}, ws, "", bin.env());
    INFO(r.out << r.err);
    CHECK(r.exit_code == 3);
    CHECK(r.out.find(key) == std::string::npos);
    CHECK(r.err.find(key) == std::string::npos);
    CHECK(read_file(ws / "check-env.md") == check_env);
    CHECK(all_files_without_key());
  }
}

// Issue 12: readiness from structured facts and recorded checks; the browser route without git.

namespace {

/// A PATH with nothing on it: no git, no python, no browser opener.
std::vector<std::pair<std::string, std::string>> empty_path(const TempDir& tmp) {
  fs::create_directories(tmp / "empty-bin");
  return {{"PATH", util::path_to_utf8(tmp / "empty-bin")}};
}

/// The readiness entry of one lesson in `check --lessons` output (its line and sub-lines).
std::string lesson_entry(const std::string& out, const std::string& id) {
  const auto at = out.find("\n- " + id + " ");
  if (at == std::string::npos) return {};
  return out.substr(at + 1, out.find("\n- ", at + 1) - at - 1);
}

}  // namespace

TEST_CASE("check --lessons: Monarch is read-only, and nothing is runnable where a recorded check failed", "[cli][check][issue12]") {
  TempDir tmp("check lessons facts");
  SECTION("browser route: lesson 13 needs a SLURM cluster and several machines") {
    const auto ws = tmp / "ws";
    init_workspace(ws);
    const auto r = run_pdo({"check", "--lessons"}, ws);
    require_ok(r);
    const auto l13 = lesson_entry(r.out, "13");
    CHECK_THAT(l13, Catch::Contains("只能阅读") && Catch::Contains("SLURM") && Catch::Contains("多台机器"));
    CHECK_THAT(l13, !Catch::Contains("可以在") && !Catch::Contains("Kaggle"));
    CHECK_THAT(lesson_entry(r.out, "03"), Catch::Contains("可以在在线 notebook：Kaggle（2×T4）运行"));
    CHECK_THAT(lesson_entry(r.out, "07"), Catch::Contains("只能阅读"));
  }
  SECTION("local route after the Python check failed: lesson 04 is not runnable here") {
    const auto ws = tmp / "local";
    init_workspace(ws, {"--route", "local"});
    const auto env = empty_path(tmp);
    const auto check = run_pdo({"check"}, ws, "", env);
    CHECK(check.exit_code == 1);
    const auto r = run_pdo({"check", "--lessons"}, ws, "", env);
    require_ok(r);
    const auto l04 = lesson_entry(r.out, "04");
    CHECK_THAT(l04, Catch::Contains("需要先通过自检") && Catch::Contains("`python`") && Catch::Contains("已记录为未通过"));
    CHECK_THAT(l04, !Catch::Contains("本机能运行") && !Catch::Contains("可以运行"));
  }
}

TEST_CASE("browser route without a git CLI: unverified, not failed", "[cli][check][issue12]") {
  TempDir tmp("check nogit");
  const auto ws = tmp / "ws";
  init_workspace(ws);
  const auto r = run_pdo({"check"}, ws, "", empty_path(tmp));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  const std::string block = block_of(ws);
  CHECK_THAT(item_line(block, "git-cli"), Catch::Contains("未验证"));
  CHECK_THAT(item_body(block, "git-cli"), Catch::Contains("这条路线不需要") && Catch::Contains("Git for Windows"));
  CHECK_THAT(block, !Catch::Contains("未通过 ("));
}

TEST_CASE("after confirm --failed the advice is to confirm again, not to re-run pdo check", "[cli][check][issue12]") {
  TempDir tmp("check failed advice");
  const auto ws = tmp / "ws";
  init_workspace(ws);
  const auto r = pdo_in(ws, {"check", "confirm", "course-page", "--failed", "页面打不开"});
  CHECK(r.exit_code == 1);
  const std::string block = block_of(ws);
  const auto summary = block.find("**需要你操作**");
  REQUIRE(summary != std::string::npos);
  const std::string needs = block.substr(summary, block.find("**尚未验证**") - summary);
  const auto line_at = needs.find("课程页面能打开");
  REQUIRE(line_at != std::string::npos);
  const std::string line = needs.substr(line_at, needs.find('\n', line_at) - line_at);
  CHECK_THAT(line, Catch::Contains("pdo check confirm course-page") && !Catch::Contains("重新运行 `pdo check`"));
  CHECK_THAT(r.out, Catch::Contains("（check-env.md、.pdo/checks.toml）"));
}

TEST_CASE("no sentence ends twice (。。): a failed item's fix in init's report, and what every reading command prints",
          "[cli][check][issue26]") {
  TempDir tmp("no double stop");
  FakeBin bin(tmp / "bin");
  const auto ws = tmp / "ws";
  require_ok(run_pdo({"init", pdo_path(ws), "--yes"}, tmp.path(), "", bin.env()));
  // A needs-you item the learner recorded as failed: a re-run of init reports it with the course's fix,
  // a sentence of its own.
  CHECK(run_pdo({"check", "confirm", "notebook-torch", "--failed", "导入 torch 时报错。"}, ws, "", bin.env()).exit_code == 1);
  const auto init = run_pdo({"init", pdo_path(ws), "--yes"}, tmp.path(), "", bin.env());
  require_ok(init);
  CHECK_THAT(init.out, Catch::Contains("这一项通常的修复（不一定对应你看到的情况）：选择预装 PyTorch 的运行时"));
  std::string all = init.out + init.err;
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"check"}, {"check", "--lessons"}, {"status"}, {"log"}, {"help"}, {"start", "01"}, {"start", "13"}, {"lesson", "list"}}) {
    const auto r = run_pdo(args, ws, "", bin.env());
    all += r.out + r.err;
  }
  for (const char* file : {"check-env.md", "README.md", "progress.md", "questions.md"}) all += read_file(ws / file);
  const auto at = all.find("。。");
  INFO((at == std::string::npos ? std::string() : all.substr(at > 200 ? at - 200 : 0, 260)));
  CHECK(at == std::string::npos);
}
