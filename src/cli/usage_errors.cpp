#include "cli/usage_errors.hpp"

#include <algorithm>

#include "cli/arg_info.hpp"
#include "cli/commands.hpp"
#include "util/format.hpp"
#include "util/text.hpp"

namespace pdo::cli {

using util::tr;
using util::trf;

namespace {

/// The commands CLI11 parsed, outermost first (pdo, then `lesson`, then `add`…).
std::vector<const CLI::App*> parsed_chain(const CLI::App& app) {
  std::vector<const CLI::App*> chain{&app};
  while (!chain.back()->get_subcommands().empty()) chain.push_back(chain.back()->get_subcommands().front());
  return chain;
}

/// The option or positional CLI11 calls `name`, looked up from the innermost command outwards.
const CLI::Option* find_option(const std::vector<const CLI::App*>& chain, const std::string& name) {
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    if (const CLI::Option* o = (*it)->get_option_no_throw(name)) return o;
  }
  return nullptr;
}

/// How the learner sees an argument: an option by its name (--color), a positional as the manual shows it.
std::string shown_name(const CLI::Option* o, const std::string& fallback) {
  if (!o) return fallback;
  return o->get_positional() ? value_name(o) : fallback;
}

/// "pdo lesson" for the chain pdo → lesson.
std::string command_line(const std::vector<const CLI::App*>& chain) {
  std::string line = "pdo";
  for (std::size_t i = 1; i < chain.size(); ++i) line += " " + chain[i]->get_name();
  return line;
}

std::string names_of(const std::vector<const CLI::App*>& subs) {
  std::vector<std::string> names;
  names.reserve(subs.size());
  for (const CLI::App* s : subs) names.push_back(s->get_name());
  return util::join(names, tr("、", ", "));
}

/// A command was required: at the top, the word typed was no command; further in, `pdo lesson` lacks one.
std::string missing_command(const std::vector<const CLI::App*>& chain, const std::optional<std::string>& typed) {
  const CLI::App* at = chain.back();
  const std::string names = names_of(visible_subcommands(at));
  if (chain.size() == 1) return trf("没有这个命令：{}。可用的命令：{}。", "no such command: {}. Commands: {}.", typed.value_or(""), names);
  return trf("{} 后面要跟一个子命令：{}。", "{} needs a subcommand: {}.", command_line(chain), names);
}

std::string missing_value(const std::vector<const CLI::App*>& chain, const std::string& name) {
  const CLI::Option* o = find_option(chain, name);
  const std::string shown = shown_name(o, name);
  const std::string what = o ? o->get_description() : std::string();
  if (what.empty()) return trf("缺少必需的参数 {}。", "missing {}.", shown);
  return trf("缺少必需的参数 {}（{}）。", "missing {} ({}).", shown, what);
}

/// CLI11's "x not in {a,b}" (CLI::IsMember, and pdo's own hook-name check) as the value and its choices.
std::optional<std::string> not_a_choice(const std::string& shown, bool positional, const std::string& rest) {
  const auto at = rest.find(" not in {");
  if (at == std::string::npos || rest.back() != '}') return std::nullopt;
  const std::string value = rest.substr(0, at);
  const std::string list = util::replace_all(rest.substr(at + 9, rest.size() - at - 10), ",", tr("、", ", "));
  if (positional) return trf("「{}」不是可选的值（可选：{}）。", "\"{}\" is not one of the choices ({}).", value, list);
  return trf("{} 的值「{}」不是可选的值（可选：{}）。", "{}: \"{}\" is not one of the choices ({}).", shown, value, list);
}

/// "name: rest" split at the first ": ".
std::pair<std::string, std::string> name_and_rest(const std::string& msg) {
  const auto colon = msg.find(": ");
  if (colon == std::string::npos) return {"", msg};
  return {msg.substr(0, colon), msg.substr(colon + 2)};
}

std::string bad_value(const std::vector<const CLI::App*>& chain, const std::string& msg) {
  const auto [name, rest] = name_and_rest(msg);
  const CLI::Option* o = find_option(chain, name);
  if (auto choice = not_a_choice(shown_name(o, name), o && o->get_positional(), rest)) return *choice;
  return trf("{} 的值无效（{}）。", "invalid value for {}: {}.", shown_name(o, name), rest);
}

/// CLI11 lists the words it could not place in the order it met them: pdo hands it the arguments reversed.
std::string extra_words(const std::string& msg) {
  const auto colon = msg.rfind(": ");
  auto words = util::split(colon == std::string::npos ? msg : msg.substr(colon + 2), ' ');
  std::reverse(words.begin(), words.end());
  return trf("多余或无法识别的参数：{}。", "unexpected or unknown arguments: {}.", util::join(words, " "));
}

/// "--x: 1 required TYPE missing": an option given without its value; else a wrong count of values.
std::string wrong_count(const std::vector<const CLI::App*>& chain, const std::string& msg) {
  const auto [name, rest] = name_and_rest(msg);
  if (!name.empty() && util::ends_with(rest, " missing")) {
    const CLI::Option* o = find_option(chain, name);
    return trf("{} 后面缺少它的值（{}）。", "{} needs a value ({}).", name, o ? value_name(o) : std::string("?"));
  }
  return trf("参数的个数不对：{}。", "wrong number of arguments: {}.", msg);
}

/// "Could not convert: --yes = foo": a value given to an option that takes none, or one it cannot read.
std::string unconvertible(const std::vector<const CLI::App*>& chain, const std::string& msg) {
  const std::string prefix = "Could not convert: ";
  const auto eq = msg.find(" = ");
  if (!util::starts_with(msg, prefix) || eq == std::string::npos) return trf("参数的值无法识别：{}。", "a value pdo cannot read: {}.", msg);
  const std::string name = msg.substr(prefix.size(), eq - prefix.size());
  const std::string value = msg.substr(eq + 3);
  const CLI::Option* o = find_option(chain, name);
  if (o && !takes_value(o) && !o->get_positional())
    return trf("{} 是开关，不接受值（收到「{}」）。", "{} is a switch and takes no value (got \"{}\").", name, value);
  return trf("{} 不接受「{}」这个值。", "{} does not accept \"{}\".", name, value);
}

/// "a excludes b" / "a requires b".
std::optional<std::pair<std::string, std::string>> split_at(const std::string& msg, const std::string& word) {
  const auto at = msg.find(word);
  if (at == std::string::npos) return std::nullopt;
  return std::make_pair(msg.substr(0, at), msg.substr(at + word.size()));
}

}  // namespace

