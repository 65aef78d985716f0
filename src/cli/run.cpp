#include "cli/run.hpp"

#include <algorithm>
#include <iostream>

#include "cli/commands.hpp"
#include "util/error.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

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
         "-C", [&ctx](const std::string& dir) { ctx.cwd = util::absolute_path(util::path_from_utf8(dir)); },
         tr("当作在 DIR 目录里运行 pdo", "Run as if pdo was started in DIR"))
      ->type_name("DIR");
  app.set_version_flag("--version", std::string("pdo ") + PDO_VERSION, tr("显示版本并退出", "Display program version information and exit"));
}

/// The --lang value among the arguments, so that help is already in that language.
util::Lang lang_from_args(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--lang" && i + 1 < args.size()) return util::parse_lang(args[i + 1]).value_or(util::Lang::zh);
    if (util::starts_with(args[i], "--lang=")) return util::parse_lang(args[i].substr(7)).value_or(util::Lang::zh);
  }
  return util::Lang::zh;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  Context ctx{in, out, err, std::filesystem::current_path(), std::nullopt, 0};
  util::set_lang(lang_from_args(args));
  CLI::App app{tr("pdo：为「PyTorch Distributed Overview」（或任何课程文件）准备一个用 git 记录的学习工作区",
                  "pdo: a git-backed study workspace for the PyTorch Distributed Overview course (or any course file)"),
               "pdo"};
  app.set_help_flag("-h,--help", tr("显示帮助并退出", "Print this help message and exit"));
  app.require_subcommand(1);
  // CLI11 takes "/x" for an option on Windows; for pdo "/x" is a path there too (same CLI on every OS).
  app.allow_windows_style_options(false);
  app.fallthrough();
  add_global_options(app, ctx);
  for (const auto& c : commands()) c.setup(app.add_subcommand(c.name, tr(c.help_zh, c.help_en)), ctx);

  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e, out, err);  // --help, --version
    err << "pdo: error: " << e.what() << "\n"
        << tr("用法见 pdo --help（或 pdo <命令> --help）。\n", "See pdo --help (or pdo <command> --help).\n");
    return static_cast<int>(Exit::usage);
  } catch (const Failure& f) {
    err << "pdo: error: " << f.error().message << "\n";
    return static_cast<int>(f.error().code);
  } catch (const std::exception& e) {
    err << "pdo: error: " << e.what() << "\n";
    return static_cast<int>(Exit::failure);
  }
  return ctx.exit_code;
}

}  // namespace pdo::cli
