// The libgit2 half of pdo's commit transaction (the other half, locks, ordering and the branch's
// compare-and-swap, is app/transaction; the branch moves through git/refs.cpp): prepare_commit builds
// objects and the new index without moving anything. The caller holds index.lock the whole time, as
// `git commit` does.
#include <algorithm>
#include <fstream>
#include <map>

#include "git/lg2.hpp"
#include "git/tree_lookup.hpp"

#include <git2/sys/repository.h>

#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"

namespace pdo::git {

using util::tr;

namespace {

using FilterListPtr = Handle<git_filter_list, git_filter_list_free>;

/// Files up to this size are staged by apply_plain when no filter applies (read whole into memory);
/// larger ones, e.g. a data set in exercises/, stream through git_index_add_bypath.
constexpr std::uint64_t k_plain_max_bytes = 16 << 20;

/// An index lent to the repository (git_index_add_bypath needs an index that belongs to one), handed back
/// and freed when it goes.
struct Lent {
  git_repository* repo;
  void operator()(git_index* index) const {
    git_repository_set_index(repo, nullptr);
    git_index_free(index);
  }
};
using LentIndex = std::unique_ptr<git_index, Lent>;

/// The index the transaction edits, lent to `repo`: a private copy of .git/index, or HEAD's tree when it
/// is missing.
Result<LentIndex> open_scratch_index(git_repository* repo, const fs::path& real, const fs::path& scratch, git_tree* head_tree) {
  std::error_code ec;
  fs::remove(scratch, ec);
  const bool was_missing = !fs::exists(real, ec);
  // A second name for the index, not a copy: libgit2 writes the new index beside it and renames it over
  // that name, so .git/index itself is never touched here.
  if (!was_missing && platform::hard_link(real, scratch) != platform::IoFailure::none) {
    fs::copy_file(real, scratch, fs::copy_options::overwrite_existing, ec);
    if (ec) return Error{Exit::failure, tr("无法复制 git 索引：", "cannot copy the git index: ") + ec.message()};
  }
  git_index* raw = nullptr;
  if (int rc = git_index_open(&raw, lg2_path(scratch).c_str()); rc != 0)
    return lg2_error(rc, tr("无法读取 git 索引", "cannot read the git index"));
  git_repository_set_index(repo, raw);
  LentIndex index(raw, Lent{repo});
  // A missing index means "nothing staged" (git read-tree HEAD), never "everything deleted".
  if (was_missing && head_tree) {
    if (int rc = git_index_read_tree(raw, head_tree); rc != 0)
      return lg2_error(rc, tr("无法从 HEAD 重建 git 索引", "cannot rebuild the git index from HEAD"));
  }
  return index;
}

/// The commit `id` names, and its tree.
Result<std::pair<CommitPtr, TreePtr>> commit_and_tree(git_repository* repo, const std::string& id) {
  git_oid oid;
  git_commit* commit = nullptr;
  git_tree* tree = nullptr;
  if (git_oid_fromstr(&oid, id.c_str()) != 0) return Error{Exit::failure, "bad commit id " + id};
  if (int rc = git_commit_lookup(&commit, repo, &oid); rc != 0) return lg2_error(rc, id);
  CommitPtr owned(commit);
  if (int rc = git_commit_tree(&tree, commit); rc != 0) return lg2_error(rc, id);
  return std::make_pair(std::move(owned), TreePtr(tree));
}

Result<git_oid> write_blob(git_repository* repo, const std::string& bytes) {
  git_oid id;
  if (int rc = write_blob_object(&id, repo, bytes); rc != 0) return lg2_error(rc, tr("无法写入 git 对象", "cannot write a git object"));
  return id;
}

/// The working-tree file through git's clean filters (core.autocrlf, .gitattributes): the blob `git add` makes.
Result<std::optional<std::string>> clean_worktree_bytes(git_repository* repo, const std::string& path) {
  const fs::path file = util::path_from_utf8(git_repository_workdir(repo)) / util::path_from_utf8(path);
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(file, ec))) return std::optional<std::string>();
  auto raw = util::read_file(file);  // regular files only, never blocking on a FIFO swapped in
  if (!raw) return raw.error();
  git_filter_list* fl = nullptr;
  if (int rc = git_filter_list_load(&fl, repo, nullptr, path.c_str(), GIT_FILTER_TO_ODB, GIT_FILTER_DEFAULT); rc != 0) {
    return lg2_error(rc, "filters");
  }
  if (!fl) return std::optional<std::string>(std::move(raw).value());
  FilterListPtr filters(fl);
  git_buf out = GIT_BUF_INIT;
  const int rc = git_filter_list_apply_to_buffer(&out, fl, raw->data(), raw->size());
  if (rc != 0) return lg2_error(rc, "filters");
  std::string cleaned(out.ptr, out.size);
  git_buf_dispose(&out);
  return std::optional<std::string>(std::move(cleaned));
}

