#include "progress/merge.hpp"

#include "util/text.hpp"

namespace pdo::progress {

namespace {

// Control characters no one types, so no line of the learner's can look like a token.
constexpr std::string_view k_token_start = "\x01pdo-box ";
constexpr std::string_view k_token_end = "\x01";

std::string token(const BoxKey& key) { return std::string(k_token_start) + key_text(key) + std::string(k_token_end); }

std::optional<BoxKey> token_key(std::string_view line) {
  if (!util::starts_with(line, k_token_start) || !util::ends_with(line, k_token_end)) return std::nullopt;
  const auto inner = line.substr(k_token_start.size(), line.size() - k_token_start.size() - k_token_end.size());
  const auto space = inner.find(' ');
  if (space == std::string_view::npos || !util::is_digits(inner.substr(0, space)) || space > 3) return std::nullopt;
  const auto step = parse_step(inner.substr(space + 1));
  if (!step) return std::nullopt;
  return BoxKey{std::stoi(std::string(inner.substr(0, space))), *step};
}

}  // namespace

bool is_box_token(std::string_view line) { return token_key(line).has_value(); }

std::string key_text(const BoxKey& key) { return util::pad2(key.first) + " " + std::string(step_id(key.second)); }

BoxLines box_lines(std::string_view text) {
  BoxLines out;
  const auto lines = util::split_lines(text);
  for (const auto& b : parse_boxes(text)) {
    const BoxKey key{b.lesson, b.step};
    if (!out.lines.emplace(key, std::string(util::chomp(lines[b.line - 1]))).second) out.doubled.insert(key);
  }
  return out;
}

std::string mask_boxes(std::string_view text) {
  const auto lines = util::split_lines(text);
  std::map<std::size_t, BoxKey> at;
  for (const auto& b : parse_boxes(text)) at.emplace(b.line, BoxKey{b.lesson, b.step});
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto it = at.find(i + 1);
    if (it == at.end()) {
      out += lines[i];
    } else {
      out += token(it->second);
      out += lines[i].substr(util::chomp(lines[i]).size());
    }
  }
  return out;
}

std::string unmask_boxes(std::string_view masked, const std::function<std::optional<std::string>(const BoxKey&)>& line_of) {
  std::string out;
  for (const auto line : util::split_lines(masked)) {
    const auto body = util::chomp(line);
    const auto key = token_key(body);
    if (!key) {
      out += line;
      continue;
    }
    const auto text = line_of(*key);
    if (!text) continue;
    out += *text;
    out += line.substr(body.size());
  }
  return out;
}

std::string renumber_lessons(std::string_view text, const std::map<int, int>& map) {
  std::map<std::size_t, std::size_t> box_at;  // line number → offset of its number within the line
  const auto lines = util::split_lines(text);
  for (const auto& b : parse_boxes(text)) {
    if (map.count(b.lesson)) box_at.emplace(b.line, 0);
  }
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    std::size_t at = std::string_view::npos;
    if (box_at.count(i + 1)) {
      at = line.find(']');
      if (at != std::string_view::npos) at = line.find_first_not_of(" \t", at + 1);
    } else if (util::starts_with(line, "## ")) {
      at = line.find_first_not_of(" \t", 3);
    }
    std::size_t digits = 0;
    while (at != std::string_view::npos && at + digits < line.size() && digits < 4 && line[at + digits] >= '0' && line[at + digits] <= '9')
      ++digits;
    const bool ends = at != std::string_view::npos && (at + digits == line.size() || line[at + digits] == ' ' ||
                                                       line[at + digits] == '\t' || line[at + digits] == '\r' || line[at + digits] == '\n');
    const auto it = digits > 0 && digits < 4 && ends ? map.find(std::stoi(std::string(line.substr(at, digits)))) : map.end();
    if (it == map.end()) {
      out += line;
      continue;
    }
    out += std::string(line.substr(0, at)) + util::pad2(it->second) + std::string(line.substr(at + digits));
  }
  return out;
}

}  // namespace pdo::progress
