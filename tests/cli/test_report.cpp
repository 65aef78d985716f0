// pdo report --html: one self-contained HTML page, checked as headless Chromium renders it (the DOM it
// builds, and a screenshot kept in PDO_TEST_ARTIFACTS or ./test-artifacts).
#include <chrono>
#include <thread>

#include "cli/cli_helpers.hpp"
#include "support/skip.hpp"
#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// "Now" is 2026-06-16 17:00 UTC, 2026-06-17 (a Wednesday) in UTC+8.
const std::vector<std::pair<std::string, std::string>> k_fixed_now{{"PDO_NOW", "1781629200"}, {"TZ", "CST-8"}};

/// Ticks a box ("01 读讲义", or its English line in an English workspace) by hand at `date`.
void tick_at(const fs::path& root, const std::string& box, const std::string& date) {
  std::string text = read_file(root / "progress.md");
  const bool en = text.find(" Read the lecture") != std::string::npos;
  std::string line = box;
  if (en) {
    Catch::replaceInPlace(line, "读讲义", "Read the lecture");
    Catch::replaceInPlace(line, "做练习", "Do the exercise");
  }
  REQUIRE(Catch::replaceInPlace(text, "- [ ] " + line, "- [x] " + line));
  write_file(root / "progress.md", text);
  REQUIRE(run_git({"commit", "-qam", "ticked " + line}, root, {{"GIT_AUTHOR_DATE", date}, {"GIT_COMMITTER_DATE", date}}).exit_code == 0);
}

/// A workspace with 4 ticked boxes on three days and one open question (lesson 03).
fs::path studied_workspace(const TempDir& tmp, const std::vector<std::string>& init_extra = {}) {
  auto root = fresh_workspace(tmp, init_extra);
  tick_at(root, "01 读讲义", "2026-06-10T09:00:00+0800");
  tick_at(root, "01 做练习", "2026-06-16T09:00:00+0800");
  tick_at(root, "02 读讲义", "2026-06-17T00:30:00+0800");
  tick_at(root, "03 读讲义", "2026-06-17T00:40:00+0800");
  require_ok(pdo_in(root, {"ask", "为什么 <all_reduce> 会卡住？", "--lesson", "03"}));
  return root;
}

}  // namespace

TEST_CASE("report writes one self-contained page: lessons, steps, calendar, open questions", "[cli][report]") {
  TempDir tmp("report");
  const auto root = studied_workspace(tmp);
  const auto r = run_pdo({"report", "--html", "report.html"}, root, "", k_fixed_now);
  require_ok(r);
  const std::string html = read_file(root / "report.html");
  CHECK(count_of(html, "<tr data-lesson=") == 17);
  CHECK(count_of(html, "class=\"step done\"") == 4);
  CHECK(count_of(html, "class=\"day ") == 25 * 7 + 3);  // 25 whole weeks and Monday to Wednesday
  CHECK_THAT(html, Catch::Contains("data-date=\"2026-06-17\" data-count=\"2\"") && Catch::Contains("lang=\"zh-CN\"") &&
                       Catch::Contains("为什么 &lt;all_reduce&gt; 会卡住？") && Catch::Contains("读讲义"));
  // Nothing is fetched: no script, stylesheet link, import, web font or image.
  for (const char* fetch : {"<script", "<link", "@import", "url(", "<img", "@font-face"}) CHECK(html.find(fetch) == std::string::npos);
}

TEST_CASE("report speaks the workspace's language and writes report.html in the course folder, which git ignores",
          "[cli][report][issue26]") {
  TempDir tmp("report-en");
  const auto root = studied_workspace(tmp, {"--lang", "en"});
  FakeBin bin(tmp / "bin");
  bin.desktop_opener("log opened.txt\nwhen *");
  auto env = bin.env();
  env.insert(env.end(), k_fixed_now.begin(), k_fixed_now.end());
  const auto r = run_pdo({"report", "--open"}, root / "lessons", "", env);
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("report.html"));
  const std::string html = read_file(root / "report.html");
  CHECK_THAT(html, Catch::Contains("lang=\"en\"") && Catch::Contains("Open questions") && Catch::Contains("Read"));
  CHECK(git_out({"status", "--porcelain"}, root).empty());
  CHECK(run_git({"check-ignore", "-q", "report.html"}, root).exit_code == 0);
  CHECK_FALSE(fs::exists(root / ".git" / "pdo-report.html"));
  // Under wine the opener runs in winebrowser, which may still be starting when pdo.exe has returned.
  const auto opened = bin.dir() / "opened.txt";
  const auto logged = [&] { return fs::exists(opened) && read_file(opened).find("report.html") != std::string::npos; };
  for (int i = 0; i < 200 && !logged(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));  // written, not only made
  CHECK_THAT(read_file(opened), Catch::Contains("report.html"));
}

