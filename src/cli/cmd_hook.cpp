// pdo hook pre-commit | commit-msg FILE | pre-push REMOTE [URL]: what the installed git hooks run.
// pre-commit scans the staged index (the exact blobs `git commit` will store, from GIT_INDEX_FILE when
// git sets it), never the working tree; commit-msg scans the message file; pre-push scans the files,
// file names and messages of the commits git is about to send (refs on standard input). Each blocks with
// exit code 3 on a finding. None changes a file or a ref; pre-commit changes the index only to stage pdo's
// own entries again where a stale `git commit` wrote old ones back (app/index_receipts).
#include <istream>
#include <memory>
#include <ostream>

#include "app/index_receipts.hpp"
#include "app/secret_guard.hpp"
#include "cli/commands.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"
#include "workspace/settings.hpp"

namespace pdo::cli {

using util::tr;
namespace fs = std::filesystem;

namespace {

struct HookOptions {
  std::string name;
  std::vector<std::string> args;  ///< what git passes: commit-msg FILE, pre-push REMOTE URL
};

/// The hook has no --lang: speak the workspace's language when its settings say one.
void use_workspace_lang(const Context& ctx, const fs::path& workdir) {
  if (ctx.lang_flag) return;
  const auto text = util::read_file_capped(workdir / workspace::k_settings_path, util::k_max_toml_bytes);
  if (!text) return;
  if (const auto s = workspace::parse_settings(*text, workspace::k_settings_path)) util::set_lang(s->lang);
}

git::Repo open_repo(const Context& ctx) {
  const auto top = git::Repo::discover(ctx.cwd);
  if (!top) throw Failure(Exit::usage, tr("这里不是 git 仓库。", "not inside a git repository."));
  auto repo = git::Repo::open(*top).take();
  use_workspace_lang(ctx, repo.workdir());
  return repo;
}

/// `git commit` reads the index before it locks it: a commit started just before a pdo commit wrote
/// the old index back. When this commit is about to store .git/index itself, pdo's entries go back in
/// first (git reads the index again after this hook), so the commit cannot undo a pdo change.
void mend_stale_index(Context& ctx, git::Repo& repo, const std::optional<fs::path>& index_file) {
  std::error_code ec;
  if (index_file && !fs::equivalent(*index_file, repo.index_path(), ec)) return;  // a partial or -a commit's own index
  const auto stale = repo.stale_entries(app::load_receipts(repo.gitdir()));
  if (!stale || stale->empty()) return;
  const auto lock = lock_workspace(ctx, repo);
  const auto mended = app::heal_index(repo).take();
  if (mended.empty()) return;
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

int run_pre_commit(Context& ctx) {
  auto repo = open_repo(ctx);
  std::optional<fs::path> index_file;
  if (const auto env = platform::get_env("GIT_INDEX_FILE"); env && !env->empty()) {
    const fs::path p = util::path_from_utf8(*env);
    index_file = p.is_absolute() ? p : ctx.cwd / p;
  }
  mend_stale_index(ctx, repo, index_file);
  const auto blobs = repo.staged_blobs(index_file).take();
  const auto scan = app::workspace_scan(repo.workdir());
  const auto st = check_blobs_for_secrets(blobs, *scan);
  app::print_warnings(*scan, ctx.err);
  if (!st) throw Failure(st.error());
  return 0;
}

int run_commit_msg(Context& ctx, const HookOptions& opts) {
  if (opts.args.size() != 1)
    throw Failure(Exit::usage, tr("commit-msg 需要一个参数：提交说明文件", "commit-msg needs one argument: the message file"));
  const auto repo = open_repo(ctx);
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

int run_pre_push(Context& ctx, const HookOptions& opts) {
  if (opts.args.empty() || opts.args.size() > 2)
    throw Failure(Exit::usage, tr("pre-push 需要参数：远程名 [地址]", "pre-push needs arguments: REMOTE [URL]"));
  const auto repo = open_repo(ctx);
  std::string refs;  // line by line: istreambuf_iterator trips GCC's -Wnull-dereference at -O2
  for (std::string line; std::getline(ctx.in, line);) refs += line + "\n";
  const auto scan = app::workspace_scan(repo.workdir());
  const auto st = app::check_push_for_secrets(repo, opts.args[0], refs, *scan);
  app::print_warnings(*scan, ctx.err);
  if (!st) throw Failure(st.error());
  return 0;
}

}  // namespace

void setup_hook(CLI::App* cmd, Context& ctx) {
  auto opts = std::make_shared<HookOptions>();
  cmd->add_option("name", opts->name, tr("钩子名：pre-commit、commit-msg 或 pre-push", "The hook: pre-commit, commit-msg or pre-push"))
      ->required()
      ->check(CLI::IsMember({"pre-commit", "commit-msg", "pre-push"}));
  cmd->add_option("args", opts->args, tr("git 传给钩子的参数", "The arguments git gives the hook"));
  cmd->callback([opts, &ctx] {
    if (opts->name == "commit-msg") {
      ctx.exit_code = run_commit_msg(ctx, *opts);
    } else if (opts->name == "pre-push") {
      ctx.exit_code = run_pre_push(ctx, *opts);
    } else {
      ctx.exit_code = run_pre_commit(ctx);
    }
  });
}

}  // namespace pdo::cli
