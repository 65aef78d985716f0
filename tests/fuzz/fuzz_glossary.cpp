// The glossary blocks of a lesson's notes.md: entries have terms, and the line of each is in the text.
#include "fuzz.hpp"
#include "util/text.hpp"
#include "workspace/glossary.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = pdo::fuzz::text_of(data, size);
  const auto lines = pdo::util::split_lines(text).size();
  for (const auto& entry : pdo::workspace::glossary_entries(text)) {
    pdo::fuzz::require(!entry.term.empty(), "a glossary entry has a term");
    pdo::fuzz::require(entry.line >= 1 && entry.line <= lines, "a glossary entry's line is in the text");
  }
  return 0;
}
