#include "cli/run.hpp"

#include <algorithm>
#include <iostream>
#include <optional>

#include <CLI/CLI.hpp>

#include "cli/arg_info.hpp"
#include "cli/commands.hpp"
#include "cli/completion.hpp"
#include "cli/usage_errors.hpp"
#include "util/error.hpp"
#include "util/fs.hpp"
#include "util/shown.hpp"
#include "util/text.hpp"
#include "workspace/settings.hpp"

namespace pdo::cli {

using util::tr;

namespace {

/// Global options take effect before any subcommand runs (option callbacks precede subcommand ones).
void add_global_options(CLI::App& app, Context& ctx) {
  app.add_option_function<std::string>(
         "--lang",
         [&ctx](const std::string& lang) {
           ctx.lang_flag = util::parse_lang(lang);
           util::set_lang(*ctx.lang_flag);
         },
         tr("消息和生成文件的语言：zh（默认）或 en", "Language of messages and generated files: zh (default) or en"))
      ->check(CLI::IsMember({"zh", "en"}))
      ->type_name("zh|en");
  app.add_option_function<std::string>(
         "--color", [&ctx](const std::string& when) { ctx.color = util::parse_color_when(when).value_or(util::ColorWhen::automatic); },
         tr("何时使用颜色：auto（默认：输出到终端时使用，设置了 NO_COLOR 时不用）、always 或 never",
            "When to colour the output: auto (default: on a terminal, unless NO_COLOR is set), always or never"))
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->type_name("WHEN");
  app.add_option_function<std::string>(
         "-C", [&ctx](const std::string& dir) { ctx.cwd = util::absolute_path(util::path_from_utf8(dir)); },
         tr("当作在 DIR 目录里运行 pdo", "Run as if pdo was started in DIR"))
      ->type_name(k_dir_value);
  app.set_version_flag("--version", std::string("pdo ") + PDO_VERSION,
                       tr("显示版本并退出", "Display program version information and exit"));
}

/// The value of global option `name` ("--lang", "-C") among the arguments, before CLI11 parses them.
std::optional<std::string> global_value(const std::vector<std::string>& args, const std::string& name) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == name && i + 1 < args.size()) return args[i + 1];
    if (util::starts_with(args[i], name + "=")) return args[i].substr(name.size() + 1);
    if (name.size() == 2 && args[i].size() > 2 && util::starts_with(args[i], name)) return args[i].substr(2);  // -CDIR
  }
  return std::nullopt;
}

/// The language of the whole run, known before anything is printed (help and usage errors included):
/// --lang, else the setting of the workspace pdo runs in (-C DIR or the current folder; git runs a hook
/// in the working tree's root), else Chinese.
util::Lang run_lang(const std::vector<std::string>& args, const std::filesystem::path& cwd) {
  if (const auto flag = global_value(args, "--lang")) return util::parse_lang(*flag).value_or(util::Lang::zh);
  const auto dir = global_value(args, "-C");
  return workspace::workspace_lang(dir ? util::absolute_path(cwd / util::path_from_utf8(*dir)) : cwd).value_or(util::Lang::zh);
}

/// The first argument that is neither a global option nor its value: the command the learner typed.
std::optional<std::string> first_word(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--lang" || args[i] == "-C" || args[i] == "--color") {
      ++i;
      continue;
    }
    if (util::starts_with(args[i], "-")) continue;
    return args[i];
  }
  return std::nullopt;
}

/// CLI11's help as the manual says it: a value named as `pdo help` names it (`browser|local|gpu`, never
/// CLI11's `TEXT:{browser,local,gpu}`), and what an option needs or excludes in the learner's words after
/// its description.
class LearnerFormatter : public CLI::Formatter {
public:
  std::string make_option_opts(const CLI::Option* o) const override {
    std::string out;
    if (o->get_positional() || takes_value(o)) out += " " + value_name(o) + (o->get_expected_max() > 1 ? " ..." : "");
    if (o->get_required() && !o->get_positional()) out += " " + get_label("REQUIRED");
    return out;
  }
  std::string make_option_desc(const CLI::Option* o) const override { return o->get_description() + relations(o); }
};

/// CLI11's help labels in the current language.
void localize_help(CLI::App& app) {
  app.formatter(std::make_shared<LearnerFormatter>());
  const auto f = app.get_formatter();
  f->label("Usage", util::tr("用法", "Usage"));
  f->label("OPTIONS", util::tr("选项", "OPTIONS"));
  f->label("SUBCOMMAND", util::tr("命令", "SUBCOMMAND"));
  f->label("SUBCOMMANDS", util::tr("命令", "SUBCOMMANDS"));
  f->label("Positionals", util::tr("位置参数", "Positionals"));
  f->label("REQUIRED", util::tr("（必需）", "REQUIRED"));
  app.option_defaults()->group(util::tr("选项", "Options"));
}

