#include "app/sync/sync_worktree.hpp"

#include "app/display.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/rel_path.hpp"

namespace pdo::app {

using util::tr;
namespace fs = std::filesystem;

namespace {

bool regular_mode(const std::optional<git::TreeEntry>& e) { return !e || e->mode == git::k_mode_file; }

bool binary(const std::string& bytes) { return bytes.find('\0') != std::string::npos; }

Failure not_plain(const std::string& path) {
  return Failure(
      Exit::failure,
      tr("pdo sync 停下了，什么都没有改动：", "pdo sync stopped; nothing was changed: ") + for_display(path, util::Breaks::escape) +
          tr(" 是符号链接、子模块或可执行文件，pdo sync 只更新普通文件。请在提交它的那台机器上把它换成普通文件（或者删掉它）并提交，在那里运行 "
             "pdo sync，再回到这里运行 pdo sync。",
             " is a symbolic link, a submodule or an executable, and pdo sync updates plain files only. On the machine that "
             "committed it, make it a plain file (or delete it) and commit, run pdo sync there, then run pdo sync here again."));
}

/// One path's move, or why the learner's state of it cannot stay (`why` set).
struct PathMove {
  std::optional<Change> change;
  bool kept_edit = false;
  std::string why;
};

PathMove move(Change c, bool kept_edit = false) { return {std::move(c), kept_edit, {}}; }

PathMove refuse(std::string why) { return {std::nullopt, false, std::move(why)}; }

PathMove plan_path(Session& s, const git::TreeChange& ch) {
  // A remote's tree is input: no path out of the working tree (a usage error naming it otherwise).
  const auto rel = [&] { return util::RelPath::parse(ch.path).take(); };
  if (s.repo.index_entry(ch.path) != ch.before)
    return refuse(tr("有已暂存（git add）但还没提交的改动", "has staged changes (git add) not committed yet"));
  const fs::path file = s.repo.workdir() / util::path_from_utf8(ch.path);
  std::error_code ec;
  const bool exists = fs::exists(fs::symlink_status(file, ec));
  auto now = s.repo.worktree_blob_id(ch.path);
  if (!now) throw Failure(now.error());
  const std::string after = ch.after ? s.repo.read_blob(ch.after->id) : std::string();
  if (!exists) {
    if (!ch.before) return move(Change::put_file(rel(), after, Change::Before::absent));
    if (!ch.after) return move(Change::remove_file(rel(), ""));  // gone here already, and in the synced commit
    return refuse(tr("被删掉了但还没提交，而同步要改它", "was deleted but that is not committed, and the sync changes it"));
  }
  const std::string bytes = util::read_file(file).take();
  const auto& expected = ch.before ? ch.before : ch.after;
  if (*now && **now == expected->id) {
    if (!ch.after) return move(Change::remove_file(rel(), bytes));
    return move(Change::put_file(rel(), after, Change::Before::bytes, bytes));
  }
  if (!*now || !ch.before)
    return refuse(
        tr("已经存在但不在 git 里，同步要在这里放入远程的文件", "exists but is not in git, and the sync puts the remote's file there"));
  if (!ch.after) return refuse(tr("有还没提交的改动，而远程删掉了它", "has changes not committed yet, and the remote deleted it"));
  const std::string base = s.repo.read_blob(ch.before->id);
  auto merged = binary(base) || binary(bytes) || binary(after) ? Result<git::TextMerge>(git::TextMerge{false, {}})
                                                               : git::Repo::merge_text(base, bytes, after);
  if (!merged) throw Failure(merged.error());
  if (!merged->clean)
    return refuse(tr("有还没提交的改动，和同步带来的改动在同一处", "has changes not committed yet in the same lines the sync changes"));
  return move(Change::put_file(rel(), merged->text, Change::Before::bytes, bytes), true);
}

}  // namespace

WorktreeMoves worktree_moves(Session& s, const std::string& from, const std::string& to) {
  auto changes = s.repo.tree_changes(from, to);
  if (!changes) throw Failure(changes.error());
  WorktreeMoves out;
  std::string refused;
  for (const auto& ch : *changes) {
    if (!regular_mode(ch.before) || !regular_mode(ch.after)) throw not_plain(ch.path);
    auto move = plan_path(s, ch);
    if (!move.why.empty()) {
      refused += "\n  " + for_display(ch.path, util::Breaks::escape) + tr("：", ": ") + move.why;
      continue;
    }
    if (move.kept_edit) out.kept_edits.push_back(ch.path);
    out.changes.push_back(std::move(*move.change));
  }
  if (!refused.empty()) {
    throw Failure(Exit::failure,
                  tr("pdo sync 停下了，什么都没有改动。同步要改的这些文件里有你还没提交的东西，pdo 不会替你丢掉或覆盖它：",
                     "pdo sync stopped; nothing was changed. These files the sync must change hold something of yours not "
                     "committed, which pdo never drops or overwrites:") +
                      refused +
                      tr("\n先提交（pdo track …、git commit），或暂时收起（git stash），再运行 pdo sync。",
                         "\nCommit them first (pdo track …, git commit) or put them aside (git stash), then run pdo sync again."));
  }
  return out;
}

}  // namespace pdo::app
