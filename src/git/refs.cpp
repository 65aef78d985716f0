// Branches move as git moves them, through libgit2's ref transaction: refs/heads/<b>.lock taken in the
// common dir, the branch's and HEAD's reflog appended, the lock renamed into place. And the paths a linked
// worktree shares with the main one (refs, config, hooks), from libgit2 rather than from gitdir().
#include "git/lg2.hpp"

#include "util/fs.hpp"
#include "util/i18n.hpp"

namespace pdo::git {

using util::tr;

namespace {

using TxnPtr = Handle<git_transaction, git_transaction_free>;

fs::path item_path(git_repository* repo, git_repository_item_t item) {
  git_buf buf = GIT_BUF_INIT;
  if (git_repository_item_path(&buf, repo, item) != 0) return {};
  fs::path p = util::path_from_utf8(std::string(buf.ptr, buf.size));
  git_buf_dispose(&buf);
  return p.has_filename() ? p : p.parent_path();
}

}  // namespace

Result<SigPtr> signature_of(git_repository* repo, const Identity& identity) {
  git_signature* raw = nullptr;
  const int rc = identity ? git_signature_now(&raw, identity->first.c_str(), identity->second.c_str()) : git_signature_default(&raw, repo);
  if (rc == 0) return SigPtr(raw);
  return Error{
      Exit::usage,
      tr("git 还不知道你的名字和邮箱（user.name / user.email）。请运行：pdo init --name \"你的名字\" --email you@example.com，或 git config "
         "user.name / user.email",
         "git does not know your name and email (user.name / user.email). Run: pdo init --name \"Your Name\" --email "
         "you@example.com, or git config user.name / user.email")};
}

struct Repo::BranchLock::Impl {
  git_repository* repo = nullptr;
  TxnPtr txn;
  std::string ref;
  std::string value;
};

Repo::BranchLock::BranchLock(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Repo::BranchLock::BranchLock(BranchLock&&) noexcept = default;
Repo::BranchLock::~BranchLock() = default;  // git_transaction_free releases a lock that was not committed
const std::string& Repo::BranchLock::value() const { return m_impl->value; }

Status Repo::BranchLock::move(const std::string& id, const Identity& identity, const std::string& message) {
  git_oid oid;
  if (git_oid_fromstr(&oid, id.c_str()) != 0) return Error{Exit::failure, "bad commit id " + id};
  auto sig = signature_of(m_impl->repo, identity);
  if (!sig) return sig.error();
  if (int rc = git_transaction_set_target(m_impl->txn.get(), m_impl->ref.c_str(), &oid, sig->get(), message.c_str()); rc != 0) {
    return lg2_error(rc, m_impl->ref);
  }
  // The reflogs are appended, the ref written into its lock and renamed into place; on failure libgit2
  // removes its lock and the branch stays where it was.
  if (int rc = git_transaction_commit(m_impl->txn.get()); rc != 0)
    return lg2_error(rc, tr("无法移动分支 ", "cannot move the branch ") + m_impl->ref);
  return ok();
}

Result<Repo::BranchLock> Repo::lock_branch(const std::string& ref) {
  git_repository* repo = m_impl->repo.get();
  git_transaction* raw = nullptr;
  if (int rc = git_transaction_new(&raw, repo); rc != 0) return lg2_error(rc, ref);
  auto lock = std::make_unique<BranchLock::Impl>();
  lock->repo = repo;
  lock->txn.reset(raw);
  lock->ref = ref;
  if (int rc = git_transaction_lock_ref(raw, ref.c_str()); rc != 0)
    return lg2_error(rc, tr("无法锁定分支 ", "cannot lock the branch ") + ref);
  lock->value = ref_target(ref);  // read under the lock: the compare-and-swap's current value
  return BranchLock(std::move(lock));
}

fs::path Repo::branch_lock_path(const std::string& ref) const {
  return item_path(m_impl->repo.get(), GIT_REPOSITORY_ITEM_COMMONDIR) / util::path_from_utf8(ref + ".lock");
}

fs::path Repo::config_path() const { return item_path(m_impl->repo.get(), GIT_REPOSITORY_ITEM_CONFIG); }

fs::path Repo::index_path() const { return item_path(m_impl->repo.get(), GIT_REPOSITORY_ITEM_INDEX); }

bool Repo::is_branch_ref(const std::string& name) {
  ensure_libgit2();  // static: no Repo may have set libgit2 up yet, and a name it refuses sets its error state
  int valid = 0;
  return name.rfind("refs/heads/", 0) == 0 && git_reference_name_is_valid(&valid, name.c_str()) == 0 && valid == 1;
}

std::string Repo::ref_target(const std::string& ref) const {
  git_oid oid;
  if (git_reference_name_to_id(&oid, m_impl->repo.get(), ref.c_str()) != 0) return {};
  return oid_str(oid);
}

}  // namespace pdo::git
