#pragma once
// The only door to libgit2. Everything pdo does with git goes through Repo: open or init, commit
// exactly pdo's own paths (never `add -A`), read history. <git2.h> is included by src/git/*.cpp only.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/error.hpp"
#include "util/rel_path.hpp"

namespace pdo::git {

namespace fs = std::filesystem;

/// Author and committer (name, email) when given; else git's configured user.name / user.email.
using Identity = std::optional<std::pair<std::string, std::string>>;

/// A file to commit as the blob that will go into the tree (given to the pre-commit scanner).
struct StagedBlob {
  std::string path;     ///< repo-relative, '/' separated
  std::string content;  ///< the bytes as they will be stored
};

/// Called with every blob pdo is about to commit; an error aborts the commit.
using BlobCheck = std::function<Status(const std::vector<StagedBlob>&)>;

/// How one path changes in a commit pdo makes.
struct CommitChange {
  enum class Kind {
    whole,  ///< the working-tree file as it is (like `git add PATH`; a symlink stays a link; missing = removed)
    edit,   ///< `edit` applied to HEAD's version (committed) and to a staged version (kept staged)
  };
  Kind kind = Kind::whole;
  util::RelPath path;
  /// For Kind::edit: the new text from an old one (the blob bytes, line endings as stored).
  std::function<Result<std::string>(const std::string&)> edit;
};

/// An index entry as git's stat cache records it: enough to recognise that very entry again.
struct IndexStamp {
  std::string oid;  ///< the blob, hex
  std::uint32_t mode = 0;
  std::int64_t ctime_s = 0;
  std::int64_t mtime_s = 0;
  std::uint32_t ctime_ns = 0, mtime_ns = 0, dev = 0, ino = 0, uid = 0, gid = 0;
  std::uint32_t size = 0;
  /// The same content: blob and mode, all a commit stores (stat data is only git's cache).
  bool same_blob(const IndexStamp& o) const { return oid == o.oid && mode == o.mode; }
  /// The same entry, size aside: git zeroes the size of a "racily clean" entry when it writes an index.
  bool same_entry(const IndexStamp& o) const {
    return oid == o.oid && mode == o.mode && ctime_s == o.ctime_s && ctime_ns == o.ctime_ns && mtime_s == o.mtime_s &&
           mtime_ns == o.mtime_ns && dev == o.dev && ino == o.ino && uid == o.uid && gid == o.gid;
  }
};

/// One index entry a pdo commit replaced with other content: `before` was staged, pdo staged `after` (another
/// blob or mode; a restaged entry with new stat data only is no swap), and the commit stored the blob
/// `committed` at `path`. `git commit` reads the index before it locks it, so a commit that
/// started before pdo's can write `before` back; the next reader recognises it by these receipts.
struct IndexSwap {
  util::RelPath path;
  IndexStamp before;
  IndexStamp after;
  std::string committed;
};

/// What prepare_commit() builds.
struct CommitSpec {
  std::vector<CommitChange> changes;
  std::string message;
  BlobCheck check;  ///< optional; e.g. the secret scanner
  Identity identity;
  /// Receipts of earlier pdo commits (oldest first): an entry a stale `git commit` wrote back is staged
  /// again as pdo left it (see Repo::stale_entries), before the changes are applied.
  std::vector<IndexSwap> heal;
};

/// A commit whose objects exist but that no branch points at yet, and the index to go with it.
struct PreparedCommit {
  std::string commit_id;            ///< "" when the changes leave HEAD's tree as it is (no commit)
  std::string old_id;               ///< the branch's value the commit was built on ("" when unborn)
  std::string ref;                  ///< the branch HEAD names, e.g. refs/heads/main
  std::string reflog;               ///< the reflog line's message: "commit: <subject>", or the move's
  Identity identity;                ///< as in the CommitSpec
  std::vector<IndexSwap> swaps;     ///< the entries this commit replaces in the index (its receipts)
  std::vector<std::string> healed;  ///< paths whose stale entry was staged again as pdo left it
};

/// A tree or index entry: the object id and its mode (0100644 file, 0100755 executable, 0120000 link,
/// 0160000 submodule).
struct TreeEntry {
  std::string id;
  std::uint32_t mode = 0;
  bool operator==(const TreeEntry& o) const { return id == o.id && mode == o.mode; }
  bool operator!=(const TreeEntry& o) const { return !(*this == o); }
};

/// The mode of a plain file in a tree.
inline constexpr std::uint32_t k_mode_file = 0100644;

/// A path whose entry differs between two trees (nullopt: absent on that side).
struct TreeChange {
  std::string path;
  std::optional<TreeEntry> before;
  std::optional<TreeEntry> after;
};

/// A commit of a first-parent line, as pdo sync replays it.
struct ChainCommit {
  std::string id;
  std::string parent;  ///< its first parent ("" for a root commit)
  std::string message;
  long long author_time = 0;
  unsigned parents = 0;
};

/// A three-way text merge: the text, with each conflict between marker lines when not clean.
struct TextMerge {
  bool clean = true;
  std::string text;
};

/// How long merge_text()'s marker lines are: the character ('<', '|', '=', '>') this many times, then
/// " ours", " base" or " theirs" (nothing for '=').
inline constexpr unsigned k_merge_marker_size = 32;

/// One commit of history, as pdo's journal needs it.
struct CommitInfo {
  std::string id;
  std::string message;
  long long time = 0;      ///< seconds since the epoch
  int offset_minutes = 0;  ///< the author's time zone
  std::string author;
};

/// The trailers of a commit message (key, value), as git's own trailer parser reads them: only the
/// last paragraph, and nothing after a line starting with "---". Never fails; malformed input gives none.
std::vector<std::pair<std::string, std::string>> message_trailers(const std::string& message);

namespace detail {
/// message_trailers' fast path, without libgit2: the trailers of a message whose last paragraph is
/// nothing but "Key: value" lines (ASCII letters, digits and '-' in the key; what pdo writes), after a
/// title and a blank line; nullopt for any shape where git's rules need judging (a "---" or '#' line, a
/// continuation line, a CR or NUL, whitespace at the start, one paragraph only). A message with no ':'
/// has no trailers. Where it answers, it answers as libgit2 does (a unit test compares the two).
std::optional<std::vector<std::pair<std::string, std::string>>> plain_trailers(std::string_view message);
/// message_trailers through libgit2's git_message_trailers alone: the reference for plain_trailers.
std::vector<std::pair<std::string, std::string>> libgit2_trailers(const std::string& message);
}  // namespace detail

/// The folder git runs a repository's hooks from.
struct HooksDir {
  fs::path path;
  /// Outside the repository's work tree and git dir (a core.hooksPath such as ~/.githooks): other
  /// repositories may run what is there.
  bool shared = false;
  /// The git program named the folder (git rev-parse --git-path hooks); else libgit2's reading.
  bool asked_git = false;
};

/// For processes that only read history: skips hash verification of every object read and turns
/// libgit2's object cache off (walk_changes reads each object once). Call before opening the repository.
void tune_for_reading();

/// An open repository (RAII over git_repository).
class Repo {
public:
  Repo(Repo&&) noexcept;
  Repo& operator=(Repo&&) noexcept;
  ~Repo();

