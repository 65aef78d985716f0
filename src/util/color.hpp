#pragma once
// The one colour and glyph policy of pdo's terminal output: NO_COLOR (https://no-color.org), FORCE_COLOR,
// TERM=dumb, whether the stream is a terminal, whether it shows Unicode, and the command's --ascii.
// decide_style() is pure (tests feed it inputs); output_style() reads the environment and the stream.
#include <optional>
#include <string>

#include "util/platform.hpp"

namespace pdo::util {

/// Whether the command asked for plain ASCII (--ascii).
enum class AsciiOnly { yes, no };

/// Everything the policy looks at.
struct StyleInputs {
  platform::TerminalInfo terminal;
  std::optional<std::string> no_color;     ///< NO_COLOR: set and not empty turns colour off
  std::optional<std::string> force_color;  ///< FORCE_COLOR: set, not empty and not "0" turns it on (NO_COLOR wins)
  std::optional<std::string> term;         ///< TERM: "dumb" means no colour and no Unicode
  AsciiOnly ascii = AsciiOnly::no;
};

/// How to draw: ANSI colours or not, Unicode glyphs or plain ASCII.
struct OutputStyle {
  bool color = false;
  bool unicode = false;
};

/// The policy itself.
OutputStyle decide_style(const StyleInputs& in);

/// The policy for a standard stream of this process.
OutputStyle output_style(platform::StdStream stream, AsciiOnly ascii);

}  // namespace pdo::util