/// The entry `git add` makes for a file with stat data `st` holding the blob `id`, as libgit2 builds it
/// (git_index_entry__init_from_stat). `path` must outlive the entry.
git_index_entry entry_from_stat(git_index* index, const std::string& path, const git_oid& id, const platform::StatData& st) {
  const bool nsec = (git_libgit2_features() & GIT_FEATURE_NSEC) != 0;
  const bool trust_mode = (git_index_caps(index) & GIT_INDEX_CAPABILITY_NO_FILEMODE) == 0;
  git_index_entry entry{};  // a new entry, as add_bypath makes: no flags carried over
  entry.id = id;
  entry.path = path.c_str();
  entry.ctime.seconds = static_cast<std::int32_t>(st.ctime_s);
  entry.ctime.nanoseconds = nsec ? st.ctime_ns : 0;
  entry.mtime.seconds = static_cast<std::int32_t>(st.mtime_s);
  entry.mtime.nanoseconds = nsec ? st.mtime_ns : 0;
  entry.dev = static_cast<std::uint32_t>(st.rdev);  // what libgit2 records in this field
  entry.ino = static_cast<std::uint32_t>(st.ino);
  entry.mode = trust_mode && (st.mode & 0100) ? GIT_FILEMODE_BLOB_EXECUTABLE : GIT_FILEMODE_BLOB;
  entry.uid = static_cast<std::uint32_t>(st.uid);
  entry.gid = static_cast<std::uint32_t>(st.gid);
  entry.file_size = static_cast<std::uint32_t>(st.size);
  return entry;
}

/// Stages the working-tree file `path`, whose clean bytes were read as the existing blob `id` after its
/// stat data `st` was taken (as `git add` stats, then reads: a write in between leaves stat data older
/// than the file, which git then reads again, never newer data that would hide the write). Where the
/// platform gives stat data (POSIX) the entry is built from it; git_index_add_bypath would read, filter
/// and hash the file again and stream it into a temporary object file only to find the blob there.
Status stage_known_blob(git_index* index, const std::string& path, const git_oid& id, const std::optional<platform::StatData>& st) {
  if (!st || !st->regular) {
    if (int rc = git_index_add_bypath(index, path.c_str()); rc != 0) return lg2_error(rc, tr("无法暂存 ", "cannot stage ") + path);
    return ok();
  }
  const git_index_entry entry = entry_from_stat(index, path, id, *st);
  if (int rc = git_index_add(index, &entry); rc != 0) return lg2_error(rc, tr("无法暂存 ", "cannot stage ") + path);
  return ok();
}

