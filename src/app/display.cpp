#include "app/display.hpp"

#include "secrets/scanner.hpp"

namespace pdo::app {

namespace {

/// Characters a key may be made of (base64, base64url, hex, the separators of the rules' shapes).
bool key_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= '0' && u <= '9') || (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || c == '_' || c == '-' || c == '+' || c == '/' ||
         c == '=' || c == '.' || c == '~';
}

/// Replaces, in one line, every key-like run that starts with the finding's kept characters.
void redact_line(std::string& line, const std::string& kept, const std::string& redacted) {
  std::size_t from = 0;
  for (std::size_t at = line.find(kept, from); at != std::string::npos; at = line.find(kept, from)) {
    std::size_t end = at + kept.size();
    while (end < line.size() && key_char(line[end])) ++end;
    if (end - at < 8) {  // a word that merely starts like the key; every rule's key is longer
      from = end;
      continue;
    }
    line.replace(at, end - at, redacted);
    from = at + redacted.size();
  }
}

}  // namespace

std::string redact_secrets(std::string_view text) {
  const auto findings = secrets::default_scanner().scan_content("display.txt", text);
  if (findings.empty()) return std::string(text);
  std::vector<std::string> lines;
  for (const auto line : util::split_lines(text)) lines.emplace_back(line);
  const std::string ellipsis = "\xE2\x80\xA6";  // …
  for (const auto& f : findings) {
    if (f.line == 0 || f.line > lines.size() || f.redacted.empty()) continue;
    std::string kept = f.redacted;
    if (util::ends_with(kept, ellipsis)) kept.resize(kept.size() - ellipsis.size());
    if (kept.empty()) continue;
    redact_line(lines[f.line - 1], kept, f.redacted);
  }
  std::string out;
  for (const auto& l : lines) out += l;
  return out;
}

std::string for_display(std::string_view text, util::Breaks breaks) { return util::escape_controls(redact_secrets(text), breaks); }

}  // namespace pdo::app
