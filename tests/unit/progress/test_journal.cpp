// build_journal only: day grouping and streaks. The trailer functions are covered through the CLI.
#include <catch2/catch.hpp>

#include "progress/journal.hpp"

using namespace pdo::progress;

namespace {

constexpr long long k_day = 86400;
constexpr long long k_2026_01_01 = 1767225600;  // `date -u -d 2026-01-01 +%s`

/// An event at `hour` UTC on 2026-01-01 + `day`, recorded with the commit's UTC offset.
Event at(int day, int hour, int lesson, int offset_minutes = 0, const std::string& commit = "c") {
  Event e;
  e.change = BoxChange{lesson, Step::read, true};
  e.commit = commit;
  e.time = k_2026_01_01 + day * k_day + hour * 3600;
  e.offset_minutes = offset_minutes;
  return e;
}

std::vector<std::string> dates(const Journal& j) {
  std::vector<std::string> out;
  for (const auto& d : j.days) out.push_back(d.date);
  return out;
}

}  // namespace

TEST_CASE("an empty history is an empty journal", "[progress]") {
  const Journal j = build_journal({}, "2026-01-01");
  CHECK(j.days.empty());
  CHECK(j.days_studied == 0);
  CHECK(j.current_streak == 0);
  CHECK(j.first_day.empty());
  CHECK(j.last_day.empty());
}

TEST_CASE("events in any order are grouped into days, oldest first", "[progress]") {
  const Journal j = build_journal(
      {at(2, 9, 5, 0, "e"), at(0, 18, 2, 0, "b"), at(0, 8, 1, 0, "a"), at(2, 7, 4, 0, "d"), at(1, 12, 3, 0, "c")}, "2026-01-03");
  CHECK(dates(j) == std::vector<std::string>{"2026-01-01", "2026-01-02", "2026-01-03"});
  REQUIRE(j.days.size() == 3);
  REQUIRE(j.days[0].events.size() == 2);
  CHECK(j.days[0].events[0].commit == "a");
  CHECK(j.days[0].events[1].commit == "b");
  REQUIRE(j.days[2].events.size() == 2);
  CHECK(j.days[2].events[0].commit == "d");
  CHECK(j.days[2].events[1].change.lesson == 5);
  CHECK(j.first_day == "2026-01-01");
  CHECK(j.last_day == "2026-01-03");
  CHECK(j.days_studied == 3);
}

TEST_CASE("an event's day is the commit's local day, from its own UTC offset", "[progress]") {
  // 2026-01-01 23:30 UTC: the same evening in London, already the next day in Beijing.
  const Journal j = build_journal({at(0, 23, 1, 0, "london"), at(0, 23, 2, 480, "beijing")}, "2026-01-02");
  CHECK(dates(j) == std::vector<std::string>{"2026-01-01", "2026-01-02"});
  REQUIRE(j.days.size() == 2);
  CHECK(j.days[0].events.front().commit == "london");
  CHECK(j.days[1].events.front().commit == "beijing");
  // Earlier than midnight UTC in New York: the previous day.
  const Journal ny = build_journal({at(0, 2, 1, -300)}, "2026-01-01");
  CHECK(ny.first_day == "2025-12-31");
}

TEST_CASE("the streak counts consecutive days ending today or yesterday", "[progress]") {
  const std::vector<Event> three_days{at(0, 10, 1), at(1, 10, 2), at(2, 10, 3)};  // 01-01 .. 01-03
  SECTION("last study day is today") { CHECK(build_journal(three_days, "2026-01-03").current_streak == 3); }
  SECTION("last study day was yesterday: still running") { CHECK(build_journal(three_days, "2026-01-04").current_streak == 3); }
  SECTION("two days without study: broken") {
    const Journal j = build_journal(three_days, "2026-01-05");
    CHECK(j.current_streak == 0);
    CHECK(j.days_studied == 3);
  }
  SECTION("a gap ends the streak; only the days after it count") {
    const Journal j = build_journal({at(0, 10, 1), at(1, 10, 2), at(3, 10, 3), at(4, 10, 4), at(4, 20, 5)}, "2026-01-05");
    CHECK(j.current_streak == 2);
    CHECK(j.days_studied == 4);
  }
  SECTION("several events on one day count as one day") {
    CHECK(build_journal({at(4, 8, 1), at(4, 9, 2), at(4, 22, 3)}, "2026-01-05").current_streak == 1);
  }
}

