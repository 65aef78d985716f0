// pdo init, run as the real binary on temp folders and checked with the real git CLI.
#include "cli/cli_helpers.hpp"

#include "course/course.hpp"
#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;

namespace {

std::set<std::string> seed_tree(const course::Course& c) {
  std::set<std::string> t{".gitignore",   ".pdo/", ".pdo/config.toml", "README.md", "progress.md", "questions.md",
                          "check-env.md", "data/", "data/.gitkeep",    "lessons/"};
  for (const auto& l : c.lessons) {
    const std::string d = "lessons/" + l.folder + "/";
    t.insert({d, d + "notes.md", d + "exercises/", d + "exercises/.gitkeep"});
  }
  return t;
}

const char* const k_mini_course = R"(id = "mini"
title = "Mini course"
entry_url = "https://example.org/course"
language = "en"
[[lessons]]
number = 1
title = "First steps"
url = "https://example.org/1"
folder = "01-first-steps"
[[lessons]]
number = 2
title = "Coming later"
url = "https://example.org/2"
folder = "02-coming-later"
published = false
[[lessons]]
number = 3
title = "Third"
url = "https://example.org/3"
folder = "03-third"
)";

}  // namespace

TEST_CASE("init lays out the seed's tree in a new repo", "[cli][init]") {
  TempDir tmp("init fresh 中文");
  const auto root = tmp / "study dir 学习/pytorch-distributed-overview";
  init_workspace(root);
  const auto& course = course::default_course();
  CHECK(tree_of(root) == seed_tree(course));

  const std::string readme = read_file(root / "README.md");
  std::size_t last = 0;
  for (const auto& l : course.lessons) {
    const auto at = readme.find("<" + l.url + ">", last);
    INFO(l.url);
    REQUIRE(at != std::string::npos);
    last = at;
  }
  CHECK_THAT(readme, Catch::Contains("每课提示词"));
  const std::string progress = read_file(root / "progress.md");
  CHECK(count_of(progress, "\n- [ ] ") == 51);
  CHECK(count_of(progress, "\n- [x] ") == 0);
  CHECK(read_file(root / "lessons/03-03-getting-started-with-distributed-data/notes.md").find(course.lessons[2].url) < 120);
  CHECK(read_file(root / "lessons/01-01-pytorch-distributed-overview/exercises/.gitkeep").empty());

  CHECK(commit_count(root) == 2);
  require_clean_repo(root);
  CHECK(run_git({"check-ignore", "-q", ".env"}, root).exit_code == 0);
  CHECK(run_git({"check-ignore", "-q", ".env.local"}, root).exit_code == 0);
  CHECK(run_git({"check-ignore", "-q", ".env.example"}, root).exit_code == 1);
  // The init commit, then the self-check init ran once, committed as pdo check commits it.
  CHECK_THAT(git_out({"log", "-1", "--format=%B", "HEAD~1"}, root), Catch::Contains("Pdo-Action: init"));
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, root), Catch::Contains("Pdo-Action: check"));
}

TEST_CASE("init touches nothing without consent", "[cli][init]") {
  TempDir tmp("init consent");
  const auto root = tmp / "course";
  SECTION("end of input") {
    const auto r = run_pdo({"init", util::path_to_utf8(root)}, tmp.path(), "");
    CHECK(r.exit_code == 4);
    CHECK_THAT(r.out, Catch::Contains("什么都没有创建"));
  }
  SECTION("any other answer") {
    const auto r = run_pdo({"init", util::path_to_utf8(root)}, tmp.path(), "n\n");
    CHECK(r.exit_code == 4);
  }
  SECTION("dry run") {
    const auto r = run_pdo({"init", util::path_to_utf8(root), "--dry-run"}, tmp.path());
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("lessons/17-17-distributed-training-at-scale-with/"));
  }
  SECTION("no path given and no answer") {
    const auto r = run_pdo({"init"}, tmp.path(), "");
    CHECK(r.exit_code == 4);
    CHECK(std::filesystem::is_empty(tmp.path()));
  }
  CHECK_FALSE(std::filesystem::exists(root));
}