  /// The working tree of the repository containing `start` (or an ancestor), if any.
  static std::optional<fs::path> discover(const fs::path& start);
  /// The repository discover() finds, opened; says why a repository that is there cannot be used (owned
  /// by another user).
  static Result<std::optional<Repo>> find_open(const fs::path& start);
  /// Opens the repository whose working tree contains `path`.
  static Result<Repo> open(const fs::path& path);
  /// Creates a new repository with its working tree at `dir`.
  static Result<Repo> init(const fs::path& dir);

  /// The working tree root.
  fs::path workdir() const;
  /// The .git folder.
  fs::path gitdir() const;
  /// The git dir this worktree shares with the main one (its own gitdir() outside linked worktrees).
  fs::path commondir() const;
  /// `path` relative to the working tree, '/' separated ("" if it is the root).
  std::string relative(const fs::path& path) const;

  /// Fails with a message saying what to do when pdo must not commit now (bare repo, detached HEAD,
  /// merge/rebase in progress). `unborn_ok` lets the very first commit through.
  Status ready_to_commit(bool unborn_ok) const;
  /// The commit id HEAD points at ("" when unborn).
  std::string head_id() const;
  /// True if HEAD points at a branch with no commit yet.
  bool head_unborn() const;
  /// The current branch's short name, or "" when detached.
  std::string branch() const;

