// pdo init's questions (issue 26): an empty or malformed answer to the folder, name or email question is
// asked again, a few times; then init stops with nothing created and says how to give the answer as a
// flag. Each test drives init's stdin.
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// HOME and XDG_CONFIG_HOME in an empty folder: git knows no name or email, so init asks for them.
std::vector<std::pair<std::string, std::string>> no_identity(const TempDir& home) {
  return {{"HOME", util::path_to_utf8(home.path())}, {"XDG_CONFIG_HOME", util::path_to_utf8(home / ".config")}};
}

}  // namespace

TEST_CASE("Enter at the name question, or a malformed email, is asked again after the plan was agreed", "[cli][init][issue26]") {
  TempDir tmp("init prompts again");
  TempDir home("init prompts home");
  const auto root = tmp / "c";
  // Consent, then: no name, a name, two addresses that are no email, one that is.
  const auto r = run_pdo({"init", util::path_to_utf8(root)}, tmp.path(), "y\n\n学习者\nnot-an-email\nme@localhost\nme@example.com\n",
                         no_identity(home));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(count_of(r.out, "你的名字：") == 2);
  CHECK(count_of(r.out, "你的邮箱：") == 3);
  CHECK_THAT(r.out, Catch::Contains("名字不能为空") && Catch::Contains("「not-an-email」不像邮箱地址") &&
                        Catch::Contains("「me@localhost」不像邮箱地址"));
  CHECK(git_out({"config", "--local", "user.name"}, root) == "学习者\n");
  CHECK(git_out({"log", "-1", "--format=%ae", "HEAD~1"}, root) == "me@example.com\n");
  require_clean_repo(root);
}

TEST_CASE("refused answers to the identity questions stop init with nothing created and name the flags", "[cli][init][issue26]") {
  TempDir tmp("init prompts give up");
  TempDir home("init prompts give up home");
  const auto root = tmp / "c";
  const std::string flags = "pdo init \"" + pdo_path(root) + "\" --name \"你的名字\" --email you@example.com";
  SECTION("three empty names") {
    const auto r = run_pdo({"init", util::path_to_utf8(root)}, tmp.path(), "y\n\n\n\n", no_identity(home));
    CHECK(r.exit_code == 4);
    CHECK(count_of(r.out, "你的名字：") == 3);
    CHECK_THAT(r.err, Catch::Contains("什么都没有创建") && Catch::Contains(flags));
  }
  SECTION("three addresses that are no email") {
    const auto r = run_pdo({"init", util::path_to_utf8(root)}, tmp.path(), "y\n学习者\nx\n@example.com\nme@example\n", no_identity(home));
    CHECK(r.exit_code == 4);
    CHECK(count_of(r.out, "不像邮箱地址") == 3);
    CHECK_THAT(r.err, Catch::Contains(flags));
  }
  SECTION("the input ends") {
    const auto r = run_pdo({"init", util::path_to_utf8(root)}, tmp.path(), "y\n", no_identity(home));
    CHECK(r.exit_code == 4);
    CHECK_THAT(r.err, Catch::Contains(flags));
  }
  CHECK_FALSE(fs::exists(root));
}

TEST_CASE("init's --email is held to the same rule as the answer", "[cli][init][issue26]") {
  TempDir tmp("init email flag");
  const auto root = tmp / "c";
  const auto r = run_pdo({"init", util::path_to_utf8(root), "--yes", "--name", "L", "--email", "not-an-email"}, tmp.path());
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--email") && Catch::Contains("「not-an-email」不像邮箱地址"));
  CHECK_FALSE(fs::exists(root));
}

