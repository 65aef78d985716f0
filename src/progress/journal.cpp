#include "progress/journal.hpp"

#include <algorithm>
#include <charconv>
#include <set>
#include <sstream>

#include "util/text.hpp"
#include "util/time.hpp"

namespace pdo::progress {

std::vector<BoxChange> diff_boxes(std::string_view before, std::string_view after) {
  const auto old_boxes = parse_boxes(before);
  std::vector<BoxChange> changes;
  for (const auto& b : parse_boxes(after)) {
    const auto same =
        std::find_if(old_boxes.begin(), old_boxes.end(), [&](const Box& o) { return o.lesson == b.lesson && o.step == b.step; });
    const bool was_done = same != old_boxes.end() && same->done;
    if (was_done != b.done) changes.push_back({b.lesson, b.step, b.done});
  }
  return changes;
}

namespace {

constexpr std::string_view k_cache_magic = "pdo-journal-cache 1";

/// Appends a number without a temporary string (a cold `pdo log` writes one line per event).
template <class T>
void append_number(std::string& out, T n) {
  char buf[24];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
  out.append(buf, ec == std::errc() ? end : buf);
}

}  // namespace

std::string encode_cache(const JournalCache& cache) {
  std::string out;
  out.reserve(96 * cache.events.size() + 128);
  out += k_cache_magic;
  out += "\nhead " + cache.head + "\npath " + cache.path + "\n";
  for (const auto& e : cache.events) {
    out += "e ";
    out += e.commit.view();
    out += ' ';
    append_number(out, e.time);
    out += ' ';
    append_number(out, e.offset_minutes);
    out += ' ';
    append_number(out, e.change.lesson);
    out += ' ';
    out += step_id(e.change.step);
    out += e.change.done ? " done " : " todo ";
    out += e.by_pdo ? "pdo\n" : "manual\n";
  }
  out += "end ";
  append_number(out, cache.events.size());
  out += '\n';
  return out;
}

std::optional<JournalCache> decode_cache(std::string_view text) {
  if (text.empty() || text.back() != '\n') return std::nullopt;  // cut short while written by another tool
  std::istringstream in{std::string(text)};
  std::string line;
  if (!std::getline(in, line) || line != k_cache_magic) return std::nullopt;
  JournalCache cache;
  if (!std::getline(in, line) || line.rfind("head ", 0) != 0) return std::nullopt;
  cache.head = line.substr(5);
  if (!util::is_object_id(cache.head)) return std::nullopt;
  if (!std::getline(in, line) || line.rfind("path ", 0) != 0 || line.size() == 5) return std::nullopt;
  cache.path = line.substr(5);
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string tag, step, state, source;
    if (!(fields >> tag)) return std::nullopt;
    if (tag == "end") {
      std::size_t count = 0;
      std::string rest;
      if (!(fields >> count) || fields >> rest || count != cache.events.size() || in.peek() != EOF) return std::nullopt;
      return cache;
    }
    Event e;
    std::string commit;
    if (tag != "e" || !(fields >> commit >> e.time >> e.offset_minutes >> e.change.lesson >> step >> state >> source)) return std::nullopt;
    e.commit = commit;
    const auto parsed_step = parse_step(step);
    if (!util::is_object_id(commit) || !parsed_step || (state != "done" && state != "todo") || (source != "pdo" && source != "manual") ||
        e.change.lesson < 0 || e.offset_minutes < -1440 || e.offset_minutes > 1440) {
      return std::nullopt;
    }
    e.change.step = *parsed_step;
    e.change.done = state == "done";
    e.by_pdo = source == "pdo";
    cache.events.push_back(e);
  }
  return std::nullopt;  // no "end" line: truncated
}

namespace {

long long local_day(const Event& e) { return util::local_day_of(e.time, e.offset_minutes); }

}  // namespace

Journal build_journal(std::vector<Event> events, const std::string& today) {
  // Newest first: the first change of each box met is its last in history.
  std::set<std::pair<int, Step>> seen;
  for (auto& e : events) e.still_done = seen.insert({e.change.lesson, e.change.step}).second && e.change.done;
  // By local date, and by time within a date (events of one moment keep their order); each day's events
  // are then moved out in one piece of exactly their size, and the input is freed before it returns.
  std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
    const long long da = local_day(a), db = local_day(b);
    return da != db ? da < db : a.time < b.time;
  });
  Journal j;
  for (auto first = events.begin(); first != events.end();) {
    const long long day = local_day(*first);
    const auto last = std::find_if(first, events.end(), [&](const Event& e) { return local_day(e) != day; });
    const int done = static_cast<int>(std::count_if(first, last, [](const Event& e) { return e.still_done; }));
    j.days.push_back(
        {util::date_of(first->time, first->offset_minutes), {std::make_move_iterator(first), std::make_move_iterator(last)}, done});
    j.steps_done += done;
    first = last;
  }
  events = std::vector<Event>();
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
