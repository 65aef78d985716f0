// pdo log: the study journal from pdo's and the learner's commits.
#include "cli/cli_helpers.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;

TEST_CASE("log shows pdo's commits and the learner's hand-made ones", "[cli][log]") {
  TempDir tmp("log");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  std::string text = read_file(root / "progress.md");
  REQUIRE(Catch::replaceInPlace(text, "- [ ] 02 读讲义", "- [x] 02 读讲义"));
  write_file(root / "progress.md", text);
  git_out({"commit", "-qam", "read lesson 2 on the train"}, root);
  const auto r = pdo_in(root, {"log", "--json"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains(R"("lesson":1,"id":"01","step":"read","state":"done")") &&
                        Catch::Contains(R"("lesson":2,"id":"02","step":"read","state":"done")") &&
                        Catch::Contains(R"("source":"manual")") && Catch::Contains(R"("source":"pdo")") &&
                        Catch::Contains(R"("days_studied":1,"current_streak":1)"));
  const auto text_log = pdo_in(root, {"log"});
  CHECK_THAT(text_log.out, Catch::Contains("01 读讲义") && Catch::Contains("手动提交"));
}

namespace {

namespace fs = std::filesystem;

fs::path journal_cache(const fs::path& root) { return root / ".git" / "pdo-journal"; }

std::string log_json(const fs::path& root) {
  const auto r = pdo_in(root, {"log", "--json"});
  require_ok(r);
  return r.out;
}

/// The journal read from the whole history: no cache file to start from.
std::string cold_log(const fs::path& root) {
  fs::remove(journal_cache(root));
  return log_json(root);
}

/// Ticks a box in an editor and commits it with `git commit` (no trailers), at `date` if given.
void tick_by_hand(const fs::path& root, const std::string& box, const std::string& date = "") {
  std::string text = read_file(root / "progress.md");
  REQUIRE(Catch::replaceInPlace(text, "- [ ] " + box, "- [x] " + box));
  write_file(root / "progress.md", text);
  std::vector<std::pair<std::string, std::string>> env;
  if (!date.empty()) env = {{"GIT_AUTHOR_DATE", date}, {"GIT_COMMITTER_DATE", date}};
  const auto r = run_git({"commit", "-qam", "ticked " + box}, root, env);
  REQUIRE(r.exit_code == 0);
}

}  // namespace

TEST_CASE("a warm pdo log reads its cache in .git/ and only the commits added since", "[cli][log]") {
  TempDir tmp("log-cache");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  log_json(root);
  REQUIRE(fs::exists(journal_cache(root)));
  CHECK(git_out({"status", "--porcelain", "--ignored"}, root).empty());  // nothing in the work tree
  // Proof that the cache is what a warm run reads: an event edited in it shows in the output.
  std::string cache = read_file(journal_cache(root));
  REQUIRE(Catch::replaceInPlace(cache, " 1 read done pdo", " 9 read done pdo"));
  write_file(journal_cache(root), cache);
  CHECK_THAT(log_json(root), Catch::Contains(R"("lesson":9,)") && !Catch::Contains(R"("lesson":1,)"));
  // A new commit is read on top of the cache, which is not read again from history.
  require_ok(pdo_in(root, {"track", "done", "02", "read"}));
  CHECK_THAT(log_json(root), Catch::Contains(R"("lesson":9,)") && Catch::Contains(R"("lesson":2,)"));
  // Without it, the history itself.
  CHECK_THAT(cold_log(root), Catch::Contains(R"("lesson":1,)") && !Catch::Contains(R"("lesson":9,)"));
}

TEST_CASE("the journal cache gives the cold walk's journal after appends, amend, rebase and reset", "[cli][log]") {
  TempDir tmp("log-cache-history");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  tick_by_hand(root, "02 读讲义");
  log_json(root);  // the cache now holds these

  // Appends: pdo's and the learner's commits.
  require_ok(pdo_in(root, {"track", "done", "03", "read"}));
  tick_by_hand(root, "04 读讲义");
  std::string warm = log_json(root);
  CHECK(warm == cold_log(root));
  CHECK_THAT(warm, Catch::Contains(R"("lesson":4,)"));

  // git commit --amend: the cached newest commit is gone from history.
  std::string text = read_file(root / "progress.md");
  REQUIRE(Catch::replaceInPlace(text, "- [x] 04 读讲义", "- [ ] 04 读讲义"));
  REQUIRE(Catch::replaceInPlace(text, "- [ ] 05 读讲义", "- [x] 05 读讲义"));
  write_file(root / "progress.md", text);
  git_out({"commit", "-qa", "--amend", "-m", "ticked 05 instead"}, root);
  warm = log_json(root);
  CHECK(warm == cold_log(root));
  CHECK_THAT(warm, Catch::Contains(R"("lesson":5,)") && !Catch::Contains(R"("lesson":4,)"));

  // git rebase: every commit id of the last three changes.
  const std::string before_rebase = git_out({"rev-parse", "HEAD~2"}, root);
  // A committer date of its own, so the rewritten commits differ even within the same second.
  auto env = test_env();
  env.push_back({"GIT_COMMITTER_DATE", "2030-01-01T00:00:00+0000"});
  REQUIRE(run_git({"rebase", "-q", "--force-rebase", "HEAD~3"}, root, env).exit_code == 0);
  REQUIRE(git_out({"rev-parse", "HEAD~2"}, root) != before_rebase);
  warm = log_json(root);
  CHECK(warm == cold_log(root));
  CHECK_THAT(warm, !Catch::Contains(before_rebase.substr(0, 40)));

  // git reset --hard HEAD~3: the cache is ahead of HEAD.
  log_json(root);
  git_out({"reset", "-q", "--hard", "HEAD~3"}, root);
  warm = log_json(root);
  CHECK(warm == cold_log(root));
  CHECK_THAT(warm, Catch::Contains(R"("lesson":1,)") && !Catch::Contains(R"("lesson":2,)") && !Catch::Contains(R"("lesson":5,)"));
}

TEST_CASE("a deleted or damaged journal cache is rebuilt from history", "[cli][log]") {
  TempDir tmp("log-cache-damaged");
  const auto root = fresh_workspace(tmp);
  require_ok(pdo_in(root, {"track", "done", "01", "read"}));
  tick_by_hand(root, "02 读讲义");
  const std::string cold = cold_log(root);
  const std::string good_cache = read_file(journal_cache(root));
  SECTION("deleted") {
    fs::remove(journal_cache(root));
    CHECK(log_json(root) == cold);
    CHECK(read_file(journal_cache(root)) == good_cache);
  }
  SECTION("truncated") {
    write_file(journal_cache(root), good_cache.substr(0, good_cache.size() / 2));
    CHECK(log_json(root) == cold);
    CHECK(read_file(journal_cache(root)) == good_cache);
  }
  SECTION("garbage") {
    write_file(journal_cache(root), "pdo-journal-cache 1\nhead " + std::string(40, 'f') + "\npath progress.md\nend 0\n");
    CHECK(log_json(root) == cold);
  }
  SECTION("a folder in its place") {
    fs::remove(journal_cache(root));
    fs::create_directory(journal_cache(root));
    CHECK(log_json(root) == cold);
  }
}

TEST_CASE("the journal cache works in a shallow clone", "[cli][log]") {
  TempDir tmp("log-cache-shallow");
  const auto root = fresh_workspace(tmp);
  for (const char* lesson : {"01", "02", "03", "04"}) require_ok(pdo_in(root, {"track", "done", lesson, "read"}));
  const fs::path clone = tmp.path() / "shallow";
  git_out({"clone", "-q", "--depth", "2", "file://" + root.generic_string(), clone.string()}, tmp.path());
  REQUIRE_FALSE(read_file(clone / ".git" / "shallow").empty());
  const std::string cold = cold_log(clone);
  CHECK_THAT(cold, Catch::Contains(R"("lesson":4,)"));
  tick_by_hand(clone, "05 读讲义");
  const std::string warm = log_json(clone);
  CHECK(warm == cold_log(clone));
  CHECK_THAT(warm, Catch::Contains(R"("lesson":5,)"));
}

namespace {

/// `pdo log --calendar` on a history of hand-made commits at fixed dates (+0800), with "now" and the
/// time zone injected: 2026-06-16 17:00 UTC is already 2026-06-17 in UTC+8.
std::string calendar_output(const std::string& lang, const std::vector<std::string>& extra) {
  TempDir tmp("log-calendar");
  const auto root = fresh_workspace(tmp);
  tick_by_hand(root, "01 读讲义", "2025-12-01T20:00:00+0800");  // before the 26 weeks: totals only
  tick_by_hand(root, "01 做练习", "2026-01-05T09:00:00+0800");
  tick_by_hand(root, "02 读讲义", "2026-03-10T09:00:00+0800");
  tick_by_hand(root, "02 做练习", "2026-03-10T21:00:00+0800");
  tick_by_hand(root, "03 读讲义", "2026-06-15T09:00:00+0800");
  tick_by_hand(root, "03 做练习", "2026-06-16T23:30:00+0800");  // 15:30 UTC: still the 16th where it was made
  for (const char* box : {"04 读讲义", "04 做练习", "04 记笔记", "05 读讲义", "05 做练习"}) {
    tick_by_hand(root, box, "2026-06-17T00:30:00+0800");
  }
  std::vector<std::string> args{"--lang", lang, "log", "--calendar"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = run_pdo(args, root, "", {{"PDO_NOW", "1781629200"}, {"TZ", "CST-8"}, {"LC_ALL", "C.UTF-8"}, {"NO_COLOR", ""}});
  require_ok(r);
  return r.out;
}

void check_golden(const std::string& actual, const std::string& name) {
  const fs::path file = util::path_from_utf8(PDO_SOURCE_DIR) / "tests" / "cli" / "golden" / name;
  if (platform::get_env("PDO_UPDATE_GOLDEN")) write_file(file, actual);
  CHECK(actual == read_file(file));
}

}  // namespace

TEST_CASE("log --calendar draws the last 26 weeks in Chinese", "[cli][log]") {
  check_golden(calendar_output("zh", {}), "log-calendar-zh.txt");
}

TEST_CASE("log --calendar draws the last 26 weeks in English", "[cli][log]") {
  check_golden(calendar_output("en", {}), "log-calendar-en.txt");
}

TEST_CASE("log --calendar --ascii draws in plain ASCII", "[cli][log]") {
  const std::string out = calendar_output("en", {"--ascii"});
  check_golden(out, "log-calendar-ascii.txt");
  for (const char ch : out) CHECK(static_cast<unsigned char>(ch) < 0x80);
}

namespace {

/// A git fast-import stream of `n` commits on main, each flipping one box of `progress`: pdo's commits
/// (trailers), hand-made ones, and hand-made ones whose message names a Pdo- key in prose (no trailers).
std::string box_history(std::string progress, int n) {
  const char* const steps[] = {"读讲义", "做练习", "记笔记"};
  const char* const ids[] = {"read", "exercise", "notes"};
  std::string out;
  for (int i = 1; i <= n; ++i) {
    const int lesson = i % 17 + 1, s = i / 17 % 3;
    char id[3];
    std::snprintf(id, sizeof id, "%02d", lesson);
    const std::string todo = std::string("- [ ] ") + id + " " + steps[s], done = std::string("- [x] ") + id + " " + steps[s];
    std::string state = "done";
    if (!Catch::replaceInPlace(progress, todo, done)) {
      REQUIRE(Catch::replaceInPlace(progress, done, todo));
      state = "todo";
    }
    std::string msg;
    if (i % 3 == 0) {
      msg = "track " + state + "\n\nPdo-Action: track\nPdo-Id: " + std::to_string(1000 + i) + "\nPdo-Lesson: " + id +
            "\nPdo-Step: " + ids[s] + "\nPdo-State: " + state + "\n";
    } else if (i % 3 == 1) {
      msg = "lesson " + std::string(id) + " " + state + "\n";
    } else {
      msg = "by hand, not with the Pdo-Lesson trailer\n";
    }
    out += "commit refs/heads/main\ncommitter L <l@example.com> " + std::to_string(1700000000 + i * 600) + " +0800\ndata " +
           std::to_string(msg.size()) + "\n" + msg;
    if (i == 1) out += "from refs/heads/main^0\n";
    out += "M 100644 inline progress.md\ndata " + std::to_string(progress.size()) + "\n" + progress + "\n";
  }
  return out;
}

/// The commit ids of a `pdo log --json`, in order.
std::vector<std::string> event_commits(const std::string& json) {
  std::vector<std::string> ids;
  for (std::size_t at = json.find("\"commit\":\""); at != std::string::npos; at = json.find("\"commit\":\"", at + 1)) {
    ids.push_back(json.substr(at + 10, 40));
  }
  return ids;
}

}  // namespace

// Long histories are read on two threads (git/path_walk.cpp): the journal must be
// the one the history holds, in its order, whichever kind of commit each one is.
TEST_CASE("a cold log of a long mixed history has one event per commit in history order", "[cli][log]") {
  TempDir tmp("log-long");
  const auto root = fresh_workspace(tmp);
  platform::ProcessOptions opts;
  opts.cwd = root;
  opts.env = test_env();
  opts.input = box_history(read_file(root / "progress.md"), 1500);
  const auto imported = platform::run_process({"git", "fast-import", "--quiet"}, opts);
  INFO(imported.err);
  REQUIRE(imported.exit_code == 0);
  git_out({"reset", "-q", "--hard", "main"}, root);
  std::vector<std::string> expected;
  const std::string ids =
      git_out({"log", "--reverse", "--format=%H", "-n", "1500", "--", "progress.md"}, root);  // split_lines views into it
  for (const auto line : util::split_lines(ids)) {
    expected.emplace_back(util::chomp(line));
  }
  REQUIRE(expected.size() == 1500);
  const std::string cold = cold_log(root);
  CHECK(event_commits(cold) == expected);
  CHECK(count_of(cold, R"("source":"pdo")") == 500);  // every third commit carries trailers
  CHECK(log_json(root) == cold);                      // and the cache it wrote gives the same
  // The text journal (over 64 KiB, written in pieces): every event once, then the summary line.
  const auto text = pdo_in(root, {"--lang", "en", "log"});
  require_ok(text);
  CHECK(text.out.size() > 64 * 1024);
  CHECK(count_of(text.out, "  ✓ ") + count_of(text.out, "  ↺ ") == 1500);
  CHECK(count_of(text.out, "]\n") == 1500);  // no event line cut where a piece ends
  const auto last = text.out.rfind('\n', text.out.size() - 2);
  CHECK_THAT(text.out.substr(last + 1), Catch::StartsWith("first day: ") && Catch::Contains("days studied: "));
}

TEST_CASE("log --calendar and the report count the steps status counts: a box unticked or undone counts once or not at all",
          "[cli][log][issue26]") {
  TempDir tmp("log counts");
  const auto root = fresh_workspace(tmp);
  for (const auto& args : std::vector<std::vector<std::string>>{{"track", "done", "01", "read"},
                                                                {"track", "done", "01", "exercise"},
                                                                {"track", "done", "01", "notes"},
                                                                {"undo"},
                                                                {"track", "todo", "01", "read"},
                                                                {"track", "done", "01", "read"},
                                                                {"track", "done", "02", "read"},
                                                                {"track", "todo", "02", "read"}}) {
    require_ok(pdo_in(root, args));
  }
  CHECK_THAT(pdo_in(root, {"status"}).out, Catch::Contains("完成 2/49"));
  const auto calendar = pdo_in(root, {"log", "--calendar"});
  require_ok(calendar);
  CHECK_THAT(calendar.out, Catch::Contains("学习 1 天，完成 2 步\n") && Catch::Contains("总计：学习 1 天，完成 2 步\n"));
  require_ok(pdo_in(root, {"report"}));
  const std::string html = read_file(root / "report.html");
  CHECK_THAT(html, Catch::Contains("2 / 49"));
  CHECK_THAT(html, Catch::Contains("data-count=\"2\""));
  CHECK(html.find("data-count=\"5\"") == std::string::npos);
}

TEST_CASE("the calendar labels the current month even when its 1st fell after this week's Monday", "[cli][log][issue26]") {
  TempDir tmp("log month");
  const auto root = fresh_workspace(tmp);
  // 2026-12-04 12:00 UTC: a Friday; December began on the Tuesday of this week.
  const std::vector<std::pair<std::string, std::string>> now{{"PDO_NOW", "1796385600"}, {"TZ", "UTC0"}, {"NO_COLOR", ""}};
  for (const auto& [lang, label] : std::vector<std::pair<std::string, std::string>>{{"zh", "12月"}, {"en", "Dec"}}) {
    const auto r = run_pdo({"--lang", lang, "log", "--calendar"}, root, "", now);
    require_ok(r);
    const auto lines = util::split_lines(r.out);
    const auto title = std::find_if(lines.begin(), lines.end(), [](std::string_view l) {
      return util::starts_with(l, "学习日历 · ") || util::starts_with(l, "Study calendar · ");
    });
    REQUIRE(lines.end() - title > 3);
    INFO(r.out);
    CHECK_THAT(std::string(title[2]), Catch::EndsWith(label + "\n"));  // the months, above the weeks
  }
}