/// Puts the help flag of `app` and of every subcommand under it (`lesson add`, `check confirm`) in the
/// localized options group: CLI11 gives a nested subcommand's help flag the group "Options".
void localize_help_flags(CLI::App& app) {
  if (CLI::Option* help = app.get_help_ptr()) help->group(tr("选项", "Options"));
  for (CLI::App* sub : app.get_subcommands({})) localize_help_flags(*sub);
}

/// Runs `run`, turning what it throws into pdo's one error line and exit code.
template <class Run>
int guarded(std::ostream& err, Run&& run) {
  try {
    return run();
  } catch (const Failure& f) {
    err << error_prefix() << f.error().message << "\n";
    return static_cast<int>(f.error().code);
  } catch (const std::exception& e) {
    err << error_prefix() << e.what() << "\n";
    return static_cast<int>(Exit::failure);
  }
}

}  // namespace

void build_cli(CLI::App& app, Context& ctx, SetUp which, const std::optional<std::string>& typed) {
  app.description(tr("pdo：为「PyTorch Distributed Overview」（或任何课程文件）准备一个用 git 记录的学习工作区",
                     "pdo: a git-backed study workspace for the PyTorch Distributed Overview course (or any course file)"));
  localize_help(app);
  app.set_help_flag("-h,--help", tr("显示帮助并退出", "Print this help message and exit"));
  app.require_subcommand(1);
  // CLI11 takes "/x" for an option on Windows; for pdo "/x" is a path there too (same CLI on every OS).
  app.allow_windows_style_options(false);
  app.fallthrough();
  add_global_options(app, ctx);
  // Only the command typed gets its options (the rest are names and one-line help in `pdo --help`):
  // setting up every command's options cost CLI11 half of a short command's own instructions. A known
  // command typed is the only one registered at all (each costs CLI11 an App and a help flag); anything
  // else (`pdo --help`, a typo) gets every name, for the help and the error.
  const auto& all = commands();
  const bool known = which == SetUp::typed && typed && std::any_of(all.begin(), all.end(), [&](const auto& c) { return *typed == c.name; });
  for (const auto& c : all) {
    if (known && *typed != c.name) continue;
    CLI::App* sub = app.add_subcommand(c.name, tr(c.help_zh, c.help_en));
    sub->group(tr("命令", "Subcommands"));
    sub->option_defaults()->group(tr("选项", "Options"));
    if (which == SetUp::all || (typed && *typed == c.name)) c.setup(Args(sub), ctx);
    localize_help_flags(*sub);
  }
}

int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& raw_out, std::ostream& raw_err) {
  // The one display path (util/shown): nothing any command prints reaches the terminal unescaped.
  util::ShownStream out(raw_out);
  util::ShownStream err(raw_err);
  Context ctx{in, out, err, std::filesystem::current_path(), std::nullopt, 0};
  // The completion scripts' question: answered from the same app, never parsed as a command. A Tab must
  // never print an error into the learner's command line: the scripts drop stderr, and nothing escapes.
  if (!args.empty() && args.front() == k_complete_command) {
    try {
      return complete_words(ctx, {args.begin() + 1, args.end()});
    } catch (const std::exception&) {
      return static_cast<int>(Exit::failure);
    }
  }
  util::set_lang(run_lang(args, ctx.cwd));
  // What the installed git hooks run on every commit and push (`pdo hook NAME ARGS…`): straight to the
  // hook, without building the command line parser (CLI11's set-up was a third of the hook's instructions).
  if (args.size() >= 2 && args[0] == "hook" && !util::starts_with(args[1], "-")) {
    const int code = guarded(err, [&] { return run_hook(ctx, {args.begin() + 1, args.end()}); });
    // A usage error points to the help, as the parser's own do below.
    if (code == static_cast<int>(Exit::usage))
      err << tr("用法见 pdo --help（或 pdo hook --help）。\n", "See pdo --help (or pdo hook --help).\n");
    return code;
  }
  CLI::App app{"", "pdo"};
  build_cli(app, ctx, SetUp::typed, first_word(args));
  return guarded(err, [&] {
    try {
      std::vector<std::string> reversed(args.rbegin(), args.rend());
      app.parse(reversed);
    } catch (const CLI::ParseError& e) {
      if (e.get_exit_code() == 0) return app.exit(e, out, err);  // --help, --version
      // Plain `pdo` (or only global options): the help, as `pdo --help` would print it.
      if (dynamic_cast<const CLI::RequiredError*>(&e) && !first_word(args) && app.get_subcommands().empty()) {
        out << app.help();
        return 0;
      }
      err << error_prefix() << usage_error(e, app, first_word(args)) << "\n"
          << tr("用法见 pdo --help（或 pdo <命令> --help）。\n", "See pdo --help (or pdo <command> --help).\n");
      return static_cast<int>(Exit::usage);
    }
    return ctx.exit_code;
  });
}

}  // namespace pdo::cli
