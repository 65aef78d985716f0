#pragma once
// The one colour and glyph policy of pdo's terminal output: --color=auto|always|never, NO_COLOR
// (https://no-color.org), FORCE_COLOR, TERM=dumb, whether the stream is a terminal, whether it shows
// Unicode, and the command's --ascii. decide_style() is pure (tests feed it inputs); style_inputs() reads
// the environment and the stream; paint() is the only place that writes an ANSI colour sequence for text.
#include <optional>
#include <string>
#include <string_view>

#include "util/platform.hpp"

namespace pdo::util {

/// Whether the command asked for plain ASCII (--ascii).
enum class AsciiOnly { yes, no };

/// The learner's --color: auto (the default: a terminal that shows colours, unless NO_COLOR), always or never.
enum class ColorWhen { automatic, always, never };

/// "auto", "always" or "never"; nullopt for anything else.
std::optional<ColorWhen> parse_color_when(std::string_view text);

/// Everything the policy looks at.
struct StyleInputs {
  platform::TerminalInfo terminal;
  std::optional<std::string> no_color;     ///< NO_COLOR: set and not empty turns colour off
  std::optional<std::string> force_color;  ///< FORCE_COLOR: set, not empty and not "0" turns it on (NO_COLOR wins)
  std::optional<std::string> term;         ///< TERM: "dumb" means no colour and no Unicode
  AsciiOnly ascii = AsciiOnly::no;
  ColorWhen when = ColorWhen::automatic;  ///< --color: always and never win over every variable
};

/// How to draw: ANSI colours or not, Unicode glyphs or plain ASCII.
struct OutputStyle {
  bool color = false;
  bool unicode = false;
};

/// The policy itself.
OutputStyle decide_style(const StyleInputs& in);

/// The inputs for a standard stream of this process: its terminal, NO_COLOR, FORCE_COLOR and TERM.
StyleInputs style_inputs(platform::StdStream stream);

/// What a piece of text means, which decides its colour.
enum class Tone {
  good,       ///< done, passed (green)
  bad,        ///< failed, a secret (red)
  attention,  ///< needs the learner, a missing line (yellow)
  muted,      ///< not done yet, unverified (dim)
  strong,     ///< a heading or the next step (bold)
  place,      ///< a file and line, a commit (cyan)
};

/// `text` in the tone's colour when the style has colour, else `text` unchanged.
std::string paint(const OutputStyle& style, Tone tone, std::string_view text);

/// The length of the paint() sequence (a tone's colour or the reset) that `s` starts with, else 0: the
/// only escape sequences the display path (util/shown) lets through, and only where colour is on.
std::size_t paint_sequence_at(std::string_view s);

/// True if `s` is the start of a paint() sequence cut short.
bool is_paint_prefix(std::string_view s);

}  // namespace pdo::util
