// Example context, read backwards from a value line by line, within a bound of lines and bytes so that a
// huge one-line file costs the same as a short one.
#include "secrets/examples.hpp"

#include <algorithm>

#include "secrets/anchors.hpp"
#include "util/text.hpp"

namespace pdo::secrets {

namespace {

// How far back a line introducing an example ("For example::", ".. code-block:: http") counts: a
// docstring's introduction stands a few lines above its sample request (RFC 6749's token response is 12
// lines under oauthlib's "For example:", 8 under its code directive).
constexpr std::size_t k_example_lines = 12;
constexpr std::size_t k_example_bytes = 1000;

bool contains_folded(std::string_view haystack, std::string_view lower_needle) {
  if (lower_needle.empty() || haystack.size() < lower_needle.size()) return false;
  for (std::size_t i = 0; i + lower_needle.size() <= haystack.size(); ++i) {
    std::size_t k = 0;
    while (k < lower_needle.size() && k_fold[static_cast<unsigned char>(haystack[i + k])] == static_cast<unsigned char>(lower_needle[k]))
      ++k;
    if (k == lower_needle.size()) return true;
  }
  return false;
}

std::size_t indent_of(std::string_view line) {
  std::size_t n = 0;
  while (n < line.size() && (line[n] == ' ' || line[n] == '\t')) ++n;
  return n;
}

/// A reStructuredText directive whose body is code shown in documentation.
bool code_directive(std::string_view trimmed) {
  return util::starts_with(trimmed, ".. code-block::") || util::starts_with(trimmed, ".. code::") ||
         util::starts_with(trimmed, ".. sourcecode::");
}

}  // namespace

bool in_example(std::string_view text, std::size_t at, Span<std::string_view> words) {
  const auto has_word = [&](std::string_view line) {
    return std::any_of(words.begin(), words.end(), [&](std::string_view word) { return contains_folded(line, word); });
  };
  // Lines are looked for only within k_example_bytes of the value: a one-line file (minified JSON) must
  // not cost O(n) a value. A line longer than that ends the search.
  const std::size_t floor = at > k_example_bytes ? at - k_example_bytes : 0;
  const auto line_start_before = [&](std::size_t pos) {  // the start of the line holding text[pos - 1], or npos
    const std::size_t nl = text.substr(floor, pos - floor).rfind('\n');
    return nl != std::string_view::npos ? floor + nl + 1 : floor == 0 ? 0 : std::string_view::npos;
  };
  std::size_t start = at == 0 ? 0 : line_start_before(at);
  if (start == std::string_view::npos) start = floor;
  if (has_word(text.substr(start, at - start))) return true;
  if (start == floor && floor > 0) return false;
  const std::string_view rest = text.substr(at, k_example_bytes);
  const std::size_t value_end = at + std::min(rest.find('\n'), rest.size());
  std::size_t body_indent = indent_of(text.substr(start, value_end - start));  // the least indent from here down
  bool in_block = true;                                                        // no blank line yet between this line and the value's
  for (std::size_t lines = 0; start > 0 && lines < k_example_lines; ++lines) {
    const std::size_t end = start - 1;  // the '\n' ending the line before
    const std::size_t line_start = line_start_before(end);
    if (line_start == std::string_view::npos) return false;
    std::string_view line = text.substr(line_start, end - line_start);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.remove_suffix(1);
    start = line_start;
    const std::size_t indent = indent_of(line);
    const std::string_view trimmed = line.substr(indent);
    if (trimmed.empty()) {
      in_block = false;
      continue;
    }
    if (in_block && util::starts_with(trimmed, ">>>")) return true;
    if (trimmed.back() == ':' && has_word(trimmed)) return true;
    if (indent < body_indent && code_directive(trimmed)) return true;
    body_indent = std::min(body_indent, indent);
  }
  return false;
}

}  // namespace pdo::secrets
