#pragma once
// Shell completion. The scripts `pdo completion SHELL` prints (templates/completion/) are thin: at each Tab
// they ask `pdo __complete SHELL WORD…`, and complete() answers from the CLI11 app build_cli() made from
// the command table (commands, nested commands, options, positionals, choices), plus the values only a
// workspace knows: its course's lessons and check items (the built-in course outside a workspace). So a
// command added to the table, or a lesson added to a course file, completes without a new script. It
// completes; it never runs a command, writes a file or takes the workspace lock.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

#include "app/context.hpp"
#include "cli/commands.hpp"
#include "course/course.hpp"

namespace pdo::cli {

/// The first argument of the scripts' question: `pdo __complete SHELL WORD… CURRENT`. Not a command of the
/// table (never in help, the manual or completions).
inline constexpr const char* k_complete_command = "__complete";

/// The shells pdo has completion scripts for.
inline const std::vector<std::string> k_shells = {"bash", "zsh", "fish", "powershell"};

/// Whether the shell should complete a file or folder name itself.
enum class Fill { none, files, dirs };

/// One word to offer, with what it means (shown by zsh, fish and PowerShell).
struct Candidate {
  std::string value;
  std::string description;
};

/// What to offer for the word being completed.
struct Completion {
  Fill fill = Fill::none;
  std::vector<Candidate> candidates;
};

/// What to offer for the last of `words` (the words after `pdo`; the last is the one being completed and may
/// be ""), read from `app` (made by build_cli) and, for lessons and check items, `course` (items of `route`
/// only, when there is one).
Completion complete(const CLI::App& app, const std::vector<std::string>& words, const course::Course& course,
                    std::optional<course::Route> route);

/// `pdo __complete SHELL WORD…`: finds the workspace around ctx.cwd (or `-C DIR` among the words) and its
/// language, builds the app, and prints the fill ("files", "dirs" or "none") on the first line, then one
/// candidate per line, "value<TAB>description" (bash: the value alone, after any "--option=").
int complete_words(app::Context& ctx, const std::vector<std::string>& args);

/// The completion script for `shell` (one of k_shells), calling the program `pdo`.
std::string completion_script(std::string_view shell);

}  // namespace pdo::cli
