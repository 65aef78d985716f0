#include "cli/init_prompts.hpp"

#include <algorithm>
#include <ostream>
#include <vector>

#include "app/init/init.hpp"
#include "app/session/session.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"
#include "workspace/settings.hpp"

namespace pdo::cli {

using app::Context;
using util::tr;
namespace fs = std::filesystem;

namespace {

/// What a folder holds (names, folders with a trailing /), .git left out; empty if it is missing.
std::vector<std::string> folder_entries(const fs::path& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return names;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    std::string name = util::path_to_utf8(e.path().filename());
    if (name == ".git") continue;
    std::error_code ec2;
    if (e.is_directory(ec2)) name += "/";
    names.push_back(std::move(name));
  }
  std::sort(names.begin(), names.end());
  return names;
}

/// How to give the name and email without being asked, for the messages that stop init.
std::string identity_flags(const fs::path& root) {
  return "pdo init \"" + util::path_to_utf8(root) +
         tr("\" --name \"你的名字\" --email you@example.com", "\" --name \"Your Name\" --email you@example.com");
}

}  // namespace

std::string home_expanded(const std::string& typed) {
  return util::expand_home(typed, [](const std::string& name) { return platform::get_env(name); });
}

std::string ask_folder(Context& ctx, const course::Course& course) {
  const std::string example = util::path_to_utf8(ctx.cwd / util::path_from_utf8(course.workspace_folder));
  const std::string question = tr("课程放在哪个目录？请输入完整路径（例如 ", "Where should the course live? Enter the full path (e.g. ") +
                               example + tr("）：", "): ");
  const auto answer = app::ask_until(ctx, question, [&](const std::string& typed) -> std::optional<std::string> {
    const std::string path = home_expanded(typed);
    if (path.empty()) return tr("没有输入目录，请再输入一次。", "No folder given; please try again.");
    const fs::path p = util::path_from_utf8(path);
    std::error_code ec;
    // A file where the folder would be (or on the way to it): asked again, as for any answer that will not do.
    for (fs::path at = p; p.is_absolute() && at.has_relative_path(); at = at.parent_path()) {
      if (fs::exists(at, ec) && !fs::is_directory(at, ec))
        return tr("「", "\"") + path + tr("」：", "\": ") + util::path_to_utf8(at) +
               tr(" 是一个文件，不是文件夹；请输入一个文件夹的完整路径。", " is a file, not a folder; please enter a folder's full path.");
    }
    if (p.is_absolute()) return std::nullopt;
    return tr("「", "\"") + path +
           tr("」不是完整路径（要从盘符或根目录开始，例如 ", "\" is not a full path (start from a drive or the root, e.g. ") + example +
           tr("），请再输入一次。", "); please try again.");
  });
  if (!answer) {
    throw Failure(Exit::declined,
                  tr("没有得到完整路径，什么都没有创建。也可以把目录直接写在命令里：pdo init ",
                     "no full path given; nothing was created. You can also give the folder on the command line: pdo init ") +
                      example);
  }
  return home_expanded(*answer);
}

fs::path check_unrelated_folder(const InitOptions& opts, Context& ctx, const course::Course& course, fs::path root) {
  std::error_code ec;
  if (fs::exists(root / workspace::k_settings_path, ec)) return root;
  const auto names = folder_entries(root);
  if (names.empty()) return root;
  fs::path suggestion = root / util::path_from_utf8(course.workspace_folder);
  std::vector<std::string> shown(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(names.size(), 8)));
  ctx.out << tr("注意：", "Note: ") << util::path_to_utf8(root)
          << tr(" 不是空文件夹，也不是 pdo 的课程目录。里面已有 ", " is not empty and is not a pdo course folder. It holds ")
          << names.size() << tr(" 项：", " entries: ") << util::join(shown, tr("、", ", "))
          << (names.size() > shown.size() ? tr(" 等", ", …") : "") << "\n";
  ctx.out << tr("pdo 不会改动这些文件，但课程文件会和它们混在一起。建议改用：",
                "pdo would not change them, but the course files would sit among them. Suggested instead: ")
          << util::path_to_utf8(suggestion) << "\n";
  if (opts.yes || opts.dry_run) {
    ctx.out << tr("（--yes / --dry-run：按你给的目录继续。）\n", "(--yes / --dry-run: going on with the folder you gave.)\n");
    return root;
  }
  std::optional<bool> take_suggestion;
  const auto answer = app::ask_until(ctx,
                                     tr("改用建议的目录吗？直接回车或输入 y 改用建议的目录；输入 n 仍用这个文件夹：",
                                        "Use the suggested folder? Press Enter or type y for the suggestion; type n to keep this folder: "),
                                     [&](const std::string& typed) -> std::optional<std::string> {
                                       if (util::trim(typed).empty()) take_suggestion = true;
                                       if (const auto yes = app::yes_or_no(typed)) take_suggestion = *yes;
                                       if (take_suggestion) return std::nullopt;
                                       return tr("没有看懂这个回答：请直接回车、输入 y 或输入 n。", "Please press Enter, or type y or n.");
                                     });
  if (!answer || !take_suggestion) {
    throw Failure(Exit::declined, tr("没有得到回答，什么都没有创建。也可以把目录直接写在命令里，加上 --yes 就不再询问：pdo init ",
                                     "no answer; nothing was created. You can also give the folder on the command line, with --yes "
                                     "to skip this question: pdo init ") +
                                      util::path_to_utf8(suggestion) + " --yes");
  }
  return *take_suggestion ? suggestion : root;
}

