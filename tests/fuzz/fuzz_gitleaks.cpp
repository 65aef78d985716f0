// The learner's .gitleaks.toml: any bytes parse or give an error, and the rules that parse scan a text
// (the rest of the input after a 0x1e byte) within PCRE2's limits and the per-rule time limit.
#include <set>

#include "fuzz.hpp"
#include "secrets/gitleaks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto in = pdo::fuzz::parts(pdo::fuzz::text_of(data, size), 2);
  auto config = pdo::secrets::parse_gitleaks(in[0], ".gitleaks.toml");
  if (!config) return 0;
  std::vector<std::string> stopped;
  (void)pdo::secrets::scan_gitleaks(*config, "notes.md", in[1], stopped);
  return 0;
}
