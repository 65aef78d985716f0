#pragma once
// progress.md as pdo sync merges it: each box is one line, found by its lesson and step, so a line merge
// can be run over everything else (the boxes masked as tokens) and the boxes decided one by one.
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "progress/file.hpp"

namespace pdo::progress {

/// A box's identity in progress.md: its lesson number and step.
using BoxKey = std::pair<int, Step>;

/// "03 read".
std::string key_text(const BoxKey& key);

/// Every box's whole line (without its line end) by key; keys found on more than one line are in `doubled`.
struct BoxLines {
  std::map<BoxKey, std::string> lines;
  std::set<BoxKey> doubled;
};

/// The box lines of a progress.md text.
BoxLines box_lines(std::string_view text);

/// The text with every box line replaced by a token naming its key (line ends kept).
std::string mask_boxes(std::string_view text);

/// True if the line (without its line end) is a token mask_boxes() wrote.
bool is_box_token(std::string_view line);

/// A masked text with each token replaced by `line_of(key)` (line end kept); a token it gives no line
/// for (nullopt) is dropped with its line end.
std::string unmask_boxes(std::string_view masked, const std::function<std::optional<std::string>(const BoxKey&)>& line_of);

/// The text with the lesson numbers in `map` (before → after) changed on box lines and on "## NN" section
/// headings (as progress.md and questions.md write them); every other byte kept.
std::string renumber_lessons(std::string_view text, const std::map<int, int>& map);

}  // namespace pdo::progress
