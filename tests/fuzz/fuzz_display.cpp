// The one display path for untrusted text: escape_controls, for_display and the ShownStream run_cli puts
// in front of stdout and stderr. What comes out is well-formed UTF-8 with no C0 control (but the line
// breaks kept), DEL, C1 control or bidirectional control; escaping its own output changes nothing; and a
// ShownStream shows any bytes, however they are cut into writes, exactly as escape_controls shows them
// whole. With colours allowed, an ESC passes only as the start of one of paint()'s sequences.
#include <sstream>

#include "app/display.hpp"
#include "fuzz.hpp"
#include "util/color.hpp"
#include "util/shown.hpp"
#include "util/text.hpp"

namespace {

using pdo::fuzz::require;

/// The code points of well-formed UTF-8 (shortest form, no surrogates, at most U+10FFFF); nullopt if not.
std::optional<std::vector<unsigned long>> code_points(std::string_view s) {
  std::vector<unsigned long> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return std::nullopt;
    unsigned long cp = n == 1 ? b : b & (0xFFu >> (n + 1));
    for (std::size_t k = 1; k < n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xC0) != 0x80) return std::nullopt;
      cp = (cp << 6) | (c & 0x3Fu);
    }
    const unsigned long least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return std::nullopt;
    out.push_back(cp);
    i += n;
  }
  return out;
}

void safe_to_show(std::string_view shown, bool breaks_kept) {
  const auto cps = code_points(shown);
  require(cps.has_value(), "what is shown is well-formed UTF-8");
  for (std::size_t i = 0; i < cps->size(); ++i) {
    const auto cp = (*cps)[i];
    const bool kept = breaks_kept && (cp == '\n' || cp == '\t' || (cp == '\r' && i + 1 < cps->size() && (*cps)[i + 1] == '\n'));
    require(cp >= 0x20 || kept, "no C0 control is shown");
    require(cp < 0x7F || cp > 0x9F, "no DEL or C1 control is shown");
    require(cp != 0x061C && cp != 0x200E && cp != 0x200F && !(cp >= 0x202A && cp <= 0x202E) && !(cp >= 0x2066 && cp <= 0x2069),
            "no bidirectional control is shown");
  }
}

/// `text` written to a ShownStream in pieces of the sizes `cuts` gives (cycled), then the stream ended.
std::string through_stream(std::string_view text, std::string_view cuts, bool paint) {
  std::ostringstream target;
  {
    pdo::util::ShownStream shown(target);
    if (paint) pdo::util::allow_paint(shown);
    for (std::size_t at = 0, k = 0; at < text.size(); ++k) {
      const std::size_t n = cuts.empty() ? text.size() : 1 + static_cast<unsigned char>(cuts[k % cuts.size()]) % 16;
      shown << text.substr(at, n);
      at += n;
    }
  }
  return target.str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pdo::util::Breaks;
  const auto in = pdo::fuzz::parts(pdo::fuzz::text_of(data, size), 2);
  const std::string_view text = in[0];
  const auto one_line = pdo::util::escape_controls(text, Breaks::escape);
  safe_to_show(one_line, false);
  require(pdo::util::escape_controls(one_line, Breaks::escape) == one_line, "escape_controls changes nothing it made");
  const auto kept = pdo::util::escape_controls(text, Breaks::keep);
  safe_to_show(kept, true);
  safe_to_show(pdo::app::for_display(text, Breaks::keep), true);
  safe_to_show(pdo::app::for_display(text, Breaks::escape), false);
  require(through_stream(text, in[1], false) == kept, "a ShownStream shows text cut into any writes as escape_controls does");
  const auto painted = through_stream(text, in[1], true);
  for (auto esc = painted.find('\x1b'); esc != std::string::npos; esc = painted.find('\x1b', esc + 1))
    require(pdo::util::paint_sequence_at(std::string_view(painted).substr(esc)) > 0, "an ESC is shown only as a paint() sequence");
  (void)pdo::util::display_width(text);
  return 0;
}
