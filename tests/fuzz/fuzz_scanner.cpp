// The secret scanner over arbitrary bytes, as a file of each kind it reads differently (text, a notebook,
// JSON, a configuration file with base64 runs, a binary, a gzip file, a .env name): findings or none,
// within the time and memory limits, never a crash. (Its decoders' bounds: fuzz_decoders.cpp.)
#include "fuzz.hpp"
#include "secrets/scanner.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto bytes = pdo::fuzz::text_of(data, size);
  const auto& scanner = pdo::secrets::default_scanner();
  for (const char* path : {"notes.md", "lesson.ipynb", "data.json", "config.yaml", "model.bin", "logs.txt.gz", ".env"}) {
    for (const auto& finding : scanner.scan(path, bytes)) pdo::fuzz::require(!finding.rule_id.empty(), "a finding names its rule");
  }
  return 0;
}
