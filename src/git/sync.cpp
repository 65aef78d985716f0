// The libgit2 half of pdo sync: reading trees and first-parent lines, git's own three-way line merge,
// and replaying a commit on another parent as objects only (no ref, index or file moves here). The
// network half is the git CLI (app/git_cli), since pdo's libgit2 is built without transports.
#include <git2/sys/repository.h>

#include <algorithm>

#include "git/lg2.hpp"
#include "util/i18n.hpp"

namespace pdo::git {

using util::tr;

namespace {

using DiffPtr = Handle<git_diff, git_diff_free>;
using ObjectPtr = Handle<git_object, git_object_free>;

Result<CommitPtr> lookup_commit(git_repository* repo, const std::string& id) {
  git_oid oid;
  if (git_oid_fromstr(&oid, id.c_str()) != 0) return Error{Exit::failure, "bad commit id " + id};
  git_commit* c = nullptr;
  if (int rc = git_commit_lookup(&c, repo, &oid); rc != 0) return lg2_error(rc, id);
  return CommitPtr(c);
}

/// The tree of a commit, or a tree by its own id; nullptr for "" (the empty tree).
Result<TreePtr> tree_of(git_repository* repo, const std::string& treeish) {
  if (treeish.empty()) return TreePtr();
  git_oid oid;
  if (git_oid_fromstr(&oid, treeish.c_str()) != 0) return Error{Exit::failure, "bad object id " + treeish};
  git_object* raw = nullptr;
  if (int rc = git_object_lookup(&raw, repo, &oid, GIT_OBJECT_ANY); rc != 0) return lg2_error(rc, treeish);
  ObjectPtr obj(raw);
  git_object* peeled = nullptr;
  if (int rc = git_object_peel(&peeled, raw, GIT_OBJECT_TREE); rc != 0) return lg2_error(rc, treeish);
  return TreePtr(reinterpret_cast<git_tree*>(peeled));
}

/// `entries` set in an index (nullopt: removed).
Status set_entries(git_index* index, const std::vector<std::pair<std::string, std::optional<TreeEntry>>>& entries) {
  for (const auto& [path, entry] : entries) {
    if (!entry) {
      git_index_remove(index, path.c_str(), 0);
      continue;
    }
    git_index_entry e{};
    if (git_oid_fromstr(&e.id, entry->id.c_str()) != 0) return Error{Exit::failure, "bad object id " + entry->id};
    e.mode = entry->mode;
    e.path = path.c_str();
    if (int rc = git_index_add(index, &e); rc != 0) return lg2_error(rc, tr("无法写入 ", "cannot write ") + path);
  }
  return ok();
}

/// An in-memory index holding a tree's entries.
Result<IndexPtr> index_of(git_tree* tree) {
  git_index* raw = nullptr;
  if (int rc = git_index_new(&raw); rc != 0) return lg2_error(rc, "git_index_new");
  IndexPtr index(raw);
  if (tree) {
    if (int rc = git_index_read_tree(raw, tree); rc != 0) return lg2_error(rc, "read tree");
  }
  return index;
}

std::optional<TreeEntry> entry_of(const git_diff_file& f) {
  if (!(f.flags & GIT_DIFF_FLAG_EXISTS) || f.mode == 0) return std::nullopt;
  return TreeEntry{oid_str(f.id), f.mode};
}

}  // namespace

std::optional<TreeEntry> Repo::entry_at(const std::string& commit, const std::string& path) const {
  auto tree = tree_of(m_impl->repo.get(), commit);
  if (!tree || !*tree) return std::nullopt;
  git_tree_entry* raw = nullptr;
  if (git_tree_entry_bypath(&raw, tree->get(), path.c_str()) != 0) return std::nullopt;
  EntryPtr entry(raw);
  if (git_tree_entry_type(raw) == GIT_OBJECT_TREE) return std::nullopt;
  return TreeEntry{oid_str(*git_tree_entry_id(raw)), static_cast<std::uint32_t>(git_tree_entry_filemode(raw))};
}

Result<std::vector<TreeChange>> Repo::tree_changes(const std::string& from, const std::string& to) const {
  git_repository* repo = m_impl->repo.get();
  auto a = tree_of(repo, from);
  if (!a) return a.error();
  auto b = tree_of(repo, to);
  if (!b) return b.error();
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  opts.flags |= GIT_DIFF_INCLUDE_TYPECHANGE;  // a file that became a link is one change, not two
  git_diff* raw = nullptr;
  if (int rc = git_diff_tree_to_tree(&raw, repo, a->get(), b->get(), &opts); rc != 0) return lg2_error(rc, "diff");
  DiffPtr diff(raw);
  std::vector<TreeChange> out;
  const std::size_t n = git_diff_num_deltas(raw);
  for (std::size_t i = 0; i < n; ++i) {
    const git_diff_delta* d = git_diff_get_delta(raw, i);
    const char* path = d->new_file.path ? d->new_file.path : d->old_file.path;
    out.push_back({path, entry_of(d->old_file), entry_of(d->new_file)});
  }
  return out;
}

std::string Repo::merge_base(const std::string& a, const std::string& b) const {
  git_oid x, y, base;
  if (git_oid_fromstr(&x, a.c_str()) != 0 || git_oid_fromstr(&y, b.c_str()) != 0) return {};
  if (git_merge_base(&base, m_impl->repo.get(), &x, &y) != 0) return {};
  return oid_str(base);
}

Result<std::vector<ChainCommit>> Repo::first_parent_chain(const std::string& base, const std::string& tip) const {
  git_repository* repo = m_impl->repo.get();
  std::vector<ChainCommit> chain;
  std::string at = tip;
  while (at != base) {
    if (at.empty())
      return Error{Exit::failure, tr("提交 ", "commit ") + base.substr(0, 12) + tr(" 不在 ", " is not on the first-parent line of ") +
                                      tip.substr(0, 12) + tr(" 的第一父提交链上", "")};
    auto c = lookup_commit(repo, at);
    if (!c) return c.error();
    ChainCommit cc;
    cc.id = at;
    cc.parents = git_commit_parentcount(c->get());
    cc.parent = cc.parents ? oid_str(*git_commit_parent_id(c->get(), 0)) : "";
    const char* message = git_commit_message(c->get());
    cc.message = message ? message : "";
    cc.author_time = static_cast<long long>(git_commit_author(c->get())->when.time);
    at = cc.parent;
    chain.push_back(std::move(cc));
  }
  return std::vector<ChainCommit>(chain.rbegin(), chain.rend());
}

Result<std::string> Repo::write_blob(const std::string& bytes) {
  git_oid id;
  if (int rc = write_blob_object(&id, m_impl->repo.get(), bytes); rc != 0) {
    return lg2_error(rc, tr("无法写入 git 对象", "cannot write a git object"));
  }
  return oid_str(id);
}

Result<std::string> Repo::edit_tree(const std::string& treeish, const std::vector<std::pair<std::string, std::string>>& folder_moves,
                                    const std::vector<std::pair<std::string, std::optional<TreeEntry>>>& entries) {
  git_repository* repo = m_impl->repo.get();
  auto tree = tree_of(repo, treeish);
  if (!tree) return tree.error();
  auto index = index_of(tree->get());
  if (!index) return index.error();
  std::vector<std::pair<std::string, std::optional<TreeEntry>>> moved;
  const std::size_t n = git_index_entrycount(index->get());
  for (std::size_t i = 0; i < n; ++i) {
    const git_index_entry* e = git_index_get_byindex(index->get(), i);
    const std::string path = e->path;
    for (const auto& [from, to] : folder_moves) {
      if (path.compare(0, from.size() + 1, from + "/") != 0) continue;
      moved.emplace_back(path, std::nullopt);
      moved.emplace_back(to + path.substr(from.size()), TreeEntry{oid_str(e->id), e->mode});
      break;
    }
  }
  // Removals first, so a folder moved onto another's old name keeps its files.
  std::stable_partition(moved.begin(), moved.end(), [](const auto& m) { return !m.second; });
  moved.insert(moved.end(), entries.begin(), entries.end());
  if (auto st = set_entries(index->get(), moved); !st) return st.error();
  git_oid id;
  if (int rc = git_index_write_tree_to(&id, index->get(), repo); rc != 0)
    return lg2_error(rc, tr("无法写入 git 对象", "cannot write a git object"));
  return oid_str(id);
}

Result<std::string> Repo::commit_tree(const std::string& parent, const std::string& tree, const std::string& message) {
  git_repository* repo = m_impl->repo.get();
  auto par = lookup_commit(repo, parent);
  if (!par) return par.error();
  auto t = tree_of(repo, tree);
  if (!t) return t.error();
  git_signature* raw = nullptr;
  if (int rc = git_signature_default(&raw, repo); rc != 0) {
    return Error{
        Exit::usage,
        tr("git 还不知道你的名字和邮箱（user.name / user.email）。请运行：git config user.name \"你的名字\" 和 git config user.email you@example.com",
           "git does not know your name and email (user.name / user.email). Run: git config user.name \"Your Name\" and git "
           "config user.email you@example.com")};
  }
  SigPtr sig(raw);
  const git_commit* parents[] = {par->get()};
  git_oid id;
  if (int rc = git_commit_create(&id, repo, nullptr, sig.get(), sig.get(), nullptr, message.c_str(), t->get(), 1, parents); rc != 0)
    return lg2_error(rc, tr("无法创建提交", "cannot create the commit"));
  return oid_str(id);
}

Result<std::string> Repo::replay_commit(const std::string& original, const std::string& parent,
                                        const std::vector<std::pair<std::string, std::optional<TreeEntry>>>& entries, bool& empty,
                                        const std::optional<std::string>& message) {
  git_repository* repo = m_impl->repo.get();
  auto orig = lookup_commit(repo, original);
  if (!orig) return orig.error();
  auto par = lookup_commit(repo, parent);
  if (!par) return par.error();
  git_tree* pt = nullptr;
  if (int rc = git_commit_tree(&pt, par->get()); rc != 0) return lg2_error(rc, "tree");
  TreePtr parent_tree(pt);
  auto index = index_of(pt);
  if (!index) return index.error();
  if (auto st = set_entries(index->get(), entries); !st) return st.error();
  git_oid tree_id;
  if (int rc = git_index_write_tree_to(&tree_id, index->get(), repo); rc != 0)
    return lg2_error(rc, tr("无法写入 git 对象", "cannot write a git object"));
  empty = git_oid_cmp(&tree_id, git_tree_id(pt)) == 0;
  git_tree* tt = nullptr;
  if (int rc = git_tree_lookup(&tt, repo, &tree_id); rc != 0) return lg2_error(rc, "tree");
  TreePtr tree(tt);
  // The same author and committer (name, email and time): the journal dates a step by its commit, and a
  // step studied on Monday stays Monday's after a sync.
  const git_commit* parents[] = {par->get()};
  git_oid id;
  const char* encoding = git_commit_message_encoding(orig->get());
  const char* text = message ? message->c_str() : git_commit_message(orig->get());
  if (int rc = git_commit_create(&id, repo, nullptr, git_commit_author(orig->get()), git_commit_committer(orig->get()), encoding, text,
                                 tree.get(), 1, parents);
      rc != 0) {
    return lg2_error(rc, tr("无法创建提交", "cannot create the commit"));
  }
  return oid_str(id);
}

Result<TextMerge> Repo::merge_text(std::string_view base, std::string_view ours, std::string_view theirs) {
  ensure_libgit2();
  git_merge_file_input in_base = GIT_MERGE_FILE_INPUT_INIT, in_ours = GIT_MERGE_FILE_INPUT_INIT, in_theirs = GIT_MERGE_FILE_INPUT_INIT;
  in_base.ptr = base.data();
  in_base.size = base.size();
  in_ours.ptr = ours.data();
  in_ours.size = ours.size();
  in_theirs.ptr = theirs.data();
  in_theirs.size = theirs.size();
  git_merge_file_options opts = GIT_MERGE_FILE_OPTIONS_INIT;
  opts.ancestor_label = "base";
  opts.our_label = "ours";
  opts.their_label = "theirs";
  opts.flags = GIT_MERGE_FILE_STYLE_DIFF3;
  opts.marker_size = k_merge_marker_size;
  git_merge_file_result result{};
  if (int rc = git_merge_file(&result, &in_base, &in_ours, &in_theirs, &opts); rc != 0) return lg2_error(rc, "merge");
  TextMerge out;
  out.clean = result.automergeable != 0;
  out.text.assign(result.ptr ? result.ptr : "", result.len);
  git_merge_file_result_free(&result);
  return out;
}

void Repo::remove_refs(const std::string& prefix) {
  git_repository* repo = m_impl->repo.get();
  git_reference_iterator* raw = nullptr;
  if (git_reference_iterator_glob_new(&raw, repo, (prefix + "*").c_str()) != 0) return;
  std::vector<std::string> names;
  git_reference* ref = nullptr;
  while (git_reference_next(&ref, raw) == 0) {
    names.emplace_back(git_reference_name(ref));
    git_reference_free(ref);
  }
  git_reference_iterator_free(raw);
  for (const auto& name : names) {
    git_reference* r = nullptr;
    if (git_reference_lookup(&r, repo, name.c_str()) != 0) continue;
    RefPtr owned(r);
    git_reference_delete(r);
  }
}

}  // namespace pdo::git
