#pragma once
// The input file of a build-time tool (pdo_toml_compile, pdo_rules_compile), read whole. The tools link no
// platform layer, so they do not use util::read_file.
#include <fstream>
#include <optional>
#include <string>

namespace pdo::util {

/// The bytes of `path`, or nothing when it cannot be read to its end.
inline std::optional<std::string> read_tool_input(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::string text;
  char buffer[4096];  // chunks, not istreambuf_iterator (GCC's -Wnull-dereference at -O2)
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) text.append(buffer, static_cast<std::size_t>(in.gcount()));
  if (!in.eof()) return std::nullopt;
  return text;
}

}  // namespace pdo::util
