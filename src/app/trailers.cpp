#include "app/trailers.hpp"

#include <random>

#include "git/repo.hpp"
#include "util/text.hpp"

namespace pdo::app {

namespace {

constexpr std::string_view k_action_ids[] = {"init", "track", "ask", "undo", "check", "confirm", "lesson", "glossary"};

std::optional<progress::BoxChange> parse_change(std::string_view lesson, std::string_view step, std::string_view state) {
  lesson = util::trim(lesson);
  state = util::trim(state);
  if (!util::is_digits(lesson) || lesson.empty() || lesson.size() > 3) return std::nullopt;
  const auto s = progress::parse_step(util::trim(step));
  if (!s || (state != "done" && state != "todo")) return std::nullopt;
  int number = 0;
  for (const char c : lesson) number = number * 10 + (c - '0');  // 1 to 3 digits, checked above
  return progress::BoxChange{number, *s, state == "done"};
}

std::string change_text(const progress::BoxChange& c) {
  return util::pad2(c.lesson) + " " + std::string(progress::step_id(c.step)) + " " + (c.done ? "done" : "todo");
}

}  // namespace

std::string_view action_id(Action action) { return k_action_ids[static_cast<int>(action)]; }

std::optional<Action> parse_action(std::string_view text) {
  for (std::size_t i = 0; i < std::size(k_action_ids); ++i) {
    if (util::trim(text) == k_action_ids[i]) return static_cast<Action>(i);
  }
  return std::nullopt;
}

bool undoable(Action action) { return action == Action::track || action == Action::ask || action == Action::lesson; }

std::string write_trailers(const Trailers& t) {
  std::string out;
  if (t.action) out += "Pdo-Action: " + std::string(action_id(*t.action)) + "\n";
  if (!t.id.empty()) out += "Pdo-Id: " + t.id + "\n";
  if (!t.undoes.empty()) out += "Pdo-Undoes: " + t.undoes + "\n";
  if (!t.course.empty()) out += "Pdo-Course: " + t.course + "\n";
  if (!t.question_lesson.empty()) out += "Pdo-Question-Lesson: " + t.question_lesson + "\n";
  if (!t.own_lesson.empty()) out += "Pdo-Own-Lesson: " + t.own_lesson + "\n";
  if (!t.boxes.empty()) {
    const auto& main = t.boxes.front();
    out += "Pdo-Lesson: " + util::pad2(main.lesson) + "\nPdo-Step: " + std::string(progress::step_id(main.step)) +
           "\nPdo-State: " + (main.done ? "done" : "todo") + "\n";
    for (std::size_t i = 1; i < t.boxes.size(); ++i) out += "Pdo-Also: " + change_text(t.boxes[i]) + "\n";
  }
  return out;
}

Trailers read_trailers(const std::string& message, const std::string& commit_id) {
  Trailers t;
  std::string lesson, step, state, legacy_undo;
  std::vector<progress::BoxChange> also;
  bool any = false;
  for (const auto& [key_text, value] : git::message_trailers(message)) {
    const std::string_view key = key_text;  // compared by length first, unlike std::string == const char*
    if (!util::starts_with(key, "Pdo-")) continue;
    any = true;
    if (key == "Pdo-Action")
      t.action = parse_action(value);
    else if (key == "Pdo-Id")
      t.id = std::string(util::trim(value));
    else if (key == "Pdo-Undoes")
      t.undoes = std::string(util::trim(value));
    else if (key == "Pdo-Undo")
      legacy_undo = std::string(util::trim(value));
    else if (key == "Pdo-Course")
      t.course = std::string(util::trim(value));
    else if (key == "Pdo-Question-Lesson")
      t.question_lesson = std::string(util::trim(value));
    else if (key == "Pdo-Own-Lesson")
      t.own_lesson = std::string(util::trim(value));
    else if (key == "Pdo-Renumber") {
      const auto parts = util::split(util::trim(value), ' ');
      if (parts.size() == 2 && util::is_digits(parts[0]) && util::is_digits(parts[1]) && !parts[0].empty() && !parts[1].empty() &&
          parts[0].size() < 4 && parts[1].size() < 4)
        t.renumbered.emplace_back(std::stoi(parts[0]), std::stoi(parts[1]));
    } else if (key == "Pdo-Lesson")
      lesson = value;
    else if (key == "Pdo-Step")
      step = value;
    else if (key == "Pdo-State")
      state = value;
    else if (key == "Pdo-Also") {
      const auto parts = util::split(util::trim(value), ' ');
      if (parts.size() == 3) {
        if (auto c = parse_change(parts[0], parts[1], parts[2])) also.push_back(*c);
      }
    }
  }
  if (auto main = parse_change(lesson, step, state)) {
    t.boxes.push_back(*main);
    t.boxes.insert(t.boxes.end(), also.begin(), also.end());
  }
  if (!any) return t;
  // pdo 0.1: a track had no Pdo-Action, an undo named the commit it reverted in Pdo-Undo.
  if (!legacy_undo.empty() && t.undoes.empty()) {
    t.undoes = legacy_undo;
    t.action = Action::undo;
  }
  if (!t.action && !t.boxes.empty()) t.action = Action::track;
  if (t.id.empty()) t.id = commit_id;
  return t;
}

std::string new_action_id() {
  std::random_device rd;
  std::mt19937_64 gen((static_cast<std::uint64_t>(rd()) << 32) ^ rd());
  static const char* digits = "0123456789abcdef";
  std::string id;
  std::uint64_t v = gen();
  for (int i = 0; i < 16; ++i, v >>= 4) id += digits[v & 15];
  return id;
}

std::string subject_of(std::string_view message) {
  const auto end = message.find('\n');
  return std::string(util::chomp(message.substr(0, end)));
}

}  // namespace pdo::app
