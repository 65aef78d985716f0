#pragma once
// Entries of one tree by path, each folder's tree read once. git_tree_entry_bypath reads every folder on
// the way again for each path, and libgit2 caches no tree over 4 KB: looking up 10k files of one
// exercises/ folder re-read that folder 10k times. Private to src/git/.
#include <optional>
#include <string>
#include <unordered_map>

#include "git/lg2.hpp"

namespace pdo::git {

/// A blob's entry in a tree: its id and file mode.
struct BlobEntry {
  git_oid id;
  std::uint32_t mode = 0;
};

class TreeLookup {
public:
  /// Looks up paths in `root` (nullptr: an empty tree, as HEAD's of an unborn branch).
  TreeLookup(git_repository* repo, git_tree* root) : m_repo(repo), m_root(root) {}
  /// The blob (file or link) at the '/'-separated `path`; nullopt when absent or not a blob.
  std::optional<BlobEntry> blob(const std::string& path);

private:
  /// The tree of the folder `dir` ("" is the root); nullptr when there is none.
  git_tree* folder(const std::string& dir);

  git_repository* m_repo;
  git_tree* m_root;
  std::unordered_map<std::string, TreePtr> m_folders;  ///< a folder that is not there: nullptr
};

}  // namespace pdo::git
