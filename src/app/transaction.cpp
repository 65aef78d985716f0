#include "app/transaction.hpp"

#include <chrono>
#include <thread>

#include "app/index_receipts.hpp"
#include "app/txn_journal.hpp"
#include "util/format.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/sha256.hpp"

namespace pdo::app {

using util::tr;
using util::trf;

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

Error unwritable(platform::IoFailure why, const fs::path& where) {
  const std::string place = util::path_to_utf8(where);
  switch (why) {
    case platform::IoFailure::no_space:
      return Error{Exit::unwritable,
                   trf("工作区无法写入：磁盘已满（{}）。请腾出空间后重试；什么都没有改动。",
                       "the workspace cannot be written: the disk is full ({}). Free some space and try again; nothing was "
                       "changed.",
                       place)};
    case platform::IoFailure::read_only:
    case platform::IoFailure::denied:
      return Error{Exit::unwritable,
                   trf("工作区无法写入：{} 是只读的，或属于另一个用户。请用有写权限的账户运行，或修改权限；什么都没有改动。",
                       "the workspace cannot be written: {} is read-only or belongs to another user. Run pdo as a user who "
                       "may write there, or change the permissions; nothing was changed.",
                       place)};
    default:
      return Error{Exit::failure, trf("无法写入 {}；什么都没有改动。", "cannot write {}; nothing was changed.", place)};
  }
}

/// A write failed: say why in the learner's terms (disk full and read-only are exit 6).
Error write_error(const Error& e, const fs::path& where) {
  if (e.code == Exit::unwritable) return e;
  const auto why = platform::last_io_failure();
  if (why == platform::IoFailure::no_space || why == platform::IoFailure::read_only || why == platform::IoFailure::denied) {
    return unwritable(why, where);
  }
  return e;
}

/// Refuses a path with a symlink on the way (pdo never follows a link out of the workspace) or, unless
/// `link_ok`, a symlink as the file itself (pdo never replaces a link).
Status check_path(const fs::path& workdir, const std::string& rel, bool link_ok) {
  fs::path p = workdir;
  const fs::path relp = util::path_from_utf8(rel);
  for (const auto& part : relp) {
    if (relp.is_absolute() || part == ".." || part == "." || rel.empty()) {
      return Error{Exit::usage, trf("{} 不在工作区里，pdo 只提交工作区里的文件。",
                                    "{} is outside the workspace; pdo commits only files inside it.", rel)};
    }
  }
  std::size_t left = static_cast<std::size_t>(std::distance(relp.begin(), relp.end()));
  for (const auto& part : relp) {
    p /= part;
    --left;
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(p, ec))) continue;
    if (left == 0 && link_ok) continue;
    const std::string shown = util::path_to_utf8(p.lexically_relative(workdir));
    if (left == 0) {
      return Error{Exit::usage, trf("{} 是一个符号链接。pdo 不会替换链接，也不会写到链接指向的地方；请把它换成普通文件（复制内容）后重试。",
                                    "{} is a symbolic link. pdo never replaces a link or writes where it points; make it a regular file "
                                    "(copy its content) and try again.",
                                    shown)};
    }
    return Error{Exit::usage, trf("{} 是一个符号链接，pdo 不会顺着它走出工作区。请把它换成普通文件夹后重试。",
                                  "{} is a symbolic link, and pdo never follows a link out of the workspace. Make it a regular folder "
                                  "and try again.",
                                  shown)};
  }
  return ok();
}

std::optional<std::string> read_if_file(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(file, ec))) return std::nullopt;
  auto text = util::read_file(file);
  if (!text) return std::nullopt;
  return std::move(text).value();
}

/// A planned working-tree write.
struct Write {
  std::string path;
  std::optional<std::string> old;
  std::string bytes;
  bool remove = false;
};

