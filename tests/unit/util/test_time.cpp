#include <catch2/catch.hpp>

#include <ctime>

#include "util/time.hpp"

using namespace pdo;

namespace {
constexpr long long k_day = 86400;
constexpr long long k_2026_01_01 = 1767225600;  // `date -u -d 2026-01-01 +%s`
}  // namespace

TEST_CASE("date_of: the calendar day of a moment in the commit's own zone", "[util]") {
  CHECK(util::date_of(0, 0) == "1970-01-01");
  CHECK(util::date_of(-1, 0) == "1969-12-31");
  CHECK(util::date_of(k_2026_01_01, 0) == "2026-01-01");
  CHECK(util::date_of(k_2026_01_01 - 1, 0) == "2025-12-31");
  SECTION("the UTC offset moves the day both ways") {
    const long long late_evening_utc = k_2026_01_01 - 30 * 60;  // 2025-12-31 23:30 UTC
    CHECK(util::date_of(late_evening_utc, 0) == "2025-12-31");
    CHECK(util::date_of(late_evening_utc, 60) == "2026-01-01");   // Berlin in winter
    CHECK(util::date_of(late_evening_utc, 480) == "2026-01-01");  // Beijing
    CHECK(util::date_of(k_2026_01_01, -300) == "2025-12-31");     // New York
    CHECK(util::date_of(k_2026_01_01 + 5 * 3600, -300) == "2026-01-01");
  }
  SECTION("leap days") {
    CHECK(util::date_of(19782 * k_day, 0) == "2024-02-29");
    CHECK(util::date_of(19783 * k_day, 0) == "2024-03-01");
    CHECK(util::date_of(11016 * k_day, 0) == "2000-02-29");  // divisible by 400: a leap year
  }
}

TEST_CASE("date_of and day_number agree on every day from 1600 to 2400, and years past 9999 still print", "[util]") {
  for (long long day = -135140; day <= 157000; ++day) {
    const std::string date = util::date_of(day * k_day, 0);
    if (util::day_number(date) != day) FAIL("day " << day << " printed as " << date);
  }
  CHECK(util::date_of(2932897 * k_day, 0) == "10000-01-01");
}

TEST_CASE("day_number: days since 1970-01-01, -1 for anything malformed", "[util]") {
  CHECK(util::day_number("1970-01-01") == 0);
  CHECK(util::day_number("2000-03-01") == 11017);
  CHECK(util::day_number("2024-02-29") == 19782);
  CHECK(util::day_number("2026-01-01") == 20454);
  for (const char* bad :
       {"", "2026-1-01", "2026-01-1", "2026-13-01", "2026-00-10", "2026-01-32", "2026/01/01", "yesterday", "2026-01-01T"}) {
    INFO(bad);
    CHECK(util::day_number(bad) == -1);
  }
}

TEST_CASE("date_of and day_number agree for every day of a leap year", "[util]") {
  const long long start = util::day_number("2024-01-01");
  REQUIRE(start == 19723);
  for (long long d = start; d < start + 366 + 365; ++d) {
    const std::string date = util::date_of(d * k_day + 12 * 3600, 0);
    INFO(date);
    REQUIRE(util::day_number(date) == d);
  }
  CHECK(util::date_of((start + 365) * k_day, 0) == "2024-12-31");
}

TEST_CASE("today is this machine's date, within a day of UTC's", "[util]") {
  const std::string t = util::today();
  REQUIRE(t.size() == 10);
  const long long utc_day = util::day_number(util::date_of(static_cast<long long>(std::time(nullptr)), 0));
  const long long local_day = util::day_number(t);
  CHECK(local_day >= utc_day - 1);
  CHECK(local_day <= utc_day + 1);
}

TEST_CASE("local_day_of is the day number of date_of's date, before and after 1970, at any offset", "[util]") {
  for (const long long t : {-86401LL, -86400LL, -1LL, 0LL, 1LL, 86399LL, 1700000000LL, 1700049599LL}) {
    for (const int offset : {-720, -480, 0, 330, 480, 840}) {
      INFO(t << " at " << offset);
      CHECK(util::local_day_of(t, offset) == util::day_number(util::date_of(t, offset)));
    }
  }
}
