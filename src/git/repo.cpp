#include "git/repo.hpp"

#include "git/lg2.hpp"

#include <git2/sys/repository.h>

#include "util/fs.hpp"
#include "util/i18n.hpp"

namespace pdo::git {

using util::tr;

Repo::Repo(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Repo::Repo(Repo&&) noexcept = default;
Repo& Repo::operator=(Repo&&) noexcept = default;
Repo::~Repo() = default;

std::optional<fs::path> Repo::discover(const fs::path& start) {
  const auto found = find_open(start);
  if (!found || !*found) return std::nullopt;
  return (*found)->workdir();
}

Result<std::optional<Repo>> Repo::find_open(const fs::path& start) {
  ensure_libgit2();
  fs::path probe = util::absolute_path(start);
  std::error_code ec;
  while (!probe.empty() && !fs::exists(probe, ec)) {
    if (probe == probe.parent_path()) return std::optional<Repo>();
    probe = probe.parent_path();
  }
  git_repository* raw = nullptr;
  const int rc = git_repository_open_ext(&raw, lg2_path(probe).c_str(), 0, nullptr);
  // libgit2 1.5.1 reports a repository owned by another user as GIT_ENOTFOUND with the error of its
  // failed safe.directory lookup; later versions say GIT_EOWNER.
  const git_error* e = git_error_last();
  const bool owner =
      rc == GIT_EOWNER || (rc == GIT_ENOTFOUND && e && e->message && std::string(e->message).find("safe.directory") != std::string::npos);
  if (owner) {
    return Error{Exit::unwritable,
                 tr("这个 git 仓库属于另一个用户，git 出于安全拒绝使用它：",
                    "this git repository belongs to another user, and git refuses to use it for safety: ") +
                     util::path_to_utf8(probe) +
                     tr("。请用它的主人的账户运行 pdo；或者你确认它可信时，运行 git config --global --add safe.directory ",
                        ". Run pdo as the user who owns it; or, if you trust it, run git config --global --add safe.directory ") +
                     lg2_path(probe)};
  }
  if (rc != 0) return std::optional<Repo>();
  RepoPtr repo(raw);
  if (git_repository_is_bare(raw)) return std::optional<Repo>();
  return std::optional<Repo>(Repo(std::unique_ptr<Impl>(new Impl{std::move(repo)})));
}

Result<Repo> Repo::open(const fs::path& path) {
  ensure_libgit2();
  git_repository* raw = nullptr;
  const int rc = git_repository_open_ext(&raw, lg2_path(path).c_str(), 0, nullptr);
  if (rc == GIT_EOWNER) return find_open(path).error();
  if (rc != 0) return lg2_error(rc, tr("无法打开 git 仓库 ", "cannot open the git repository at ") + util::path_to_utf8(path));
  RepoPtr repo(raw);
  if (git_repository_is_bare(raw)) {
    return Error{Exit::usage,
                 tr("这是一个裸仓库（没有工作区）：", "this is a bare repository (no working tree): ") + util::path_to_utf8(path)};
  }
  return Repo(std::unique_ptr<Impl>(new Impl{std::move(repo)}));
}

Result<Repo> Repo::init(const fs::path& dir) {
  ensure_libgit2();
  git_repository* raw = nullptr;
  git_repository_init_options opts = GIT_REPOSITORY_INIT_OPTIONS_INIT;
  opts.flags = GIT_REPOSITORY_INIT_MKPATH | GIT_REPOSITORY_INIT_NO_REINIT;
  const int rc = git_repository_init_ext(&raw, lg2_path(dir).c_str(), &opts);
  if (rc != 0) return lg2_error(rc, tr("无法创建 git 仓库 ", "cannot create a git repository at ") + util::path_to_utf8(dir));
  return Repo(std::unique_ptr<Impl>(new Impl{RepoPtr(raw)}));
}

fs::path Repo::workdir() const {
  // libgit2 spells it with forward slashes; shown to a learner on Windows, it takes backslashes.
  fs::path p = util::path_from_utf8(git_repository_workdir(m_impl->repo.get())).make_preferred();
  return p.has_filename() ? p : p.parent_path();
}

fs::path Repo::gitdir() const {
  fs::path p = util::path_from_utf8(git_repository_path(m_impl->repo.get()));
  return p.has_filename() ? p : p.parent_path();
}

std::string Repo::relative(const fs::path& path) const {
  // libgit2's workdir has its symlinks resolved; resolve them in `path` too, so a workspace reached
  // through a link ("~/link-to-W/progress.md") still names "progress.md".
  // Only the folders are resolved: the last name stays as it is, so a symlink there is named, not followed.
  const auto resolved = [this](const fs::path& p) {
    fs::path abs = util::absolute_path(p);
    if (!abs.has_parent_path() || abs == abs.root_path()) return abs;
    return util::absolute_path(m_impl->resolved_folder(abs.parent_path()) / abs.filename());
  };
  const fs::path rel = resolved(path).lexically_relative(resolved(workdir()));
  const std::string s = rel.generic_u8string();
  return s == "." ? std::string() : s;
}

fs::path Repo::Impl::resolved_folder(const fs::path& folder) {
  // Each folder once per Repo: the 10k files of one exercises/ folder cost one weakly_canonical (about
  // ninety system calls), not 20k.
  std::lock_guard<std::mutex> lock(folders_mutex);
  const auto found = folders.find(folder.native());
  if (found != folders.end()) return found->second;
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(folder, ec);
  if (ec) canonical = folder;
  return folders.emplace(folder.native(), std::move(canonical)).first->second;
}

std::string Repo::head_id() const {
  git_oid oid;
  if (git_reference_name_to_id(&oid, m_impl->repo.get(), "HEAD") != 0) return {};
  return oid_str(oid);
}

bool Repo::head_unborn() const { return git_repository_head_unborn(m_impl->repo.get()) == 1; }

std::string Repo::branch() const {
  git_reference* raw = nullptr;
  if (git_repository_head(&raw, m_impl->repo.get()) != 0) {
    // Unborn: HEAD still names the branch to be.
    git_reference* sym = nullptr;
    if (git_reference_lookup(&sym, m_impl->repo.get(), "HEAD") != 0) return {};
    RefPtr head(sym);
    const char* target = git_reference_symbolic_target(sym);
    std::string t = target ? target : "";
    return t.rfind("refs/heads/", 0) == 0 ? t.substr(11) : t;
  }
  RefPtr head(raw);
  return git_reference_is_branch(raw) ? git_reference_shorthand(raw) : "";
}

Status Repo::ready_to_commit(bool unborn_ok) const {
  git_repository* r = m_impl->repo.get();
  if (git_repository_head_detached(r) == 1) {
    // The branch to switch back to, as this repository has it: its only branch, or the one at HEAD's commit.
    std::vector<std::string> branches;
    std::string at_head;
    git_branch_iterator* it = nullptr;
    git_oid head{};
    const bool have_head = git_reference_name_to_id(&head, r, "HEAD") == 0;
    if (git_branch_iterator_new(&it, r, GIT_BRANCH_LOCAL) == 0) {
      git_reference* ref = nullptr;
      git_branch_t type{};
      while (git_branch_next(&ref, &type, it) == 0) {
        RefPtr owned(ref);
        branches.emplace_back(git_reference_shorthand(ref));
        const git_oid* target = git_reference_target(ref);
        if (have_head && target && git_oid_equal(target, &head)) at_head = branches.back();
      }
      git_branch_iterator_free(it);
    }
    const std::string name = branches.size() == 1 ? branches.front() : at_head;
    const std::string how =
        name.empty() ? tr("git switch 分支名（git branch 列出它们）", "git switch BRANCH (git branch lists them)") : "git switch " + name;
    return Error{Exit::usage, tr("HEAD 处于分离状态（detached HEAD），pdo 不在这种状态下提交。请先切回分支：",
                                 "HEAD is detached; pdo does not commit there. Switch back to a branch first: ") +
                                  how};
  }
  const int state = git_repository_state(r);
  if (state != GIT_REPOSITORY_STATE_NONE) {
    const bool rebase = state == GIT_REPOSITORY_STATE_REBASE || state == GIT_REPOSITORY_STATE_REBASE_MERGE ||
                        state == GIT_REPOSITORY_STATE_REBASE_INTERACTIVE || state == GIT_REPOSITORY_STATE_APPLY_MAILBOX_OR_REBASE;
    const std::string op = rebase                                     ? "rebase"
                           : state == GIT_REPOSITORY_STATE_MERGE      ? "merge"
                           : state == GIT_REPOSITORY_STATE_CHERRYPICK ? "cherry-pick"
                           : state == GIT_REPOSITORY_STATE_REVERT     ? "revert"
                                                                      : "git";
    return Error{Exit::busy, tr("仓库里有未完成的 ", "a ") + op +
                                 tr(" 操作。请先完成（git " + op + " --continue）或放弃（git " + op + " --abort），再运行 pdo。",
                                    " is in progress in this repository. Finish it (git " + op + " --continue) or abort it (git " + op +
                                        " --abort), then run pdo again.")};
  }
  if (!unborn_ok && head_unborn()) {
    return Error{Exit::usage, tr("仓库还没有任何提交（分支尚未创建）。请先运行 pdo init。",
                                 "the repository has no commit yet (unborn branch). Run pdo init first.")};
  }
  return ok();
}

bool Repo::default_identity_known() {
  ensure_libgit2();
  git_config* raw = nullptr;
  if (git_config_open_default(&raw) != 0) return false;
  ConfigPtr cfg(raw);
  git_config* snap_raw = nullptr;
  if (git_config_snapshot(&snap_raw, raw) != 0) return false;
  ConfigPtr snap(snap_raw);
  const char* name = nullptr;
  const char* email = nullptr;
  return git_config_get_string(&name, snap_raw, "user.name") == 0 && name && *name &&
         git_config_get_string(&email, snap_raw, "user.email") == 0 && email && *email;
}

bool Repo::has_identity() const {
  git_signature* raw = nullptr;
  if (git_signature_default(&raw, m_impl->repo.get()) != 0) return false;
  SigPtr sig(raw);
  return true;
}

Status Repo::set_identity(const std::string& name, const std::string& email) const {
  git_config* raw = nullptr;
  if (int rc = git_config_open_ondisk(&raw, lg2_path(config_path()).c_str()); rc != 0)
    return lg2_error(rc, tr("无法打开仓库配置", "cannot open the repository config"));
  ConfigPtr cfg(raw);
  git_transaction* locked = nullptr;
  if (int rc = git_config_lock(&locked, raw); rc != 0) return lg2_error(rc, util::path_to_utf8(config_path()) + ".lock");
  const Handle<git_transaction, git_transaction_free> txn(locked);
  if (int rc = git_config_set_string(raw, "user.name", name.c_str()); rc != 0) return lg2_error(rc, "user.name");
  if (int rc = git_config_set_string(raw, "user.email", email.c_str()); rc != 0) return lg2_error(rc, "user.email");
  if (int rc = git_transaction_commit(locked); rc != 0) return lg2_error(rc, util::path_to_utf8(config_path()));
  return ok();
}

void Repo::freeze_config() {
  git_config* snapshot = nullptr;
  if (git_repository_config_snapshot(&snapshot, m_impl->repo.get()) != 0) return;
  git_repository_set_config(m_impl->repo.get(), snapshot);  // the repository holds its own reference
  git_config_free(snapshot);
}

namespace {

/// Where hooks run for a repository with this configuration, work tree and common git dir.
HooksDir hooks_in(git_config* cfg, const fs::path& workdir, const fs::path& common) {
  HooksDir dir{common / "hooks", false};
  git_buf buf = GIT_BUF_INIT;
  // A path-typed value: libgit2 expands "~/" as git does.
  if (cfg && git_config_get_path(&buf, cfg, "core.hooksPath") == 0 && buf.size > 0) {
    const fs::path p = util::path_from_utf8(std::string(buf.ptr, buf.size));
    dir.path = util::absolute_path(p.is_absolute() ? p : workdir / p);
    dir.shared = !util::path_is_inside(workdir, dir.path) && !util::path_is_inside(common, dir.path);
  }
  git_buf_dispose(&buf);
  return dir;
}

}  // namespace

fs::path Repo::commondir() const {
  const fs::path common = util::path_from_utf8(git_repository_commondir(m_impl->repo.get()));
  return common.has_filename() ? common : common.parent_path();
}

HooksDir Repo::hooks_dir() const {
  git_config* raw = nullptr;
  if (git_repository_config_snapshot(&raw, m_impl->repo.get()) != 0) raw = nullptr;
  ConfigPtr cfg(raw);
  return hooks_in(raw, workdir(), commondir());
}

HooksDir Repo::default_hooks_dir(const fs::path& workdir) {
  ensure_libgit2();
  git_config* raw = nullptr;
  if (git_config_open_default(&raw) != 0) raw = nullptr;
  ConfigPtr cfg(raw);
  return hooks_in(raw, workdir, workdir / ".git");
}

bool Repo::is_ignored(const std::string& path) const {
  int ignored = 0;
  if (git_ignore_path_is_ignored(&ignored, m_impl->repo.get(), path.c_str()) != 0) return false;
  return ignored == 1;
}

std::optional<std::string> Repo::head_blob(const std::string& path) const {
  git_object* obj = nullptr;
  if (git_revparse_single(&obj, m_impl->repo.get(), "HEAD^{tree}") != 0) return std::nullopt;
  TreePtr tree(reinterpret_cast<git_tree*>(obj));
  const auto id = entry_id(tree.get(), path);
  if (!id) return std::nullopt;
  return blob_text(m_impl->repo.get(), *id);
}
}  // namespace pdo::git
