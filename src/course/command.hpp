#pragma once
// The commands a course may give its auto check items: a closed set of shapes pdo understands, each a
// program and its arguments. Anything else is refused when the course is parsed, trusted or not: a
// program outside the set, a path instead of a name, an extra argument, code handed to an interpreter.
#include <optional>
#include <string>
#include <vector>

namespace pdo::course {

/// Whether `{python} -c CODE` is one of the shapes: only in pdo's built-in course, whose code is pdo's.
enum class InlineCode { refused, allowed };

/// Why `argv` is not one of the allowed shapes (the message lists them), or nullopt if it is one.
std::optional<std::string> command_problem(const std::vector<std::string>& argv, InlineCode inline_code);

/// The allowed shapes, for messages and docs: "git --version, nvcc --version, …".
std::string allowed_commands();

}  // namespace pdo::course
