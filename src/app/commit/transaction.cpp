#include "app/commit/transaction.hpp"

#include <chrono>
#include <thread>

#include "app/commit/index_receipts.hpp"
#include "app/commit/txn_journal.hpp"
#include "util/format.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/sha256.hpp"

namespace pdo::app {

using util::OwnFile;
using util::read_if_file;
using util::tr;
using util::trf;
using util::unwritable;
using util::write_error;

namespace {

constexpr int k_moved_retries = 5;

/// Test builds end like `kill -9` at the protocol step named in PDO_TEST_PAUSE, after announcing it in
/// the file PDO_TEST_PAUSE_FILE (so the test knows the step was reached); with PDO_TEST_PAUSE_WAIT they
/// wait there instead until the test removes that file (at most 30 s), then go on. Release builds compile
/// this away.
void pause_point([[maybe_unused]] const char* point) {
#if defined(PDO_TEST_HOOKS)
  const auto wanted = platform::get_env("PDO_TEST_PAUSE");
  if (!wanted || *wanted != point) return;
  const auto file = platform::get_env("PDO_TEST_PAUSE_FILE");
  if (file) (void)util::write_file_atomic(util::path_from_utf8(*file), point, util::Replace::allowed);
  if (file && platform::get_env("PDO_TEST_PAUSE_WAIT")) {
    std::error_code ec;
    for (int i = 0; i < 3000 && fs::exists(util::path_from_utf8(*file), ec); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return;
  }
  platform::kill_self();
#endif
}

/// A planned working-tree write.
struct Write {
  util::RelPath path;
  fs::path file;
  std::optional<std::string> old;
  const std::string* given = nullptr;  ///< a put's bytes, the transaction's own (never copied: a file can be MBs)
  std::string edited;                  ///< an edit's bytes, made here
  bool remove = false;
  const std::string& bytes() const { return given ? *given : edited; }
};

Result<std::vector<Write>> plan_writes(const git::Repo& repo, const Transaction& txn) {
  std::vector<Write> writes;
  util::RelPath::CheckedFolders checked;
  for (const auto& c : txn.changes) {
    const bool whole = c.kind == Change::Kind::whole;
    auto at = c.path.in(repo.workdir(), whole ? util::RelPath::LastLink::allow : util::RelPath::LastLink::refuse, &checked);
    if (!at) return at.error();
    if (whole) continue;
    const fs::path& file = *at;
    std::error_code ec;
    const bool exists = fs::exists(fs::symlink_status(file, ec));
    if (exists && !fs::is_regular_file(fs::symlink_status(file, ec))) {
      return Error{Exit::usage, c.path.str() + tr(" 不是普通文件，pdo 不会替换它。", " is not a regular file; pdo will not replace it.")};
    }
    const auto old = read_if_file(file);
    const bool remove = c.kind == Change::Kind::remove;
    if (remove && !exists) continue;  // already gone: only its removal is committed
    const bool as_planned = c.before == Change::Before::any || (c.before == Change::Before::absent && !exists) ||
                            (c.before == Change::Before::bytes && old && *old == c.before_bytes);
    if (c.kind != Change::Kind::edit && !as_planned) {
      return Error{Exit::busy,
                   c.path.str() + tr(" 在 pdo 定下方案之后被改动了；为了不丢掉这些改动，pdo 什么都没有改。请重新运行，看新的方案。",
                                     " changed after pdo planned this command; so as not to lose that change, pdo changed "
                                     "nothing. Run the command again to see the new plan.")};
    }
    if (remove || c.kind == Change::Kind::put) {
      if (remove || !(old && *old == c.content)) writes.push_back({c.path, file, old, &c.content, {}, remove});
      continue;
    }
    // An edit: the learner's working copy gets pdo's change too (a copy it cannot be applied to is
    // refused, never repaired), and a missing file comes back as committed.
    const auto base = old ? old : repo.head_blob(c.path);
    auto edited = c.edit(base.value_or(std::string()));
    if (!edited) return edited.error();
    // What pdo writes, it reads back: an edit (progress.md, questions.md, notes, README) stays under the cap
    // every reader of them uses.
    if (edited->size() > util::k_max_text_bytes) {
      return Error{Exit::usage,
                   trf("{} 会有 {} 字节，超过 pdo 能读回的上限 {} 字节；pdo 什么都没有改。请把其中一部分移到别的文件，再运行一次。",
                       "{} would be {} bytes, more than the {} bytes pdo reads back; pdo changed nothing. Move part of it "
                       "to another file and run the command again.",
                       c.path.str(), edited->size(), util::k_max_text_bytes)};
    }
    if (!(old && *old == *edited)) writes.push_back({c.path, file, old, nullptr, std::move(*edited)});
  }
  return writes;
}

git::CommitSpec spec_of(const Transaction& txn) {
  git::CommitSpec spec;
  spec.message = txn.message;
  if (!spec.message.empty() && spec.message.back() != '\n') spec.message += '\n';
  spec.check = txn.check;
  spec.identity = txn.identity;
  for (const auto& c : txn.changes) {
    const bool edit = c.kind == Change::Kind::edit;
    spec.changes.push_back({edit ? git::CommitChange::Kind::edit : git::CommitChange::Kind::whole, c.path, edit ? c.edit : nullptr});
  }
  return spec;
}

/// The commit record of a transaction: what recovery needs to tell whether the branch got there, and the
/// paths it stages again when it undoes a published index.
CommitRecord record_of(const Transaction& txn, const git::PreparedCommit& prepared) {
  CommitRecord r{prepared.ref, prepared.old_id, prepared.commit_id, {}};
  r.paths.reserve(txn.changes.size());
  for (const auto& c : txn.changes) r.paths.push_back(c.path);
  std::sort(r.paths.begin(), r.paths.end());
  return r;
}

/// One attempt; `moved` is set when another program moved the branch meanwhile (worth a retry).
class Attempt {
public:
  Attempt(git::Repo& repo, const Transaction& txn)
      : m_repo(repo), m_txn(txn), m_dir(OwnFile::at(repo.gitdir(), OwnFile::Name::txn_folder).path()), m_log(repo.gitdir()) {}

  Result<std::optional<std::string>> run(bool& moved) {
    auto result = steps(moved);
    if (!result && m_started && !m_committed) abort();
    return result;
  }

private:
  /// Records a file's identity as one index.lock may have, before the lock can have it.
  Status record_identity(const OwnFile& file) {
    const auto id = platform::file_identity(file.path());
    if (!id) return unwritable(platform::last_io_failure(), file.name());
    if (!m_journal.lock) m_journal.lock.emplace();
    m_journal.lock->identities.push_back(*id);
    if (auto st = m_log.lock_identity(*id); !st) return write_error(st.error(), m_dir);
    return ok();
  }

  /// Takes a git lock as git does (it must not exist), as a hard link of a seed whose identity the
  /// journal already holds, so a kill at any moment leaves a lock pdo can prove its own (creating a file
  /// can take milliseconds; linking one is the instant the lock appears). The seed stays for the next
  /// transaction: the lock gets its content by a rename onto it, which leaves the seed's inode to the seed
  /// alone, so taking the lock next time creates no file.
  Status take_lock() {
    const fs::path lock = lock_path(m_repo);
    const OwnFile seed_file = witness(m_repo.gitdir(), false);
    const fs::path& seed = seed_file.path();
    const auto seen = platform::stat_data(seed);
    if (!seen || !seen->regular || seen->size != 0 || seen->links != 1) {
      if (auto st = seed_file.remove(); !st) return st;
      if (const auto why = platform::create_exclusive(seed); why != platform::IoFailure::none) return unwritable(why, seed_file.name());
    }
    if (auto st = record_identity(seed_file); !st) return st;
    auto why = platform::hard_link(seed, lock);
    // No hard links here (FAT, some network shares): the lock is created directly; one a kill leaves is
    // then one pdo cannot prove, and the next run names it instead of deleting it, as git would.
    if (why == platform::IoFailure::other) why = platform::create_exclusive(lock);
    if (why == platform::IoFailure::none) {
      m_journal.lock->held = true;
      return ok();
    }
    m_journal.lock.reset();
    return why == platform::IoFailure::exists ? util::lock_held(util::path_to_utf8(lock)) : unwritable(why, lock);
  }

  /// Gives a lock its content: `file` (the lock's witness once filled), recorded, then a second name of
  /// it renamed onto the lock.
  Status fill_lock(const OwnFile& file) {
    if (auto st = record_identity(file); !st) return st;
    const fs::path lock = lock_path(m_repo);
    const OwnFile fill = OwnFile::in_txn(m_repo.gitdir(), OwnFile::TxnName::fill);
    if (auto st = fill.remove(); !st) return st;
    const fs::path& link = fill.path();
    const fs::path& from = platform::hard_link(file.path(), link) == platform::IoFailure::none ? link : file.path();
    if (!platform::rename_replace(from, lock)) return unwritable(platform::last_io_failure(), lock);
    return ok();
  }

  /// Writes the working-tree files; each old file stays reachable as a hard link in the journal folder
  /// (no copy) until the transaction ends, so undoing it is a rename.
  Status write_files(const std::vector<Write>& writes) {
    if (writes.empty()) return ok();
    for (std::size_t i = 0; i < writes.size(); ++i) {
      const FileRecord record{writes[i].path, writes[i].old.has_value(),
                              writes[i].remove ? std::string() : util::sha256_hex(writes[i].bytes()), writes[i].remove};
      m_journal.files.push_back(record);
      if (auto st = m_log.file(i, record); !st) return write_error(st.error(), m_dir);
      if (!writes[i].old) continue;
      const OwnFile backup = OwnFile::backup(m_repo.gitdir(), i);
      if (auto st = backup.remove(); !st) return st;
      if (platform::hard_link(writes[i].file, backup.path()) != platform::IoFailure::none) {
        if (auto st = backup.write(*writes[i].old); !st) return write_error(st.error(), m_dir);
      }
    }
    m_journal.stage = Stage::writing;
    if (auto st = m_log.stage(Stage::writing); !st) return write_error(st.error(), m_dir);
    for (const auto& w : writes) {
      if (w.remove) {
        // The old inode stays in the journal folder (the hard link above) until the transaction ends.
        std::error_code ec;
        if (!fs::remove(w.file, ec) && ec) return unwritable(platform::last_io_failure(), w.file);
        continue;
      }
      if (auto st = util::make_dirs(w.file.parent_path()); !st) return write_error(st.error(), w.file);
      const auto replace = w.old ? util::Replace::allowed : util::Replace::never;
      if (auto st = util::write_file_atomic(w.file, w.bytes(), replace); !st) return write_error(st.error(), w.file);
    }
    return ok();
  }

  /// The commit's objects and the new index in `scratch` (for a move: the index only).
  Result<git::PreparedCommit> prepare(const fs::path& scratch) {
    if (m_txn.move) {
      std::vector<std::string> paths;
      for (const auto& c : m_txn.changes) paths.push_back(c.path);
      return m_repo.prepare_move(m_txn.move->target, m_txn.move->from, paths, scratch, m_txn.move->reflog);
    }
    auto spec = spec_of(m_txn);
    auto receipts = read_receipts(m_repo.gitdir());
    m_receipts_appendable = receipts.appendable;
    spec.heal = std::move(receipts.swaps);  // an entry a stale `git commit` wrote back is mended first
    auto prepared = m_repo.prepare_commit(spec, scratch);
    if (prepared && prepared->commit_id.empty() && !prepared->healed.empty() && m_txn.heal == Transaction::Heal::with_commit) {
      spec.heal.clear();  // no commit: leave the stale entries to the hook or the next pdo commit
      prepared = m_repo.prepare_commit(spec, scratch);
    }
    return prepared;
  }

  Result<std::optional<std::string>> steps(bool& moved) {
    // pdo's own folder and files, never a way out: a link (or anything else pdo does not keep there) is
    // refused before anything is touched.
    if (auto st = OwnFile::check_all(m_repo.gitdir()); !st) return st.error();
    if (auto st = OwnFile::at(m_repo.gitdir(), OwnFile::Name::txn_folder).make_folder(); !st) return st.error();
    const OwnFile held = OwnFile::in_txn(m_repo.gitdir(), OwnFile::TxnName::journal);  // the folder held from here on
    m_journal.pid = platform::current_pid();
    m_journal.start = platform::process_start_time(m_journal.pid).value_or(0);
    if (auto st = m_log.begin(m_journal.pid, m_journal.start); !st) return write_error(st.error(), m_dir);
    m_started = true;
    if (auto st = take_lock(); !st) return st.error();
    pause_point("lock-taken");

    auto writes = plan_writes(m_repo, m_txn);
    if (!writes) return writes.error();
    if (auto st = write_files(*writes); !st) return st.error();
    pause_point("worktree-written");

    const OwnFile scratch_file = witness(m_repo.gitdir(), true);  // held while libgit2 writes through its path
    const fs::path& scratch = scratch_file.path();
    auto prepared = prepare(scratch);
    if (!prepared) return write_error(prepared.error(), m_repo.gitdir());
    pause_point("objects-written");
    m_journal.stage = Stage::committing;
    m_journal.commit = record_of(m_txn, *prepared);
    if (auto st = m_log.commit(*m_journal.commit); !st) return write_error(st.error(), m_dir);
    if (auto st = fill_lock(scratch_file); !st) return st.error();
    pause_point("index-written");

    if (prepared->commit_id.empty()) {  // nothing to commit: only the index moves (failing, nothing does)
      const fs::path lock = lock_path(m_repo);
      if (!platform::rename_replace(lock, fs::path(lock).replace_extension())) return unwritable(platform::last_io_failure(), lock);
      m_committed = true;
      m_log.clear();
      return std::optional<std::string>();
    }
    auto branch = lock_branch(*prepared, moved);
    if (!branch) return branch.error();
    pause_point("ref-locked");
    // From here on a failure is not undone here: the index may be in place; the next pdo undoes it unless
    // the branch got to the commit.
    m_journal.stage = Stage::publishing;
    if (auto st = m_log.stage(Stage::publishing); !st) return write_error(st.error(), m_dir);
    m_committed = true;
    save_receipts(m_repo.gitdir(), prepared->swaps, m_receipts_appendable);
    // The index goes into place before the branch, while the branch is locked: a `git commit` that reads
    // HEAD before the branch moves cannot move it (the lock, then the compare-and-swap, stop it), and one
    // that reads HEAD after the branch moved reads pdo's index too (git reads HEAD first). So no git commit
    // ever builds on pdo's commit from the index pdo replaced.
    if (auto st = publish(); !st) return st.error();
    pause_point("index-renamed");
    if (auto st = branch->move(prepared->commit_id, prepared->identity, prepared->reflog); !st) return write_error(st.error(), m_dir);
    pause_point("ref-moved");
    m_log.clear();
    return std::optional<std::string>(prepared->commit_id);
  }

  /// The first half of git's ref update, through libgit2's ref transaction: the branch locked, and
  /// compared with the value the commit was built on (`moved` when another program moved it meanwhile);
  /// nothing visible moves. A kill leaves that lock as a killed git leaves its own: the next pdo, like
  /// git, names it and never removes it.
  Result<git::Repo::BranchLock> lock_branch(const git::PreparedCommit& prepared, bool& moved) {
    auto lock = m_repo.lock_branch(prepared.ref);
    if (!lock && lock.error().code == Exit::busy) return util::lock_held(util::path_to_utf8(m_repo.branch_lock_path(prepared.ref)));
    if (!lock) return lock.error();
    if (lock->value() != prepared.old_id) {
      moved = true;
      return Error{Exit::busy, tr("分支在 pdo 提交期间被别的程序移动了", "another program moved the branch while pdo was committing")};
    }
    return lock;
  }

  /// Renames index.lock into place. A rename that fails once the commit is being published leaves the lock
  /// and the journal for the next pdo, which undoes the commit (git waits on the lock until then).
  Status publish() {
    const fs::path lock = lock_path(m_repo);
    if (platform::rename_replace(lock, fs::path(lock).replace_extension())) return ok();
    return Error{Exit::failure,
                 trf("pdo 无法把 {} 改名为正式文件，提交没有完成。下一个会提交的 pdo 命令（例如在这里再运行一次 pdo init）会撤回它；"
                     "在那之前 git 会等这个锁。",
                     "pdo could not rename {} into place, so the commit did not happen. The next pdo command that "
                     "commits (for example pdo init here again) undoes it; until then git waits on that lock.",
                     util::path_to_utf8(lock))};
  }

  /// Undoes an attempt that failed before publishing. The branch's lock is libgit2's to release (it
  /// already did, or does when the attempt ends).
  void abort() {
    roll_back(m_repo, m_journal);
    remove_temp_files(m_repo.workdir(), m_journal);
    m_log.clear();
  }

  git::Repo& m_repo;
  const Transaction& m_txn;
  fs::path m_dir;
  JournalLog m_log;
  Journal m_journal;
  bool m_started = false;
  bool m_committed = false;
  bool m_receipts_appendable = false;  ///< read_receipts' answer, taken under the workspace lock
};

}  // namespace

namespace {

/// After a removal the folders it left empty go too, as git removes them (best effort: an empty folder
/// left behind changes nothing git sees).
void remove_empty_folders(const git::Repo& repo, const Transaction& txn) {
  const fs::path workdir = repo.workdir();
  for (const auto& c : txn.changes) {
    const auto file = c.kind == Change::Kind::remove ? c.path.in(workdir) : Result<fs::path>(Error{});
    if (!file) continue;
    std::error_code ec;
    for (fs::path dir = file->parent_path(); dir != workdir && fs::is_directory(fs::symlink_status(dir, ec)) && fs::is_empty(dir, ec);
         dir = dir.parent_path()) {
      if (!fs::remove(dir, ec)) break;
    }
  }
}

/// A journal recovery will not act on (exit 5): it touched nothing.
Error untrusted(const fs::path& journal, const std::string& why) {
  return Error{Exit::busy,
               trf("pdo 不信任被中断的提交留下的记录 {0}（{1}）：pdo 自己不会写出这样的记录，它可能来自别的电脑，或者被改过。pdo "
                   "什么都没有改动。请用 git status 看一看工作区；确定没有 pdo 在运行后，删除这个文件（rm \"{0}\"，Windows：del），"
                   "再运行命令。",
                   "pdo does not trust the record an interrupted commit left, {0} ({1}): pdo could not have written it so (it "
                   "may come from another computer, or have been edited). pdo changed nothing. Look at the workspace with git "
                   "status; once you are sure no pdo is running, delete that file (rm \"{0}\", Windows: del) and run the "
                   "command again.",
                   util::path_to_utf8(journal), why)};
}

/// Nothing is touched unless the whole journal is one pdo could have written here: every file it names
/// is reached without a link, and index.lock, if it is there, is provably the one pdo made (a file the
/// journal recorded, still held by that lock's second name in the journal folder: the same device and
/// inode); then it is marked held. Held stays true until pdo removes it (git takes a lock only where none
/// is), and nothing later looks at the lock file again: a lock that was not there now may be git's.
Status check_journal(const git::Repo& repo, const fs::path& journal, Journal& j) {
  for (const auto& f : j.files) {
    if (auto at = f.path.in(repo.workdir()); !at) return untrusted(journal, at.error().message);
  }
  const auto now = platform::file_identity(lock_path(repo));
  if (!j.lock || !now) return ok();
  const auto same = [&](const std::optional<platform::FileIdentity>& id) { return id && id->same_file(*now); };
  if (std::none_of(j.lock->identities.begin(), j.lock->identities.end(), same) ||
      (!same(platform::file_identity(witness(repo.gitdir(), false).path())) &&
       !same(platform::file_identity(witness(repo.gitdir(), true).path())))) {
    return util::lock_held(util::path_to_utf8(lock_path(repo)));
  }
  j.lock->held = true;
  return ok();
}

}  // namespace

Result<std::optional<std::string>> run(git::Repo& repo, const Transaction& txn) {
  for (int attempt = 0;; ++attempt) {
    bool moved = false;
    Attempt a(repo, txn);
    auto result = a.run(moved);
    if (result) remove_empty_folders(repo, txn);
    // A move was computed from the branch as it was: once it moved, trying again cannot help.
    if (result || !moved || txn.move || attempt >= k_moved_retries) return result;
  }
}

Result<bool> recover(git::Repo& repo, std::ostream& err) {
  const fs::path& gitdir = repo.gitdir();
  // Nothing is read or touched through pdo's own names unless each is what pdo keeps there.
  if (auto st = OwnFile::check_all(gitdir); !st) return st.error();
  (void)OwnFile::at(gitdir, OwnFile::Name::legacy_inflight).remove();  // pdo 0.1's marker, which judged locks by age
  // The transaction's folder is held from here on; the name is for messages.
  const OwnFile journal_file = OwnFile::in_txn(gitdir, OwnFile::TxnName::journal);
  const fs::path& journal = journal_file.name();
  std::error_code ec;
  bool changed = false;
  std::size_t files = 0;  // the journal's file records: their backups are what clear_txn_dir removes
  Transaction restage;    // for an undone commit whose index was published: its paths as HEAD has them
  if (journal_has_records(gitdir)) {
    auto loaded = load_journal(gitdir);
    if (!loaded) return untrusted(journal, loaded.error().message);
    if (*loaded) {
      Journal& j = **loaded;
      if (j.pid != platform::current_pid() && j.start != 0 && platform::process_start_time(j.pid) == j.start) {
        return Error{Exit::busy, trf("另一个 pdo 进程（pid {}）正在提交。请等它结束后重试。",
                                     "another pdo process (pid {}) is committing. Wait for it to finish and try again.", j.pid)};
      }
      files = j.files.size();
      if (auto st = check_journal(repo, journal, j); !st) return st.error();
      pause_point("recovery-checked");
      // The branch got to the recorded commit (it is there, or in the history git committed on top of it
      // since, and not in the history it was built on): the commit is done. Otherwise it is undone, but
      // not while a published index's branch is still locked (libgit2's lock, which a kill left, or
      // git's): until the learner removes that lock, as the message says, git cannot commit, and undoing
      // the index under a running git could have a `git commit` write pdo's entries back. Recovery never
      // moves a branch or touches its lock.
      const bool built = j.commit && !j.commit->commit.empty();
      const bool moved = built && repo.is_ancestor(j.commit->commit, repo.ref_target(j.commit->ref)) &&
                         (j.commit->old_id.empty() || !repo.is_ancestor(j.commit->commit, j.commit->old_id));
      const fs::path branch_lock = j.stage == Stage::publishing ? repo.branch_lock_path(j.commit->ref) : fs::path();
      if (!moved && !branch_lock.empty() && fs::exists(fs::symlink_status(branch_lock, ec)))
        return util::lock_held(util::path_to_utf8(branch_lock));
      if (!moved) {
        roll_back(repo, j);
        // Its index was published already (pdo was killed, or libgit2 failed, before the branch moved): the
        // paths are staged as HEAD has them again, as the working files are, so no `git commit` takes the
        // undone change under its own message. (A publishing journal always holds its commit record:
        // load_journal refuses one that does not.)
        const std::string head = j.stage == Stage::publishing && !(j.lock && j.lock->held) ? repo.ref_target(j.commit->ref) : "";
        if (!head.empty()) {
          for (const auto& p : j.commit->paths) restage.changes.push_back(Change::whole_file(p));
          restage.move = Transaction::Move{head, head, ""};
        }
      }
      remove_temp_files(repo.workdir(), j);
      if (j.stage > Stage::locking || j.lock) {
        err << (moved ? trf("pdo: 完成了一个被中断的 pdo 提交（pid {}）\n", "pdo: finished a pdo commit that was interrupted (pid {})\n",
                            j.pid)
                      : trf("pdo: 撤回了一个被中断、尚未完成的 pdo 提交（pid {}）\n",
                            "pdo: rolled back a pdo commit that was interrupted before it finished (pid {})\n", j.pid));
      }
    }
    // The restaging is left to the next pdo if it cannot run now (git holds index.lock, or the index cannot
    // be written): the journal goes back without its file records, and the next pdo undoes it again.
    const std::string retry = restage.move ? journal_without_files(gitdir) : std::string();
    clear_txn_dir(gitdir, files);
    changed = true;
    if (restage.move) {
      if (auto done = run(repo, restage); !done) {
        (void)OwnFile::in_txn(gitdir, OwnFile::TxnName::journal).write(retry);
        return done.error();
      }
    }
  }
  // A missing index with a HEAD means "nothing staged": rebuild it now, before any command reads it.
  if (!repo.head_unborn() && !fs::exists(repo.index_path(), ec)) {
    auto repaired = run(repo, Transaction{});
    if (!repaired) return repaired.error();
    err << tr("pdo: .git/index 不见了，已按 HEAD 重建（暂存区为空）。\n",
              "pdo: .git/index was missing; rebuilt it from HEAD (nothing staged).\n");
    changed = true;
  }
  return changed;
}

}  // namespace pdo::app
