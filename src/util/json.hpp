#pragma once
// Just enough JSON output for --json: escaped strings; callers assemble objects in a stable order.
#include <string>
#include <string_view>

namespace pdo::util {

/// A JSON string literal (with quotes), UTF-8 passed through, control characters escaped.
std::string json_str(std::string_view s);

/// "true" / "false".
inline const char* json_bool(bool b) { return b ? "true" : "false"; }

}  // namespace pdo::util