TEST_CASE("the folder questions ask again, then stop and show the command with the folder in it", "[cli][init][issue26]") {
  TempDir tmp("init folder prompts");
  const std::vector<std::string> args{"init", "--name", "Learner", "--email", "learner@example.com"};
  SECTION("no full path in three answers") {
    const auto r = run_pdo(args, tmp.path(), "\nrel\nrel2\n" + pdo_path(tmp / "never") + "\n");
    CHECK(r.exit_code == 4);
    CHECK(count_of(r.out, "课程放在哪个目录？") == 3);
    CHECK_THAT(r.err, Catch::Contains("什么都没有创建") && Catch::Contains("pdo init " + pdo_path(tmp / "pytorch-distributed-overview")));
    CHECK_FALSE(fs::exists(tmp / "never"));
  }
  SECTION("a file, or a path through a file, is asked again (issue 43 item 9)") {
    write_file(tmp / "notes.txt", "a file\n");
    const auto r = run_pdo(args, tmp.path(),
                           pdo_path(tmp / "notes.txt") + "\n" + pdo_path(tmp / "notes.txt/ws") + "\n" + pdo_path(tmp / "ws") + "\ny\n");
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(count_of(r.out, "是一个文件，不是文件夹") == 2);
    CHECK(fs::exists(tmp / "ws/progress.md"));
    CHECK(read_file(tmp / "notes.txt") == "a file\n");
  }
  SECTION("an unclear answer to 'use the suggested folder?' is asked again") {
    write_file(tmp / "docs/resume.txt", "my CV\n");
    const auto r = run_pdo(args, tmp.path(), pdo_path(tmp / "docs") + "\nmaybe\nn\ny\n");
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("请直接回车、输入 y 或输入 n"));
    CHECK(fs::exists(tmp / "docs/progress.md"));
  }
  SECTION("three unclear answers: nothing created, and the command that skips the question") {
    write_file(tmp / "docs/resume.txt", "my CV\n");
    const auto r = run_pdo(args, tmp.path(), pdo_path(tmp / "docs") + "\nmaybe\nperhaps\nwhat\ny\n");
    CHECK(r.exit_code == 4);
    CHECK_THAT(r.err, Catch::Contains("pdo init " + pdo_path(tmp / "docs/pytorch-distributed-overview") + " --yes"));
    CHECK_FALSE(fs::exists(tmp / "docs/progress.md"));
    CHECK_FALSE(fs::exists(tmp / "docs/pytorch-distributed-overview"));
  }
}

// Issue 43 item 4: the consent question cancelled on natural yeses (好的, ok: "已取消", exit 4, and the long
// plan had to be read again). Every yes of either language agrees, a closing 。 or ! aside; only an
// explicit no (or the end of input) cancels; anything else asks again, without the plan.
TEST_CASE("the consent question takes the natural yeses, cancels only on a no, and asks again otherwise", "[cli][init][issue43]") {
  TempDir tmp("init consent");
  const std::vector<std::string> identity{"--name", "Learner", "--email", "learner@example.com"};
  const auto init = [&](const std::string& dir, const std::string& input, const std::string& lang) {
    std::vector<std::string> args{"--lang", lang, "init", util::path_to_utf8(tmp / dir)};
    args.insert(args.end(), identity.begin(), identity.end());
    return run_pdo(args, tmp.path(), input);
  };
  int n = 0;
  SECTION("every yes agrees") {
    for (const char* yes :
         {"好", "好的", "好啊", "可以", "行", "是", "是的", "对", "y", "Y", "yes", "ok", "OK", "okay", "sure", "好的。", "ok!", " 好 "}) {
      INFO("answer: " << yes);
      ++n;
      const auto r = init("yes-" + std::to_string(n), std::string(yes) + "\n", n % 2 ? "zh" : "en");
      CHECK(r.exit_code == 0);
      CHECK(fs::exists(tmp / ("yes-" + std::to_string(n)) / "progress.md"));
    }
  }
  SECTION("every no cancels") {
    for (const char* no : {"否", "不", "不要", "n", "no", "NO", "不。"}) {
      INFO("answer: " << no);
      ++n;
      const auto r = init("no-" + std::to_string(n), std::string(no) + "\n", "zh");
      CHECK(r.exit_code == 4);
      CHECK_THAT(r.out, Catch::Contains("已取消"));
      CHECK_FALSE(fs::exists(tmp / ("no-" + std::to_string(n))));
    }
  }
  SECTION("an answer that is neither asks again, without showing the plan again") {
    const auto r = init("again", "maybe\n嗯？\n好的\n", "zh");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
    CHECK(count_of(r.out, "没看懂这个回答") == 2);
    CHECK(count_of(r.out, "[新建] README.md") == 1);
  }
  SECTION("three answers that are neither, or the end of input, cancel") {
    for (const char* input : {"maybe\nperhaps\nlater\n", ""}) {
      const auto r = init("never", input, "en");
      CHECK(r.exit_code == 4);
      CHECK_FALSE(fs::exists(tmp / "never"));
    }
  }
  SECTION("the READMEs show the question as pdo asks it") {
    const auto zh = init("zh-prompt", "否\n", "zh"), en = init("en-prompt", "n\n", "en");
    const std::string zh_question = "按上面的方案创建吗？同意请输入 好 / 是 / y；不同意请输入 否 或 n：";
    const std::string en_question = "Create this? Type y / yes to agree, n or no to cancel: ";
    CHECK_THAT(zh.out, Catch::Contains(zh_question));
    CHECK_THAT(en.out, Catch::Contains(en_question));
    CHECK_THAT(read_file(util::path_from_utf8(PDO_SOURCE_DIR) / "README.md"), Catch::Contains(zh_question));
    CHECK_THAT(read_file(util::path_from_utf8(PDO_SOURCE_DIR) / "README.en.md"), Catch::Contains(en_question));
  }
}
