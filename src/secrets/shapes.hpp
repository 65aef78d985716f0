#pragma once
// File shapes the scanner reads as text: UTF-16 (LE or BE, with or without BOM) becomes UTF-8, a binary
// file (a NUL byte) keeps only its printable runs, and string literals joined with '+' are joined, so a
// key cannot hide in an encoding, next to a NUL byte, or split in two.
#include <optional>
#include <string>
#include <string_view>

namespace pdo::secrets {

/// The UTF-8 text of UTF-16 content (BOM, or NUL bytes in every other position), else nullopt.
std::optional<std::string> utf16_text(std::string_view content);

/// Binary content with every byte outside a printable run of at least `min_run` characters blanked to a
/// space; line breaks stay, so line numbers still point at the file's lines.
std::string printable_runs(std::string_view content, std::size_t min_run = 16);

/// The line with adjacent string literals joined ("ghp_ab" + "cd…", 'ab' 'cd'); nullopt if none are.
std::optional<std::string> joined_literals(std::string_view line);

}  // namespace pdo::secrets
