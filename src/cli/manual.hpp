#pragma once
// The manual: one model read from the CLI11 app that build_cli() makes from the command table (every
// command, nested command, positional, option, choice and footer, in the current language), plus the
// page-level sections no command owns (environment, exit codes, files). Three renderings of that one
// model: roff for man(1) (the pdo.1 the build generates and `cmake --install` installs), plain text for
// `pdo help [COMMAND]` and Markdown for docs/commands.md (manual_markdown.cpp), so they never differ.
// It reads and formats; it prints nothing itself.
#include <string>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace pdo::app {
struct Context;
}  // namespace pdo::app

namespace pdo::cli {

/// A term and what it means: an option ("-l, --lesson LESSON"), a positional, a variable, an exit code.
struct ManualEntry {
  std::string term;
  std::string text;
};

/// One command (or nested command, e.g. "check confirm").
struct ManualCommand {
  std::vector<std::string> words;  ///< {"check", "confirm"}
  std::string usage;               ///< "pdo check confirm ITEM [options]"
  std::string description;         ///< the table's one-line help
  std::string footer;              ///< the command's longer note (CLI11 footer), or ""
  std::vector<ManualEntry> arguments;
};

/// The whole manual.
struct Manual {
  std::string summary;  ///< the program's description
  std::string description;
  std::vector<ManualEntry> global_options;
  std::vector<ManualCommand> commands;
  std::vector<ManualEntry> environment;
  std::vector<ManualEntry> exit_status;
  std::vector<ManualEntry> files;
};

/// The manual of `app` (made by build_cli) in the current language.
Manual build_manual(const CLI::App& app);

/// The manual of pdo's whole command line (build_cli with every command set up).
Manual build_manual(app::Context& ctx);

/// The man page (roff, UTF-8, with the coding line man-db reads).
std::string render_roff(const Manual& manual);

/// The manual as plain text, wrapped at `width` columns (CJK characters count two).
std::string render_text(const Manual& manual, std::size_t width = 80);

/// The manual as Markdown (docs/commands.md and docs/commands.zh.md hold it, for the reader of the repository).
std::string render_markdown(const Manual& manual);

/// One command's part of the manual as plain text (the same entries `pdo help` shows in the whole).
std::string render_command_text(const ManualCommand& command, std::size_t width = 80);

/// The command named by `words` ("check", "confirm"), or nullptr.
const ManualCommand* find_command(const Manual& manual, const std::vector<std::string>& words);

}  // namespace pdo::cli