TEST_CASE("init asks for the folder and for consent on standard input", "[cli][init]") {
  TempDir tmp("init ask");
  const auto r = run_pdo({"init"}, tmp.path(), pdo_path(tmp / "course-here") + "\n是\n");  // pdo.exe: a Z: path
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains(pdo_path(tmp / "course-here")));
  CHECK_THAT(r.out, Catch::Contains("已完成") && Catch::Contains("需要你操作") && Catch::Contains("尚未验证"));
  CHECK(std::filesystem::exists(tmp / "course-here/progress.md"));
}

TEST_CASE("re-running init keeps every byte the learner wrote", "[cli][init]") {
  TempDir tmp("init rerun");
  const auto root = tmp / "pytorch-distributed-overview";
  init_workspace(root);
  const auto notes = root / "lessons/03-03-getting-started-with-distributed-data/notes.md";
  const auto exercise = root / "lessons/03-03-getting-started-with-distributed-data/exercises/ddp.py";
  write_file(notes, read_file(notes) + "我的笔记：DDP 每个进程一份模型。\n");
  write_file(exercise, "import torch\r\n");
  std::string progress = read_file(root / "progress.md");
  REQUIRE(Catch::replaceInPlace(progress, "- [ ] 03 读讲义", "- [x] 03 读讲义 周一读完"));
  std::string crlf;
  for (char c : progress) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  write_file(root / "progress.md", crlf);
  write_file(root / "README.md", "我自己的标题\n" + read_file(root / "README.md") + "我的补充\n");
  git_out({"add", "progress.md", "README.md"}, root);
  git_out({"commit", "-qm", "my edits"}, root);

  const auto before_tree = tree_of(root);
  const std::string n = read_file(notes), e = read_file(exercise), p = read_file(root / "progress.md"), rd = read_file(root / "README.md");
  init_workspace(root);
  CHECK(read_file(notes) == n);
  CHECK(read_file(exercise) == e);
  CHECK(read_file(root / "progress.md") == p);
  CHECK(read_file(root / "README.md") == rd);
  CHECK(tree_of(root) == before_tree);
  CHECK(commit_count(root) == 3);
}

TEST_CASE("README without pdo's markers is left alone and reported", "[cli][init]") {
  TempDir tmp("init markers");
  const auto root = tmp / "c";
  init_workspace(root);
  write_file(root / "README.md", "# 我自己写的 README\r\n");
  const auto r = run_pdo({"init", util::path_to_utf8(root), "--yes"}, tmp.path());
  REQUIRE(r.exit_code == 0);
  CHECK(read_file(root / "README.md") == "# 我自己写的 README\r\n");
  CHECK_THAT(r.out, Catch::Contains("README.md") && Catch::Contains("标记"));
}

TEST_CASE("a folder inside another repo reuses it and commits only course paths", "[cli][init]") {
  TempDir tmp("init nested");
  const auto outer = tmp / "outer";
  std::filesystem::create_directories(outer);
  git_out({"init", "-q"}, outer);
  write_file(outer / "old.txt", "history\n");
  git_out({"add", "old.txt"}, outer);
  git_out({"commit", "-qm", "old history"}, outer);
  write_file(outer / "staged.txt", "learner's staged work\n");
  git_out({"add", "staged.txt"}, outer);

  const auto r = run_pdo({"init", util::path_to_utf8(outer / "study/pdo course"), "--yes"}, tmp.path());
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains(util::path_to_utf8(outer)));
  CHECK_FALSE(std::filesystem::exists(outer / "study/pdo course/.git"));
  CHECK(commit_count(outer) == 3);
  const std::string files = git_out({"show", "--name-only", "--format=", "HEAD"}, outer);
  for (const auto& line : Catch::splitStringRef(files, '\n')) {
    CHECK(std::string(line).rfind("study/pdo course/", 0) == 0);
  }
  CHECK(git_out({"diff", "--cached", "--name-only"}, outer) == "staged.txt\n");
  CHECK(run_git({"fsck", "--strict"}, outer).exit_code == 0);
}

