#pragma once
// --json output: values built as nlohmann::ordered_json (fields in the order they are set), written as
// text that is valid UTF-8 and parses back as the value, whatever bytes a learner's file gave a string.
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

namespace pdo::util {

using Json = nlohmann::ordered_json;

/// `j` as one line of JSON. A byte that is not well-formed UTF-8 becomes U+FFFD; every character a terminal
/// would act on (C0, DEL, the C1 controls, the bidirectional controls, U+2028/U+2029) is a \u escape, so the
/// text is safe to print as it is.
std::string json_text(const Json& j);

/// Writes json_text(j) and a newline to `os`, past pdo's terminal escaper: the text holds nothing it would
/// change, and changing it (DEL as "\x7f") would make it invalid JSON.
void write_json(std::ostream& os, const Json& j);

}  // namespace pdo::util
