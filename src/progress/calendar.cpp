#include "progress/calendar.hpp"

#include <array>
#include <map>

#include "util/time.hpp"

namespace pdo::progress {

namespace {

constexpr std::array<const char*, 5> k_unicode = {"·", "░", "▒", "▓", "█"};
constexpr std::array<const char*, 5> k_ascii = {".", ":", "+", "*", "#"};
// 256-colour greys and greens, darkest for a day without steps (as GitHub's contribution graph).
constexpr std::array<const char*, 5> k_colors = {"\x1b[38;5;240m", "\x1b[38;5;22m", "\x1b[38;5;28m", "\x1b[38;5;34m", "\x1b[38;5;40m"};
constexpr const char* k_reset = "\x1b[0m";
/// Display columns before the first week: the weekday labels ("周一" is two wide characters).
constexpr std::size_t k_label = 5;

/// Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday).
int weekday(long long day) { return static_cast<int>(((day % 7) + 7 + 3) % 7); }

int month_of(long long day) { return std::stoi(util::date_of(day * 86400, 0).substr(5, 2)); }

std::string month_label(int month, util::Lang lang) {
  static constexpr std::array<const char*, 12> k_en = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  return lang == util::Lang::zh ? std::to_string(month) + "月" : k_en[static_cast<std::size_t>(month - 1)];
}

/// Display columns of a month label: "月" is a wide character.
std::size_t label_width(int month, util::Lang lang) { return lang == util::Lang::zh ? std::to_string(month).size() + 2 : 3; }

std::string glyph(int level, util::OutputStyle style) {
  const std::string g = (style.unicode ? k_unicode : k_ascii)[static_cast<std::size_t>(level)];
  return style.color ? k_colors[static_cast<std::size_t>(level)] + g + k_reset : g;
}

void rtrim(std::string& line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
}

}  // namespace

int calendar_level(int done) {
  if (done <= 0) return 0;
  if (done == 1) return 1;
  if (done == 2) return 2;
  return done <= 4 ? 3 : 4;
}

int longest_streak(const Journal& journal) {
  int best = 0, run = 0;
  long long prev = -2;
  for (const auto& d : journal.days) {
    const long long n = util::day_number(d.date);
    run = n == prev + 1 ? run + 1 : 1;
    best = std::max(best, run);
    prev = n;
  }
  return best;
}

std::string render_calendar(const Journal& journal, const std::string& today, util::OutputStyle style, util::Lang lang) {
  const bool zh = lang == util::Lang::zh;
  const long long last = util::day_number(today);
  const long long first_monday = last - weekday(last) - 7 * (k_calendar_weeks - 1);
  std::map<long long, int> done;
  int total_done = 0, window_done = 0, window_days = 0;
  for (const auto& d : journal.days) {
    const long long n = util::day_number(d.date);
    const int count = d.steps_done;
    done[n] = count;
    total_done += count;
    if (n >= first_monday && n <= last) {
      window_done += count;
      ++window_days;
    }
  }
  const std::string dot = style.unicode ? " · " : " - ";
  std::string out =
      zh ? "学习日历" + dot + "最近 26 周（截至 " + today + "）\n\n" : "Study calendar" + dot + "last 26 weeks (to " + today + ")\n\n";
  // Month labels above the week where a month starts (its first Monday), where there is room; the current
  // month whose 1st came after this week's Monday has no Monday yet, so it is labelled over this week.
  std::string months(k_label, ' ');
  std::size_t cursor = k_label;
  for (int w = 0; w < k_calendar_weeks; ++w) {
    const long long monday = first_monday + 7 * w;
    const int m = w == k_calendar_weeks - 1 ? month_of(last) : month_of(monday);
    if (w > 0 && m == month_of(monday - 7)) continue;
    const std::size_t at = k_label + 2 * static_cast<std::size_t>(w);
    if (at < cursor) continue;
    months += std::string(at - cursor, ' ') + month_label(m, lang);
    cursor = at + label_width(m, lang) + 1;
    months += " ";
  }
  rtrim(months);
  out += months + "\n";
  static constexpr std::array<const char*, 7> k_rows_zh = {"周一 ", "     ", "周三 ", "     ", "周五 ", "     ", "周日 "};
  static constexpr std::array<const char*, 7> k_rows_en = {"Mon  ", "     ", "Wed  ", "     ", "Fri  ", "     ", "Sun  "};
  for (int r = 0; r < 7; ++r) {
    std::string line = (zh ? k_rows_zh : k_rows_en)[static_cast<std::size_t>(r)];
    for (int w = 0; w < k_calendar_weeks; ++w) {
      const long long day = first_monday + 7 * w + r;
      if (day > last) break;
      const auto it = done.find(day);
      line += glyph(calendar_level(it == done.end() ? 0 : it->second), style) + " ";
    }
    rtrim(line);
    out += line + "\n";
  }
  std::string legend = std::string(k_label, ' ') + (zh ? "少 " : "less ");
  for (int level = 0; level < 5; ++level) legend += glyph(level, style) + " ";
  out += legend + (zh ? "多\n\n" : "more\n\n");
  if (zh) {
    out += "最近 26 周：学习 " + std::to_string(window_days) + " 天，完成 " + std::to_string(window_done) + " 步\n";
    out += "连续天数：" + std::to_string(journal.current_streak) + "（最长 " + std::to_string(longest_streak(journal)) + "）  总计：学习 " +
           std::to_string(journal.days_studied) + " 天，完成 " + std::to_string(total_done) + " 步\n";
  } else {
    out += "last 26 weeks: " + std::to_string(window_done) + " steps done on " + std::to_string(window_days) + " days\n";
    out += "current streak: " + std::to_string(journal.current_streak) + " days (longest " + std::to_string(longest_streak(journal)) +
           ")  all time: " + std::to_string(total_done) + " steps done on " + std::to_string(journal.days_studied) + " days\n";
  }
  return out;
}

}  // namespace pdo::progress