TEST_CASE("init --lang en gives the same tree in English", "[cli][init]") {
  TempDir tmp("init en");
  const auto root = tmp / "pytorch-distributed-overview";
  init_workspace(root, {"--lang", "en"});
  CHECK(tree_of(root) == seed_tree(course::default_course()));
  const std::string progress = read_file(root / "progress.md");
  CHECK(count_of(progress, "\n- [ ] ") == 51);
  CHECK_THAT(progress, Catch::Contains("- [ ] 03 Read the lecture"));
  CHECK_THAT(read_file(root / "README.md"), Catch::Contains("Per-lesson prompt"));
  CHECK_THAT(read_file(root / ".pdo/config.toml"), Catch::Contains("lang = \"en\""));
  require_clean_repo(root);
}

TEST_CASE("init --course FILE: a 3-lesson course with an unpublished lesson", "[cli][init]") {
  TempDir tmp("init course");
  write_file(tmp / "mini.toml", k_mini_course);
  const auto root = tmp / "mini";
  init_workspace(root, {"--course", util::path_to_utf8(tmp / "mini.toml")});
  course::Course mini = course::parse_course(k_mini_course, "mini").take();
  auto expected = seed_tree(mini);
  expected.insert(".pdo/course.toml");
  CHECK(tree_of(root) == expected);
  CHECK_THAT(read_file(root / "README.md"), Catch::Contains("Coming later **(not yet published)**"));
  CHECK_THAT(read_file(root / "lessons/02-coming-later/notes.md"), Catch::Contains("not yet published"));
  CHECK(count_of(read_file(root / "progress.md"), "\n- [ ] ") == 9);
  require_clean_repo(root);

  SECTION("a new lesson in the course file adds its folder and progress lines, nothing else moves") {
    const std::string before = read_file(root / "progress.md");
    write_file(tmp / "mini.toml",
               std::string(k_mini_course) +
                   "[[lessons]]\nnumber = 4\ntitle = \"Fourth\"\nurl = \"https://example.org/4\"\nfolder = \"04-fourth\"\n");
    init_workspace(root, {"--course", util::path_to_utf8(tmp / "mini.toml")});
    const std::string after = read_file(root / "progress.md");
    CHECK(after.substr(0, before.size()) == before);
    CHECK_THAT(after.substr(before.size()), Catch::Contains("- [ ] 04 Read the lecture"));
    CHECK(std::filesystem::exists(root / "lessons/04-fourth/exercises/.gitkeep"));
    CHECK(commit_count(root) == 3);
    require_clean_repo(root);
    // Later commands find the course without flags.
    CHECK_THAT(read_file(root / ".pdo/course.toml"), Catch::Contains("04-fourth"));
  }
}

// Issue 43 item 9: a copy of the built-in course given to --course was refused (its inline Python is the
// built-in course's alone), with no way to start a course of one's own from it.
TEST_CASE("course template writes a course file that init takes, and never replaces a file", "[cli][init][course]") {
  TempDir tmp("course template");
  const auto printed = run_pdo({"course", "template"}, tmp.path());
  require_ok(printed);
  const auto out = run_pdo({"course", "template", "-o", "我的课程.toml"}, tmp.path());
  require_ok(out);
  CHECK_THAT(out.out, Catch::Contains("pdo init --course 我的课程.toml"));
  const std::string text = read_file(tmp / "我的课程.toml");
  CHECK(text == printed.out);
  CHECK_THAT(text, Catch::Contains("kind = \"manual\"") && !Catch::Contains("\"-c\""));
  // A workspace from it: the built-in course's 17 lessons, its checks there for the learner to confirm.
  const auto root = tmp / "mine";
  init_workspace(root, {"--course", pdo_path(tmp / "我的课程.toml"), "--route", "local"});
  CHECK(count_of(read_file(root / "progress.md"), " 读讲义") == 17);
  CHECK_THAT(read_file(root / "check-env.md"), Catch::Contains("`torch-import`"));
  require_ok(pdo_in(root, {"check", "confirm", "torch-import"}));
  // An existing file is never replaced.
  write_file(tmp / "mine.toml", "# mine\n");
  CHECK(run_pdo({"course", "template", "-o", "mine.toml"}, tmp.path()).exit_code != 0);
  CHECK(read_file(tmp / "mine.toml") == "# mine\n");
  // The built-in course's own file, as it is, is what the template exists for: refused for its inline Python.
  write_file(tmp / "copy.toml", std::string(course::default_course_text()));
  const auto copy = run_pdo({"init", pdo_path(tmp / "copy"), "--course", pdo_path(tmp / "copy.toml"), "--yes"}, tmp.path());
  CHECK(copy.exit_code == 2);
}

