#pragma once
// Calendar dates without time-zone databases: a commit's own UTC offset gives its local day.
#include <string>

namespace pdo::util {

/// "YYYY-MM-DD" of a moment (seconds since the epoch) in a zone `offset_minutes` east of UTC.
std::string date_of(long long epoch_seconds, int offset_minutes);
/// The number of the local day (days since 1970-01-01) of a moment at a UTC offset: date_of's day.
long long local_day_of(long long epoch_seconds, int offset_minutes);

/// Today's date on this machine's local clock (at the moment PDO_NOW names, if set: for tests).
std::string today();

/// Days since 1970-01-01 of a "YYYY-MM-DD" date; -1 if malformed.
long long day_number(const std::string& date);

}  // namespace pdo::util
