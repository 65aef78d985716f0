// The calendar heatmap as text: levels, streaks, the 26-week window and its glyphs. The golden output
// of `pdo log --calendar` is checked through the binary in tests/cli/test_log.cpp.
#include <catch2/catch.hpp>

#include <algorithm>

#include "progress/calendar.hpp"
#include "util/time.hpp"

using namespace pdo;
using namespace pdo::progress;

namespace {

/// A journal with `done` ticks on each of these dates (noon UTC), each of another box, newest first (as the
/// history walk gives them).
Journal journal_of(const std::vector<std::pair<std::string, int>>& days, const std::string& today) {
  std::vector<Event> events;
  int box = 0;
  for (const auto& [date, done] : days) {
    for (int i = 0; i < done; ++i, ++box) {
      Event e;
      e.change = BoxChange{box % 17 + 1, k_steps[box / 17 % 3], true};
      e.commit = date;
      e.time = util::day_number(date) * 86400 + 12 * 3600;
      events.push_back(e);
    }
  }
  std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.time > b.time; });
  return build_journal(events, today);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t nl = text.find('\n'); nl != std::string::npos; start = nl + 1, nl = text.find('\n', start)) {
    out.push_back(text.substr(start, nl - start));
  }
  return out;
}

constexpr util::OutputStyle k_ascii{false, false};
constexpr util::OutputStyle k_unicode{false, true};

}  // namespace

TEST_CASE("calendar shades: none, one, two, three or four, five and more", "[progress]") {
  CHECK(calendar_level(0) == 0);
  CHECK(calendar_level(1) == 1);
  CHECK(calendar_level(2) == 2);
  CHECK(calendar_level(3) == 3);
  CHECK(calendar_level(4) == 3);
  CHECK(calendar_level(5) == 4);
  CHECK(calendar_level(51) == 4);
}

TEST_CASE("the longest streak is the longest run of consecutive study days", "[progress]") {
  const auto j = journal_of({{"2026-01-01", 1}, {"2026-01-02", 1}, {"2026-01-04", 1}, {"2026-01-05", 2}, {"2026-01-06", 1}}, "2026-03-01");
  CHECK(longest_streak(j) == 3);
  CHECK(longest_streak(journal_of({}, "2026-03-01")) == 0);
}

TEST_CASE("the calendar has one cell per day of the last 26 weeks, up to today", "[progress]") {
  // 2026-06-17 is a Wednesday: the last week shows Monday to Wednesday only.
  const auto j = journal_of({{"2026-06-17", 5}, {"2026-06-16", 1}, {"2025-06-01", 2}}, "2026-06-17");
  const std::string text = render_calendar(j, "2026-06-17", k_ascii, util::Lang::en);
  const auto lines = lines_of(text);
  REQUIRE(lines.size() >= 10);
  std::size_t cells = 0;
  for (std::size_t row = 3; row < 10; ++row) {
    for (const char ch : lines[row].substr(5)) cells += ch != ' ' ? 1 : 0;
  }
  CHECK(cells == 25 * 7 + 3);
  CHECK(lines[3].size() == 5 + 26 * 2 - 1);            // Monday: every week
  CHECK(lines[9].size() == 5 + 25 * 2 - 1);            // Sunday: not this week's yet
  CHECK(lines[5].substr(lines[5].size() - 1) == "#");  // today, Wednesday: five steps
  CHECK(lines[4].substr(lines[4].size() - 1) == ":");  // yesterday: one step
  CHECK_THAT(text, Catch::Contains("last 26 weeks: 6 steps done on 2 days") && Catch::Contains("all time: 8 steps done on 3 days") &&
                       Catch::Contains("current streak: 2 days (longest 2)"));
}

TEST_CASE("the calendar draws shades in Unicode, ASCII otherwise, and colours only when asked", "[progress]") {
  const auto j = journal_of({{"2026-06-17", 3}}, "2026-06-17");
  const std::string unicode = render_calendar(j, "2026-06-17", k_unicode, util::Lang::zh);
  CHECK_THAT(unicode, Catch::Contains("▓") && Catch::Contains("·") && Catch::Contains("周一") && Catch::Contains("连续天数：1"));
  CHECK(unicode.find('\x1b') == std::string::npos);
  const std::string ascii = render_calendar(j, "2026-06-17", k_ascii, util::Lang::zh);
  CHECK(ascii.find("▓") == std::string::npos);
  CHECK(ascii.find("·") == std::string::npos);
  CHECK_THAT(ascii, Catch::Contains("*"));
  const std::string colored = render_calendar(j, "2026-06-17", util::OutputStyle{true, true}, util::Lang::en);
  CHECK_THAT(colored, Catch::Contains("\x1b[38;5;34m▓\x1b[0m"));
}
