// The link at the top of a lesson's notes.md (the learner's file): what is taken from it is an http(s)
// URL with no blank, control or non-ASCII byte, which start, the README and the report then use.
#include "fuzz.hpp"
#include "util/text.hpp"
#include "workspace/notes_link.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pdo::fuzz::require;
  const auto link = pdo::workspace::link_in_notes(pdo::fuzz::text_of(data, size));
  if (!link) return 0;
  require(pdo::util::starts_with(*link, "http://") || pdo::util::starts_with(*link, "https://"), "a notes link is an http(s) URL");
  for (const char c : *link) {
    const auto b = static_cast<unsigned char>(c);
    require(b > 0x20 && b < 0x7F, "a notes link has no blank, control or non-ASCII byte");
  }
  return 0;
}
