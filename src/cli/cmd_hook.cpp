// pdo hook pre-commit | commit-msg FILE | pre-push REMOTE [URL]: what the installed git hooks run.
// The hook may also be named by its installed file: a hook whose first line is `#!/path/to/pdo hook` makes
// git run `pdo hook .git/hooks/pre-commit ARGS…` with no shell in between; then the <name>.local next to
// it (the learner's own hook, kept when pdo installed its own) runs first, as the sh version runs it.
// pre-commit scans the staged index (the exact blobs `git commit` will store, from GIT_INDEX_FILE when
// git sets it), never the working tree; commit-msg scans the message file; pre-push scans the files,
// file names and messages of the commits git is about to send (refs on standard input). Each blocks with
// exit code 3 on a finding. None changes a file or a ref; pre-commit and commit-msg change the index only
// to stage pdo's own entries again where a stale `git commit` wrote old ones back (app/index_receipts),
// and commit-msg then stops the commit, whose tree git built before it ran.
#include <algorithm>
#include <array>
#include <istream>
#include <memory>
#include <ostream>

#include "app/commit/index_receipts.hpp"
#include "app/hooks/hook_install.hpp"
#include "app/hooks/secret_guard.hpp"
#include "cli/commands.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"

namespace pdo::cli {

using util::tr;
namespace fs = std::filesystem;

namespace {

struct HookOptions {
  std::string name;               ///< pre-commit, commit-msg or pre-push, or the installed hook file
  std::vector<std::string> args;  ///< what git passes: commit-msg FILE, pre-push REMOTE URL
};

constexpr std::array<std::string_view, 3> k_names{"pre-commit", "commit-msg", "pre-push"};

bool is_hook_name(std::string_view name) { return std::find(k_names.begin(), k_names.end(), name) != k_names.end(); }

/// The hook's name, and its installed file when NAME is a path ("x/pre-commit"); nullopt for anything else.
std::optional<std::pair<std::string, std::optional<fs::path>>> hook_of(const std::string& name) {
  if (is_hook_name(name)) return std::make_pair(name, std::optional<fs::path>());
  const fs::path file = util::path_from_utf8(name);
  const std::string base = util::path_to_utf8(file.filename());
  if (!file.has_parent_path() || !is_hook_name(base)) return std::nullopt;
  return std::make_pair(base, std::optional<fs::path>(file));
}

/// The learner's own hook kept next to pdo's as <name>.local: run first, with git's arguments and input,
/// and only when git would have run it in pdo's place (app::hook_runnable: a hook without its execute bit,
/// which git ignores, stays ignored). Its exit code (0: go on).
int run_local_hook(Context& ctx, const fs::path& hook_file, const std::string& name, const std::vector<std::string>& args,
                   const std::string& input) {
  const fs::path file = hook_file.is_absolute() ? hook_file : ctx.cwd / hook_file;
  const fs::path local = file.parent_path() / (name + ".local");
  if (!app::hook_runnable(local)) return 0;
  std::vector<std::string> argv;
  const auto head = util::read_file_head(local, 4096);
  if (head && app::is_husky_stub(*head)) {
    // husky v9's stub finds the team's hook (.husky/<name>) by the name git ran ($0): its dispatcher is
    // sourced with $0 the hook git ran, as the stub itself would have been.
    argv = {"sh", "-c", "h=$1; shift; . \"$h\"", util::path_to_utf8(file), util::path_to_utf8(file.parent_path() / "h")};
  } else if (platform::current_os() == platform::Os::windows) {
    // Windows has no execute bit: there a hook is a "#!" script that Git for Windows hands to its sh.
    argv = {"sh", util::path_to_utf8(local)};
  } else {
    argv = {util::path_to_utf8(local)};
  }
  argv.insert(argv.end(), args.begin(), args.end());
  platform::ProcessOptions opts;
  opts.input = input;
  opts.cwd = ctx.cwd;
  const auto r = platform::run_process(argv, opts);
  ctx.err << r.out << r.err;  // git shows a hook's standard output on its standard error too
  if (!r.started) {
    throw Failure(Exit::failure,
                  tr("无法运行 ", "cannot run ") + util::path_to_utf8(local) + tr("，为安全起见已阻止。", "; stopped to be safe."));
  }
  return r.exit_code == 0 ? 0 : r.exit_code > 0 ? r.exit_code : 1;
}

git::Repo open_repo(const Context& ctx) {
  auto found = git::Repo::find_open(ctx.cwd);  // a repository owned by another user counts as none, as before
  if (!found || !*found) throw Failure(Exit::usage, tr("这里不是 git 仓库。", "not inside a git repository."));
  return std::move(**found);
}

/// The index this commit stores: GIT_INDEX_FILE, which git sets for its hooks (a partial or -a commit's
/// own), else .git/index.
std::optional<fs::path> hook_index_file(const Context& ctx) {
  const auto env = platform::get_env("GIT_INDEX_FILE");
  if (!env || env->empty()) return std::nullopt;
  const fs::path p = util::path_from_utf8(*env);
  return p.is_absolute() ? p : ctx.cwd / p;
}

/// `git commit` reads the index before it locks it: a commit started just before a pdo commit wrote
/// the old index back. When this commit stores .git/index itself, pdo's entries go back in (app/
/// index_receipts); the paths staged again, if any.
std::vector<std::string> mend_stale_index(Context& ctx, git::Repo& repo, const std::optional<fs::path>& index_file) {
  std::error_code ec;
  if (index_file && !fs::equivalent(*index_file, repo.index_path(), ec)) return {};  // a partial or -a commit's own index
  const auto stale = repo.stale_entries(app::load_receipts(repo.gitdir()));
  if (!stale || stale->empty()) return {};
  const auto lock = lock_workspace(ctx, repo);
  return app::heal_index(repo).take();
}

int run_pre_commit(Context& ctx) {
  auto repo = open_repo(ctx);
  const auto index_file = hook_index_file(ctx);
  // git reads the index again after this hook, so the commit stores pdo's entries.
  if (const auto mended = mend_stale_index(ctx, repo, index_file); !mended.empty()) {
    ctx.err << tr("pdo: 暂存区里的 ", "pdo: the index held an old ") << util::join(mended, ", ")
            << tr(" 是旧版本（一个在 pdo 提交之前开始的 git 命令把它写了回去）；已恢复成 pdo 提交后的版本，这次提交不会撤销 pdo 的改动。\n",
                  " (a git command that started before pdo's last commit wrote it back); staged pdo's version again, so this "
                  "commit does not undo pdo's change.\n");
    // git decided there was something to commit from the index it read before this hook, but it stores the
    // index as it is now: with only the old copies staged, that would be an empty commit.
    if (!repo.index_differs_from_head(index_file).take()) {
      throw Failure(Exit::busy, tr("暂存区里只有这些旧版本，恢复之后没有要提交的内容，所以这次 git commit 没有提交。"
                                   "用 git status 看一看，需要的话先 git add，再运行一次 git commit。",
                                   "with those old copies put right, nothing is left to commit, so this git commit stops here. "
                                   "See git status, git add what you meant to commit, and run git commit again."));
    }
  }
  const auto blobs = repo.staged_blobs(index_file).take();
  const auto scan = app::workspace_scan(repo.workdir());
  const auto st = check_blobs_for_secrets(blobs, *scan);
  app::print_warnings(*scan, ctx.err);
  if (!st) throw Failure(st.error());
  return 0;
}

int run_commit_msg(Context& ctx, const HookOptions& opts) {
  auto repo = open_repo(ctx);
  // git built this commit's tree from the index as it read it again after the pre-commit hook; a git
  // commit running beside this one may have written an old index back in between. Its tree is made, so
  // the commit stops (the index mended) rather than store the old entry over pdo's change.
  if (const auto mended = mend_stale_index(ctx, repo, hook_index_file(ctx)); !mended.empty()) {
    throw Failure(Exit::busy,
                  util::join(mended, ", ") +
                      tr(" 的旧版本在 pre-commit 检查之后被另一个同时运行的 git 命令写回了暂存区；这次提交会把它存进去、撤销 pdo 的改动，"
                         "所以没有提交。pdo 已经重新暂存了它的版本，请再运行一次 git commit。",
                         ": a git command running at the same time wrote an old copy back into the index after the "
                         "pre-commit check; this commit would have stored it and undone pdo's change, so it stops here. pdo "
                         "staged its version again: run git commit again."));
  }
  const fs::path p = util::path_from_utf8(opts.args[0]);
  const fs::path file = p.is_absolute() ? p : ctx.cwd / p;
  const auto text = util::read_file(file);
  if (!text) throw Failure(Exit::failure, tr("无法读取提交说明：", "cannot read the commit message: ") + util::path_to_utf8(file));
  const auto scan = app::workspace_scan(repo.workdir());
  const auto st = app::check_message_for_secrets(*text, *scan);
  app::print_warnings(*scan, ctx.err);
  if (!st) throw Failure(st.error());
  return 0;
}

int run_pre_push(Context& ctx, const HookOptions& opts, const std::string& refs) {
  const auto repo = open_repo(ctx);
  const auto scan = app::workspace_scan(repo.workdir());
  const auto st = app::check_push_for_secrets(repo, opts.args[0], refs, *scan);
  app::print_warnings(*scan, ctx.err);
  if (!st) throw Failure(st.error());
  return 0;
}

}  // namespace

int run_hook(Context& ctx, const std::vector<std::string>& words) {
  const auto hook = words.empty() ? std::nullopt : hook_of(words.front());
  if (!hook) {
    throw Failure(Exit::usage, tr("不认识的钩子：", "unknown hook: ") + (words.empty() ? std::string() : words.front()) +
                                   tr("（可选：pre-commit、commit-msg、pre-push，或已安装的钩子文件）",
                                      " (choose pre-commit, commit-msg or pre-push, or the installed hook file)"));
  }
  const HookOptions opts{hook->first, {words.begin() + 1, words.end()}};
  if (opts.name == "commit-msg" && opts.args.size() != 1)
    throw Failure(Exit::usage, tr("commit-msg 需要一个参数：提交说明文件", "commit-msg needs one argument: the message file"));
  if (opts.name == "pre-push" && (opts.args.empty() || opts.args.size() > 2))
    throw Failure(Exit::usage, tr("pre-push 需要参数：远程名 [地址]", "pre-push needs arguments: REMOTE [URL]"));
  std::string refs;  // pre-push: git's list of refs, for the chained hook and for the check
  if (opts.name == "pre-push") {
    for (std::string line; std::getline(ctx.in, line);) refs += line + "\n";  // (istreambuf_iterator: GCC -Wnull-dereference)
  }
  if (hook->second) {
    if (const int local = run_local_hook(ctx, *hook->second, opts.name, opts.args, refs); local != 0) return local;
  }
  if (opts.name == "commit-msg") return run_commit_msg(ctx, opts);
  if (opts.name == "pre-push") return run_pre_push(ctx, opts, refs);
  return run_pre_commit(ctx);
}

void setup_hook(Args cmd, Context& ctx) {
  auto opts = std::make_shared<HookOptions>();
  // Names, or the hook file itself (as its `#!/path/to/pdo hook` line passes it); completions offer the names.
  cmd.option("name", opts->name,
             tr("钩子名：pre-commit、commit-msg 或 pre-push（或已安装的钩子文件）",
                "The hook: pre-commit, commit-msg or pre-push (or the installed hook file)"))
      .required()
      .check([](std::string& value) { return hook_of(value) ? std::string() : value + " not in {pre-commit,commit-msg,pre-push}"; },
             "{pre-commit,commit-msg,pre-push}");
  cmd.option("args", opts->args, tr("git 传给钩子的参数", "The arguments git gives the hook"));
  cmd.callback([opts, &ctx] {
    std::vector<std::string> words{opts->name};
    words.insert(words.end(), opts->args.begin(), opts->args.end());
    ctx.exit_code = run_hook(ctx, words);
  });
}

}  // namespace pdo::cli
