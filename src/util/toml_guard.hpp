#pragma once
// A guard in front of toml++ 3.3 (Debian's): asked whether certain code points are whitespace, it reaches
// __builtin_unreachable(), undefined behaviour on a file pdo reads from the workspace (found by fuzzing,
// tests/fuzz/; upstream marzer/tomlplusplus#190 and #295, fixed by #305 after 3.3). toml_doc.cpp refuses
// such a text before toml++ sees it.
#include <cstddef>
#include <optional>
#include <string_view>

namespace pdo::util {

/// Where toml++ 3.3 would test a code point it cannot classify: the line (1-based) and the code point.
/// Or, with table_header, where a table header's name starts with `code_point`, which is neither a bare-key
/// character nor a quote: toml++ asserts it is one (Debug builds abort; found by fuzzing with asserts on).
struct TomlTrap {
  std::size_t line = 0;
  unsigned long code_point = 0;
  bool table_header = false;
};

/// The first such place in `text`: one of U+00A1-U+0499, U+2C5E-U+2FFF, U+3001-U+3057, U+FB26-U+FEFE
/// outside a string or comment (never valid TOML; a quote inside a value that starts with none of " ' [ {
/// opens no string), right after a backslash in a multi-line basic string, or first after a line-ending
/// backslash's blanks (toml++'s non-ASCII blanks included). Inside strings and comments they are read as usual. And a
/// table header "[", "[[" whose name starts with anything but a letter, digit, _, -, a quote or "]".
std::optional<TomlTrap> toml_trap(std::string_view text);

}  // namespace pdo::util