Result<std::vector<Write>> plan_writes(const git::Repo& repo, const Transaction& txn) {
  std::vector<Write> writes;
  const fs::path workdir = repo.workdir();
  for (const auto& c : txn.changes) {
    if (auto st = check_path(workdir, c.path, c.kind == Change::Kind::whole); !st) return st.error();
    if (c.kind == Change::Kind::whole) continue;
    const fs::path file = workdir / util::path_from_utf8(c.path);
    std::error_code ec;
    const bool exists = fs::exists(fs::symlink_status(file, ec));
    if (exists && !fs::is_regular_file(fs::symlink_status(file, ec))) {
      return Error{Exit::usage, c.path + tr(" 不是普通文件，pdo 不会替换它。", " is not a regular file; pdo will not replace it.")};
    }
    const auto old = read_if_file(file);
    if (c.kind == Change::Kind::remove) {
      if (!exists) continue;  // already gone: only its removal is committed
      if (c.before == Change::Before::bytes && (!old || *old != c.before_bytes)) {
        return Error{Exit::busy, c.path + tr(" 在 pdo 检查之后被改动了；为了不删掉这些改动，pdo 什么都没有做。请重新运行命令。",
                                             " changed after pdo checked it; so as not to delete that change, pdo did nothing. Run the "
                                             "command again.")};
      }
      writes.push_back({c.path, old, {}, true});
      continue;
    }
    if (c.kind == Change::Kind::put) {
      const bool as_planned = c.before == Change::Before::any || (c.before == Change::Before::absent && !exists) ||
                              (c.before == Change::Before::bytes && old && *old == c.before_bytes);
      if (!as_planned) {
        return Error{Exit::busy, c.path + tr(" 在你确认之后被改动了；为了不覆盖这些改动，pdo 什么都没有写。请重新运行，看新的方案。",
                                             " changed after you agreed; so as not to overwrite that change, pdo wrote nothing. Run the "
                                             "command again to see the new plan.")};
      }
      if (old != std::optional<std::string>(c.content)) writes.push_back({c.path, old, c.content});
      continue;
    }
    // An edit: the learner's working copy gets pdo's change too (a copy it cannot be applied to is
    // refused, never repaired), and a missing file comes back as committed.
    const auto base = old ? old : repo.head_blob(c.path);
    auto edited = c.edit(base.value_or(std::string()));
    if (!edited) return edited.error();
    if (old != std::optional<std::string>(*edited)) writes.push_back({c.path, old, *edited});
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
    git::CommitChange gc;
    gc.path = c.path;
    if (c.kind == Change::Kind::edit) {
      gc.kind = git::CommitChange::Kind::edit;
      gc.edit = c.edit;
    }
    spec.changes.push_back(std::move(gc));
  }
  return spec;
}

/// One attempt; `moved` is set when another program moved the branch meanwhile (worth a retry).
class Attempt {
public:
  Attempt(git::Repo& repo, const Transaction& txn) : m_repo(repo), m_txn(txn), m_dir(txn_dir(repo.gitdir())), m_log(m_dir) {}

  Result<std::optional<std::string>> run(bool& moved) {
    auto result = steps(moved);
    if (!result && m_started && !m_committed) abort();
    return result;
  }

private:
  /// Records a file's identity as one the lock `i` may have, before the lock can have it.
  Status record_identity(std::size_t i, const fs::path& file) {
    const auto id = platform::file_identity(file);
    if (!id) return unwritable(platform::last_io_failure(), file);
    m_journal.locks[i].identities.push_back(*id);
    if (auto st = m_log.lock_identity(m_journal.locks[i].name, *id); !st) return write_error(st.error(), m_dir);
    return ok();
  }

  /// Takes a git lock as git does (it must not exist), as a hard link of a file whose identity the
  /// journal already holds, so a kill at any moment leaves a lock pdo can prove its own (creating a file
  /// can take milliseconds; linking one is the instant the lock appears). `content` goes into that file
  /// first: the branch's lock appears already holding the new value, with no second file to create.
  Status take_lock(const std::string& name, std::string_view content = {}) {
    const fs::path lock = m_repo.gitdir() / util::path_from_utf8(name);
    const fs::path seed = m_dir / ("seed-" + std::to_string(m_journal.locks.size()));
    // An empty lock's seed stays for the next transaction: the lock gets its content by a rename onto it,
    // which leaves the seed's inode to the seed alone, so taking the lock next time creates no file. A
    // seed holding anything else (another link, bytes: a seed that became the branch's ref) is made anew.
    const bool keep_seed = content.empty();
    const auto seen = keep_seed ? platform::stat_data(seed) : std::nullopt;
    const bool reuse = seen && seen->regular && seen->size == 0 && seen->links == 1;
    std::error_code ec;
    if (!reuse) {
      fs::remove(seed, ec);
      if (const auto why = platform::create_exclusive(seed); why != platform::IoFailure::none) return unwritable(why, seed);
    }
    if (!content.empty()) {
      if (const auto why = platform::overwrite_existing(seed, content); why != platform::IoFailure::none) {
        fs::remove(seed, ec);
        return unwritable(why, seed);
      }
    }
    m_journal.locks.push_back({name, {}});
    if (auto st = record_identity(m_journal.locks.size() - 1, seed); !st) return st;
    auto why = platform::hard_link(seed, lock);
    if (why == platform::IoFailure::other) {
      // No hard links here (FAT, some network shares): create it directly; a kill in the next
      // microseconds would leave a lock pdo cannot prove, which the next run names instead of deleting.
      why = platform::create_exclusive(lock);
      if (why == platform::IoFailure::none && !content.empty()) why = platform::overwrite_existing(lock, content);
      if (why == platform::IoFailure::none) {
        if (auto st = record_identity(m_journal.locks.size() - 1, lock); !st) return st;
      }
    }
    if (!keep_seed) fs::remove(seed, ec);  // dropping the seed's name changes no recorded field (device, inode, size, mtime)
    if (why == platform::IoFailure::exists) {
      m_journal.locks.pop_back();
      return foreign_lock(util::path_to_utf8(lock));
    }
    if (why != platform::IoFailure::none) {
      m_journal.locks.pop_back();
      return unwritable(why, lock);
    }
    return ok();
  }

