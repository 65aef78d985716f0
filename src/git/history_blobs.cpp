// Repo::for_each_history: every commit's message and every blob any commit introduced, each scanned once,
// in one walk, so `pdo scan --history` can point at the commit where an old key first appeared. Trees are compared entry by
// entry (no git_diff: it re-reads the configuration for every commit), and a subtree whose id did not
// change is skipped whole.
#include <set>
#include <string>

#include "git/lg2.hpp"
#include "util/i18n.hpp"

namespace pdo::git {

using util::tr;

namespace {

using DiffPtr = Handle<git_diff, git_diff_free>;

struct BlobWalk {
  git_repository* repo;
  const std::function<void(const Repo::HistoryBlob&)>& visit;
  std::set<std::string> seen;
  std::string commit;
};

/// Visits the blobs commit `c` (tree `t`) added or changed against its first parent, once per blob+path.
Status visit_changed_blobs(git_repository* repo, const git_oid& id, git_commit* c, git_tree* t, std::set<std::string>& seen,
                           const std::function<void(const Repo::HistoryBlob&)>& visit) {
  const TreePtr parent = first_parent_tree(c);
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  opts.flags |= GIT_DIFF_IGNORE_SUBMODULES;
  git_diff* d_raw = nullptr;
  if (int rc = git_diff_tree_to_tree(&d_raw, repo, parent.get(), t, &opts); rc != 0) {
    return lg2_error(rc, tr("无法读取提交 ", "cannot read commit ") + oid_str(id));
  }
  DiffPtr diff(d_raw);
  for (std::size_t i = 0; i < git_diff_num_deltas(d_raw); ++i) {
    const git_diff_delta* d = git_diff_get_delta(d_raw, i);
    if (d->status == GIT_DELTA_DELETED || d->new_file.mode == GIT_FILEMODE_COMMIT) continue;
    const std::string path = d->new_file.path ? d->new_file.path : "";
    // A blob is scanned once, but a path rule (.env) needs each new path of it too.
    if (!seen.insert(oid_str(d->new_file.id) + ":" + path).second) continue;
    visit({oid_str(id), path, blob_text(repo, d->new_file.id)});
  }
  return ok();
}

TreePtr lookup_tree(git_repository* repo, const git_oid& id) {
  git_tree* t = nullptr;
  if (git_tree_lookup(&t, repo, &id) != 0) return {};
  return TreePtr(t);
}

/// Reports the blobs of `now` (under `prefix`) that `before` (may be null) does not have at the same path.
Status compare_trees(BlobWalk& w, git_tree* before, git_tree* now, const std::string& prefix) {
  const std::size_t count = git_tree_entrycount(now);
  for (std::size_t i = 0; i < count; ++i) {
    const git_tree_entry* e = git_tree_entry_byindex(now, i);
    const std::string name = git_tree_entry_name(e);
    const git_tree_entry* old = before ? git_tree_entry_byname(before, name.c_str()) : nullptr;
    const git_object_t type = git_tree_entry_type(e);
    if (old && git_oid_equal(git_tree_entry_id(old), git_tree_entry_id(e)) && git_tree_entry_filemode(old) == git_tree_entry_filemode(e)) {
      continue;  // unchanged file, or a whole unchanged subtree
    }
    const std::string path = prefix + name;
    if (type == GIT_OBJECT_TREE) {
      const TreePtr sub = lookup_tree(w.repo, *git_tree_entry_id(e));
      if (!sub) return lg2_error(-1, tr("无法读取提交 ", "cannot read commit ") + w.commit);
      TreePtr old_sub = old && git_tree_entry_type(old) == GIT_OBJECT_TREE ? lookup_tree(w.repo, *git_tree_entry_id(old)) : TreePtr{};
      if (Status s = compare_trees(w, old_sub.get(), sub.get(), path + "/"); !s) return s;
      continue;
    }
    if (type != GIT_OBJECT_BLOB) continue;                                             // submodules
    if (old && git_oid_equal(git_tree_entry_id(old), git_tree_entry_id(e))) continue;  // mode change only, as git diff shows no new content
    // A blob is scanned once, but a path rule (.env) needs each new path of it too.
    if (!w.seen.insert(oid_str(*git_tree_entry_id(e)) + ":" + path).second) continue;
    w.visit({w.commit, path, blob_text(w.repo, *git_tree_entry_id(e))});
  }
  return ok();
}

}  // namespace

namespace {

std::string signature_text(const git_signature* sig) {
  if (sig == nullptr) return {};
  return std::string(sig->name ? sig->name : "") + " <" + (sig->email ? sig->email : "") + ">";
}

Repo::OutgoingCommit commit_text(const git_oid& id, git_commit* c) {
  const char* message = git_commit_message_raw(c);
  return {oid_str(id), message ? message : "",
          "author: " + signature_text(git_commit_author(c)) + "\ncommitter: " + signature_text(git_commit_committer(c)) + "\n"};
}

/// The commits of a shallow clone reachable from HEAD, branches and tags, parents before children: the
/// walk stops where a parent is not in the object database (libgit2 1.5's revwalk stops the whole walk).
Result<std::vector<git_oid>> shallow_commits(git_repository* repo) {
  std::vector<git_oid> roots, order;
  git_oid head;
  if (git_reference_name_to_id(&head, repo, "HEAD") == 0) roots.push_back(head);
  for (const char* glob : {"refs/heads/*", "refs/tags/*"}) {
    git_reference_iterator* it = nullptr;
    if (git_reference_iterator_glob_new(&it, repo, glob) != 0) continue;
    git_reference* ref = nullptr;
    while (git_reference_next(&ref, it) == 0) {
      git_object* peeled = nullptr;
      if (git_reference_peel(&peeled, ref, GIT_OBJECT_COMMIT) == 0) {
        roots.push_back(*git_object_id(peeled));
        git_object_free(peeled);
      }
      git_reference_free(ref);
    }
    git_reference_iterator_free(it);
  }
  git_odb* odb = nullptr;
  if (int rc = git_repository_odb(&odb, repo); rc != 0) return lg2_error(rc, "odb");
  std::set<std::string> seen;
  // Depth-first, iterative: a node is emitted after all its parents (post-order).
  std::vector<std::pair<git_oid, bool>> stack;
  stack.reserve(roots.size());
  for (const auto& r : roots) stack.emplace_back(r, false);
  while (!stack.empty()) {
    auto [id, expanded] = stack.back();
    stack.pop_back();
    if (expanded) {
      order.push_back(id);
      continue;
    }
    if (!seen.insert(oid_str(id)).second || git_odb_exists(odb, &id) == 0) continue;
    git_commit* c = nullptr;
    if (git_commit_lookup(&c, repo, &id) != 0) continue;
    CommitPtr commit(c);
    stack.emplace_back(id, true);
    for (unsigned p = 0; p < git_commit_parentcount(c); ++p) stack.emplace_back(*git_commit_parent_id(c, p), false);
  }
  git_odb_free(odb);
  return order;
}

/// The blobs a pushed tree or blob sends: every blob of the tree, with its path, or the blob alone (no
/// path); `tip` is what the push names.
Status visit_object_blobs(git_repository* repo, git_object* obj, const std::string& tip,
                          const std::function<void(const Repo::HistoryBlob&)>& visit) {
  git_object* peeled = nullptr;
  if (git_object_peel(&peeled, obj, GIT_OBJECT_TREE) == 0) {
    const TreePtr tree(reinterpret_cast<git_tree*>(peeled));
    struct Walk {
      git_repository* repo;
      const std::string& tip;
      const std::function<void(const Repo::HistoryBlob&)>& visit;
    } walk{repo, tip, visit};
    const auto each = [](const char* root, const git_tree_entry* e, void* payload) -> int {
      const auto& w = *static_cast<Walk*>(payload);
      if (git_tree_entry_type(e) == GIT_OBJECT_BLOB)
        w.visit({w.tip, std::string(root) + git_tree_entry_name(e), blob_text(w.repo, *git_tree_entry_id(e))});
      return 0;
    };
    if (int rc = git_tree_walk(tree.get(), GIT_TREEWALK_PRE, each, &walk); rc != 0)
      return lg2_error(rc, tr("无法读取要推送的目录树 ", "cannot read the tree to push ") + tip);
    return ok();
  }
  if (git_object_peel(&peeled, obj, GIT_OBJECT_BLOB) == 0) {
    const git_oid id = *git_object_id(peeled);
    git_object_free(peeled);
    visit({tip, "", blob_text(repo, id)});
  }
  return ok();
}

}  // namespace

bool Repo::is_shallow() const { return git_repository_is_shallow(m_impl->repo.get()) == 1; }

Status Repo::for_each_history(const std::function<void(const OutgoingCommit&)>& visit_commit,
                              const std::function<void(const HistoryBlob&)>& visit_blob) const {
  git_repository* repo = m_impl->repo.get();
  if (head_unborn()) return ok();
  BlobWalk w{repo, visit_blob, {}, {}};
  // Oldest first, so a commit's first parent was most often the commit just before it: its tree is kept
  // rather than looked up again (the history is read without libgit2's object cache, see tune_for_reading).
  git_oid previous{};
  TreePtr previous_tree;
  const auto visit = [&](const git_oid& id, git_commit* c, git_tree* t) -> Result<bool> {
    w.commit = oid_str(id);
    visit_commit(commit_text(id, c));
    const git_oid* parent_id = git_commit_parentcount(c) > 0 ? git_commit_parent_id(c, 0) : nullptr;
    TreePtr looked_up;
    git_tree* parent = nullptr;
    if (parent_id && previous_tree && git_oid_equal(parent_id, &previous)) {
      parent = previous_tree.get();
    } else if (parent_id) {
      looked_up = first_parent_tree(c);  // null at a shallow boundary: the whole tree is new here
      parent = looked_up.get();
    }
    if (Status s = compare_trees(w, parent, t, ""); !s) return s.error();
    git_object* kept = nullptr;
    if (git_object_dup(&kept, reinterpret_cast<git_object*>(t)) == 0) {
      previous = id;
      previous_tree.reset(reinterpret_cast<git_tree*>(kept));
    } else {
      previous_tree.reset();
    }
    return true;
  };
  if (!is_shallow())
    return walk_commits(repo, GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME | GIT_SORT_REVERSE, {"refs/heads/*", "refs/tags/*"}, visit);
  auto order = shallow_commits(repo);
  if (!order) return order.error();
  for (const git_oid& id : *order) {
    if (auto more = with_commit(repo, id, visit); !more) return more.error();
  }
  return ok();
}

std::vector<Repo::TagText> Repo::tag_chain(const std::string& id) const {
  std::vector<TagText> chain;
  git_oid oid;
  if (git_oid_fromstr(&oid, id.c_str()) != 0) return chain;
  // Object ids are hashes of their content, so a chain of tags has an end: each names an older object.
  git_tag* tag = nullptr;
  while (git_tag_lookup(&tag, m_impl->repo.get(), &oid) == 0) {
    chain.push_back({oid_str(oid), git_tag_message(tag) ? git_tag_message(tag) : "", signature_text(git_tag_tagger(tag))});
    const bool inner = git_tag_target_type(tag) == GIT_OBJECT_TAG;
    oid = *git_tag_target_id(tag);
    git_tag_free(tag);
    if (!inner) break;
  }
  return chain;
}

Result<std::vector<Repo::RefText>> Repo::ref_texts() const {
  std::vector<RefText> out;
  for (const char* glob : {"refs/heads/*", "refs/tags/*"}) {
    git_reference_iterator* it = nullptr;
    if (int rc = git_reference_iterator_glob_new(&it, m_impl->repo.get(), glob); rc != 0) return lg2_error(rc, "refs");
    git_reference* ref = nullptr;
    while (git_reference_next(&ref, it) == 0) {
      RefText text{git_reference_name(ref), {}};
      if (git_reference_type(ref) == GIT_REFERENCE_DIRECT) text.tags = tag_chain(oid_str(*git_reference_target(ref)));
      out.push_back(std::move(text));
      git_reference_free(ref);
    }
    git_reference_iterator_free(it);
  }
  return out;
}

Status Repo::for_each_outgoing(const std::vector<std::string>& tips, const std::vector<std::string>& known, const std::string& known_glob,
                               const std::function<void(const OutgoingCommit&)>& visit_commit,
                               const std::function<void(const HistoryBlob&)>& visit_blob) const {
  git_repository* repo = m_impl->repo.get();
  git_revwalk* raw = nullptr;
  if (int rc = git_revwalk_new(&raw, repo); rc != 0) return lg2_error(rc, "revwalk");
  WalkPtr walk(raw);
  git_revwalk_sorting(raw, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE);
  git_oid oid;
  for (const auto& tip : tips) {
    if (git_oid_fromstr(&oid, tip.c_str()) != 0) return Error{Exit::usage, tr("不是提交 id：", "not a commit id: ") + tip};
    // An annotated tag (git push --tags) is walked from the commit it names; a tag of a tree or blob sends
    // that tree's or blob's content.
    git_object* obj = nullptr;
    if (int rc = git_object_lookup(&obj, repo, &oid, GIT_OBJECT_ANY); rc != 0) {
      return lg2_error(rc, tr("找不到要推送的对象 ", "cannot find the object to push ") + tip);
    }
    git_object* peeled = nullptr;
    const int peel = git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT);
    if (peel != 0) {  // a tree or blob (a tag of one, or one pushed by a lightweight tag): its blobs are sent
      const Status sent = visit_object_blobs(repo, obj, tip, visit_blob);
      git_object_free(obj);
      if (!sent) return sent.error();
      continue;
    }
    git_object_free(obj);
    const git_oid commit_id = *git_object_id(peeled);
    git_object_free(peeled);
    if (int rc = git_revwalk_push(raw, &commit_id); rc != 0)
      return lg2_error(rc, tr("找不到要推送的提交 ", "cannot find the commit to push ") + tip);
  }
  // What the remote already has is hidden; an id this repo does not know (never fetched) hides nothing.
  for (const auto& id : known) {
    if (git_oid_fromstr(&oid, id.c_str()) == 0) git_revwalk_hide(raw, &oid);
  }
  if (!known_glob.empty()) git_revwalk_hide_glob(raw, known_glob.c_str());
  std::set<std::string> seen;
  while (git_revwalk_next(&oid, raw) == 0) {
    git_commit* c = nullptr;
    if (int rc = git_commit_lookup(&c, repo, &oid); rc != 0)
      return lg2_error(rc, tr("无法读取提交 ", "cannot read commit ") + oid_str(oid));
    CommitPtr commit(c);
    git_tree* t = nullptr;
    if (int rc = git_commit_tree(&t, c); rc != 0) return lg2_error(rc, tr("无法读取提交 ", "cannot read commit ") + oid_str(oid));
    TreePtr tree(t);
    visit_commit(commit_text(oid, c));
    if (auto st = visit_changed_blobs(repo, oid, c, t, seen, visit_blob); !st) return st.error();
  }
  return ok();
}

}  // namespace pdo::git