/// Stages the blob `id` at `path`: as `git add` records it (stat data, the file's mode) when the working
/// file holds exactly that blob and its mode is `entry`'s, else as `entry` with `id` and no stat data, so
/// git compares contents.
Status stage_blob(git_repository* repo, git_index* index, const std::string& path, git_index_entry entry, const git_oid& id) {
  const auto stat = platform::stat_data(util::path_from_utf8(git_repository_workdir(repo)) / util::path_from_utf8(path));
  auto worktree = clean_worktree_bytes(repo, path);
  if (!worktree) return worktree.error();
  git_oid worktree_id{};
  if (*worktree && git_odb_hash(&worktree_id, (*worktree)->data(), (*worktree)->size(), GIT_OBJECT_BLOB) == 0 &&
      git_oid_equal(&worktree_id, &id)) {
    if (auto st = stage_known_blob(index, path, id, stat); !st) return st;
    const git_index_entry* staged = git_index_get_bypath(index, path.c_str(), 0);
    if (staged && staged->mode == entry.mode) return ok();
  }
  entry.id = id;
  entry.ctime = entry.mtime = {};
  entry.file_size = entry.dev = entry.ino = entry.uid = entry.gid = 0;
  entry.path = path.c_str();
  if (int rc = git_index_add(index, &entry); rc != 0) return lg2_error(rc, tr("无法暂存 ", "cannot stage ") + path);
  return ok();
}

IndexStamp stamp_of(const git_index_entry& e) {
  return {oid_str(e.id), e.mode, e.ctime.seconds, e.mtime.seconds, e.ctime.nanoseconds, e.mtime.nanoseconds,
          e.dev,         e.ino,  e.uid,           e.gid,           e.file_size};
}

/// True when the staged entry `e` still describes the file (`st`, its lstat) and was recorded before the
/// index file was written (`index_mtime`), so it is not "racily clean": git then takes the file as
/// unchanged without reading it (ie_match_stat), and so does pdo.
bool unchanged_since_staged(git_index* index, const git_index_entry& e, const platform::StatData& st,
                            const std::optional<platform::StatData>& index_file) {
  if (!st.regular || !index_file) return false;
  const std::string path = e.path;
  const git_index_entry now = entry_from_stat(index, path, e.id, st);
  const bool same = stamp_of(now).same_entry(stamp_of(e)) && now.file_size == e.file_size;
  const auto index_s = static_cast<std::int32_t>(index_file->mtime_s);
  const bool racy = e.mtime.seconds > index_s || (e.mtime.seconds == index_s && e.mtime.nanoseconds >= index_file->mtime_ns);
  return same && !racy;
}

/// One change applied: the tree entry it leaves (nullopt = removed) and the index updated.
struct Applied {
  std::optional<git_oid> id;
  std::uint32_t mode = GIT_FILEMODE_BLOB;
  std::optional<std::string> bytes;  ///< the blob's bytes when they were read here (not read again for the check)
};

/// `git add PATH` of a new regular file when no clean filter applies: its bytes, read with the stat data
/// `st` taken before the read (platform::read_file_stat: git stats, then reads, so a write in between leaves
/// stat data older than the file, which git then reads again), written with git_odb_write (which only
/// freshens a blob already there, where add_bypath streams it into a temporary file first) and staged.
Result<Applied> apply_plain(git_repository* repo, git_index* index, const std::string& path, const platform::StatData& st,
                            std::string bytes) {
  auto id = write_blob(repo, bytes);
  if (!id) return id.error();
  if (auto staged = stage_known_blob(index, path, *id, st); !staged) return staged.error();
  const git_index_entry* e = git_index_get_bypath(index, path.c_str(), 0);
  if (!e) return Error{Exit::failure, tr("无法暂存 ", "cannot stage ") + path};
  return Applied{e->id, e->mode, std::move(bytes)};
}

