// .git/pdo-index-receipts: receipts that parse are written back and parse the same; the reader of the
// file (newest 64, capped) reads any bytes.
#include <filesystem>

#include "app/commit/index_receipts.hpp"
#include "fuzz.hpp"
#include "util/fs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pdo::fuzz::require;
  const std::string text(pdo::fuzz::text_of(data, size));
  auto swaps = pdo::app::parse_receipts(text);
  if (swaps) {
    const auto written = pdo::app::format_receipts(*swaps);
    auto again = pdo::app::parse_receipts(written);
    require(again.has_value(), "format_receipts of parsed receipts parses");
    require(pdo::app::format_receipts(*again) == written, "receipts survive format_receipts");
  }
  return 0;
}
