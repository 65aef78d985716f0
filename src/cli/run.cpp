#include "cli/run.hpp"

#include <algorithm>
#include <iostream>

#include "cli/commands.hpp"
#include "util/error.hpp"
#include "util/fs.hpp"

namespace pdo::cli {

namespace {

/// Global options take effect before any subcommand runs (option callbacks precede subcommand ones).
void add_global_options(CLI::App& app, Context& ctx) {
  app.add_option_function<std::string>(
         "--lang",
         [&ctx](const std::string& lang) {
           ctx.lang_flag = util::parse_lang(lang);
           util::set_lang(*ctx.lang_flag);
         },
         "Language of messages and generated files: zh (default) or en")
      ->check(CLI::IsMember({"zh", "en"}))
      ->type_name("zh|en");
  app.add_option_function<std::string>(
         "-C", [&ctx](const std::string& dir) { ctx.cwd = util::absolute_path(util::path_from_utf8(dir)); },
         "Run as if pdo was started in DIR")
      ->type_name("DIR");
  app.set_version_flag("--version", std::string("pdo ") + PDO_VERSION);
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  Context ctx{in, out, err, std::filesystem::current_path(), std::nullopt, 0};
  util::set_lang(util::Lang::zh);
  CLI::App app{"pdo: a git-backed study workspace for the PyTorch Distributed Overview course (or any course file)", "pdo"};
  app.require_subcommand(1);
  // CLI11 takes "/x" for an option on Windows; for pdo "/x" is a path there too (same CLI on every OS).
  app.allow_windows_style_options(false);
  app.fallthrough();
  add_global_options(app, ctx);
  add_init(app, ctx);
  add_check(app, ctx);
  add_track(app, ctx);
  add_status(app, ctx);
  add_log(app, ctx);
  add_undo(app, ctx);
  add_start(app, ctx);
  add_ask(app, ctx);
  add_scan(app, ctx);
  add_hook(app, ctx);

  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e, out, err);
    return code == 0 ? 0 : static_cast<int>(Exit::usage);
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