TEST_CASE("bad course files get a clear error and nothing is created", "[cli][init]") {
  TempDir tmp("init badcourse");
  const auto root = tmp / "c";
  const auto check_bad = [&](const std::string& text, const std::string& expect) {
    write_file(tmp / "bad.toml", text);
    const auto r =
        run_pdo({"--lang", "en", "init", util::path_to_utf8(root), "--yes", "--course", util::path_to_utf8(tmp / "bad.toml")}, tmp.path());
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::StartsWith("pdo: error: bad course file: ") && Catch::Contains("bad.toml:") && Catch::Contains(expect));
    CHECK_FALSE(std::filesystem::exists(root));
  };
  const std::string lesson1 = "[[lessons]]\nnumber = 1\ntitle = \"A\"\nurl = \"https://e.org/a\"\nfolder = \"01-a\"\n";
  const std::string head = "id = \"x\"\ntitle = \"X\"\nentry_url = \"https://e.org\"\n";
  check_bad(head + "[[lessons]]\nnumber = 1\ntitle = \"A\"\nfolder = \"01-a\"\n", "missing field url");
  check_bad(head + lesson1 + lesson1, "duplicate lesson number");
  check_bad(head + "[[lessons]]\nnumber = 1\ntitle = \"A\"\nurl = \"https://e.org/a\"\nfolder = \"../a\"\n", "unsafe folder name");
  check_bad(head + "[[lessons]]\nnumber = 1\ntitle = \"A\"\nurl = \"https://e.org/a\"\nfolder = \"a\\\\b\"\n", "unsafe folder name");
  check_bad(head + "[[lessons]]\nnumber = 1\ntitle = \"A\"\nurl = \"https://e.org/a\"\nfolder = \"PRN\"\n", "Windows-reserved");
  check_bad(head + "[[lessons]]\nnumber = 1\ntitle = \"A\"\nurl = \"ftp://e.org/a\"\nfolder = \"01-a\"\n", "URL must be http");
  check_bad("id = [\n", "bad.toml:");
  const auto missing = run_pdo({"init", util::path_to_utf8(root), "--yes", "--course", util::path_to_utf8(tmp / "nope.toml")}, tmp.path());
  CHECK(missing.exit_code != 0);
  CHECK_THAT(missing.err, Catch::Contains("nope.toml"));
}

