// pdo sync's file merges: progress.md box by box (three-way over the whole sync, later change wins on a
// clash, one line per box), questions.md keeping every question of both sides, other text by git's merge.
#include <catch2/catch.hpp>

#include "app/sync/sync_merge.hpp"
#include "progress/merge.hpp"

using namespace pdo;
using app::Side;
using progress::BoxKey;
using progress::Step;

namespace {

const std::string k_base = "# 学习进度\n\n## 01 A\n\n- [ ] 01 读讲义\n- [ ] 01 做练习\n\n## 02 B\n\n- [x] 02 读讲义\n- [ ] 02 做练习\n";

std::string with(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

long long no_time(Side, const BoxKey&) { return 0; }

const app::MergeLabels k_labels{"本机 (laptop)", "远程 (origin)"};

}  // namespace

TEST_CASE("box lines are masked and put back with their line ends", "[app][sync]") {
  const std::string crlf = "x\r\n- [x] 03 读讲义 done on the train\r\n- [ ] 03 记笔记\r\n";
  const auto lines = progress::box_lines(crlf);
  CHECK(lines.lines.at(BoxKey{3, Step::read}) == "- [x] 03 读讲义 done on the train");
  const std::string masked = progress::mask_boxes(crlf);
  CHECK(masked.find("读讲义") == std::string::npos);
  CHECK(progress::unmask_boxes(masked, [&](const BoxKey& k) { return std::optional<std::string>(lines.lines.at(k)); }) == crlf);
  CHECK(progress::unmask_boxes(masked, [](const BoxKey& k) {
          return k.second == Step::notes ? std::nullopt : std::optional<std::string>("L");
        }) == "x\r\nL\r\n");
  CHECK(progress::box_lines("- [ ] 01 读讲义\n- [x] 01 读讲义\n").doubled.count(BoxKey{1, Step::read}) == 1);
}

TEST_CASE("decide_boxes: changed on one side takes that side, changed differently on both the later wins", "[app][sync]") {
  const std::string remote = with(with(k_base, "- [ ] 01 读讲义", "- [x] 01 读讲义"), "- [ ] 02 做练习", "- [x] 02 做练习 (remote)");
  const std::string local = with(with(k_base, "- [x] 02 读讲义", "- [ ] 02 读讲义"), "- [ ] 02 做练习", "- [x] 02 做练习 (local)");
  const auto later = [](Side side, const BoxKey&) { return side == Side::remote ? 200LL : 100LL; };
  const auto v = app::decide_boxes(k_base, remote, local, later).take();
  CHECK(v.at(BoxKey{1, Step::read}).side == Side::remote);  // ticked there only
  CHECK(v.at(BoxKey{1, Step::read}).kept == "- [x] 01 读讲义");
  CHECK(v.at(BoxKey{2, Step::read}).side == Side::local);  // unticked here only
  CHECK(v.at(BoxKey{2, Step::read}).kept == "- [ ] 02 读讲义");
  CHECK_FALSE(v.at(BoxKey{1, Step::exercise}).clash);
  const auto& clash = v.at(BoxKey{2, Step::exercise});
  CHECK(clash.clash);
  CHECK(clash.side == Side::remote);
  CHECK(clash.kept == "- [x] 02 做练习 (remote)");
  CHECK(clash.lost == "- [x] 02 做练习 (local)");
  const auto earlier = [](Side side, const BoxKey&) { return side == Side::remote ? 100LL : 200LL; };
  CHECK(app::decide_boxes(k_base, remote, local, earlier).take().at(BoxKey{2, Step::exercise}).side == Side::local);
  // The same change on both sides is no clash.
  CHECK_FALSE(app::decide_boxes(k_base, remote, remote, later).take().at(BoxKey{1, Step::read}).clash);
  // Removed on one side, changed on the other: no rule can keep both.
  const std::string removed = with(k_base, "- [ ] 01 做练习\n", "");
  const std::string ticked = with(k_base, "- [ ] 01 做练习", "- [x] 01 做练习");
  CHECK_FALSE(app::decide_boxes(k_base, ticked, removed, later));
  CHECK(app::decide_boxes(k_base, k_base, removed, later).take().at(BoxKey{1, Step::exercise}).kept.empty());
}

TEST_CASE("replay_progress applies a commit's box change only where the verdict is local", "[app][sync]") {
  const std::string remote = with(k_base, "- [ ] 01 读讲义", "- [x] 01 读讲义");
  // This machine ticked and then unticked 01 exercise, and ticked 02 exercise.
  const std::string c1 = with(k_base, "- [ ] 01 做练习", "- [x] 01 做练习");
  const std::string c2 = with(c1, "- [x] 01 做练习", "- [ ] 01 做练习");
  const std::string c3 = with(c2, "- [ ] 02 做练习", "- [x] 02 做练习");
  const auto v = app::decide_boxes(k_base, remote, c3, no_time).take();
  auto tip = app::replay_progress(k_base, remote, c1, v, k_labels).take().text;
  tip = app::replay_progress(c1, tip, c2, v, k_labels).take().text;
  tip = app::replay_progress(c2, tip, c3, v, k_labels).take().text;
  CHECK(tip == with(with(k_base, "- [ ] 01 读讲义", "- [x] 01 读讲义"), "- [ ] 02 做练习", "- [x] 02 做练习"));

  SECTION("the rest of the file merges by line; a box left on two lines is refused") {
    const std::string note = k_base + "\n我自己的备注\n";
    const auto vn = app::decide_boxes(k_base, remote, note, no_time).take();
    CHECK_THAT(app::replay_progress(k_base, remote, note, vn, k_labels).take().text,
               Catch::EndsWith("我自己的备注\n") && Catch::Contains("- [x] 01 读讲义\n"));
    const std::string twice = k_base + "- [ ] 01 读讲义\n";
    CHECK_FALSE(app::replay_progress(k_base, remote, twice, app::decide_boxes(k_base, remote, k_base, no_time).take(), k_labels));
  }
}

TEST_CASE("union_merge keeps every question of both sides and what one side removed stays removed", "[app][sync]") {
  const std::string base = "# Q\n\n## 03 DDP\n\n- [ ] 2026-12-01 old\n";
  const std::string ours = base + "- [ ] 2026-12-02 from the remote\n";
  const std::string theirs = base + "- [ ] 2026-12-02 from here\n";
  CHECK(app::union_merge(base, ours, theirs).take() == base + "- [ ] 2026-12-02 from the remote\n- [ ] 2026-12-02 from here\n");
  // Both opened the same new section: one heading, both questions.
  const std::string a = base + "\n## 05 FSDP\n\n- [ ] a\n";
  const std::string b = base + "\n## 05 FSDP\n\n- [ ] b\n";
  const std::string both = app::union_merge(base, a, b).take();
  CHECK(both == base + "\n## 05 FSDP\n\n- [ ] a\n- [ ] b\n");
  // Here a question was undone (removed) next to one the remote added: removed, the other kept.
  const std::string undone = "# Q\n\n## 03 DDP\n\n";
  CHECK(app::union_merge(base, ours, undone).take() == "# Q\n\n## 03 DDP\n\n- [ ] 2026-12-02 from the remote\n");
  CHECK_FALSE(app::union_merge(base, ours + std::string(32, '<') + " x\n", theirs));
}

TEST_CASE("replay_progress keeps lesson blocks appended on both sides, each box once", "[app][sync]") {
  const std::string remote = k_base + "\n## 18 Ring Attention\n\n- [ ] 18 读讲义\n";
  const std::string local = k_base + "\n## 19 ZeRO\n\n- [ ] 19 读讲义\n";
  const auto v = app::decide_boxes(k_base, remote, local, no_time).take();
  const auto merged = app::replay_progress(k_base, remote, local, v, k_labels).take();
  CHECK_FALSE(merged.marked);
  CHECK(merged.text == remote + "\n## 19 ZeRO\n\n- [ ] 19 读讲义\n");
}

TEST_CASE("text_merge keeps appends of both sides and both versions of a line changed twice", "[app][sync]") {
  const std::string base = "one\ntwo\nthree\nfour\nfive\n";
  const auto apart = app::text_merge(base, "ONE\ntwo\nthree\nfour\nfive\n", "one\ntwo\nthree\nfour\nFIVE\n", k_labels).take();
  CHECK(apart.text == "ONE\ntwo\nthree\nfour\nFIVE\n");
  CHECK_FALSE(apart.marked);
  const auto appended = app::text_merge(base, base + "remote\n", base + "here\n", k_labels).take();
  CHECK(appended.text == base + "remote\nhere\n");
  CHECK_FALSE(appended.marked);
  const auto twice =
      app::text_merge(base, "one\nTWO (remote)\nthree\nfour\nfive\n", "one\nTWO (here)\nthree\nfour\nfive\n", k_labels).take();
  CHECK(twice.marked);
  CHECK(twice.text == "one\n<<<<<<< 本机 (laptop)\nTWO (here)\n=======\nTWO (remote)\n>>>>>>> 远程 (origin)\nthree\nfour\nfive\n");
  CHECK(app::has_conflict_markers(twice.text));
  CHECK_FALSE(app::has_conflict_markers(base + "=======\n<<<<<<<\n"));
  // Two files made anew at one path are not an append: both are kept, marked.
  const auto made = app::text_merge("", "remote\n", "here\n", k_labels, app::BaseFile::absent).take();
  CHECK(made.marked);
  CHECK(made.text == "<<<<<<< 本机 (laptop)\nhere\n=======\nremote\n>>>>>>> 远程 (origin)\n");
  // CRLF files get CRLF markers; a last line without a line end gets one before a marker.
  const auto crlf = app::text_merge("a\r\nb\r\n", "a\r\nB1\r\n", "a\r\nB2", k_labels).take();
  CHECK(crlf.text == "a\r\n<<<<<<< 本机 (laptop)\r\nB2\r\n=======\r\nB1\r\n>>>>>>> 远程 (origin)\r\n");
  CHECK_FALSE(app::text_merge(base, base + "a\n", base + std::string(32, '<') + " b\n", k_labels));
  CHECK(app::marker_of(std::string(32, '=')) == app::Marker::theirs);
  CHECK(app::marker_of(std::string(32, '<') + " ours") == app::Marker::ours);
  CHECK(app::marker_of(std::string(31, '<') + " ours") == app::Marker::none);
  CHECK(app::marker_of(std::string(33, '<')) == app::Marker::none);
}

TEST_CASE("merge_questions keeps every section's questions under its heading, a blank line before each heading", "[app][sync]") {
  const std::string base = "# Q\n\nintro\n\n## 03 DDP\n\n- [ ] 2026-12-01 old\n";
  // The remote asked under 03 and opened 05; this machine opened 05 and 07: all three appended at the end.
  const std::string ours = base + "- [ ] 2026-12-02 03 from the remote\n\n## 05 RPC\n\n- [ ] 2026-12-02 05 from the remote\n";
  const std::string theirs = base + "\n## 05 RPC\n\n- [ ] 2026-12-03 05 from here\n\n## 07 TP\n\n- [ ] 2026-12-03 07 from here\n";
  CHECK(app::merge_questions(base, ours, theirs).take() ==
        "# Q\n\nintro\n\n## 03 DDP\n\n- [ ] 2026-12-01 old\n- [ ] 2026-12-02 03 from the remote\n\n## 05 RPC\n\n"
        "- [ ] 2026-12-02 05 from the remote\n- [ ] 2026-12-03 05 from here\n\n## 07 TP\n\n- [ ] 2026-12-03 07 from here\n");
  // A section one side removed (an undone question) and the other left alone stays removed.
  const std::string with05 = base + "\n## 05 RPC\n\n- [ ] q\n";
  CHECK(app::merge_questions(with05, base + "- [ ] 03 new\n", with05 + "- [ ] r\n").take().find("## 05") != std::string::npos);
  CHECK(app::merge_questions(with05, with05 + "\n## 06 X\n\n- [ ] s\n", base + "\n## 07 Y\n\n- [ ] t\n").take() ==
        base + "\n## 06 X\n\n- [ ] s\n\n## 07 Y\n\n- [ ] t\n");
  // A clean merge is git's, byte for byte.
  CHECK(app::merge_questions(base, base + "\n", base).take() == base + "\n");
  // A line that looks like a merge marker, in a section or before the first one that both sides changed:
  // nothing is merged (it would be read as a marker), the merge is refused.
  const std::string marker = std::string(32, '<') + " x\n";
  CHECK_FALSE(app::merge_questions(base, base + marker, base + "- [ ] here\n"));
  const std::string head = "# Q\n\nintro\n\n", rest = "## 03 DDP\n\n- [ ] 2026-12-01 old\n";
  CHECK_FALSE(app::merge_questions(base, head + marker + "\n" + rest, head + "more\n\n" + rest));
}

TEST_CASE("renumber_lessons moves box lines and section headings of the lessons named, nothing else", "[app][sync]") {
  const std::string text = "## 18 Ring\r\n\r\n- [x] 18 读讲义 note\r\n- [ ] 19 做练习\r\n## 180 x\r\n- [ ] 2026-12-04 18 questions\r\n";
  CHECK(progress::renumber_lessons(text, {{18, 20}, {19, 18}}) ==
        "## 20 Ring\r\n\r\n- [x] 20 读讲义 note\r\n- [ ] 18 做练习\r\n## 180 x\r\n- [ ] 2026-12-04 18 questions\r\n");
}
