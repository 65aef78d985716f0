#pragma once
// A command's arguments as the cmd_<name>.cpp files declare them: the few CLI11 calls they use, behind a
// header that does not include CLI11. CLI11 2.1.2 is header-only, and its header alone took 6 s of each
// file's compile (ASan build); with it here, it is compiled by args.cpp and the files that read the
// parser itself (run, completion, manual, usage errors, help). Each call forwards to the CLI11 call of
// the same name, so help, completions, the manual and usage errors read the same app as before.
#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace pdo::cli {

/// One option or positional of a command (a handle: copies name the same argument).
class Arg {
public:
  explicit Arg(CLI::Option* option) : m_option(option) {}
  Arg& required();
  /// What its value is called in help, completions and the manual ("LESSON", "URL").
  Arg& type_name(const std::string& name);
  /// Its value must be one of `allowed` (CLI11's IsMember: help shows them, completions offer them).
  Arg& choices(const std::vector<std::string>& allowed);
  /// Its value must pass `check`, which returns "" or what is wrong; `shown` is what help says it takes.
  Arg& check(std::function<std::string(std::string&)> check, const std::string& shown);
  /// Given only with `other`.
  Arg& needs(const Arg& other);
  /// Never given with `other`.
  Arg& excludes(const Arg& other);
  /// Whether the learner gave it (a flag or option present on the command line, even with an empty value).
  [[nodiscard]] bool given() const;

private:
  CLI::Option* m_option;
};

/// A command or nested command (a handle on the CLI11 app run_cli builds).
class Args {
public:
  explicit Args(CLI::App* app) : m_app(app) {}
  /// A flag ("-y,--yes"): sets `into` to true when given.
  Arg flag(const std::string& names, bool& into, const std::string& help);
  /// An option ("--url") or, for a name without dashes, a positional; its value goes to `into`.
  Arg option(const std::string& names, std::string& into, const std::string& help);
  Arg option(const std::string& names, std::vector<std::string>& into, const std::string& help);
  Arg option(const std::string& names, unsigned& into, const std::string& help);
  Arg option(const std::string& names, long long& into, const std::string& help);
  /// An option whose value is given to `take` when parsed.
  Arg option(const std::string& names, const std::function<void(const std::string&)>& take, const std::string& help);
  Args subcommand(const std::string& name, const std::string& help);
  /// Exactly one nested command must follow.
  void require_subcommand();
  /// The longer note help prints after the options.
  void footer(const std::string& text);
  /// What runs when this command is the one typed.
  void callback(std::function<void()> run);

private:
  CLI::App* m_app;
};

}  // namespace pdo::cli
