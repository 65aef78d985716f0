// The scanner's decoders, each over arbitrary bytes, with their bounds: gzip inflates to at most the
// cap asked for, base64 gives at most 3 bytes for 4 and at most what was asked, the UTF-16/32 decoders
// give well-formed text, JSON's logical lines each name a line of the file, joined literals lie inside
// the text; a key container is one of the three kinds.
#include <algorithm>

#include "fuzz.hpp"
#include "secrets/containers.hpp"
#include "secrets/formats.hpp"
#include "secrets/json_text.hpp"
#include "secrets/literals.hpp"
#include "secrets/shapes.hpp"
#include "util/text.hpp"

namespace {

using pdo::fuzz::require;

std::size_t lines_of(std::string_view text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1; }

void json_lines(std::string_view json, pdo::secrets::JsonMode mode) {
  const auto logical = pdo::secrets::json_text(json, mode);
  if (!logical) return;
  require(logical->file_lines.size() == static_cast<std::size_t>(std::count(logical->text.begin(), logical->text.end(), '\n')),
          "one file line for each logical line");
  for (const auto line : logical->file_lines) require(line >= 1 && line <= lines_of(json), "a logical line comes from a line of the file");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pdo::secrets;
  const auto bytes = pdo::fuzz::text_of(data, size);
  constexpr std::size_t cap = 1 << 20;
  if (const auto container = key_container(bytes)) {
    const auto id = container->id;
    require(id == "java-key-store" || id == "pkcs12-key-store" || id == "der-private-key", "a key container is one of three kinds");
  }
  if (auto inflated = gunzip(bytes, cap)) require(inflated->size() <= cap, "gunzip stops at its cap");
  if (auto decoded = base64_decode(bytes)) require(decoded->size() <= (bytes.size() + 3) / 4 * 3, "base64 gives at most 3 bytes for 4");
  if (auto prefix = base64_decode(bytes, 5)) require(prefix->size() <= 5, "base64_decode stops at max_out");
  for (const auto& run : base64_runs(bytes, 16)) {
    require(run.offset < bytes.size(), "a base64 run starts inside the text");
    require(run.bytes.size() <= 64 * 1024, "a base64 run decodes to at most 64 KiB");
  }
  for (const auto& joined : joined_literals(bytes))
    require(joined.begin < joined.end && joined.end <= bytes.size(), "joined literals lie inside the text");
  (void)utf16_text(bytes);
  (void)utf32_text(bytes);
  if (auto lf = lone_cr_as_lf(bytes)) require(lf->size() == bytes.size(), "a lone CR becomes one LF");
  require(printable_runs(bytes).size() == bytes.size(), "printable_runs blanks bytes in place");
  json_lines(bytes, JsonMode::json);
  json_lines(bytes, JsonMode::notebook);
  (void)der_private_key(bytes);
  (void)printable_text(bytes);
  return 0;
}
