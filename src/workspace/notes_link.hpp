#pragma once
// The link at the top of a lesson's notes.md. An own lesson added without --url says "write the link on
// this line"; once the learner has, every command uses it (start, the README's lesson list, the report),
// until `pdo lesson set-url` records one in .pdo/lessons.toml. The file is the learner's and untrusted:
// read only if it is a small regular file, and only an http(s) URL without controls is taken from it.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace pdo::workspace {

/// The first http:// or https:// URL in the head of a notes.md text: the lines before pdo's "<!--" line
/// (at most the first 12); a URL ends at a blank, a bracket or quote, or a non-ASCII character.
std::optional<std::string> link_in_notes(std::string_view text);

/// link_in_notes of the file, if it is a regular file (not a link) of at most 64 KiB.
std::optional<std::string> notes_link(const std::filesystem::path& notes_file);

}  // namespace pdo::workspace