/// `git add PATH`, where the index file had `index_file`'s stat data when it was read; `plain` when no
/// clean filter applies to it (clean_filters_are_noop).
Result<Applied> apply_whole(git_repository* repo, git_index* index, const std::string& path,
                            const std::optional<platform::StatData>& index_file, bool plain) {
  const fs::path file = util::path_from_utf8(git_repository_workdir(repo)) / util::path_from_utf8(path);
  const git_index_entry* staged = git_index_get_bypath(index, path.c_str(), 0);
  // A new file (an existing entry may keep a mode the file system cannot show, as add_bypath keeps it).
  if (plain && !staged) {
    if (auto read = platform::read_file_stat(file, k_plain_max_bytes))
      return apply_plain(repo, index, path, read->first, std::move(read->second));
  }
  const auto st = platform::stat_data(file);  // POSIX: nullopt means no file; Windows: always nullopt
  std::error_code ec;
  if (!st && !fs::exists(fs::symlink_status(file, ec))) {
    git_index_remove_bypath(index, path.c_str());
    return Applied{};
  }
  // A file whose stat data the staged entry holds is not read again (10k committed exercise files cost
  // one lstat each, as in git add).
  if (st && staged && unchanged_since_staged(index, *staged, *st, index_file)) return Applied{staged->id, staged->mode, {}};
  // Exactly `git add PATH`: filters, the executable bit, a symlink as a link (never followed), stat data.
  if (int rc = git_index_add_bypath(index, path.c_str()); rc != 0) return lg2_error(rc, tr("无法暂存 ", "cannot stage ") + path);
  const git_index_entry* e = git_index_get_bypath(index, path.c_str(), 0);
  if (!e) return Error{Exit::failure, tr("无法暂存 ", "cannot stage ") + path};
  return Applied{e->id, e->mode, {}};
}

Result<Applied> apply_edit(git_repository* repo, git_index* index, git_tree* head_tree, const CommitChange& change) {
  const std::string& path = change.path;
  const auto old_head_id = entry_id(head_tree, path);
  auto head_new = change.edit(old_head_id ? blob_text(repo, *old_head_id) : std::string());
  if (!head_new) return head_new.error();
  auto head_id = write_blob(repo, *head_new);
  if (!head_id) return head_id.error();

  const git_index_entry* staged = git_index_get_bypath(index, path.c_str(), 0);
  git_index_entry entry{};
  entry.mode = GIT_FILEMODE_BLOB;
  if (staged) {
    entry = *staged;
  } else if (old_head_id) {
    return Applied{*head_id, GIT_FILEMODE_BLOB, {}};  // the learner staged its deletion: that stays staged
  }
  git_oid new_index_id = *head_id;
  if (staged && old_head_id && git_oid_cmp(&staged->id, &*old_head_id) != 0) {
    // The learner staged their own version: pdo's change goes into it too, and it stays staged.
    auto edited = change.edit(blob_text(repo, staged->id));
    if (!edited) {
      return Error{Exit::usage, path +
                                    tr(" 有你暂存（git add）的改动，pdo 无法把这次修改也应用到暂存的版本上：",
                                       " has changes you staged (git add), and pdo cannot apply its change to the staged version: ") +
                                    edited.error().message +
                                    tr("。请先提交（git commit）或取消暂存（git restore --staged " + path + "）。",
                                       ". Commit them (git commit) or unstage them (git restore --staged " + path + ") first.")};
    }
    auto id = write_blob(repo, *edited);
    if (!id) return id.error();
    new_index_id = *id;
  }
  if (auto st = stage_blob(repo, index, path, entry, new_index_id); !st) return st.error();
  return Applied{*head_id, staged && staged->mode ? staged->mode : static_cast<std::uint32_t>(GIT_FILEMODE_BLOB), {}};
}

