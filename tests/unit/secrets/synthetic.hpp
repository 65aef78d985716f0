#pragma once
// Synthetic keys for the scanner tests: bodies from a fixed PRNG and prefixes split in two, so the test
// sources themselves never hold anything the scanner would flag (pdo scan runs over them).
#include <cstdint>
#include <string>
#include <vector>

#include "secrets/scanner.hpp"

namespace pdo::test {

inline const std::string k_alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
inline const std::string k_alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
inline const std::string k_lower = "abcdefghijklmnopqrstuvwxyz";
inline const std::string k_b64url = k_alnum + "_-";
inline const std::string k_upper_digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
inline const std::string k_hex = "0123456789abcdef";
inline const std::string k_digits = "0123456789";

/// A deterministic random string over `alphabet`.
inline std::string body(const std::string& alphabet, std::size_t n, std::uint32_t seed = 7) {
  std::string s;
  std::uint64_t x = 0x9E3779B97F4A7C15ull ^ (static_cast<std::uint64_t>(seed) * 0x2545F4914F6CDD1Dull);
  for (std::size_t i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    s += alphabet[static_cast<std::size_t>(x % alphabet.size())];
  }
  return s;
}

/// A random UUID-shaped string (8-4-4-4-12 hex).
inline std::string uuid(std::uint32_t seed) {
  const std::string h = body(k_hex, 32, seed);
  return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) + "-" + h.substr(20);
}

/// Standard base64 with padding.
inline std::string base64(const std::string& bytes) {
  static const char* k_chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const auto n = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16 |
                   static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8 | static_cast<unsigned char>(bytes[i + 2]);
    for (int k = 18; k >= 0; k -= 6) out += k_chars[(n >> k) & 63u];
  }
  if (i < bytes.size()) {
    std::uint32_t n = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (i + 1 < bytes.size()) n |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += k_chars[(n >> 18) & 63u];
    out += k_chars[(n >> 12) & 63u];
    out += i + 1 < bytes.size() ? k_chars[(n >> 6) & 63u] : '=';
    out += '=';
  }
  return out;
}

/// Random bytes from the same PRNG as body().
inline std::string random_bytes(std::size_t n, std::uint32_t seed) {
  std::string alphabet(256, '\0');
  for (std::size_t i = 0; i < 256; ++i) alphabet[i] = static_cast<char>(i);
  return body(alphabet, n, seed);
}

/// The rule ids the default scanner finds in `text` (a file named `path`), in order.
inline std::vector<std::string> found_ids(const std::string& text, const std::string& path = "notes.md") {
  std::vector<std::string> out;
  for (const auto& f : secrets::default_scanner().scan(path, text)) out.push_back(f.rule_id);
  return out;
}

}  // namespace pdo::test
