#pragma once
// JSON and Jupyter notebooks as the scanner reads them: parsed with a real JSON parser (nlohmann's SAX
// interface), every string value becomes its own logical text, each of its lines mapped back to the file
// line the string stands on. So a key in one string and a pdo:allow in another (another cell, a metadata
// tag, the same physical line of minified JSON) are on different logical lines.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pdo::secrets {

/// Text made of logical lines (each ends with '\n'), with the file line each one came from.
struct LogicalText {
  std::string text;
  std::vector<std::size_t> file_lines;  ///< 1-based, one per logical line
};

/// How strings become lines.
enum class JsonMode {
  json,      ///< every string is a line `"key": "value"` under its nearest object key, so the name stays with its value
  notebook,  ///< .ipynb: arrays of strings (a cell's source, an output's text) are lines as they are; base64 outputs (image/png…) are left
             ///< out
};

/// The logical text of a JSON document, or nullopt if it is not valid JSON (the caller scans the bytes).
std::optional<LogicalText> json_text(std::string_view json, JsonMode mode);

/// The bytes of a file that is meant to be JSON but does not parse (a raw tab in a string), with the
/// escapes \" and \\ undone, so that `\"key\": \"…\"` in a notebook's source string reads as `"key": "…"`.
/// Every other byte stays, so the lines stay the file's lines.
std::string unescaped_quotes(std::string_view json);

}  // namespace pdo::secrets