/// HEAD's tree with the applied changes: the tree of the new commit. Only the trees on the changed paths
/// are read and written (git_tree_create_updated), not the whole tree as an index would.
/// Each changed blob's bytes move into `changed` (for the secret check), not copied.
Result<git_oid> build_tree(git_repository* repo, git_tree* head_tree, std::vector<std::pair<std::string, Applied>>& applied,
                           std::vector<StagedBlob>& changed) {
  std::map<std::string, Applied*> last;  // a path changed twice: its last change counts
  for (auto& [path, a] : applied) last[path] = &a;
  std::vector<git_tree_update> updates;
  TreeLookup head(repo, head_tree);
  for (const auto& [path, a] : last) {
    const auto old = head.blob(path);
    if (!a->id) {
      if (!old) continue;  // nothing to remove
      git_tree_update u{};
      u.action = GIT_TREE_UPDATE_REMOVE;
      u.path = path.c_str();
      updates.push_back(u);
      continue;
    }
    if (old && old->mode == a->mode && git_oid_equal(&old->id, &*a->id)) continue;  // as HEAD has it
    if (!old || git_oid_cmp(&old->id, &*a->id) != 0) changed.push_back({path, a->bytes ? std::move(*a->bytes) : blob_text(repo, *a->id)});
    git_tree_update u{};
    u.action = GIT_TREE_UPDATE_UPSERT;
    u.id = *a->id;
    u.filemode = static_cast<git_filemode_t>(a->mode);
    u.path = path.c_str();
    updates.push_back(u);
  }
  git_oid tree_id;
  if (updates.empty() && head_tree) return *git_tree_id(head_tree);
  if (int rc = git_tree_create_updated(&tree_id, repo, head_tree, updates.size(), updates.data()); rc != 0) {
    return lg2_error(rc, tr("无法写入 git 对象", "cannot write a git object"));
  }
  return tree_id;
}

/// The branch HEAD names, refs/heads/… (a detached HEAD is refused earlier by ready_to_commit).
Result<std::string> head_branch_ref(const Repo& repo) {
  const std::string branch = repo.branch();
  if (branch.empty()) return Error{Exit::usage, tr("HEAD 没有指向分支", "HEAD does not name a branch")};
  return "refs/heads/" + branch;
}

std::optional<IndexStamp> staged_stamp(git_index* index, const std::string& path) {
  const git_index_entry* e = git_index_get_bypath(index, path.c_str(), 0);
  if (!e) return std::nullopt;
  return stamp_of(*e);
}

/// The entries of `index` that a pdo commit in `receipts` replaced, each with the entry pdo left there
/// last, for the paths HEAD still holds as that newest receipt committed them.
std::vector<std::pair<std::string, IndexStamp>> stale_in(git_index* index, git_tree* head_tree, const std::vector<IndexSwap>& receipts) {
  std::vector<std::pair<std::string, IndexStamp>> out;
  std::vector<std::string> seen;
  for (auto newest = receipts.rbegin(); newest != receipts.rend(); ++newest) {
    const std::string& path = newest->path;
    if (std::find(seen.begin(), seen.end(), path) != seen.end()) continue;
    seen.push_back(path);
    // HEAD no longer holds pdo's newest change here (a later commit or a reset moved on): not ours to mend.
    const auto head = entry_id(head_tree, path);
    if (!head || oid_str(*head) != newest->committed) continue;
    // Only content counts as stale: an entry git restated (new stat data, e.g. its own dev field where
    // libgit2 records st_rdev) still holds what pdo committed.
    const auto live = staged_stamp(index, path);
    if (!live || live->same_blob(newest->after)) continue;
    const bool replaced = std::any_of(receipts.begin(), receipts.end(), [&](const IndexSwap& r) {
      return r.path.str() == path && live->same_entry(r.before) && !r.before.same_blob(r.after);
    });
    if (replaced) out.emplace_back(path, newest->after);
  }
  return out;
}

Status stage_stamp(git_index* index, const std::string& path, const IndexStamp& s) {
  git_index_entry e{};
  if (git_oid_fromstr(&e.id, s.oid.c_str()) != 0) return Error{Exit::failure, "bad object id in an index receipt"};
  e.mode = s.mode;
  e.ctime.seconds = static_cast<std::int32_t>(s.ctime_s);
  e.ctime.nanoseconds = s.ctime_ns;
  e.mtime.seconds = static_cast<std::int32_t>(s.mtime_s);
  e.mtime.nanoseconds = s.mtime_ns;
  e.dev = s.dev;
  e.ino = s.ino;
  e.uid = s.uid;
  e.gid = s.gid;
  e.file_size = s.size;
  e.path = path.c_str();
  if (int rc = git_index_add(index, &e); rc != 0) return lg2_error(rc, tr("无法暂存 ", "cannot stage ") + path);
  return ok();
}

