// pdo start: prints the filled-in prompt, link and folders of a lesson.
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;

TEST_CASE("start prints the filled-in prompt, link and folders", "[cli][start]") {
  TempDir tmp("start");
  const auto root = fresh_workspace(tmp);
  const auto r = pdo_in(root / "lessons", {"start", "3"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("第 03 课：Getting Started with Distributed Data Parallel") &&
                        Catch::Contains("https://docs.pytorch.org/tutorials/intermediate/ddp_tutorial.html") &&
                        Catch::Contains("lessons/03-03-getting-started-with-distributed-data/exercises") && Catch::Contains("只给提示"));
  CHECK(pdo_in(root, {"start", "18"}).exit_code == 2);
  CHECK(git_out({"status", "--porcelain"}, root).empty());
}

TEST_CASE("the per-lesson prompt carries the lesson's needs and where it runs on the route", "[cli][start][issue12]") {
  TempDir tmp("start needs");
  const auto root = fresh_workspace(tmp);
  const auto r = pdo_in(root, {"start", "13"});
  require_ok(r);
  const auto begin = r.out.find("----------------------------------------\n");
  REQUIRE(begin != std::string::npos);
  const std::string prompt = r.out.substr(begin, r.out.find("----------------------------------------\n", begin + 10) - begin);
  CHECK_THAT(prompt, Catch::Contains("本课需要：") && Catch::Contains("SLURM") && Catch::Contains("夜间版"));
  CHECK_THAT(prompt, Catch::Contains("在我的学习方式下：只能阅读：需要多台机器"));
  const auto r4 = pdo_in(root, {"start", "04"});
  CHECK_THAT(r4.out, Catch::Contains("在我的学习方式下：可以在在线 notebook："));
}

TEST_CASE("start --open without a browser still succeeds: the prompt and link were printed", "[cli][start][issue12]") {
  TempDir tmp("start open");
  const auto root = fresh_workspace(tmp);
  std::filesystem::create_directories(tmp / "empty-bin");
  const auto r = run_pdo({"start", "3", "--open"}, root, "",
                         {{"PATH", util::path_to_utf8(tmp / "empty-bin")}, {"BROWSER", ""}, {"DISPLAY", ""}, {"WAYLAND_DISPLAY", ""}});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("ddp_tutorial.html"));
  if (!pdo_under_launcher()) CHECK_THAT(r.err, Catch::Contains("手动打开"));  // wine may find an opener
}

TEST_CASE("lesson 01, an overview without code, needs nothing and is read in the browser", "[cli][start][issue26]") {
  TempDir tmp("start 01");
  const auto root = fresh_workspace(tmp);
  const auto zh = pdo_in(root, {"start", "01"});
  require_ok(zh);
  CHECK_THAT(zh.out, Catch::Contains("本课需要：无（只需阅读）（页面原话：无：概览页，没有代码）") &&
                         Catch::Contains("没有要运行的代码：在浏览器里读就行"));
  CHECK(zh.out.find("PyTorch") == zh.out.find("PyTorch Distributed Overview"));  // no PyTorch need beside "no code"
  CHECK(zh.out.find("notebook-torch") == std::string::npos);
  const auto lessons = pdo_in(root, {"--lang", "en", "check", "--lessons"});
  require_ok(lessons);
  CHECK_THAT(lessons.out,
             Catch::Contains("- 01 PyTorch Distributed Overview — reading only (no code)\n  - needs: nothing (reading only)\n"));
}

TEST_CASE("start, check and report --open without a browser all exit 0 and say what to open by hand", "[cli][start][issue26]") {
  TempDir tmp("open none");
  const auto root = fresh_workspace(tmp);
  std::filesystem::create_directories(tmp / "empty-bin");
  const std::vector<std::pair<std::string, std::string>> no_browser{
      {"PATH", util::path_to_utf8(tmp / "empty-bin")}, {"BROWSER", ""}, {"DISPLAY", ""}, {"WAYLAND_DISPLAY", ""}};
  const auto start = run_pdo({"start", "3", "--open"}, root, "", no_browser);
  const auto check = run_pdo({"check", "--open", "course-page"}, root, "", no_browser);
  const auto report = run_pdo({"report", "--open"}, root, "", no_browser);
  CHECK(start.exit_code == 0);
  CHECK(check.exit_code == 0);
  CHECK(report.exit_code == 0);
  CHECK_THAT(check.out + check.err, Catch::Contains("https://docs.pytorch.org/tutorials/beginner/dist_overview.html"));
  CHECK_THAT(report.out, Catch::Contains("report.html"));
  if (!pdo_under_launcher()) {  // wine may find an opener
    CHECK_THAT(start.err, Catch::Contains("没能打开浏览器"));
    CHECK_THAT(check.err, Catch::Contains("没能打开浏览器"));
    CHECK_THAT(report.err, Catch::Contains("没能打开浏览器"));
  }
}

// Issue 43 item 9: "需要8+ 块 GPU" read as broken Chinese; a count of GPUs reads "8 块以上 GPU".
TEST_CASE("a lesson's GPU count reads as Chinese in Chinese and as English in English", "[cli][start][issue43]") {
  TempDir tmp("start gpus");
  const auto root = fresh_workspace(tmp);
  const auto zh = run_pdo({"start", "07"}, root);
  require_ok(zh);
  CHECK_THAT(zh.out, Catch::Contains("8 块以上 GPU") && !Catch::Contains("+ 块"));
  const auto en = run_pdo({"--lang", "en", "start", "07"}, root);
  CHECK_THAT(en.out, Catch::Contains("8+ GPUs"));
}

// A mutant that dropped the "not yet verified" suffix of a runnable lesson (or printed an empty one)
// survived mutate.sh --seed-from HEAD: the verdict is checked on both sides of that gate.
TEST_CASE("start says which checks a runnable lesson still waits for, and nothing once they passed", "[cli][start]") {
  TempDir tmp("start gates");
  const auto root = fresh_workspace(tmp);
  const auto route_line = [&] {
    const auto r = run_pdo({"--lang", "en", "start", "04"}, root);
    REQUIRE(r.exit_code == 0);
    const auto at = r.out.find("On your route: ");
    REQUIRE(at != std::string::npos);
    return r.out.substr(at, r.out.find('\n', at) - at);
  };
  CHECK_THAT(route_line(), Catch::StartsWith("On your route: runnable on ") &&
                               Catch::EndsWith("(not yet verified: PyTorch in an online notebook `notebook-torch`)"));
  require_ok(run_pdo({"check", "confirm", "notebook-torch"}, root));
  CHECK_THAT(route_line(), Catch::StartsWith("On your route: runnable on ") && !Catch::Contains("not yet verified"));
}