std::string error_prefix() { return tr("pdo: 错误：", "pdo: error: "); }

std::string usage_error(const CLI::ParseError& e, const CLI::App& app, const std::optional<std::string>& typed) {
  const std::string msg = e.what();
  const auto chain = parsed_chain(app);
  if (dynamic_cast<const CLI::RequiredError*>(&e)) {
    if (util::starts_with(msg, "A subcommand") || util::starts_with(msg, "Requires at least")) return missing_command(chain, typed);
    if (util::ends_with(msg, " is required")) return missing_value(chain, msg.substr(0, msg.size() - 12));
  }
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) return extra_words(msg);
  if (dynamic_cast<const CLI::ValidationError*>(&e)) return bad_value(chain, msg);
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) return wrong_count(chain, msg);
  if (dynamic_cast<const CLI::ConversionError*>(&e)) return unconvertible(chain, msg);
  if (dynamic_cast<const CLI::ExcludesError*>(&e)) {
    if (auto two = split_at(msg, " excludes "))
      return trf("{} 不能和 {} 一起使用。", "{} cannot be used with {}.", two->first, two->second);
  }
  if (dynamic_cast<const CLI::RequiresError*>(&e)) {
    if (auto two = split_at(msg, " requires ")) return trf("{} 需要和 {} 一起使用。", "{} only works with {}.", two->first, two->second);
  }
  // A kind of error no pdo command can produce today: CLI11's own words, inside a sentence of ours.
  return trf("参数有误（CLI11：{}）。", "bad arguments: {}.", msg);
}

}  // namespace pdo::cli