/// Makes sure `---` at the start of a line cannot end the message early for git's trailer parser.
std::string escape_patch_markers(const std::string& message) {
  std::string out;
  out.reserve(message.size());
  std::size_t pos = 0;
  while (pos < message.size()) {
    const std::size_t end = message.find('\n', pos);
    const std::size_t stop = end == std::string::npos ? message.size() : end + 1;
    if (message.compare(pos, 3, "---") == 0) out += "\\";
    out.append(message, pos, stop - pos);
    pos = stop;
  }
  return out;
}

}  // namespace

Result<PreparedCommit> Repo::prepare_commit(const CommitSpec& spec, const fs::path& scratch) {
  git_repository* repo = m_impl->repo.get();
  PreparedCommit out;
  auto ref = head_branch_ref(*this);
  if (!ref) return ref.error();
  out.ref = *ref;
  out.old_id = ref_target(out.ref);

  std::pair<CommitPtr, TreePtr> head;  // none when unborn
  if (!out.old_id.empty()) {
    auto found = commit_and_tree(repo, out.old_id);
    if (!found) return found.error();
    head = std::move(found).value();
  }
  const CommitPtr& parent = head.first;
  const TreePtr& head_tree = head.second;

  const auto index_file = platform::stat_data(index_path());  // before it is read: entries newer than it are racy
  auto index = open_scratch_index(repo, index_path(), scratch, head_tree.get());
  if (!index) return index.error();

  for (const auto& [path, stamp] : stale_in(index->get(), head_tree.get(), spec.heal)) {
    if (auto st = stage_stamp(index->get(), path, stamp); !st) return st.error();
    out.healed.push_back(path);
  }
  // From here on every object id an entry gets is one git_odb_write has just stored (or HEAD's tree
  // holds): libgit2's strict object creation, which reads each object back before an index or tree entry
  // may name it (two opens and reads a file, for 10k new exercise files), is off until prepare_commit
  // returns. The receipts' ids above (input) were checked with it on.
  git_libgit2_opts(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION, 0);
  struct Strict {
    ~Strict() { git_libgit2_opts(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION, 1); }
  } strict_again;
  std::vector<std::pair<std::string, Applied>> applied;
  std::vector<std::string> whole;
  for (const auto& change : spec.changes) {
    if (change.kind == CommitChange::Kind::whole) whole.push_back(change.path);
  }
  const bool plain = !whole.empty() && clean_filters_are_noop(repo, index->get(), whole);
  for (const auto& change : spec.changes) {
    const auto before = staged_stamp(index->get(), change.path);
    auto a = change.kind == CommitChange::Kind::whole ? apply_whole(repo, index->get(), change.path, index_file, plain)
                                                      : apply_edit(repo, index->get(), head_tree.get(), change);
    if (!a) return a.error();
    const auto after = before ? staged_stamp(index->get(), change.path) : std::nullopt;  // a new entry replaced none
    if (after && a->id && !before->same_blob(*after)) out.swaps.push_back({change.path, *before, *after, oid_str(*a->id)});
    applied.emplace_back(change.path, std::move(*a));
  }
  std::vector<StagedBlob> changed;
  auto tree_id = build_tree(repo, head_tree.get(), applied, changed);
  if (!tree_id) return tree_id.error();
  const bool same_tree = head_tree && git_oid_cmp(&*tree_id, git_tree_id(head_tree.get())) == 0;
  if (!same_tree) {
    if (spec.check) {
      if (auto st = spec.check(changed); !st) return st.error();
    }
    auto sig = signature_of(repo, spec.identity);
    if (!sig) return sig.error();
    git_tree* tree_raw = nullptr;
    if (int rc = git_tree_lookup(&tree_raw, repo, &*tree_id); rc != 0) return lg2_error(rc, "tree");
    TreePtr tree(tree_raw);
    const std::string message = escape_patch_markers(spec.message);
    git_oid commit_id;
    const git_commit* parents[] = {parent.get()};
    if (int rc = git_commit_create(&commit_id, repo, nullptr, sig->get(), sig->get(), "UTF-8", message.c_str(), tree.get(), parent ? 1 : 0,
                                   parent ? parents : nullptr);
        rc != 0) {
      return lg2_error(rc, tr("无法创建提交", "cannot create the commit"));
    }
    out.commit_id = oid_str(commit_id);
    out.reflog = (out.old_id.empty() ? "commit (initial): " : "commit: ") + message.substr(0, message.find('\n'));
    out.identity = spec.identity;
  }
  if (int rc = git_index_write(index->get()); rc != 0) return lg2_error(rc, tr("无法写入 git 索引", "cannot write the git index"));
  return out;
}

