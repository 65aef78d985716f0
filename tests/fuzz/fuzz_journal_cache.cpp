// .git/pdo-journal (the journal cache): a cache that decodes encodes to the same text and decodes again.
#include "fuzz.hpp"
#include "progress/journal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pdo::progress;
  auto cache = decode_cache(pdo::fuzz::text_of(data, size));
  if (!cache) return 0;
  const auto text = encode_cache(*cache);
  auto again = decode_cache(text);
  pdo::fuzz::require(again.has_value(), "encode_cache of a decoded cache decodes");
  pdo::fuzz::require(encode_cache(*again) == text, "a decoded cache survives encode_cache");
  (void)build_journal(cache->events, "2026-12-04");
  return 0;
}
