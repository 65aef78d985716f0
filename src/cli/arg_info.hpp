#pragma once
// What the CLI11 app says about an option or positional, as completions and the manual read it: its
// value's type name, its choices, whether it takes a value, whether help shows it.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace pdo::cli {

/// The type name without CLI11's validator part: "LESSON", "TEXT", "" for a flag.
std::string base_type(const CLI::Option* o);

/// The values a CLI::IsMember check allows, read from the type name CLI11 shows ("TEXT:{done,todo}").
std::vector<std::string> choices(const CLI::Option* o);

/// What a value is called in usage lines, the manual and usage errors: its choices ("done|todo"), its
/// type name ("LESSON"), or a positional's name in capitals.
std::string value_name(const CLI::Option* o);

/// "-o, --output": the option's names as typed.
std::string option_names(const CLI::Option* o);

/// What the option needs and what it cannot go with, as the manual and --help say them after its
/// description ("（需要和这些一起使用：--script）", " (needs --script)"), or "".
std::string relations(const CLI::Option* o);

/// True for an option (not a positional, not a flag) that takes a value.
bool takes_value(const CLI::Option* o);

/// True unless the option is hidden from help (an empty group).
bool visible(const CLI::Option* o);

/// The commands of `app` that help shows.
std::vector<const CLI::App*> visible_subcommands(const CLI::App* app);

}  // namespace pdo::cli
