#pragma once
// The study calendar: the last 26 weeks as a heatmap, one cell per day (Monday to Sunday down, weeks
// across, the week of `today` last), shaded by the number of steps done that day, with the streak and
// totals under it. Pure: the journal, today's date and the drawing style come in as arguments.
#include <string>

#include "progress/journal.hpp"
#include "util/color.hpp"
#include "util/i18n.hpp"

namespace pdo::progress {

/// Weeks the calendar shows.
inline constexpr int k_calendar_weeks = 26;

/// Steps done (boxes ticked) per day, from the journal.
struct DayCount {
  long long day = 0;  ///< days since 1970-01-01
  int done = 0;
};

/// The shade level 0-4 of a day with `done` steps (0: none, 4: five or more).
int calendar_level(int done);

/// The longest run of consecutive study days in the journal.
int longest_streak(const Journal& journal);

/// The calendar as text lines; `today` is "YYYY-MM-DD".
std::string render_calendar(const Journal& journal, const std::string& today, util::OutputStyle style, util::Lang lang);

}  // namespace pdo::progress