TEST_CASE("report never replaces a file that is not a pdo report", "[cli][report]") {
  TempDir tmp("report-keep");
  const auto root = fresh_workspace(tmp);
  write_file(root / "mine.html", "<p>my own page</p>\n");
  const auto r = pdo_in(root, {"report", "--html", "mine.html"});
  CHECK(r.exit_code == 2);
  CHECK(read_file(root / "mine.html") == "<p>my own page</p>\n");
  require_ok(pdo_in(root, {"report", "--html", "report.html"}));
  require_ok(pdo_in(root, {"report", "--html", "report.html"}));  // its own earlier report: replaced
}

TEST_CASE("report --html replaces only the report it wrote there and not a file that quotes its marker, --force replaces",
          "[cli][report]") {
  TempDir tmp("report-owner");
  const auto root = fresh_workspace(tmp);
  const std::string notes = "My notes on the report page: it starts with\n<meta name=\"generator\" content=\"pdo report\">\n";
  write_file(root / "notes.html", notes);
  auto r = pdo_in(root, {"--lang", "en", "report", "--html", "notes.html"});
  INFO(r.err);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("notes.html") && Catch::Contains("--force"));
  CHECK(read_file(root / "notes.html") == notes);

  require_ok(pdo_in(root, {"report", "--html", "report.html"}));
  require_ok(pdo_in(root, {"report", "--html", "report.html"}));  // the report it wrote: replaced
  // A report the learner edited afterwards is theirs now.
  append(root / "report.html", "<!-- my edit -->\n");
  r = pdo_in(root, {"report", "--html", "report.html"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(read_file(root / "report.html"), Catch::Contains("<!-- my edit -->"));
  // The same bytes copied to another name were not written there by pdo.
  require_ok(pdo_in(root, {"report", "--html", "again.html"}));
  fs::copy_file(root / "again.html", root / "copy.html");
  CHECK(pdo_in(root, {"report", "--html", "copy.html"}).exit_code == 2);

  require_ok(pdo_in(root, {"report", "--html", "notes.html", "--force"}));
  CHECK(count_of(read_file(root / "notes.html"), "<tr data-lesson=") == 17);
}

// Issue 43 item 9: a copy of the whole folder (`cp -a` to another disk or name) keeps its reports: each is at
// the same place from the workspace's root, so report refreshes it without --force; a report copied to
// another name inside the copy is still not pdo's to replace.
TEST_CASE("a copy of the whole workspace refreshes its own report without --force, and only that one", "[cli][report]") {
  TempDir tmp("report-copy");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"report"}));
  fs::create_directories(root / "out");
  require_ok(pdo_in(root, {"report", "--html", "out/week.html"}));
  const auto copy = tmp / "拷贝" / "workspace";
  fs::create_directories(copy.parent_path());
  fs::copy(root, copy, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  fs::copy_file(copy / "report.html", copy / "mine.html");
  require_ok(pdo_in(copy, {"report"}));
  require_ok(pdo_in(copy, {"report", "--html", "out/week.html"}));
  CHECK(pdo_in(copy, {"report", "--html", "mine.html"}).exit_code == 2);
  // And the original still knows its own.
  require_ok(pdo_in(root, {"report"}));
}