TEST_CASE("without a git identity init asks once or takes --name/--email", "[cli][init]") {
  TempDir tmp("init identity");
  TempDir home("init home");
  const std::vector<std::pair<std::string, std::string>> no_identity{{"HOME", util::path_to_utf8(home.path())},
                                                                     {"XDG_CONFIG_HOME", util::path_to_utf8(home / ".config")}};
  const auto root = tmp / "c";
  SECTION("--yes without --name/--email: input missing (exit 2, naming the flags), nothing created") {
    const auto r = run_pdo({"init", util::path_to_utf8(root), "--yes"}, tmp.path(), "", no_identity);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("--name") && Catch::Contains("--email"));
    CHECK_FALSE(std::filesystem::exists(root));
  }
  SECTION("asked once") {
    const auto r = run_pdo({"init", util::path_to_utf8(root)}, tmp.path(), "y\n学习者\nme@example.com\n", no_identity);
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(git_out({"config", "--local", "user.name"}, root) == "学习者\n");
    CHECK(git_out({"log", "-1", "--format=%an <%ae>"}, root) == "学习者 <me@example.com>\n");
  }
  SECTION("flags") {
    const auto r =
        run_pdo({"init", util::path_to_utf8(root), "--yes", "--name", "L", "--email", "l@example.com"}, tmp.path(), "", no_identity);
    REQUIRE(r.exit_code == 0);
    CHECK(git_out({"config", "--local", "user.email"}, root) == "l@example.com\n");
    CHECK(r.err.empty());
  }
}

TEST_CASE("init refuses a repository in the middle of a merge, with what to do", "[cli][init]") {
  TempDir tmp("init merge");
  const auto root = tmp / "c";
  init_workspace(root);
  write_file(root / ".git/MERGE_HEAD", git_out({"rev-parse", "HEAD"}, root));
  write_file(root / "README.md", "changed\n");
  const auto r = run_pdo({"init", util::path_to_utf8(root), "--yes"}, tmp.path());
  CHECK(r.exit_code == 5);
  CHECK_THAT(r.err, Catch::Contains("merge --abort"));
}

TEST_CASE("pdo's own commits are scanned: init refuses to commit a key", "[cli][init][secrets]") {
  TempDir tmp("pdo-secrets-init");
  const std::filesystem::path ws = tmp / "course";
  const auto plan = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws), "--dry-run"}, tmp.path());
  REQUIRE(plan.exit_code == 0);
  // The learner's own notes, written before pdo init, with a key in them.
  const std::filesystem::path notes = ws / "lessons" / "01-01-pytorch-distributed-overview" / "notes.md";
  write_file(notes, "# my notes\nkey " + fake_key(5) + "\n");
  const auto r = init_ws(ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("notes.md:2") != std::string::npos);
  CHECK(r.err.find(fake_key(5).substr(4)) == std::string::npos);
  CHECK(run_git({"rev-parse", "HEAD"}, ws).exit_code != 0);  // no commit
  CHECK(read_file(notes) == "# my notes\nkey " + fake_key(5) + "\n");
}

// Issue 12: what the learner asked for, point by point.

TEST_CASE("init runs the self-check once and reports its recorded results", "[cli][init][issue12]") {
  TempDir tmp("init selfcheck");
  const auto root = tmp / "pytorch-distributed-overview";
  const auto r = run_pdo({"init", util::path_to_utf8(root), "--yes"}, tmp.path());
  require_ok(r);
  CHECK_THAT(r.out, !Catch::Contains("都还没有运行"));
  CHECK_THAT(r.out, Catch::Contains("自检已运行一次"));
  // The report in check-env.md is the self-check's, committed by its own "pdo check" commit.
  const std::string env = read_file(root / "check-env.md");
  CHECK_THAT(env, Catch::Contains("### 自检结果") && Catch::Contains("`env-ignored` · pdo 自动检查 · 通过（pdo 观察到）"));
  CHECK_THAT(env, !Catch::Contains("尚未运行自检"));
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, root), Catch::StartsWith("pdo check：通过 ") && Catch::Contains("Pdo-Action: check"));
  require_clean_repo(root);
  // Done lists what pdo observed; the page item needs the learner.
  const auto done = r.out.find("== 已完成 ==");
  const auto needs = r.out.find("== 需要你操作 ==");
  const auto open = r.out.find("== 尚未验证 ==");
  REQUIRE((done < needs && needs < open && open != std::string::npos));
  CHECK_THAT(r.out.substr(done, needs - done), Catch::Contains("本工作区里 .env 被 git 忽略：通过（pdo 观察到）"));
  CHECK_THAT(r.out.substr(needs, open - needs), Catch::Contains("课程页面能打开") && Catch::Contains("pdo check confirm course-page"));
}