  /// True if the user's global/system git config names user.name and user.email (no repo needed).
  static bool default_identity_known();
  /// True if git can build an author signature (user.name and user.email are configured).
  bool has_identity() const;
  /// Where git runs this repository's hooks from: core.hooksPath as git reads it (`~/` expanded, a relative
  /// path from the top of the work tree), else the common git dir's hooks (a linked worktree's too).
  HooksDir hooks_dir() const;
  /// The same for a repository still to be created at `workdir`, from the user's and system's git config.
  static HooksDir default_hooks_dir(const fs::path& workdir);
  /// From here on this Repo reads git's configuration as it is now, from one snapshot: otherwise libgit2
  /// checks the config files' timestamps on every lookup (about forty stat calls a pdo commit). For
  /// commands that never change the configuration (every command but init); best effort.
  void freeze_config();

  /// True if git ignores this repo-relative path.
  bool is_ignored(const std::string& path) const;
  /// The blob at HEAD for a repo-relative path, if any.
  std::optional<std::string> head_blob(const std::string& path) const;

  /// Step one of pdo's commit transaction (the caller holds index.lock): reads the index (or rebuilds it
  /// from HEAD when it is missing), applies the changes to HEAD's tree and to the index, writes the blobs,
  /// tree and commit objects, and writes the new index to the file `scratch` (a fresh file, written
  /// whole). Nothing visible moves.
  Result<PreparedCommit> prepare_commit(const CommitSpec& spec, const fs::path& scratch);
  /// The paths whose entry in .git/index is one that a pdo commit in `receipts` replaced, while HEAD
  /// still holds that path as pdo's newest receipt committed it: a `git commit` that read the index
  /// before pdo's commit wrote it back, and the next commit would undo pdo's change. Reads only.
  Result<std::vector<std::string>> stale_entries(const std::vector<IndexSwap>& receipts) const;
  /// The id a full ref name points at ("" if none).
  std::string ref_target(const std::string& ref) const;
  /// True for a valid branch name, refs/heads/….
  static bool is_branch_ref(const std::string& name);

  /// A branch held with libgit2's ref transaction (refs/heads/<b>.lock, created as git creates it) until
  /// it is moved or the object goes, which releases the lock.
  class BranchLock {
  public:
    BranchLock(BranchLock&&) noexcept;
    ~BranchLock();
    /// The branch's value, read after the lock was taken ("" when unborn): the compare-and-swap's.
    const std::string& value() const;
    /// Moves the branch to `id` as git does: its reflog and HEAD's get a line (`message`, signed by
    /// `identity` or git's user), the ref is written into the lock and the lock renamed into place.
    Status move(const std::string& id, const Identity& identity, const std::string& message);

  private:
    friend class Repo;
    struct Impl;
    explicit BranchLock(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
  };
  /// Locks a branch; an Exit::busy error when its lock exists (another program holds it).
  Result<BranchLock> lock_branch(const std::string& ref);

  // Where git keeps what every worktree of the repository shares: in a linked worktree, gitdir() is
  // .git/worktrees/<name>, holding only its HEAD and index, and these are in the main .git folder.

  /// A branch's lock file (refs/heads/<b>.lock in the common dir).
  fs::path branch_lock_path(const std::string& ref) const;
  /// The repository's config file.
  fs::path config_path() const;
  /// This worktree's index file.
  fs::path index_path() const;
  /// Stores user.name and user.email in the repository's own config file, both in one write under git's
  /// config.lock (libgit2's config transaction); an Exit::busy error when that lock exists.
  Status set_identity(const std::string& name, const std::string& email) const;