  /// Gives lock `i` its content: a complete file, recorded, then renamed onto the lock.
  Status fill_lock(std::size_t i, const fs::path& file) {
    if (auto st = record_identity(i, file); !st) return st;
    const fs::path lock = m_repo.gitdir() / m_journal.locks[i].name;
    if (!platform::rename_replace(file, lock)) return unwritable(platform::last_io_failure(), lock);
    return ok();
  }

  /// Writes the working-tree files; each old file stays reachable as a hard link in the journal folder
  /// (no copy) until the transaction ends, so undoing it is a rename.
  Status write_files(const std::vector<Write>& writes) {
    if (writes.empty()) return ok();
    for (std::size_t i = 0; i < writes.size(); ++i) {
      const FileRecord record{writes[i].path, writes[i].old.has_value(),
                              writes[i].remove ? std::string() : util::sha256_hex(writes[i].bytes), writes[i].remove};
      m_journal.files.push_back(record);
      if (auto st = m_log.file(i, record); !st) return write_error(st.error(), m_dir);
      if (!writes[i].old) continue;
      const fs::path file = m_repo.workdir() / util::path_from_utf8(writes[i].path);
      const fs::path backup = backup_path(m_dir, i);
      std::error_code ec;
      fs::remove(backup, ec);
      if (platform::hard_link(file, backup) != platform::IoFailure::none) {
        if (auto st = util::write_file_atomic(backup, *writes[i].old, util::Replace::allowed); !st) return write_error(st.error(), m_dir);
      }
    }
    m_journal.stage = Stage::writing;
    if (auto st = m_log.stage(Stage::writing); !st) return write_error(st.error(), m_dir);
    for (const auto& w : writes) {
      const fs::path file = m_repo.workdir() / util::path_from_utf8(w.path);
      if (w.remove) {
        // The old inode stays in the journal folder (the hard link above) until the transaction ends.
        std::error_code ec;
        if (!fs::remove(file, ec) && ec) return unwritable(platform::last_io_failure(), file);
        continue;
      }
      if (auto st = util::make_dirs(file.parent_path()); !st) return write_error(st.error(), file);
      const auto replace = w.old ? util::Replace::allowed : util::Replace::never;
      if (auto st = util::write_file_atomic(file, w.bytes, replace); !st) return write_error(st.error(), file);
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
    std::error_code ec;
    fs::create_directories(m_dir, ec);
    if (ec) return unwritable(platform::last_io_failure(), m_dir);
    m_journal.pid = platform::current_pid();
    m_journal.start = platform::process_start_time(m_journal.pid).value_or(0);
    if (auto st = m_log.begin(m_journal.pid, m_journal.start); !st) return write_error(st.error(), m_dir);
    m_started = true;
    if (auto st = take_lock("index.lock"); !st) return st.error();
    if (m_txn.identity) {
      if (auto st = take_lock("config.lock"); !st) return st.error();
    }
    pause_point("lock-taken");

    auto writes = plan_writes(m_repo, m_txn);
    if (!writes) return writes.error();
    if (auto st = write_files(*writes); !st) return st.error();
    pause_point("worktree-written");

    const fs::path scratch = m_dir / "index";
    auto prepared = prepare(scratch);
    if (!prepared) return write_error(prepared.error(), m_repo.gitdir());
    if (m_txn.identity) {
      const std::vector<std::pair<std::string, std::string>> values{{"user.name", m_txn.identity->first},
                                                                    {"user.email", m_txn.identity->second}};
      if (auto st = m_repo.edit_config_copy(m_dir / "config", values); !st) return write_error(st.error(), m_repo.gitdir());
      if (auto st = fill_lock(1, m_dir / "config"); !st) return st.error();
    }
    pause_point("objects-written");
    // From here on, "the branch points at this commit" means "finish" to the next pdo.
    m_journal.ref = prepared->ref;
    m_journal.commit = prepared->commit_id;
    m_journal.stage = Stage::committing;
    if (auto st = m_log.commit(prepared->ref, prepared->commit_id); !st) return write_error(st.error(), m_dir);
    if (auto st = fill_lock(0, scratch); !st) return st.error();
    pause_point("index-written");

    if (prepared->commit_id.empty()) {  // nothing to commit: only the index (and config) move
      m_committed = true;
      if (auto st = publish(m_journal.locks.size()); !st) return st.error();
      m_log.clear();
      return std::optional<std::string>();
    }
    if (auto st = lock_branch(*prepared, moved); !st) return st.error();
    pause_point("ref-locked");
    // From here on the next pdo finishes this commit, whatever happens.
    m_journal.stage = Stage::publishing;
    if (auto st = m_log.stage(Stage::publishing); !st) return write_error(st.error(), m_dir);
    m_committed = true;
    save_receipts(m_repo.gitdir(), prepared->swaps, m_receipts_appendable);
    // The index goes into place before the branch, while pdo still holds the branch's lock: a `git commit`
    // that reads HEAD before the branch moves cannot move it (the lock, then the compare-and-swap, stop
    // it), and one that reads HEAD after the branch moved reads pdo's index too (git reads HEAD first).
    // So no git commit ever builds on pdo's commit from the index pdo replaced.
    if (auto st = publish(m_journal.locks.size() - 1); !st) return st.error();
    pause_point("index-renamed");
    if (auto st = publish_branch(); !st) return st.error();
    pause_point("ref-moved");
    m_log.clear();
    return std::optional<std::string>(prepared->commit_id);
  }

  /// The first half of git's ref update, with a lock pdo can prove its own: lock the branch, check that
  /// it still has the value the commit was built on (compare and swap), write the new value into the
  /// lock, append the reflogs. `moved` when another program moved it meanwhile. Nothing visible moves.
  Status lock_branch(const git::PreparedCommit& prepared, bool& moved) {
    const std::string name = prepared.ref + ".lock";
    std::error_code ec;
    fs::create_directories((m_repo.gitdir() / util::path_from_utf8(prepared.ref)).parent_path(), ec);
    // The lock holds the new value from the moment it exists, as git writes it into its ref lock.
    if (auto st = take_lock(name, prepared.commit_id + "\n"); !st) return st;
    if (m_repo.ref_target(prepared.ref) != prepared.old_id) {
      moved = true;
      return Error{Exit::busy, tr("分支在 pdo 提交期间被别的程序移动了", "another program moved the branch while pdo was committing")};
    }
    return m_repo.append_reflogs(prepared);
  }

  /// Renames the first `count` locks into place, the config before the index, as git does.
  Status publish(std::size_t count) {
    for (std::size_t i = count; i-- > 0;) {
      if (auto st = rename_lock(i); !st) return st;
    }
    return ok();
  }

  /// Renames the branch's lock (the last one taken) into place: the branch moves.
  Status publish_branch() { return rename_lock(m_journal.locks.size() - 1); }

  /// A rename that fails once the commit is being published leaves the locks and the journal for the
  /// next pdo, which finishes the commit (nothing is lost; git waits on the locks until then).
  Status rename_lock(std::size_t i) {
    const std::string& name = m_journal.locks[i].name;
    const fs::path lock = m_repo.gitdir() / util::path_from_utf8(name);
    if (platform::rename_replace(lock, m_repo.gitdir() / util::path_from_utf8(name.substr(0, name.size() - 5)))) return ok();
    return Error{Exit::failure,
                 trf("pdo 无法把 {} 改名为正式文件，提交还没有完成。下一个会提交的 pdo 命令（例如在这里再运行一次 pdo init）会完成它；"
                     "在那之前 git 会等这个锁。",
                     "pdo could not rename {} into place, so the commit is not finished yet. The next pdo command that "
                     "commits (for example pdo init here again) finishes it; until then git waits on that lock.",
                     util::path_to_utf8(lock))};
  }

  void abort() {
    (void)roll_back(m_repo.gitdir(), m_repo.workdir(), m_dir, m_journal);
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

Change Change::whole_file(std::string path) {
  Change c;
  c.kind = Kind::whole;
  c.path = std::move(path);
  return c;
}

Change Change::edited(std::string path, std::function<Result<std::string>(const std::string&)> edit) {
  Change c;
  c.kind = Kind::edit;
  c.path = std::move(path);
  c.edit = std::move(edit);
  return c;
}

Change Change::remove_file(std::string path, std::string before_bytes) {
  Change c;
  c.kind = Kind::remove;
  c.path = std::move(path);
  c.before = Before::bytes;
  c.before_bytes = std::move(before_bytes);
  return c;
}

Change Change::put_file(std::string path, std::string content, Before before, std::string before_bytes) {
  Change c;
  c.kind = Kind::put;
  c.path = std::move(path);
  c.content = std::move(content);
  c.before = before;
  c.before_bytes = std::move(before_bytes);
  return c;
}

Error foreign_lock(const std::string& lock) {
  return Error{Exit::busy,
               trf("另一个 git 程序正在使用仓库（锁文件 {0} 存在，而且不能证明是被中断的 pdo 留下的）。请等它结束后重试；"
                   "如果确定没有 git 程序（包括编辑器里打开的 git commit）在运行，删除它：rm \"{0}\"（Windows：del）。pdo 不会删除它。",
                   "another git program is using the repository (lock file {0} exists, and pdo cannot prove that an "
                   "interrupted pdo left it). Wait for that program to finish and try again; if you are sure no git program "
                   "(including a git commit waiting in an editor) is running, delete it: rm \"{0}\" (Windows: del). pdo never "
                   "deletes it.",
                   lock)};
}

namespace {

/// After a removal the folders it left empty go too, as git removes them (best effort: an empty folder
/// left behind changes nothing git sees).
void remove_empty_folders(const git::Repo& repo, const Transaction& txn) {
  const fs::path workdir = repo.workdir();
  for (const auto& c : txn.changes) {
    if (c.kind != Change::Kind::remove) continue;
    fs::path dir = (workdir / util::path_from_utf8(c.path)).parent_path();
    std::error_code ec;
    while (dir != workdir && util::path_is_inside(workdir, dir) && fs::is_directory(fs::symlink_status(dir, ec)) && fs::is_empty(dir, ec)) {
      if (!fs::remove(dir, ec)) break;
      dir = dir.parent_path();
    }
  }
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
  const fs::path gitdir = repo.gitdir();
  std::error_code ec;
  fs::remove(gitdir / "pdo-inflight", ec);  // the marker of pdo 0.1, which judged locks by age: no longer trusted
  const fs::path dir = txn_dir(gitdir);
  bool changed = false;
  if (journal_has_records(dir)) {
    const auto journal = load_journal(dir);
    if (journal && journal->pid != platform::current_pid() && journal->start != 0 &&
        platform::process_start_time(journal->pid) == journal->start) {
      return Error{Exit::busy, trf("另一个 pdo 进程（pid {}）正在提交。请等它结束后重试。",
                                   "another pdo process (pid {}) is committing. Wait for it to finish and try again.", journal->pid)};
    }
    std::vector<std::string> unproven;
    bool forward = false;
    if (journal) {
      remove_temp_files(repo.workdir(), *journal);
      // Publishing had begun (the branch's lock holds the commit), or the branch already points at the
      // recorded commit: finish (rename the locks, the branch's last); otherwise undo.
      forward = !journal->commit.empty() && !journal->ref.empty() &&
                (journal->stage == Stage::publishing || repo.ref_target(journal->ref) == journal->commit);
      unproven = forward ? roll_forward(gitdir, *journal) : roll_back(gitdir, repo.workdir(), dir, *journal);
    }
    clear_txn_dir(dir);
    if (journal && (journal->stage > Stage::locking || !journal->locks.empty())) {
      err << (forward ? tr("pdo: 完成了一个被中断的 pdo 提交（pid ", "pdo: finished a pdo commit that was interrupted (pid ")
                      : tr("pdo: 撤回了一个被中断、尚未完成的 pdo 提交（pid ",
                           "pdo: rolled back a pdo commit that was interrupted before it finished (pid "))
          << journal->pid << ")\n";
    }
    for (const auto& lock : unproven) err << "pdo: " << foreign_lock(lock).message << "\n";
    changed = true;
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
