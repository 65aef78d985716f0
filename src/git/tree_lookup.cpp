#include "git/tree_lookup.hpp"

namespace pdo::git {

git_tree* TreeLookup::folder(const std::string& dir) {
  if (dir.empty()) return m_root;
  if (const auto found = m_folders.find(dir); found != m_folders.end()) return found->second.get();
  const auto slash = dir.rfind('/');
  git_tree* parent = folder(slash == std::string::npos ? std::string() : dir.substr(0, slash));
  TreePtr tree;
  const git_tree_entry* e = parent ? git_tree_entry_byname(parent, dir.c_str() + (slash == std::string::npos ? 0 : slash + 1)) : nullptr;
  if (e && git_tree_entry_type(e) == GIT_OBJECT_TREE) {
    git_tree* raw = nullptr;
    if (git_tree_lookup(&raw, m_repo, git_tree_entry_id(e)) == 0) tree.reset(raw);
  }
  return m_folders.emplace(dir, std::move(tree)).first->second.get();
}

std::optional<BlobEntry> TreeLookup::blob(const std::string& path) {
  const auto slash = path.rfind('/');
  git_tree* dir = folder(slash == std::string::npos ? std::string() : path.substr(0, slash));
  if (!dir) return std::nullopt;
  const git_tree_entry* e = git_tree_entry_byname(dir, path.c_str() + (slash == std::string::npos ? 0 : slash + 1));
  if (!e || git_tree_entry_type(e) != GIT_OBJECT_BLOB) return std::nullopt;
  return BlobEntry{*git_tree_entry_id(e), static_cast<std::uint32_t>(git_tree_entry_filemode(e))};
}

}  // namespace pdo::git