  /// Reads a walk's blobs for its visitor, on the visitor's thread.
  class BlobReader {
  public:
    virtual ~BlobReader() = default;
    /// A blob's bytes by its 40-hex id ("" if absent or not a blob).
    virtual std::string read(const char* id) const = 0;
  };
  /// A commit that changed a path, as walk_changes() streams it: valid only during the call.
  struct PathChangeView {
    const char* id;       ///< 40 hex digits
    const char* message;  ///< the raw message ("" if none)
    long long time = 0;
    int offset_minutes = 0;
    const char* before_id;              ///< the path's blob before ("" if absent)
    const char* after_id;               ///< and after ("" if absent)
    const BlobReader* blobs = nullptr;  ///< reads blobs on the thread that runs `visit`
  };
  /// Streams the commits reachable from HEAD but not from `stop_at` (a commit id; "" for all) that changed
  /// `path`, newest first; `visit` returns false to stop. Fails if `stop_at` names no commit. `walked`,
  /// when given, counts every commit read (for a progress line). A long walk reads commits on the calling
  /// thread and trees on a second one, which then runs `visit` (one call at a time, in walk order, all
  /// before walk_changes returns; an exception from `visit` comes out of walk_changes).
  Status walk_changes(const std::string& path, const std::string& stop_at, const std::function<bool(const PathChangeView&)>& visit,
                      std::atomic<std::uint64_t>* walked = nullptr) const;
  /// True if commit `ancestor` is `descendant` or one of its ancestors (false if either is unknown).
  bool is_ancestor(const std::string& ancestor, const std::string& descendant) const;
  /// HEAD's first-parent line, newest first, read one commit at a time as the caller asks: a search that
  /// stops at HEAD reads one commit, whatever the history's length.
  class FirstParentWalk {
  public:
    /// The next commit, or nullopt past the first (or an unborn HEAD's none).
    std::optional<CommitInfo> next();
    FirstParentWalk(FirstParentWalk&&) noexcept;
    FirstParentWalk& operator=(FirstParentWalk&&) noexcept;
    ~FirstParentWalk();

  private:
    friend class Repo;
    struct Impl;
    explicit FirstParentWalk(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
  };
  Result<FirstParentWalk> first_parent_walk() const;
  /// A path's bytes at a revision ("abc123", "abc123~1"), if it exists there.
  std::optional<std::string> blob_at(const std::string& rev, const std::string& path) const;
  /// A blob's bytes by id ("" if absent).
  std::string read_blob(const std::string& id) const;

  /// The staged files that differ from HEAD, as `git commit` would store them. Reads `index_file`
  /// when given (git sets GIT_INDEX_FILE for hooks of `git commit -a` / `git commit PATH`).
  Result<std::vector<StagedBlob>> staged_blobs(const std::optional<fs::path>& index_file) const;
  /// Whether `git commit` would find anything to commit in `index_file` (or .git/index): any entry,
  /// submodules included, that differs from HEAD's tree.
  Result<bool> index_differs_from_head(const std::optional<fs::path>& index_file) const;
  /// How many paths `git status` lists as staged in `index_file` (or .git/index): entries that differ
  /// from HEAD's tree (with no index file, every file of HEAD, as a staged deletion).
  Result<std::size_t> staged_changes(const std::optional<fs::path>& index_file) const;
  /// The paths under the working-tree folder `folder` that `git add -A FOLDER` then `git commit` would
  /// change: modified, deleted, new and not ignored, or staged already; as `git status` finds them, in one
  /// walk of the folder, where a file whose stat data its index entry holds is not read. FIFOs, sockets
  /// and devices are not seen (nor a committed file one replaced), and a symbolic link is one path, never
  /// followed. Sorted; a git repository inside the folder is refused (usage error naming it).
  Result<std::vector<util::RelPath>> changed_under(const util::RelPath& folder) const;
  /// A blob some commit added or changed, for scanning history.
  struct HistoryBlob {
    std::string commit;  ///< the first commit (oldest) that has it at this path
    std::string path;
    std::string content;
  };
  /// A commit's texts that leave the machine with it: its message and its identities.
  struct OutgoingCommit {
    std::string commit;
    std::string message;
    std::string identities;  ///< "author: Name <email>\ncommitter: Name <email>\n"
  };
  /// One walk of every commit reachable from HEAD, a branch or a tag, oldest first: `visit_commit` for
  /// each, then `visit_blob` once per distinct blob (and path) it added or changed. In a shallow clone the
  /// walk stops at the commits it has: a boundary commit's whole tree counts as added.
  Status for_each_history(const std::function<void(const OutgoingCommit&)>& visit_commit,
                          const std::function<void(const HistoryBlob&)>& visit_blob) const;
  /// True for a shallow clone (git clone --depth): history older than its boundary commits is not here.
  bool is_shallow() const;
  /// A tag object's texts.
  struct TagText {
    std::string id;       ///< the tag object's id
    std::string message;  ///< "" when it has none
    std::string tagger;   ///< "Name <email>"
  };
  /// The tag objects from `id` inward: a tag of a tag sends both, so both are listed (outermost first);
  /// empty when `id` names no tag object, or nothing this repository has.
  std::vector<TagText> tag_chain(const std::string& id) const;
  /// A ref's texts: its name and, for an annotated tag, every tag object it leads through.
  struct RefText {
    std::string name;
    std::vector<TagText> tags;
  };
  /// Every branch and tag (refs/heads/*, refs/tags/*) with its tag objects' texts.
  Result<std::vector<RefText>> ref_texts() const;
  /// For `git push`: calls `visit_commit` for each commit reachable from `tips` (commit ids) but not from
  /// `known` (ids the remote has; unknown ids are ignored) nor from refs matching `known_glob`
  /// ("refs/remotes/origin/*"), and `visit_blob` for each blob those commits added or changed; a tip that
  /// names a tree or blob (or a tag of one) sends its content: every blob of the tree with its path, or
  /// the blob with none, each given `visit_blob` with the tip as its commit.
  Status for_each_outgoing(const std::vector<std::string>& tips, const std::vector<std::string>& known, const std::string& known_glob,
                           const std::function<void(const OutgoingCommit&)>& visit_commit,
                           const std::function<void(const HistoryBlob&)>& visit_blob) const;

