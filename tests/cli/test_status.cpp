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
  CHECK_THAT(r.out, Catch::Contains("1/51") && Catch::Contains("下一步：01 做练习") && Catch::Contains("pdo start 01"));
  const auto j = pdo_in(root, {"status", "--json"});
  CHECK_THAT(j.out, Catch::StartsWith(R"({"course":"pytorch-distributed-overview")") &&
                        Catch::Contains(R"("next":{"lesson":"01","number":1,"step":"exercise"})"));
  const auto en = pdo_in(root, {"--lang", "en", "status"});
  CHECK_THAT(en.out, Catch::Contains("next: 01 Do the exercise"));
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
