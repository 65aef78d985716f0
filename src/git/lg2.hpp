#pragma once
// libgit2 internals shared by src/git/*.cpp: RAII handles and the one error helper. Only this folder
// includes it.
#include <git2.h>

#include <filesystem>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "git/repo.hpp"
#include "util/fs.hpp"
#include "util/platform.hpp"

namespace pdo::git {

/// libgit2's global state, set up once for the process.
inline void ensure_libgit2() {
  static const int k_init = git_libgit2_init();
  (void)k_init;
}

template <class T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const { Free(p); }
};
template <class T, void (*Free)(T*)>
using Handle = std::unique_ptr<T, Deleter<T, Free>>;

using RepoPtr = Handle<git_repository, git_repository_free>;
using IndexPtr = Handle<git_index, git_index_free>;
using TreePtr = Handle<git_tree, git_tree_free>;
using CommitPtr = Handle<git_commit, git_commit_free>;
using RefPtr = Handle<git_reference, git_reference_free>;
using SigPtr = Handle<git_signature, git_signature_free>;
using BlobPtr = Handle<git_blob, git_blob_free>;
using EntryPtr = Handle<git_tree_entry, git_tree_entry_free>;
using WalkPtr = Handle<git_revwalk, git_revwalk_free>;
using ConfigPtr = Handle<git_config, git_config_free>;

/// Turns a libgit2 return code into an error with context (libgit2 examples' check_lg2).
/// An OS error behind a failed write (disk full, read-only, no permission) becomes Exit::unwritable.
inline Error lg2_error(int rc, const std::string& what) {
  const git_error* e = git_error_last();
  std::string detail = e && e->message ? e->message : "error " + std::to_string(rc);
  // A lock another program holds, or a killed one left ("failed to lock file '…' for writing"): the
  // message every lock gets.
  if (detail.find("failed to lock file '") != std::string::npos) {  // libgit2's words when the lock file exists
    const auto from = detail.find('\'') + 1, to = detail.find('\'', from);
    if (to != std::string::npos) return util::lock_held(detail.substr(from, to - from));
  }
  Exit code = rc == GIT_ELOCKED ? Exit::busy : Exit::failure;
  if (detail.find("No space left") != std::string::npos || detail.find("Disk quota") != std::string::npos) code = Exit::unwritable;
  if (e && e->klass == GIT_ERROR_OS && rc != GIT_ELOCKED) {
    switch (platform::last_io_failure()) {
      case platform::IoFailure::no_space:
      case platform::IoFailure::read_only:
      case platform::IoFailure::denied:
        code = Exit::unwritable;
        break;
      default:
        break;
    }
  }
  return Error{code, what + ": " + detail};
}

/// The signature of `identity`, or of git's configured user (a usage error saying how to set it).
Result<SigPtr> signature_of(git_repository* repo, const Identity& identity);

/// True when git's clean filters leave every file at `paths` (working-tree paths) as it is, so the blob
/// `git add` makes is the file's bytes (git/filters.cpp): core.autocrlf false or unset, and none of the
/// attribute files libgit2 would read for them exists.
bool clean_filters_are_noop(git_repository* repo, git_index* index, const std::vector<std::string>& paths);

/// A path as libgit2 takes it: UTF-8 with '/' separators (libgit2 splits only on '/', e.g. for MKPATH, so
/// a Windows "C:\dir\sub" must arrive as "C:/dir/sub").
inline std::string lg2_path(const std::filesystem::path& path) {
#if defined(__cpp_char8_t)
  const auto u8 = path.generic_u8string();
  return std::string(u8.begin(), u8.end());
#else
  return path.generic_u8string();
#endif
}

inline std::string oid_str(const git_oid& oid) {
  char buf[GIT_OID_HEXSZ + 1] = {};
  git_oid_tostr(buf, sizeof buf, &oid);
  return buf;
}

inline std::optional<git_oid> entry_id(git_tree* tree, const std::string& path) {
  if (!tree) return std::nullopt;
  git_tree_entry* raw = nullptr;
  if (git_tree_entry_bypath(&raw, tree, path.c_str()) != 0) return std::nullopt;
  EntryPtr entry(raw);
  if (git_tree_entry_type(raw) != GIT_OBJECT_BLOB) return std::nullopt;
  return *git_tree_entry_id(raw);
}

inline std::string blob_text(git_repository* repo, const git_oid& id) {
  git_blob* raw = nullptr;
  if (git_blob_lookup(&raw, repo, &id) != 0) return {};
  BlobPtr blob(raw);
  return std::string(static_cast<const char*>(git_blob_rawcontent(raw)), static_cast<std::size_t>(git_blob_rawsize(raw)));
}

/// The tree of a commit's first parent (nullptr for a root commit).
/// Writes a blob with git_odb_write, not git_blob_create_from_buffer: it hashes first and only freshens an
/// object that is already there (as git does), where the blob stream creates and deletes a temporary file
/// every time.
inline int write_blob_object(git_oid* id, git_repository* repo, std::string_view bytes) {
  git_odb* odb = nullptr;
  int rc = git_repository_odb(&odb, repo);
  if (rc != 0) return rc;
  rc = git_odb_write(id, odb, bytes.data(), bytes.size(), GIT_OBJECT_BLOB);
  git_odb_free(odb);
  return rc;
}

inline TreePtr first_parent_tree(git_commit* commit) {
  if (git_commit_parentcount(commit) == 0) return {};
  git_commit* p = nullptr;
  if (git_commit_parent(&p, commit, 0) != 0) return {};
  CommitPtr parent(p);
  git_tree* t = nullptr;
  if (git_commit_tree(&t, p) != 0) return {};
  return TreePtr(t);
}

/// Calls visit(id, commit, tree) -> Result<bool> for the commit `id`; a commit or tree that cannot be read
/// (a shallow clone's or a broken repository's) is passed over as if visit had said true.
template <class Visit>
Result<bool> with_commit(git_repository* repo, const git_oid& id, Visit&& visit) {
  git_commit* c = nullptr;
  if (git_commit_lookup(&c, repo, &id) != 0) return true;
  CommitPtr commit(c);
  git_tree* t = nullptr;
  if (git_commit_tree(&t, c) != 0) return true;
  TreePtr tree(t);
  return visit(id, c, t);
}

/// Walks the commits reachable from HEAD (and from the ref `globs`) in `sorting` order, calling
/// visit(id, commit, tree) -> Result<bool> for each: false stops the walk, an Error aborts it.
template <class Visit>
Status walk_commits(git_repository* repo, unsigned sorting, std::initializer_list<const char*> globs, Visit&& visit) {
  git_revwalk* raw = nullptr;
  if (int rc = git_revwalk_new(&raw, repo); rc != 0) return lg2_error(rc, "revwalk");
  WalkPtr walk(raw);
  git_revwalk_sorting(raw, sorting);
  if (int rc = git_revwalk_push_head(raw); rc != 0) return lg2_error(rc, "revwalk HEAD");
  for (const char* glob : globs) git_revwalk_push_glob(raw, glob);
  git_oid id;
  while (git_revwalk_next(&id, raw) == 0) {
    Result<bool> more = with_commit(repo, id, visit);
    if (!more) return more.error();
    if (!*more) break;
  }
  return ok();
}

struct Repo::Impl {
  RepoPtr repo;
  /// A folder with its symlinks resolved (fs::weakly_canonical), looked up once: Repo::relative's cache.
  fs::path resolved_folder(const fs::path& folder);
  std::unordered_map<fs::path::string_type, fs::path> folders{};
  std::mutex folders_mutex{};
};

}  // namespace pdo::git
