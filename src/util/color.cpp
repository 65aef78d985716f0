#include "util/color.hpp"

namespace pdo::util {

namespace {

bool set(const std::optional<std::string>& v) { return v && !v->empty(); }

}  // namespace

OutputStyle decide_style(const StyleInputs& in) {
  const bool dumb = in.term && *in.term == "dumb";
  OutputStyle style;
  if (set(in.no_color)) {
    style.color = false;
  } else if (set(in.force_color) && *in.force_color != "0") {
    style.color = true;
  } else {
    style.color = in.terminal.is_terminal && in.terminal.ansi && !dumb;
  }
  style.unicode = in.ascii == AsciiOnly::no && in.terminal.unicode && !(dumb && in.terminal.is_terminal);
  return style;
}

OutputStyle output_style(platform::StdStream stream, AsciiOnly ascii) {
  StyleInputs in;
  in.terminal = platform::terminal_info(stream);
  in.no_color = platform::get_env("NO_COLOR");
  in.force_color = platform::get_env("FORCE_COLOR");
  in.term = platform::get_env("TERM");
  in.ascii = ascii;
  return decide_style(in);
}

}  // namespace pdo::util
