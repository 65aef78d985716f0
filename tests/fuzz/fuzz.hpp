#pragma once
// What the fuzz targets share: the input as text, cut into parts, and a check that aborts (a finding)
// when a property the parser promises does not hold.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace pdo::fuzz {

inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};  // NOLINT(cppcoreguidelines-pro-type-reinterpret-cast): libFuzzer's bytes
}

/// The input cut at record separators (0x1e) into at most `n` parts (the last keeps the rest); missing
/// parts are "".
inline std::vector<std::string> parts(std::string_view text, std::size_t n) {
  std::vector<std::string> out;
  while (out.size() + 1 < n) {
    auto cut = text.find('\x1e');
    if (cut == std::string_view::npos) break;
    out.emplace_back(text.substr(0, cut));
    text.remove_prefix(cut + 1);
  }
  out.emplace_back(text);
  out.resize(n);
  return out;
}

/// A broken promise is a finding: libFuzzer saves the input that broke it.
inline void require(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "fuzz property broken: %s\n", what);
  std::abort();
}

}  // namespace pdo::fuzz
