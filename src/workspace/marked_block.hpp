#pragma once
// pdo's marked blocks ("<!-- pdo:begin NAME … -->" … "<!-- pdo:end NAME -->"): the only parts of a
// shared file pdo rewrites. Outside them every byte is the learner's.
#include <optional>
#include <string>
#include <string_view>

namespace pdo::workspace {

/// The text from the begin marker through the end marker (inclusive), or nullopt if either is missing.
std::optional<std::string_view> find_block(std::string_view text, std::string_view name);

/// Replaces the block in `text` with the block found in `fresh` (a freshly rendered file, LF endings),
/// converted to the file's own line ending. nullopt if either text lacks the markers.
std::optional<std::string> replace_block(std::string_view text, std::string_view fresh, std::string_view name);

}  // namespace pdo::workspace
