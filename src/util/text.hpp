#pragma once
// String helpers that keep bytes exact: line endings and BOMs are detected and preserved, never
// normalised behind the learner's back.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pdo::util {

/// The UTF-8 byte order mark.
inline constexpr std::string_view k_bom = "\xEF\xBB\xBF";

/// "\r\n" if the text's first line ends with CRLF, else "\n".
std::string_view detect_eol(std::string_view text);

/// True if the text starts with a UTF-8 BOM.
bool has_bom(std::string_view text);

/// Converts LF line ends of generated text to `eol` (text must use LF only).
std::string with_eol(std::string_view lf_text, std::string_view eol);

/// Splits into lines, each keeping its own terminator ("\n", "\r\n" or none for the last).
std::vector<std::string_view> split_lines(std::string_view text);

/// A line without its terminator.
std::string_view chomp(std::string_view line);

/// Removes ASCII whitespace at both ends.
std::string_view trim(std::string_view s);

/// ASCII lower case.
std::string to_lower(std::string_view s);

/// True if s starts with prefix.
bool starts_with(std::string_view s, std::string_view prefix);

/// True if s ends with suffix.
bool ends_with(std::string_view s, std::string_view suffix);

/// Replaces every occurrence of `from` with `to`.
std::string replace_all(std::string_view s, std::string_view from, std::string_view to);

/// Splits on a separator character.
std::vector<std::string> split(std::string_view s, char sep);

/// Joins with a separator.
std::string join(const std::vector<std::string>& parts, std::string_view sep);

/// Zero-padded two-digit (or wider) lesson id: 3 -> "03", 120 -> "120".
std::string pad2(int n);

/// True if every byte is an ASCII digit (and there is at least one).
bool is_digits(std::string_view s);

/// True for a git object id as git prints it: 40 lower-case hex digits.
bool is_object_id(std::string_view s);

/// Appends the UTF-8 form of a Unicode code point (nothing for one past U+10FFFF).
void append_utf8(std::string& out, unsigned long cp);

/// The UTF-8 code point of `s` at byte `i`, advancing `i` past it; a stray or cut byte is taken alone.
unsigned long next_code_point(std::string_view s, std::size_t& i);

/// `s` whole if it has at most `max_bytes` bytes; else its longest start of at most `max_bytes` bytes that
/// ends between two characters (next_code_point's), then `more`: a long value quoted in a message.
std::string excerpt(std::string_view s, std::size_t max_bytes, std::string_view more = "...");

/// East Asian wide characters (CJK ideographs and punctuation, kana, Hangul, full-width forms): two
/// columns on a terminal.
bool is_wide(unsigned long cp);

/// Terminal columns of UTF-8 text (wide characters count two).
std::size_t display_width(std::string_view s);

/// Whether escape_controls leaves line breaks and tabs as they are (multi-line text such as a command's
/// output) or escapes them too (one-line text: a title, a commit subject).
enum class Breaks { keep, escape };

/// The bidirectional controls that reorder or hide text on a terminal or in an editor (the "Trojan
/// Source" characters): U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069.
bool is_bidi_control(unsigned long cp);

/// Text from files or other programs made safe to print on a terminal: C0 control characters, DEL, the
/// C1 controls (U+0080..U+009F), the bidirectional controls and bytes that are not well-formed UTF-8
/// become visible escapes ("\x1b", "\u009b", "\u202e", "\xff"), so no escape sequence reaches the
/// terminal, no newline can forge a line and no text is shown reordered. A CR is kept only as part of
/// CRLF (Breaks::keep).
std::string escape_controls(std::string_view s, Breaks breaks = Breaks::escape);

/// The first character of `s` that no value pdo stores may hold, named for a message ("U+0085", or "\\xff"
/// for a byte that is not well-formed UTF-8): a C0 control (in `prose`, tab, LF and CR are text), DEL, a
/// C1 control (NEL among them), a bidirectional control, U+2028/U+2029, or ill-formed UTF-8 (a stray or
/// missing continuation byte, an overlong form, a surrogate, past U+10FFFF); nullopt when there is none.
/// The one rule of every command's input and of the loader of pdo's TOML files: what a command accepted
/// loads back.
std::optional<std::string> forbidden_char(std::string_view s, bool prose = false);

/// How many bytes at the end of `s` are the start of a UTF-8 character cut short (0 to 3).
std::size_t utf8_cut_tail(std::string_view s);

}  // namespace pdo::util
