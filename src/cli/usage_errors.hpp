#pragma once
// CLI11's usage errors in the learner's language. CLI11 2.1.2 builds its messages in English inside its
// exceptions; pdo reads the facts back out of them (the option, the value, the choices) and says them in
// one language, naming an argument as the manual does (LESSON, done|todo), never by CLI11's inner name.
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
class ParseError;
}  // namespace CLI

namespace pdo::cli {

/// The start of every error line pdo prints: "pdo: 错误：" or "pdo: error: ". A script that checks for
/// an error reads the exit code, or the "pdo: " both languages share.
std::string error_prefix();

/// The sentence for a usage error CLI11 threw while parsing `args` with `app`, in the current language;
/// `typed` is the command word the learner typed, if any.
std::string usage_error(const CLI::ParseError& e, const CLI::App& app, const std::optional<std::string>& typed);

}  // namespace pdo::cli
