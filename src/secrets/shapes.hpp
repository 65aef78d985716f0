#pragma once
// File shapes the scanner reads as text: gzip is inflated, UTF-32 and UTF-16 (LE or BE, with or without
// BOM) become UTF-8, a binary file (a NUL byte) keeps only its printable runs, a lone CR ends a line, and
// base64 runs are decoded, so a key cannot hide in an encoding, a compression or next to a NUL byte.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pdo::secrets {

/// The UTF-8 text of UTF-16 content (BOM, or NUL bytes in every other position), else nullopt.
std::optional<std::string> utf16_text(std::string_view content);

/// Binary content with every byte outside a printable run of at least `min_run` characters (at most 64)
/// blanked to a space; line breaks stay, so line numbers still point at the file's lines.
std::string printable_runs(std::string_view content, std::size_t min_run = 16);

/// A range [begin, end) of byte offsets.
struct TextRange {
  std::size_t begin = 0;
  std::size_t end = 0;
};

/// printable_runs' text and the runs it kept, in order: every byte outside them is a space or a line feed.
struct PrintableRuns {
  std::string text;
  std::vector<TextRange> runs;
};

/// printable_runs with the kept runs, so that a scan can skip the blanks between them.
PrintableRuns printable_runs_of(std::string_view content, std::size_t min_run = 16);

/// The UTF-8 text of UTF-32 content (BOM, or three NUL bytes in nearly every four), else nullopt.
std::optional<std::string> utf32_text(std::string_view content);

/// The inflated bytes of gzip content (every member, at most `max_out` bytes), else nullopt.
std::optional<std::string> gunzip(std::string_view content, std::size_t max_out);

/// The text with every CR that does not start a CRLF turned into LF (a classic Mac file's line ends),
/// else nullopt if there is none.
std::optional<std::string> lone_cr_as_lf(std::string_view text);

/// A base64 run of a text and what it decodes to.
struct Base64Run {
  std::size_t offset = 0;  ///< where the run starts
  std::string bytes;
};

/// The runs of at least `min_run` base64 characters (standard or URL-safe) that decode; a run of the form
/// NAME=base64 is its value. Each decodes to at most 64 KiB.
std::vector<Base64Run> base64_runs(std::string_view text, std::size_t min_run);

/// True if the bytes are text (at most 2 % control characters), not random binary.
bool printable_text(std::string_view bytes);

}  // namespace pdo::secrets