  // What pdo sync needs (src/git/sync.cpp): commits are replayed on top of the remote's as objects only;
  // nothing visible moves until the transaction moves the branch (prepare_move).

  /// The entry at `path` in a commit's tree, or a tree's (nullopt when absent or the object is unknown).
  std::optional<TreeEntry> entry_at(const std::string& commit, const std::string& path) const;
  /// Every path (files, links, submodules) whose entry differs between commits (or trees) `from` and `to`
  /// ("" is the empty tree), in path order.
  Result<std::vector<TreeChange>> tree_changes(const std::string& from, const std::string& to) const;
  /// The best common ancestor of two commits ("" when they share none).
  std::string merge_base(const std::string& a, const std::string& b) const;
  /// The commits after `base` up to `tip` along tip's first parents, oldest first; an error when `base` is
  /// not on that line.
  Result<std::vector<ChainCommit>> first_parent_chain(const std::string& base, const std::string& tip) const;
  /// Stores bytes as a blob; its id.
  Result<std::string> write_blob(const std::string& bytes);
  /// A commit with `original`'s author, committer and message (or `message`) whose parent is `parent` and
  /// whose tree is parent's with `entries` set (nullopt: removed). `empty` tells whether that tree equals parent's.
  Result<std::string> replay_commit(const std::string& original, const std::string& parent,
                                    const std::vector<std::pair<std::string, std::optional<TreeEntry>>>& entries, bool& empty,
                                    const std::optional<std::string>& message = std::nullopt);
  /// The tree of `treeish` (a commit or a tree id) with every file under each folder `from` moved under
  /// `to` (repo-relative, no trailing '/'), then `entries` set (nullopt: removed); the new tree's id.
  Result<std::string> edit_tree(const std::string& treeish, const std::vector<std::pair<std::string, std::string>>& folder_moves,
                                const std::vector<std::pair<std::string, std::optional<TreeEntry>>>& entries);
  /// A new commit of `tree` on `parent`, by the repository's configured user, now; its id.
  Result<std::string> commit_tree(const std::string& parent, const std::string& tree, const std::string& message);
  /// git's own three-way line merge (xdiff, as `git merge-file --diff3`); conflicts are marked with lines
  /// of k_merge_marker_size characters.
  static Result<TextMerge> merge_text(std::string_view base, std::string_view ours, std::string_view theirs);
  /// The blob id `git add` would store for the working-tree file (through git's clean filters); nullopt
  /// when no regular file is there (absent, a folder or a symlink).
  Result<std::optional<std::string>> worktree_blob_id(const std::string& path) const;
  /// The staged entry at a path (stage 0), if any.
  std::optional<TreeEntry> index_entry(const std::string& path) const;
  /// Deletes every ref whose name starts with `prefix` (e.g. "refs/pdo-sync/").
  void remove_refs(const std::string& prefix);
  /// Step one of moving the branch to an existing commit (the caller holds index.lock and has already
  /// written the working-tree files of `paths` as `target` has them): the new index, with `paths` staged as
  /// `target` has them, written to `scratch`. The move is built on `expected_old` (the compare-and-swap
  /// value), not on whatever the branch holds now.
  Result<PreparedCommit> prepare_move(const std::string& target, const std::string& expected_old, const std::vector<std::string>& paths,
                                      const fs::path& scratch, const std::string& reflog_message);

private:
  struct Impl;
  explicit Repo(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m_impl;
};

}  // namespace pdo::git