// Issue 41 item 5 (and repro 10): run as root with /dev/null, `--force` replaced the system's device by a
// regular file. Every target here is in the test's own folder: a FIFO, a folder, a socket, a link and, where
// this user may make one, a character device.
// [posix:devices] POSIX file kinds (mkfifo, a Unix socket, mknod).
TEST_CASE("report --html --force never replaces what is not a regular file", "[cli][report][posix][posix:devices]") {
  TempDir tmp("report-not-a-file");
  const auto root = fresh_workspace(tmp);
  const fs::path target = tmp.path() / "target";
  std::string kind;
  SECTION("a FIFO") {
    kind = "fifo";
    REQUIRE(platform::run_process({"mkfifo", util::path_to_utf8(target)}).exit_code == 0);
  }
  SECTION("a folder") {
    kind = "folder";
    fs::create_directories(target);
    write_file(target / "kept.txt", "kept\n");
  }
  SECTION("a link to a file") {
    kind = "link";
    write_file(tmp.path() / "linked.txt", "linked\n");
    fs::create_symlink(tmp.path() / "linked.txt", target);
  }
  SECTION("a Unix socket") {
    kind = "socket";
    const std::string bind = "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])";
    REQUIRE(platform::run_process({"python3", "-c", bind, util::path_to_utf8(target)}).exit_code == 0);
  }
  SECTION("a character device, where mknod is allowed") {
    kind = "device";
    if (platform::run_process({"mknod", util::path_to_utf8(target), "c", "1", "3"}).exit_code != 0) PDO_SKIP("mknod needs root");
  }
  CAPTURE(kind);
  const auto type = fs::symlink_status(target).type();
  const auto r = pdo_in(root, {"--lang", "en", "report", "--html", util::path_to_utf8(target), "--force"});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("not a regular file"));
  CHECK(fs::symlink_status(target).type() == type);
  if (kind == "folder") CHECK(read_file(target / "kept.txt") == "kept\n");
  if (kind == "link") CHECK(read_file(tmp.path() / "linked.txt") == "linked\n");
}

// [posix:chromium] renders the report with the Linux headless Chromium.
TEST_CASE("report as headless Chromium renders it: 17 rows, the ticked cells, the calendar's days",
          "[cli][report][posix][posix:chromium]") {
  const auto chromium = platform::find_program("chromium");
  if (!chromium) PDO_SKIP("chromium is not installed (scripts/test.sh installs it): the rendering is not checked");
  TempDir tmp("report-chromium");
  const auto root = studied_workspace(tmp);
  require_ok(run_pdo({"report", "--html", "report.html"}, root, "", k_fixed_now));
  const std::string url = "file://" + (root / "report.html").generic_string();
  const std::vector<std::string> headless{chromium->string(), "--headless",
                                          "--no-sandbox",     "--disable-gpu",
                                          "--no-first-run",   "--user-data-dir=" + (tmp.path() / "chromium-profile").string()};
  platform::ProcessOptions opts;
  opts.env = test_env();
  opts.timeout = std::chrono::milliseconds(90000);
  auto dump = headless;
  dump.insert(dump.end(), {"--dump-dom", url});
  const auto dom = platform::run_process(dump, opts);
  INFO(dom.err);
  REQUIRE(dom.exit_code == 0);
  CHECK(count_of(dom.out, "<tr data-lesson=") == 17);
  CHECK(count_of(dom.out, "class=\"step done\"") == 4);
  CHECK(count_of(dom.out, "class=\"day ") == 25 * 7 + 3);
  CHECK_THAT(dom.out, Catch::Contains("data-date=\"2026-06-16\" data-count=\"1\"") && Catch::Contains("会卡住"));
  // The screenshot stays as an artifact for a person to look at.
  const fs::path artifacts = util::path_from_utf8(platform::get_env("PDO_TEST_ARTIFACTS").value_or("test-artifacts"));
  fs::create_directories(artifacts);
  const fs::path png = fs::absolute(artifacts / "report.png");
  auto shot = headless;
  shot.insert(shot.end(), {"--window-size=1280,1400", "--screenshot=" + png.string(), url});
  const auto shot_run = platform::run_process(shot, opts);
  INFO(shot_run.err);
  REQUIRE(shot_run.exit_code == 0);
  CHECK(read_file(png).substr(1, 3) == "PNG");
}
