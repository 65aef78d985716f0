#pragma once
// SHA-256 (FIPS 180-4) of a byte string, for keys that must change whenever the bytes do (the trust
// record of a course file). Small and dependency-free; not for large data.
#include <string>
#include <string_view>

namespace pdo::util {

/// The SHA-256 digest of `data` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace pdo::util
