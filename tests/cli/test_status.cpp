// pdo status: the progress table and the next step.
#include "cli/cli_helpers.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;

TEST_CASE("status shows the table and the next step", "[cli][status]") {
  TempDir tmp("status");
  const auto root = fresh_workspace(tmp);
  std::string text = read_file(root / "progress.md");
  REQUIRE(Catch::replaceInPlace(text, "- [ ] 01 读讲义", "- [x] 01 读讲义"));
  write_file(root / "progress.md", text);  // ticked by hand: honoured
  const auto r = pdo_in(root, {"status"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("1/48") && Catch::Contains("下一步：01 记笔记") && Catch::Contains("pdo start 01"));
  const auto j = pdo_in(root, {"status", "--json"});
  CHECK_THAT(j.out, Catch::StartsWith(R"({"course":"pytorch-distributed-overview")") &&
                        Catch::Contains(R"("next":{"lesson":"01","number":1,"step":"notes"})"));
  const auto en = pdo_in(root, {"--lang", "en", "status"});
  CHECK_THAT(en.out, Catch::Contains("next: 01 Take notes"));
}

// Issue 43, item 5: lesson 01 has no code, and 07 and 13 are read only on the browser route. Their exercise
// boxes say so in progress.md (and its legend), are not todo, and the next step goes past them; a box ticked
// anyway counts.
TEST_CASE("issue 43 item 5: steps a lesson does not have on the route are marked, not todo, and skipped as the next step",
          "[cli][status]") {
  TempDir tmp("status off route");
  const auto root = fresh_workspace(tmp);
  const std::string progress = read_file(root / "progress.md");
  CHECK_THAT(progress, Catch::Contains("- [ ] 01 做练习（本路线不适用：本页没有要运行的代码）\n") &&
                           Catch::Contains("- [ ] 07 做练习（本路线不适用：") && Catch::Contains("- [ ] 13 做练习（本路线不适用：") &&
                           Catch::Contains("行尾写着「本路线不适用」的一项") && !Catch::Contains("- [ ] 03 做练习（"));
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  require_ok(pdo_in(root, {"track", "done", "01", "notes"}));
  auto r = pdo_in(root, {"status"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("2/48") && Catch::Contains("下一步：02 读讲义") && Catch::Contains("01      ✓      –      ✓") &&
                        Catch::Contains("– 表示这一课在你的路线上没有这一步"));
  auto j = pdo_in(root, {"status", "--json"});
  CHECK_THAT(j.out, Catch::Contains(R"("next":{"lesson":"02","number":2,"step":"read"})") &&
                        Catch::Contains(R"("not_on_route":["exercise"])") && Catch::Contains(R"("done":2,"total":48)"));
  // ask without --lesson (no lesson started): the lesson of the next step, past 01's exercise.
  require_ok(pdo_in(root, {"ask", "Why gloo on Windows?"}));
  CHECK_THAT(read_file(root / "questions.md"), Catch::Contains("## 02 "));
  // 02 done, and 07's exercise on the way: the next step after 06 is 07's notes, never its exercise.
  for (int n = 2; n <= 6; ++n) {
    for (const char* step : {"read", "exercise", "notes"}) require_ok(pdo_in(root, {"track", "done", std::to_string(n), step}));
  }
  require_ok(pdo_in(root, {"track", "done", "07", "read"}));
  CHECK_THAT(pdo_in(root, {"status"}).out, Catch::Contains("下一步：07 记笔记"));
  // Ticked anyway: it counts, in the total too, and the table shows it done.
  require_ok(pdo_in(root, {"track", "done", "01", "exercise"}));
  r = pdo_in(root, {"status"});
  CHECK_THAT(r.out, Catch::Contains("19/49") && Catch::Contains("01      ✓      ✓      ✓"));
  CHECK_THAT(pdo_in(root, {"--lang", "en", "status"}).out, Catch::Contains("next: 07 Take notes"));
  require_ok(pdo_in(root, {"report"}));
  CHECK_THAT(read_file(root / "report.html"), Catch::Contains("19 / 49"));
  // English: the marker and the legend in the learner's language.
  TempDir en_tmp("status off route en");
  const auto en = fresh_workspace(en_tmp, {"--lang", "en"});
  CHECK_THAT(read_file(en / "progress.md"),
             Catch::Contains("- [ ] 01 Do the exercise (not on this route: the page has no code to run)\n") &&
                 Catch::Contains("A line ending in \"not on this route\""));
}

namespace {

const char* const k_hook_warning = "so git commit no longer checks for keys; run pdo init to restore it";

/// Whether `pdo ARGS` in `root` succeeds with the warning that the pre-commit hook is not active.
bool warned(const std::filesystem::path& root, const std::vector<std::string>& args) {
  const auto r = pdo_in(root, args);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  return Catch::Contains(k_hook_warning).match(r.err);
}

}  // namespace

TEST_CASE("status and committing commands say when the pre-commit hook is not active", "[cli][status]") {
  TempDir tmp("status hook");
  const auto root = fresh_workspace(tmp, {"--lang", "en"});
  CHECK_FALSE(warned(root, {"status"}));  // installed by init: nothing to say
  SECTION("core.hooksPath pointing elsewhere") {
    git_out({"config", "core.hooksPath", "/nonexistent-hooks"}, root);
    CHECK(warned(root, {"status"}));
    CHECK(warned(root, {"track", "done", "01", "read"}));
  }
  SECTION("another pdo's commit-msg hook") {
    append(root / ".git/hooks/commit-msg", "# changed\n");
    CHECK(warned(root, {"status"}));
    CHECK(warned(root, {"track", "done", "01", "read"}));
  }
  SECTION("removed, then restored by init") {
    std::filesystem::remove(root / ".git/hooks/pre-commit");
    CHECK(warned(root, {"status"}));
    require_ok(run_pdo({"init", util::path_to_utf8(root), "--yes"}, tmp.path()));
    CHECK_FALSE(warned(root, {"status"}));
  }
}

// [posix:permissions] the execute bit: Windows files have none (Git for Windows runs any hook file).
TEST_CASE("status and committing commands say when the pre-commit hook is not executable", "[cli][status][posix][posix:permissions]") {
  TempDir tmp("status hook exec");
  const auto root = fresh_workspace(tmp, {"--lang", "en"});
  std::filesystem::permissions(
      root / ".git/hooks/pre-commit",
      std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec | std::filesystem::perms::others_exec,
      std::filesystem::perm_options::remove);
  CHECK(warned(root, {"status"}));
  CHECK(warned(root, {"track", "done", "01", "read"}));
  CHECK(warned(root, {"ask", "why?"}));
}

TEST_CASE("status on a missing .git/index says what git shows and that nothing is lost and what rebuilds it", "[cli][status]") {
  TempDir tmp("status index");
  const auto root = fresh_workspace(tmp);
  std::filesystem::remove(root / ".git" / "index");
  // What git itself shows: every committed file as a staged deletion.
  std::size_t deletions = 0;
  for (const auto& line : util::split(git_out({"status", "--porcelain"}, root), '\n')) deletions += line.rfind("D ", 0) == 0 ? 1u : 0u;
  REQUIRE(deletions > 10);
  const auto r = pdo_in(root, {"--lang", "en", "status"});
  require_ok(r);
  CHECK_THAT(r.err, Catch::Contains(".git/index is missing") && Catch::Contains(std::to_string(deletions) + " committed files") &&
                        Catch::Contains("nothing is lost") && Catch::Contains("git reset"));
  CHECK_FALSE(std::filesystem::exists(root / ".git" / "index"));  // status reads only
  // pdo's next commit rebuilds it from HEAD first: nothing staged afterwards.
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  CHECK(git_out({"status", "--porcelain"}, root).empty());
  CHECK(pdo_in(root, {"--lang", "en", "status"}).err.find(".git/index") == std::string::npos);
}
