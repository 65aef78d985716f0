#include "util/time.hpp"

#include "util/platform.hpp"

#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace pdo::util {

namespace {

// Howard Hinnant's civil-from-days / days-from-civil (public domain), proleptic Gregorian.
void civil_from_days(long long z, int& y, unsigned& m, unsigned& d) {
  z += 719468;
  const long long era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y = static_cast<int>(static_cast<long long>(yoe) + era * 400 + (m <= 2 ? 1 : 0));
}

long long days_from_civil(int y, unsigned m, unsigned d) {
  y -= m <= 2 ? 1 : 0;
  const long long era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<long long>(doe) - 719468;
}

std::string format_date(int y, unsigned m, unsigned d) {
  if (y >= 0 && y <= 9999 && m <= 99 && d <= 99) {  // every real date: digits by hand (the journal makes one per event)
    const auto digit = [](unsigned v) { return static_cast<char>('0' + v % 10); };
    const auto year = static_cast<unsigned>(y);
    return {digit(year / 1000), digit(year / 100), digit(year / 10), digit(year), '-', digit(m / 10), digit(m), '-',
            digit(d / 10),      digit(d)};
  }
  char buf[40];  // room for any int/unsigned, so the compiler can prove no truncation
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", y, m, d);
  return buf;
}

}  // namespace

long long local_day_of(long long epoch_seconds, int offset_minutes) {
  const long long local = epoch_seconds + static_cast<long long>(offset_minutes) * 60;
  return local / 86400 - (local % 86400 < 0 ? 1 : 0);
}

std::string date_of(long long epoch_seconds, int offset_minutes) {
  const long long days = local_day_of(epoch_seconds, offset_minutes);
  int y = 0;
  unsigned m = 0, d = 0;
  civil_from_days(days, y, m, d);
  return format_date(y, m, d);
}

std::string today() {
  // PDO_NOW (seconds since the epoch) fixes "now" for reproducible output (tests); TZ still gives the zone.
  std::time_t now = std::time(nullptr);
  if (const auto fixed = platform::get_env("PDO_NOW"); fixed && !fixed->empty()) {
    char* end = nullptr;
    const long long value = std::strtoll(fixed->c_str(), &end, 10);
    if (end && *end == '\0') now = static_cast<std::time_t>(value);
  }
  const std::tm* local = std::localtime(&now);  // single-threaded use; portable to Windows
  if (!local) return date_of(static_cast<long long>(now), 0);
  return format_date(local->tm_year + 1900, static_cast<unsigned>(local->tm_mon + 1), static_cast<unsigned>(local->tm_mday));
}

long long day_number(const std::string& date) {
  int y = 0;
  unsigned m = 0, d = 0;
  if (date.size() != 10 || std::sscanf(date.c_str(), "%4d-%2u-%2u", &y, &m, &d) != 3 || m < 1 || m > 12 || d < 1 || d > 31) return -1;
  return days_from_civil(y, m, d);
}

}  // namespace pdo::util
