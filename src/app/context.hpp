#pragma once
// What every command gets: the streams it talks through and where it runs. Commands never touch
// std::cin/std::cout directly, so tests drive them in-process.
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "util/color.hpp"
#include "util/i18n.hpp"
#include "util/progress.hpp"

namespace pdo::app {

/// The streams and settings of one pdo invocation.
struct Context {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  std::filesystem::path cwd;                           ///< -C DIR, else the current directory
  std::optional<util::Lang> lang_flag;                 ///< --lang, if given
  int exit_code = 0;                                   ///< set by the command that ran
  util::ColorWhen color = util::ColorWhen::automatic;  ///< --color
};

/// The colour and glyph style for ctx.out (StdStream::out) or ctx.err: the terminal's when that stream is
/// this process's own stdout / stderr; a stream a test hands in is never a terminal (--color=always
/// still colours it).
util::OutputStyle style(const Context& ctx, platform::StdStream stream, util::AsciiOnly ascii = util::AsciiOnly::no);

/// Whether progress lines may be drawn: only when ctx.err is this process's stderr and that is a terminal
/// (a command also passes ShowProgress::no for --json).
util::ShowProgress show_progress(const Context& ctx);

/// Prints a question and reads one line of answer; nullopt at end of input.
std::optional<std::string> ask(Context& ctx, const std::string& question);

/// What is wrong with an answer, as the sentence printed before the question is asked again; nullopt
/// for an answer that will do.
using AnswerCheck = std::function<std::optional<std::string>(const std::string&)>;

/// How many times pdo asks one question before it gives up on it.
inline constexpr int k_ask_attempts = 3;

/// Asks until `check` accepts the answer, saying each time what was wrong, at most k_ask_attempts times;
/// nullopt at the end of input or when every answer was refused (the caller says how to pass it as a flag).
std::optional<std::string> ask_until(Context& ctx, const std::string& question, const AnswerCheck& check);

/// True for one of yes_words() (any case; surrounding blanks and a closing 。！.! ignored).
bool is_yes(const std::string& answer);

/// true for a yes (yes_words), false for an explicit no (no_words), nullopt for anything else: a question
/// that needs a yes or a no asks again then.
std::optional<bool> yes_or_no(const std::string& answer);

/// The answers that mean yes, in either language: y, yes, ok, okay, sure, 好, 好的, 好啊, 可以, 行, 是, 是的, 对.
const std::vector<std::string>& yes_words();

/// The answers that mean no: n, no, 否, 不, 不要.
const std::vector<std::string>& no_words();

/// The yeses a question suggests: "好 / 是 / y" in Chinese, "y / yes" in English (every yes_words() answer is taken).
std::string yes_choices();

}  // namespace pdo::app