bool consent(const InitOptions& opts, Context& ctx, CommandTrust trust, bool create) {
  if (opts.yes) return true;
  const std::string words = app::yes_choices();
  const bool trusting = trust == CommandTrust::asked;
  const std::string what =
      create
          ? trusting ? tr("按上面的方案创建，并信任上面列出的课程命令吗？", "Create this, and trust the course commands listed above?")
                     : tr("按上面的方案创建吗？", "Create this?")
          : tr("信任上面列出的课程命令，并在自检时运行它们吗？", "Trust the course commands listed above and run them in the self-check?");
  // Only a yes or an explicit no ends the question: anything else asks again, and Ctrl-C or the end of
  // input (or three answers that are neither) is a no.
  const auto answer = app::ask_until(
      ctx, "\n" + what + tr("同意请输入 ", " Type ") + words + tr("；不同意请输入 否 或 n：", " to agree, n or no to cancel: "),
      [](const std::string& a) -> std::optional<std::string> {
        if (app::yes_or_no(a)) return std::nullopt;
        return tr("没看懂这个回答：同意请输入 好 或 y，不同意请输入 否 或 n。",
                  "That is neither a yes nor a no: type y to agree, n to cancel.");
      });
  return answer && *app::yes_or_no(*answer);
}

std::optional<std::pair<std::string, std::string>> identity_to_set(const InitOptions& opts, Context& ctx, bool known,
                                                                   const fs::path& root) {
  if (!opts.name.empty() || !opts.email.empty()) {
    if (opts.name.empty() || opts.email.empty())
      throw Failure(Exit::usage, tr("--name 和 --email 要一起给出。", "give --name and --email together."));
    return std::make_pair(opts.name, opts.email);
  }
  if (known) return std::nullopt;
  if (opts.yes) {
    throw Failure(Exit::usage, tr("git 还不知道你的名字和邮箱（user.name / user.email），而 --yes 不会询问。请这样运行：",
                                  "git does not know your name and email (user.name / user.email), and --yes does not ask. Run: ") +
                                   identity_flags(root) + " --yes");
  }
  ctx.out << tr(
      "\ngit 还不知道提交者是谁（user.name / user.email 未设置）。它们只写进这个仓库的配置。\n",
      "\ngit does not know who commits (user.name / user.email are not set). They are stored in this repository's config only.\n");
  const auto name = app::ask_until(ctx, tr("你的名字：", "Your name: "), [](const std::string& typed) -> std::optional<std::string> {
    if (!typed.empty()) return std::nullopt;
    return tr("名字不能为空（git 把它写进每一次提交），请再输入一次。",
              "The name cannot be empty (git writes it into every commit); please try again.");
  });
  const auto email = name ? app::ask_until(ctx, tr("你的邮箱：", "Your email: "), app::email_problem) : std::nullopt;
  if (!name || !email) {
    throw Failure(Exit::declined, tr("没有得到名字和邮箱，什么都没有创建。也可以直接写在命令里：",
                                     "no name and email given; nothing was created. You can also give them on the command line: ") +
                                      identity_flags(root));
  }
  return std::make_pair(*name, *email);
}

}  // namespace pdo::cli
