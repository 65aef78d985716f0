#include "progress/journal.hpp"

#include <algorithm>
#include <map>

#include "util/text.hpp"
#include "util/time.hpp"

namespace pdo::progress {

namespace {

std::string change_text(const BoxChange& c) {
  return util::pad2(c.lesson) + " " + std::string(step_id(c.step)) + " " + (c.done ? "done" : "todo");
}

std::optional<BoxChange> parse_change(std::string_view lesson, std::string_view step, std::string_view state) {
  if (!util::is_digits(util::trim(lesson)) || util::trim(lesson).size() > 3) return std::nullopt;
  const auto s = parse_step(step);
  const auto st = util::trim(state);
  if (!s || (st != "done" && st != "todo")) return std::nullopt;
  return BoxChange{std::stoi(std::string(util::trim(lesson))), *s, st == "done"};
}

}  // namespace

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

std::string trailers_for(const std::vector<BoxChange>& changes) {
  if (changes.empty()) return {};
  const auto& main = changes.front();
  std::string t = "Pdo-Lesson: " + util::pad2(main.lesson) + "\nPdo-Step: " + std::string(step_id(main.step)) +
                  "\nPdo-State: " + (main.done ? "done" : "todo") + "\n";
  for (std::size_t i = 1; i < changes.size(); ++i) t += "Pdo-Also: " + change_text(changes[i]) + "\n";
  return t;
}

std::optional<std::vector<BoxChange>> changes_from_trailers(std::string_view message) {
  std::string_view lesson, step, state;
  std::vector<BoxChange> also;
  for (const auto raw : util::split_lines(message)) {
    const auto line = util::chomp(raw);
    if (util::starts_with(line, "Pdo-Lesson: ")) lesson = line.substr(12);
    else if (util::starts_with(line, "Pdo-Step: ")) step = line.substr(10);
    else if (util::starts_with(line, "Pdo-State: ")) state = line.substr(11);
    else if (util::starts_with(line, "Pdo-Also: ")) {
      const auto parts = util::split(util::trim(line.substr(10)), ' ');
      if (parts.size() == 3) {
        if (auto c = parse_change(parts[0], parts[1], parts[2])) also.push_back(*c);
      }
    }
  }
  const auto main = parse_change(lesson, step, state);
  if (!main) return std::nullopt;
  std::vector<BoxChange> all{*main};
  all.insert(all.end(), also.begin(), also.end());
  return all;
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