TEST_CASE("re-running init reports what check and confirm recorded", "[cli][init][issue12]") {
  TempDir tmp("init rerun report");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"check", "confirm", "course-page"}));
  require_ok(pdo_in(root, {"check", "confirm", "notebook-torch"}));
  const auto r = run_pdo({"init", util::path_to_utf8(root), "--yes"}, tmp.path());
  require_ok(r);
  CHECK_THAT(r.out, !Catch::Contains("都还没有运行"));
  const auto done = r.out.find("== 已完成 ==");
  const auto needs = r.out.find("== 需要你操作 ==");
  const auto open = r.out.find("== 尚未验证 ==");
  REQUIRE((done < needs && needs < open && open != std::string::npos));
  const std::string done_part = r.out.substr(done, needs - done), needs_part = r.out.substr(needs, open - needs);
  CHECK_THAT(done_part, Catch::Contains("课程页面能打开：通过（由你在") && Catch::Contains("在线 notebook 里的 PyTorch：通过（由你在"));
  CHECK_THAT(needs_part, !Catch::Contains("课程页面能打开") && !Catch::Contains("在线 notebook 里的 PyTorch"));
  CHECK_THAT(needs_part, Catch::Contains("pdo check confirm notebook-two-gpus"));
}

TEST_CASE("the folder prompt expands ~ and %USERPROFILE%, asks again on empty or relative answers", "[cli][init][issue12]") {
  TempDir tmp("init path input");
  const auto home = tmp / "home";
  std::filesystem::create_directories(home);
  const std::vector<std::string> args{"init", "--name", "Learner", "--email", "learner@example.com"};
  SECTION("~ is the home folder, not a folder named ~") {
    const auto r = run_pdo(args, tmp.path(), "~/course-a\n好\n", {{"HOME", util::path_to_utf8(home)}});
    require_ok(r);
    CHECK(std::filesystem::exists(home / "course-a/progress.md"));
    CHECK_FALSE(std::filesystem::exists(tmp / "~"));
  }
  SECTION("$HOME") {
    require_ok(run_pdo(args, tmp.path(), "$HOME/course-c\n是的\n", {{"HOME", util::path_to_utf8(home)}}));
    CHECK(std::filesystem::exists(home / "course-c/progress.md"));
  }
  SECTION("empty and relative answers are asked again") {
    const auto r = run_pdo(args, tmp.path(), "\nrelative-dir\n" + pdo_path(tmp / "course-d") + "\ny\n");
    require_ok(r);
    CHECK(count_of(r.out, "课程放在哪个目录？") == 3);
    CHECK_THAT(r.out, Catch::Contains("没有输入目录") && Catch::Contains("「relative-dir」不是完整路径"));
    CHECK_FALSE(std::filesystem::exists(tmp / "relative-dir"));
    CHECK(std::filesystem::exists(tmp / "course-d/progress.md"));
  }
  SECTION("no full path at all: nothing created, exit 4") {
    const auto r = run_pdo(args, tmp.path(), "\nrel\n");
    CHECK(r.exit_code == 4);
    CHECK_FALSE(std::filesystem::exists(tmp / "rel"));
  }
}

// [posix:wine-profile] wine gives every Windows program its own USERPROFILE (C:\users\<you>), so a test
// cannot point it at a folder of its own there.
TEST_CASE("the folder prompt expands %USERPROFILE%", "[cli][init][issue12][posix][posix:wine-profile]") {
  TempDir tmp("init userprofile");
  const auto home = tmp / "home";
  std::filesystem::create_directories(home);
  const std::vector<std::string> args{"init", "--name", "Learner", "--email", "learner@example.com"};
  require_ok(run_pdo(args, tmp.path(), "%USERPROFILE%/course-b\ny\n", {{"USERPROFILE", pdo_path(home)}}));
  CHECK(std::filesystem::exists(home / "course-b/progress.md"));
  CHECK_FALSE(std::filesystem::exists(tmp / "%USERPROFILE%"));
}