Result<std::vector<std::string>> Repo::stale_entries(const std::vector<IndexSwap>& receipts) const {
  std::vector<std::string> paths;
  std::error_code ec;
  if (receipts.empty() || !fs::exists(index_path(), ec)) return paths;
  git_object* obj = nullptr;
  if (git_revparse_single(&obj, m_impl->repo.get(), "HEAD^{tree}") != 0) return paths;
  TreePtr tree(reinterpret_cast<git_tree*>(obj));
  git_index* raw = nullptr;
  if (int rc = git_index_open(&raw, lg2_path(index_path()).c_str()); rc != 0)
    return lg2_error(rc, tr("无法读取 git 索引", "cannot read the git index"));
  IndexPtr index(raw);
  for (const auto& stale : stale_in(raw, tree.get(), receipts)) paths.push_back(stale.first);
  return paths;
}

Result<std::optional<std::string>> Repo::worktree_blob_id(const std::string& path) const {
  auto bytes = clean_worktree_bytes(m_impl->repo.get(), path);
  if (!bytes) return bytes.error();
  if (!*bytes) return std::optional<std::string>();
  git_oid id;
  if (int rc = git_odb_hash(&id, (*bytes)->data(), (*bytes)->size(), GIT_OBJECT_BLOB); rc != 0) return lg2_error(rc, path);
  return std::optional<std::string>(oid_str(id));
}

std::optional<TreeEntry> Repo::index_entry(const std::string& path) const {
  git_index* raw = nullptr;
  std::error_code ec;
  if (!fs::exists(index_path(), ec) || git_index_open(&raw, lg2_path(index_path()).c_str()) != 0) return std::nullopt;
  IndexPtr index(raw);
  const git_index_entry* e = git_index_get_bypath(raw, path.c_str(), 0);
  if (!e) return std::nullopt;
  return TreeEntry{oid_str(e->id), e->mode};
}

Result<PreparedCommit> Repo::prepare_move(const std::string& target, const std::string& expected_old, const std::vector<std::string>& paths,
                                          const fs::path& scratch, const std::string& reflog_message) {
  git_repository* repo = m_impl->repo.get();
  PreparedCommit out;
  auto ref = head_branch_ref(*this);
  if (!ref) return ref.error();
  out.ref = *ref;
  out.old_id = expected_old;
  out.commit_id = target == expected_old ? std::string() : target;  // no move: the index only
  out.reflog = reflog_message;
  auto found = commit_and_tree(repo, target);
  if (!found) return found.error();
  const TreePtr& tree = found->second;
  auto index = open_scratch_index(repo, index_path(), scratch, tree.get());
  if (!index) return index.error();
  for (const auto& path : paths) {
    git_tree_entry* raw = nullptr;
    if (git_tree_entry_bypath(&raw, tree.get(), path.c_str()) != 0) {
      git_index_remove_bypath(index->get(), path.c_str());
      continue;
    }
    EntryPtr entry(raw);
    git_index_entry e{};
    e.mode = static_cast<std::uint32_t>(git_tree_entry_filemode(raw));
    if (auto st = stage_blob(repo, index->get(), path, e, *git_tree_entry_id(raw)); !st) return st.error();
  }
  if (int rc = git_index_write(index->get()); rc != 0) return lg2_error(rc, tr("无法写入 git 索引", "cannot write the git index"));
  return out;
}

}  // namespace pdo::git
