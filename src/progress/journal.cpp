#include "progress/journal.hpp"

#include <algorithm>
#include <map>

#include "util/text.hpp"
#include "util/time.hpp"

namespace pdo::progress {

std::vector<BoxChange> diff_boxes(std::string_view before, std::string_view after) {
  const auto old_boxes = parse_boxes(before);
  std::vector<BoxChange> changes;
  for (const auto& b : parse_boxes(after)) {
    const auto same = std::find_if(old_boxes.begin(), old_boxes.end(),
                                   [&](const Box& o) { return o.lesson == b.lesson && o.step == b.step; });
    const bool was_done = same != old_boxes.end() && same->done;
    if (was_done != b.done) changes.push_back({b.lesson, b.step, b.done});
  }
  return changes;
}

Journal build_journal(std::vector<Event> events, const std::string& today) {
  std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.time < b.time; });
  std::map<std::string, std::vector<Event>> by_day;
  for (auto& e : events) by_day[util::date_of(e.time, e.offset_minutes)].push_back(std::move(e));
  Journal j;
  for (auto& [date, list] : by_day) j.days.push_back({date, std::move(list)});
  if (j.days.empty()) return j;
  j.first_day = j.days.front().date;
  j.last_day = j.days.back().date;
  j.days_studied = static_cast<int>(j.days.size());
  const long long last = util::day_number(j.last_day);
  if (util::day_number(today) - last <= 1) {
    long long expect = last;
    for (auto it = j.days.rbegin(); it != j.days.rend() && util::day_number(it->date) == expect; ++it, --expect) {
      ++j.current_streak;
    }
  }
  return j;
}

}  // namespace pdo::progress