TEST_CASE("an unrelated non-empty folder: pdo says what is in it and suggests a subfolder", "[cli][init][issue12]") {
  TempDir tmp("init unrelated");
  const auto docs = tmp / "docs";
  write_file(docs / "resume.txt", "my CV\n");
  const std::vector<std::string> args{"init", "--name", "Learner", "--email", "learner@example.com"};
  SECTION("the suggestion is taken") {
    const auto r = run_pdo(args, tmp.path(), pdo_path(docs) + "\n\ny\n");
    require_ok(r);
    CHECK_THAT(r.out, Catch::Contains("不是空文件夹") && Catch::Contains("resume.txt") &&
                          Catch::Contains(pdo_path(docs / "pytorch-distributed-overview")));
    CHECK(std::filesystem::exists(docs / "pytorch-distributed-overview/progress.md"));
    CHECK_FALSE(std::filesystem::exists(docs / "progress.md"));
    CHECK(read_file(docs / "resume.txt") == "my CV\n");
  }
  SECTION("n keeps the folder, only after saying what is in it") {
    const auto r = run_pdo(args, tmp.path(), pdo_path(docs) + "\nn\ny\n");
    require_ok(r);
    CHECK_THAT(r.out, Catch::Contains("resume.txt"));
    CHECK(std::filesystem::exists(docs / "progress.md"));
  }
  SECTION("a workspace is not unrelated: no question") {
    init_workspace(tmp / "ws");
    const auto r = run_pdo(args, tmp.path(), pdo_path(tmp / "ws") + "\n");
    require_ok(r);
    CHECK_THAT(r.out, !Catch::Contains("不是空文件夹"));
  }
}

TEST_CASE("init's plan speaks Chinese in zh mode: tool names, notes and punctuation", "[cli][init][issue12]") {
  TempDir tmp("init zh plan");
  const auto r = run_pdo({"init", util::path_to_utf8(tmp / "c"), "--route", "gpu", "--dry-run"}, tmp.path(), "",
                         {{"PATH", util::path_to_utf8(tmp.path())}});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("要安装的软件（路线：") && !Catch::Contains("）):"));
  CHECK_THAT(r.out, Catch::Contains("NVIDIA 驱动（nvidia-smi）") && Catch::Contains("需要管理员（root）权限"));
  CHECK_THAT(r.out, !Catch::Contains("needs administrator") && !Catch::Contains("NVIDIA driver"));
}

TEST_CASE("README has a section for the learner's OS", "[cli][init][issue12]") {
  TempDir tmp("init os section");
  SECTION("the built-in course expects Windows, but the README follows the OS init detected, as its plan does") {
    const auto root = fresh_workspace(tmp);
    const std::string readme = read_file(root / "README.md");
    if (pdo_under_launcher()) {  // pdo.exe: Windows
      CHECK_THAT(readme, Catch::Contains("## 在 Windows 上") && Catch::Contains(".\\pdo.exe status") && Catch::Contains("Git for Windows"));
    } else {
      CHECK_THAT(readme, Catch::Contains("## 在 Linux / macOS 上") && !Catch::Contains("## 在 Windows 上"));
    }
  }
  SECTION("a course without an OS: the section of the OS pdo runs on") {
    write_file(tmp / "mini.toml", k_mini_course);
    const auto root = tmp / "mini";
    init_workspace(root, {"--course", util::path_to_utf8(tmp / "mini.toml")});
    const std::string readme = read_file(root / "README.md");
    if (pdo_under_launcher()) {  // pdo.exe: Windows
      CHECK_THAT(readme, Catch::Contains("## On Windows") && !Catch::Contains("On Linux / macOS"));
    } else {
      CHECK_THAT(readme, Catch::Contains("## On Linux / macOS") && !Catch::Contains("On Windows"));
    }
  }
}
