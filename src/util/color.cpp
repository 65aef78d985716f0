#include "util/color.hpp"

namespace pdo::util {

namespace {

bool set(const std::optional<std::string>& v) { return v && !v->empty(); }

/// SGR sequences of the basic eight colours (and bold / faint), which every ANSI terminal and the
/// Windows console (with virtual terminal processing) show.
const char* sgr(Tone tone) {
  switch (tone) {
    case Tone::good:
      return "\x1b[32m";
    case Tone::bad:
      return "\x1b[31m";
    case Tone::attention:
      return "\x1b[33m";
    case Tone::muted:
      return "\x1b[2m";
    case Tone::strong:
      return "\x1b[1m";
    case Tone::place:
      return "\x1b[36m";
  }
  return "";
}

}  // namespace

std::optional<ColorWhen> parse_color_when(std::string_view text) {
  if (text == "auto") return ColorWhen::automatic;
  if (text == "always") return ColorWhen::always;
  if (text == "never") return ColorWhen::never;
  return std::nullopt;
}

OutputStyle decide_style(const StyleInputs& in) {
  const bool dumb = in.term && *in.term == "dumb";
  OutputStyle style;
  if (in.when != ColorWhen::automatic) {
    // An explicit --color is the learner's word for this run: no-color.org lets it override NO_COLOR.
    style.color = in.when == ColorWhen::always;
  } else if (set(in.no_color)) {
    style.color = false;
  } else if (set(in.force_color) && *in.force_color != "0") {
    style.color = true;
  } else {
    style.color = in.terminal.is_terminal && in.terminal.ansi && !dumb;
  }
  style.unicode = in.ascii == AsciiOnly::no && in.terminal.unicode && !(dumb && in.terminal.is_terminal);
  return style;
}

StyleInputs style_inputs(platform::StdStream stream) {
  StyleInputs in;
  in.terminal = platform::terminal_info(stream);
  in.no_color = platform::get_env("NO_COLOR");
  in.force_color = platform::get_env("FORCE_COLOR");
  in.term = platform::get_env("TERM");
  return in;
}

constexpr std::string_view k_reset = "\x1b[0m";
constexpr Tone k_tones[] = {Tone::good, Tone::bad, Tone::attention, Tone::muted, Tone::strong, Tone::place};

std::string paint(const OutputStyle& style, Tone tone, std::string_view text) {
  if (!style.color || text.empty()) return std::string(text);
  return std::string(sgr(tone)) + std::string(text) + std::string(k_reset);
}

std::size_t paint_sequence_at(std::string_view s) {
  if (s.substr(0, k_reset.size()) == k_reset) return k_reset.size();
  for (const Tone t : k_tones) {
    const std::string_view seq = sgr(t);
    if (s.substr(0, seq.size()) == seq) return seq.size();
  }
  return 0;
}

bool is_paint_prefix(std::string_view s) {
  if (s.size() < k_reset.size() && k_reset.substr(0, s.size()) == s) return true;
  for (const Tone t : k_tones) {
    const std::string_view seq = sgr(t);
    if (s.size() < seq.size() && seq.substr(0, s.size()) == s) return true;
  }
  return false;
}

}  // namespace pdo::util
