#include "progress/file.hpp"

#include "util/text.hpp"

namespace pdo::progress {

using util::tr;

namespace {

struct StepNames {
  Step step;
  std::string_view id;
  std::string_view zh;
  std::string_view en;
};

constexpr StepNames k_names[] = {
    {Step::read, "read", "读讲义", "Read the lecture"},
    {Step::exercise, "exercise", "做练习", "Do the exercise"},
    {Step::notes, "notes", "记笔记", "Take notes"},
};

const StepNames& names(Step step) { return k_names[static_cast<int>(step)]; }

/// Matches a label at the start of `rest`: either language, English case-insensitively.
std::optional<Step> label_at(std::string_view rest) {
  for (const auto& n : k_names) {
    if (util::starts_with(rest, n.zh)) return n.step;
    if (util::to_lower(rest.substr(0, n.en.size())) == util::to_lower(n.en)) return n.step;
  }
  return std::nullopt;
}

std::string_view skip_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

/// Without the list marker that starts `s`: a bullet (- * +) or an ordered item's number ("1." "1)", at
/// most nine digits, as CommonMark has it); nullopt when `s` starts no list item.
std::optional<std::string_view> after_list_marker(std::string_view s) {
  if (!s.empty() && (s.front() == '-' || s.front() == '*' || s.front() == '+')) return s.substr(1);
  std::size_t digits = 0;
  while (digits < s.size() && digits < 9 && s[digits] >= '0' && s[digits] <= '9') ++digits;
  if (digits == 0 || digits >= s.size() || (s[digits] != '.' && s[digits] != ')')) return std::nullopt;
  return s.substr(digits + 1);
}

/// Parses "- [x] 03 label…" (any list item, bulleted or numbered, as Markdown shows a checkbox for both;
/// any indentation); returns box char offset within line.
std::optional<Box> parse_line(std::string_view line) {
  const std::size_t len = line.size();
  const auto item = after_list_marker(skip_blanks(line));
  if (!item) return std::nullopt;
  std::string_view s = *item;
  if (s.empty() || (s.front() != ' ' && s.front() != '\t')) return std::nullopt;
  s = skip_blanks(s);
  if (s.size() < 3 || s[0] != '[' || s[2] != ']') return std::nullopt;
  if (s[1] != ' ' && s[1] != 'x' && s[1] != 'X') return std::nullopt;
  Box box;
  box.done = s[1] != ' ';
  box.offset = len - s.size() + 1;
  s.remove_prefix(3);
  s = skip_blanks(s);
  std::size_t digits = 0;
  while (digits < s.size() && digits < 4 && s[digits] >= '0' && s[digits] <= '9') ++digits;
  if (digits == 0 || digits == 4) return std::nullopt;
  box.lesson = std::stoi(std::string(s.substr(0, digits)));
  s = skip_blanks(s.substr(digits));
  const auto step = label_at(s);
  if (!step) return std::nullopt;
  box.step = *step;
  return box;
}

}  // namespace

std::string_view step_id(Step step) { return names(step).id; }

std::string_view step_label(Step step, util::Lang lang) { return lang == util::Lang::zh ? names(step).zh : names(step).en; }

std::optional<Step> parse_step(std::string_view text) {
  for (const auto& n : k_names) {
    if (text == n.id) return n.step;  // what pdo writes in trailers and the journal cache: no copies
  }
  const std::string t = util::to_lower(util::trim(text));
  for (const auto& n : k_names) {
    if (t == n.id || t == n.zh || t == util::to_lower(n.en)) return n.step;
  }
  return std::nullopt;
}

std::string box_line(const course::Lesson& lesson, Step step, util::Lang lang, bool done, const NotApplicable& off_route) {
  std::string line = std::string("- [") + (done ? "x" : " ") + "] " + lesson.id + " " + std::string(step_label(step, lang));
  if (const auto it = off_route.find({lesson.number, step}); it != off_route.end()) {
    line += lang == util::Lang::zh ? "（本路线不适用：" + it->second + "）" : " (not on this route: " + it->second + ")";
  }
  return line;
}

std::vector<Box> parse_boxes(std::string_view text) {
  std::vector<Box> boxes;
  std::size_t offset = 0;
  std::size_t number = 0;
  bool in_fence = false;
  for (const auto line : util::split_lines(text)) {
    ++number;
    const auto content = util::trim(line);
    // Boxes quoted inside ``` fences are examples, not progress.
    if (util::starts_with(content, "```") || util::starts_with(content, "~~~")) in_fence = !in_fence;
    if (!in_fence) {
      if (auto box = parse_line(util::chomp(line))) {
        box->line = number;
        box->offset += offset;
        boxes.push_back(*box);
      }
    }
    offset += line.size();
  }
  return boxes;
}

Result<Box> find_box(const std::vector<Box>& boxes, const course::Lesson& lesson, Step step, util::Lang lang) {
  std::vector<const Box*> hits;
  for (const auto& b : boxes) {
    if (b.lesson == lesson.number && b.step == step) hits.push_back(&b);
  }
  const std::string expected = box_line(lesson, step, lang, false);
  if (hits.empty()) {
    return Error{Exit::usage,
                 tr("progress.md 里找不到这一行：「", "progress.md has no line like \"") + expected +
                     tr("」（勾选与否均可）。pdo 不会自动修复这个文件：请把这一行加回去，或撤销对它的改动（git diff progress.md）。",
                        "\" (ticked or not). pdo does not repair the file itself: add that line back, or undo your "
                        "change to it (git diff progress.md).")};
  }
  if (hits.size() > 1) {
    std::string lines;
    for (const auto* b : hits) lines += (lines.empty() ? "" : ", ") + std::to_string(b->line);
    return Error{Exit::usage, tr("progress.md 里有多行「", "progress.md has several lines like \"") + expected +
                                  tr("」（第 ", "\" (lines ") + lines +
                                  tr(" 行）。请只保留一行后重试。", "). Keep only one and try again.")};
  }
  return *hits.front();
}

std::string set_box(std::string text, const Box& box, bool done) {
  if (box.offset < text.size()) text[box.offset] = done ? 'x' : ' ';
  return text;
}

}  // namespace pdo::progress
