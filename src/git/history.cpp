// Reading history: the commits that changed a path, recent commits, blobs.
#include "git/lg2.hpp"

namespace pdo::git {

namespace {

CommitInfo info_of(git_commit* c, const git_oid& id) {
  CommitInfo info;
  info.id = oid_str(id);
  info.message = git_commit_message(c) ? git_commit_message(c) : "";
  info.time = static_cast<long long>(git_commit_time(c));
  info.offset_minutes = git_commit_time_offset(c);
  const git_signature* author = git_commit_author(c);
  info.author = author && author->name ? author->name : "";
  return info;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> message_trailers(const std::string& message) {
  ensure_libgit2();
  std::vector<std::pair<std::string, std::string>> out;
  git_message_trailer_array arr{};
  if (git_message_trailers(&arr, message.c_str()) != 0) return out;
  for (std::size_t i = 0; i < arr.count; ++i) {
    out.emplace_back(arr.trailers[i].key ? arr.trailers[i].key : "", arr.trailers[i].value ? arr.trailers[i].value : "");
  }
  git_message_trailer_array_free(&arr);
  return out;
}

Result<std::vector<Repo::PathChange>> Repo::changes_to(const std::string& path, std::size_t limit) const {
  git_repository* repo = m_impl->repo.get();
  std::vector<PathChange> out;
  if (head_unborn()) return out;
  const Status walked = walk_commits(repo, GIT_SORT_TIME, {}, [&](const git_oid& id, git_commit* c, git_tree* t) -> Result<bool> {
    const auto after = entry_id(t, path);
    const TreePtr parent_tree = first_parent_tree(c);
    const std::optional<git_oid> before = parent_tree ? entry_id(parent_tree.get(), path) : std::nullopt;
    const bool same = (!after && !before) || (after && before && git_oid_cmp(&*after, &*before) == 0);
    if (same) return true;
    PathChange change;
    change.commit = info_of(c, id);
    change.before_id = before ? oid_str(*before) : "";
    change.after_id = after ? oid_str(*after) : "";
    out.push_back(std::move(change));
    return limit == 0 || out.size() < limit;
  });
  if (!walked) return walked.error();
  return out;
}

std::string Repo::read_blob(const std::string& id) const {
  git_oid oid;
  if (id.empty() || git_oid_fromstr(&oid, id.c_str()) != 0) return {};
  return blob_text(m_impl->repo.get(), oid);
}

Result<std::vector<CommitInfo>> Repo::recent_commits(std::size_t limit) const {
  std::vector<CommitInfo> out;
  if (head_unborn()) return out;
  git_revwalk* raw = nullptr;
  if (int rc = git_revwalk_new(&raw, m_impl->repo.get()); rc != 0) return lg2_error(rc, "revwalk");
  WalkPtr walk(raw);
  git_revwalk_simplify_first_parent(raw);
  if (int rc = git_revwalk_push_head(raw); rc != 0) return lg2_error(rc, "revwalk HEAD");
  git_oid id;
  while (out.size() < limit && git_revwalk_next(&id, raw) == 0) {
    git_commit* c = nullptr;
    if (git_commit_lookup(&c, m_impl->repo.get(), &id) != 0) continue;
    CommitPtr commit(c);
    out.push_back(info_of(c, id));
  }
  return out;
}

std::optional<std::string> Repo::blob_at(const std::string& rev, const std::string& path) const {
  git_object* obj = nullptr;
  if (git_revparse_single(&obj, m_impl->repo.get(), (rev + "^{commit}").c_str()) != 0) return std::nullopt;
  CommitPtr commit_ptr(reinterpret_cast<git_commit*>(obj));
  git_commit* c = commit_ptr.get();
  git_tree* t = nullptr;
  if (git_commit_tree(&t, c) != 0) return std::nullopt;
  TreePtr tree(t);
  const auto id = entry_id(t, path);
  if (!id) return std::nullopt;
  return blob_text(m_impl->repo.get(), *id);
}

}  // namespace pdo::git
