#include "app/report/report_html.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "progress/calendar.hpp"
#include "util/text.hpp"
#include "util/time.hpp"
#include "workspace/questions.hpp"

namespace pdo::app {

namespace {

std::string esc(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

constexpr const char* k_style = R"(
body{font-family:system-ui,-apple-system,"Segoe UI","Microsoft YaHei","PingFang SC",sans-serif;margin:2rem;color:#1f2328;background:#fff}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:2rem 0 .5rem}
.muted{color:#656d76}table{border-collapse:collapse}th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left}
td.step{text-align:center;width:4.5rem}td.done{background:#2da44e;color:#fff}td.todo{background:#f6f8fa;color:#8c959f}
td.missing{background:#fff8c5}
.cal{display:grid;grid-template-rows:repeat(7,14px);grid-auto-flow:column;grid-auto-columns:14px;gap:3px}
.day{border-radius:2px;background:#ebedf0}.l1{background:#9be9a8}.l2{background:#40c463}.l3{background:#30a14e}.l4{background:#216e39}
.pad{background:transparent}ul{padding-left:1.2rem}
)";

/// First and last date with an event, per lesson number.
std::map<int, std::pair<std::string, std::string>> lesson_dates(const progress::Journal& j) {
  std::map<int, std::pair<std::string, std::string>> out;
  for (const auto& day : j.days) {  // oldest first
    for (const auto& e : day.events) {
      auto& [first, last] = out[e.change.lesson];
      if (first.empty()) first = day.date;
      last = day.date;
    }
  }
  return out;
}

void lessons_table(std::string& o, const ReportInput& in, bool zh) {
  const auto dates = lesson_dates(in.journal);
  o += "<table id=\"lessons\"><thead><tr><th>#</th><th>" + std::string(zh ? "课程" : "Lesson") + "</th>";
  for (const auto step : {progress::Step::read, progress::Step::exercise, progress::Step::notes}) {
    o += "<th>" + esc(progress::step_label(step, in.lang)) + "</th>";
  }
  o += std::string("<th>") + (zh ? "第一次" : "First") + "</th><th>" + (zh ? "最近一次" : "Latest") + "</th></tr></thead><tbody>\n";
  for (const auto& ls : in.state.lessons) {
    const auto* lesson = ls.lesson;
    // A lesson without a link (an own lesson before its link is known) is plain text: href="" would
    // point back at the report itself.
    const std::string title =
        lesson->url.empty() ? esc(lesson->title) : "<a href=\"" + esc(lesson->url) + "\">" + esc(lesson->title) + "</a>";
    o += "<tr data-lesson=\"" + esc(lesson->id) + "\"><td>" + esc(lesson->id) + "</td><td>" + title + "</td>";
    for (const auto& step : ls.steps) {
      const char* cls = !step ? "missing" : *step ? "done" : "todo";
      o += std::string("<td class=\"step ") + cls + "\" data-done=\"" + (step && *step ? "1" : "0") + "\">" +
           (!step   ? "?"
            : *step ? "✓"
                    : "·") +
           "</td>";
    }
    const auto it = dates.find(lesson->number);
    o += "<td>" + (it == dates.end() ? std::string("–") : it->second.first) + "</td><td>" +
         (it == dates.end() ? std::string("–") : it->second.second) + "</td></tr>\n";
  }
  o += "</tbody></table>\n";
}

void calendar(std::string& o, const ReportInput& in, bool zh) {
  const long long last = util::day_number(in.today);
  const long long weekday = ((last % 7) + 7 + 3) % 7;  // Monday = 0
  const long long first = last - weekday - 7 * (progress::k_calendar_weeks - 1);
  std::map<long long, int> done;
  for (const auto& day : in.journal.days) done[util::day_number(day.date)] = day.steps_done;
  o += "<div class=\"cal\" id=\"calendar\">\n";
  for (long long d = first; d <= last; ++d) {
    const auto it = done.find(d);
    const int n = it == done.end() ? 0 : it->second;
    const std::string date = util::date_of(d * 86400, 0);
    o += "<div class=\"day l" + std::to_string(progress::calendar_level(n)) + "\" data-date=\"" + date + "\" data-count=\"" +
         std::to_string(n) + "\" title=\"" + date + (zh ? "：完成 " : ": ") + std::to_string(n) + (zh ? " 步" : " steps done") +
         "\"></div>";
  }
  o += "\n</div>\n";
  o += "<p id=\"streak\">" + std::string(zh ? "连续天数：" : "Current streak: ") + std::to_string(in.journal.current_streak) +
       (zh ? "（最长 " : " (longest ") + std::to_string(progress::longest_streak(in.journal)) +
       (zh ? "）· 学习天数：" : ") · days studied: ") + std::to_string(in.journal.days_studied) + "</p>\n";
}

}  // namespace

std::vector<OpenQuestion> open_questions(std::string_view text) {
  std::vector<std::pair<int, OpenQuestion>> found;  // by lesson number; 1000 (after any lesson) outside one
  int number = 1000;
  std::string lesson;
  for (const auto& raw : util::split_lines(text)) {
    std::string_view line = util::trim(raw);
    if (util::starts_with(line, "## ")) {
      const auto n = workspace::heading_lesson(line);
      number = n ? *n : 1000;
      lesson = n ? util::pad2(*n) : "";
    } else if (util::starts_with(line, "- [ ] ")) {
      found.push_back({number, {lesson, std::string(util::trim(line.substr(6)))}});
    }
  }
  // In lesson order, as questions.md is kept (a file edited by hand may not be): each lesson's in file order.
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<OpenQuestion> out;
  out.reserve(found.size());
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

std::string render_report_html(const ReportInput& in) {
  const bool zh = in.lang == util::Lang::zh;
  const std::string title = esc(in.course->title);
  std::string o;
  o += "<!DOCTYPE html>\n<html lang=\"" + std::string(zh ? "zh-CN" : "en") + "\">\n<head>\n<meta charset=\"utf-8\">\n";
  o += std::string(k_report_marker) + "\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  o += "<title>" + std::string(zh ? "学习报告 · " : "Study report · ") + title + "</title>\n<style>" + k_style +
       "</style>\n</head>\n<body>\n";
  o += "<h1>" + title + "</h1>\n<p class=\"muted\" id=\"summary\">" + (zh ? "截至 " : "As of ") + esc(in.today) + (zh ? "：完成 " : ": ") +
       std::to_string(in.state.done) + " / " + std::to_string(in.state.total) + (zh ? " 步" : " steps done") + "</p>\n";
  o += std::string("<h2>") + (zh ? "每课三步" : "Lessons and steps") + "</h2>\n";
  lessons_table(o, in, zh);
  o += std::string("<h2>") + (zh ? "最近 26 周" : "The last 26 weeks") + "</h2>\n";
  calendar(o, in, zh);
  o += std::string("<h2>") + (zh ? "未解决的问题" : "Open questions") + "</h2>\n<ul id=\"questions\">\n";
  for (const auto& q : in.questions) {
    o += "<li data-lesson=\"" + esc(q.lesson) + "\">" + (q.lesson.empty() ? "" : esc(q.lesson) + " · ") + esc(q.text) + "</li>\n";
  }
  if (in.questions.empty()) o += std::string("<li class=\"muted\">") + (zh ? "没有" : "None") + "</li>\n";
  o += "</ul>\n</body>\n</html>\n";
  return o;
}

}  // namespace pdo::app
