// pdo hook pre-commit: what the installed git hook runs. It scans the staged index (the exact blobs
// `git commit` will store, from GIT_INDEX_FILE when git sets it), never the working tree, and blocks
// with exit code 3 on a finding. It does not change the index or any file.
#include <memory>
#include <ostream>

#include "cli/commands.hpp"
#include "app/secret_guard.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "workspace/settings.hpp"

namespace pdo::cli {

using util::tr;
namespace fs = std::filesystem;

namespace {

struct HookOptions {
  std::string name;
};

/// The hook has no --lang: speak the workspace's language when its settings say one.
void use_workspace_lang(const Context& ctx, const fs::path& workdir) {
  if (ctx.lang_flag) return;
  const auto text = util::read_file_capped(workdir / workspace::k_settings_path, util::k_max_toml_bytes);
  if (!text) return;
  if (const auto s = workspace::parse_settings(*text, workspace::k_settings_path)) util::set_lang(s->lang);
}

int run_pre_commit(Context& ctx) {
  const auto top = git::Repo::discover(ctx.cwd);
  if (!top) throw Failure(Exit::usage, tr("这里不是 git 仓库。", "not inside a git repository."));
  const auto repo = git::Repo::open(*top).take();
  use_workspace_lang(ctx, repo.workdir());
  std::optional<fs::path> index_file;
  if (const auto env = platform::get_env("GIT_INDEX_FILE"); env && !env->empty()) {
    const fs::path p = util::path_from_utf8(*env);
    index_file = p.is_absolute() ? p : ctx.cwd / p;
  }
  const auto blobs = repo.staged_blobs(index_file).take();
  if (auto st = check_blobs_for_secrets(blobs); !st) throw Failure(st.error());
  return 0;
}

}  // namespace

void setup_hook(CLI::App* cmd, Context& ctx) {
  auto opts = std::make_shared<HookOptions>();
  cmd->add_option("name", opts->name, tr("钩子名：pre-commit", "The hook: pre-commit"))->required()->check(CLI::IsMember({"pre-commit"}));
  cmd->callback([opts, &ctx] { ctx.exit_code = run_pre_commit(ctx); });
}

}  // namespace pdo::cli