TEST_CASE("the journal cache reads back exactly what was written", "[progress]") {
  JournalCache cache;
  cache.head = std::string(40, 'a');
  cache.path = "course/progress.md";
  Event e = at(3, 9, 17, -330, std::string(39, 'b') + "c");
  e.change.step = Step::notes;
  e.change.done = false;
  e.by_pdo = true;
  cache.events = {e, at(0, 1, 1, 480, std::string(40, 'd'))};
  const auto back = decode_cache(encode_cache(cache));
  REQUIRE(back);
  CHECK(back->head == cache.head);
  CHECK(back->path == cache.path);
  REQUIRE(back->events.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(back->events[i].change == cache.events[i].change);
    CHECK(back->events[i].commit == cache.events[i].commit);
    CHECK(back->events[i].time == cache.events[i].time);
    CHECK(back->events[i].offset_minutes == cache.events[i].offset_minutes);
    CHECK(back->events[i].by_pdo == cache.events[i].by_pdo);
  }
  SECTION("an empty history") {
    cache.events.clear();
    const auto empty = decode_cache(encode_cache(cache));
    REQUIRE(empty);
    CHECK(empty->events.empty());
  }
}

TEST_CASE("a damaged journal cache is refused, never half read", "[progress]") {
  JournalCache cache{std::string(40, 'a'), "progress.md", {at(0, 1, 1, 0, std::string(40, 'b')), at(1, 1, 2, 0, std::string(40, 'c'))}};
  const std::string good = encode_cache(cache);
  REQUIRE(decode_cache(good));
  CHECK_FALSE(decode_cache(""));
  CHECK_FALSE(decode_cache(good.substr(0, good.size() - 1)));                     // no final newline
  CHECK_FALSE(decode_cache(good.substr(0, good.find("end"))));                    // truncated before the end line
  CHECK_FALSE(decode_cache(good.substr(0, good.rfind("\ne ") + 1) + "end 2\n"));  // an event lost, count kept
  CHECK_FALSE(decode_cache(good + "e x\n"));                                      // something after the end line
  std::string other_version = good;
  other_version.replace(other_version.find(" 1\n"), 3, " 2\n");
  CHECK_FALSE(decode_cache(other_version));
  std::string bad_step = good;
  bad_step.replace(bad_step.find(" read "), 6, " sleep ");
  CHECK_FALSE(decode_cache(bad_step));
  std::string bad_id = good;
  bad_id.replace(bad_id.find("head ") + 5, 1, "g");
  CHECK_FALSE(decode_cache(bad_id));
}

TEST_CASE("a step counts once, on the day of the tick that left its box ticked", "[progress]") {
  // Newest commit first, as the history walk gives them: lesson 1 ticked on day 0, unticked on day 1,
  // ticked again on day 2; lesson 2 ticked on day 0 and unticked on day 1; lesson 3 ticked on day 1.
  Event untick1 = at(1, 9, 1), untick2 = at(1, 8, 2);
  untick1.change.done = false;
  untick2.change.done = false;
  const Journal j = build_journal({at(2, 9, 1), untick1, at(1, 7, 3), untick2, at(0, 9, 2), at(0, 8, 1)}, "2026-01-03");
  REQUIRE(j.days.size() == 3);
  CHECK(j.days[0].steps_done == 0);
  CHECK(j.days[1].steps_done == 1);
  CHECK(j.days[2].steps_done == 1);
  CHECK(j.steps_done == 2);
  CHECK(j.days_studied == 3);  // a day that only unticked is still a day of study
}
