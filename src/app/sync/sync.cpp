#include "app/sync/sync.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <sstream>
#include <tuple>

#include "app/commit/transaction.hpp"
#include "app/display.hpp"
#include "app/git_cli.hpp"
#include "app/hooks/secret_guard.hpp"
#include "app/sync/sync_replay.hpp"
#include "app/sync/sync_worktree.hpp"
#include "app/trailers.hpp"
#include "util/format.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/progress.hpp"
#include "util/text.hpp"
#include "workspace/own_lessons.hpp"

namespace pdo::app {

using util::tr;
namespace fs = std::filesystem;

namespace {

constexpr const char* k_incoming = "refs/pdo-sync/";
constexpr const char* k_config_key = "pdo.remote";

/// What git said, made safe to show (controls escaped, keys cut).
std::string git_said(const platform::ProcessResult& r) {
  const std::string said(util::trim(r.err.empty() ? r.out : r.err));
  return for_display(said.empty() ? tr("（没有输出）", "(no output)") : said);
}

/// One wait for the remote (`what`: what pdo waits for, in the learner's words): a line on the terminal
/// counting the seconds against the limit, and the git program stopped at the limit.
platform::ProcessResult wait_for_remote(const GitCli& git, const std::vector<std::string>& args, const SyncRequest& request,
                                        const std::string& what) {
  const auto start = std::chrono::steady_clock::now();
  const std::string limit = std::to_string(request.timeout.count());
  std::ostringstream nowhere;
  util::Progress line(request.waiting ? *request.waiting : nowhere, request.waiting ? util::ShowProgress::yes : util::ShowProgress::no,
                      [&](std::uint64_t, std::uint64_t, double) {
                        const auto waited = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start);
                        return util::trf("正在等{}：{} 秒（最多 {} 秒，--timeout 可改）",
                                         "waiting for {}: {} s (at most {} s; --timeout changes it)", what, waited.count(), limit);
                      });
  return run_git(git, args, request.timeout);
}

/// Why a wait for the remote failed: what git said, or that it did not answer in time.
std::string remote_said(const platform::ProcessResult& r, const SyncRequest& request, const std::string& what) {
  if (!r.timed_out) return git_said(r);
  return util::trf(
      "等{}等了 {} 秒没有回应，已停止。网络慢的话用 pdo sync --timeout 600 再试；远程一直不回应的话，请检查它（比如它的钩子）。",
      "no answer within {1} s while waiting for {0}; stopped. On a slow network try pdo sync --timeout 600; if the "
      "remote never answers, check it (its hooks, for example).",
      what, request.timeout.count());
}

/// The names of the two sides on conflict markers: this computer (or the branch) and the remote.
MergeLabels labels_for(const std::string& remote, const std::string& branch) {
  std::string host = for_display(platform::host_name(), util::Breaks::escape);
  if (host.empty()) host = branch;
  return {tr("本机", "this machine") + " (" + host + ")", tr("远程", "remote") + " (" + remote + ")"};
}

// --- the remote ------------------------------------------------------------------------------------

std::vector<std::string> remote_names(const GitCli& git) {
  std::vector<std::string> names;
  for (auto& n : util::split(git_value(git, {"remote"}).value_or(""), '\n')) {
    std::string name(util::trim(n));
    if (!name.empty()) names.push_back(std::move(name));
  }
  return names;
}

void set_git(const GitCli& git, const std::vector<std::string>& args) {
  const auto r = run_git(git, args, std::chrono::seconds(60));
  if (r.exit_code != 0) throw Failure(Exit::failure, "git " + util::join(args, " ") + ": " + git_said(r));
}

/// --remote: an existing remote's name, or a URL kept as the remote "pdo"; recorded as chosen through pdo.
std::string choose_remote(const GitCli& git, const std::string& arg) {
  std::string value(util::trim(arg));
  if (value.empty() || value.front() == '-' ||
      std::any_of(value.begin(), value.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
    throw Failure(
        Exit::usage,
        tr("--remote 需要远程仓库的地址（或已有远程的名字），例如 --remote git@github.com:你/pytorch-distributed-overview.git",
           "--remote needs the remote's address (or an existing remote's name), e.g. --remote git@github.com:you/pytorch-distributed-overview.git"));
  }
  const auto names = remote_names(git);
  if (std::find(names.begin(), names.end(), value) != names.end()) {
    set_git(git, {"config", "--local", k_config_key, value});
    return value;
  }
  std::string name = "pdo";
  if (std::find(names.begin(), names.end(), name) != names.end()) {
    if (git_value(git, {"config", "--local", "--get", k_config_key}) != name) {
      throw Failure(
          Exit::usage,
          tr("这个仓库已经有一个叫 pdo 的远程，但它不是通过 pdo sync 选定的。如果就是它，运行 pdo sync --remote pdo；否则先改名：git remote rename pdo 别的名字",
             "this repository already has a remote called pdo that was not chosen through pdo sync. If it is the one, run pdo sync "
             "--remote pdo; otherwise rename it first: git remote rename pdo other-name"));
    }
    set_git(git, {"remote", "set-url", name, value});
  } else {
    set_git(git, {"remote", "add", name, value});
  }
  set_git(git, {"config", "--local", k_config_key, name});
  return name;
}

/// The remote chosen through pdo (never a clone's origin by itself), with its URL.
std::pair<std::string, std::string> sync_remote(const GitCli& git, const SyncRequest& request, SyncOutcome& out) {
  std::string name;
  if (!request.remote.empty()) {
    name = choose_remote(git, request.remote);
    out.chosen_now = true;
  } else if (const auto chosen = git_value(git, {"config", "--local", "--get", k_config_key}); chosen && !chosen->empty()) {
    name = *chosen;
  } else {
    throw Failure(
        Exit::usage,
        tr("还没有选定要同步的远程仓库，所以什么都没有推送。第一次请给出地址：pdo sync --remote git@github.com:你/仓库.git"
           "（GitHub、Gitee、学校的 GitLab 都可以；一个空仓库就行）。克隆来的工作区里的 origin 不会自动使用；要用它就运行 pdo sync --remote origin。",
           "no remote has been chosen for syncing, so nothing was pushed. The first time, give its address: pdo sync --remote "
           "git@github.com:you/repo.git (GitHub, Gitee or a school GitLab; an empty repository will do). A cloned workspace's "
           "origin is not used on its own; to use it, run pdo sync --remote origin."));
  }
  const auto url = git_value(git, {"remote", "get-url", name});
  if (!url) {
    throw Failure(Exit::usage, tr("之前选定的远程 ", "the remote ") + name +
                                   tr(" 已经不存在了。请重新选定：pdo sync --remote 地址",
                                      " chosen before no longer exists. Choose one again: pdo sync --remote ADDRESS"));
  }
  return {name, *url};
}

/// Records what waits for the learner after the move: the replay's copies and every moved file that now
/// holds conflict markers (made by this sync, or by the other machine's and fetched now).
void note_pending(const git::Repo& repo, const std::string& from, const std::string& to, std::vector<PendingFile> files) {
  std::vector<std::string> paths;
  if (auto changes = repo.tree_changes(from, to)) {
    for (const auto& ch : *changes) {
      if (ch.after) paths.push_back(ch.path);
    }
  }
  auto marked = waiting_among(repo, paths);
  files.insert(files.end(), marked.begin(), marked.end());
  record_pending(repo, files);
}

/// The learner's own lessons as `commit` has them (none when it has no .pdo/lessons.toml), loaded as every
/// command loads them: parsed, and merged with the course's own lessons (no number or folder of the course
/// taken); otherwise why not, with the file's line.
Result<std::vector<course::Lesson>> own_lessons_at(const Session& s, const std::string& commit) {
  const std::string file = s.repo_path(workspace::k_own_lessons_path);
  const auto entry = s.repo.entry_at(commit, file);
  if (!entry) return std::vector<course::Lesson>();
  if (entry->mode != git::k_mode_file) return Error{Exit::failure, file + tr("：不是普通文件", ": not a regular file")};
  const std::string text = s.repo.read_blob(entry->id);
  if (text.size() > util::k_max_toml_bytes) return Error{Exit::failure, file + tr("：文件太大", ": file too large")};
  auto own = workspace::parse_own_lessons(text, file);
  if (!own) return own.error();
  course::Course official = s.ws.course;
  official.lessons.erase(std::remove_if(official.lessons.begin(), official.lessons.end(), [](const course::Lesson& l) { return l.own; }),
                         official.lessons.end());
  if (auto st = workspace::merge_own_lessons(official, *own, file); !st) return st.error();
  return own;
}

/// Stops the sync before anything moves or is pushed when this machine could not load what `commit` (`what`:
/// the remote's, or the merged one) holds: its own lessons (own_lessons_at), progress.md and questions.md as
/// files under the cap every command reads them with. A remote is input like any file: what it holds must
/// load here before it is merged, and nothing is pushed that would not load.
void require_loads(const Session& s, const std::string& commit, const std::string& what) {
  std::string problem;
  if (auto own = own_lessons_at(s, commit); !own) problem = own.error().message;
  for (const char* name : {"progress.md", "questions.md"}) {
    const std::string file = s.repo_path(name);
    const auto entry = problem.empty() ? s.repo.entry_at(commit, file) : std::nullopt;
    if (!entry) continue;
    if (entry->mode != git::k_mode_file) {
      problem = file + tr("：不是普通文件", ": not a regular file");
    } else if (s.repo.read_blob(entry->id).size() > util::k_max_text_bytes) {
      problem = file + util::trf("：超过 {} 字节", ": more than {} bytes", util::k_max_text_bytes);
    }
  }
  if (problem.empty()) return;
  throw Failure(Exit::failure,
                util::trf("pdo sync 停下了，本机和远程都没有改动：{0}（提交 {1}）里有本机读不了的文件：{2}\n请在做出这个改动的机器上修好它"
                          "（pdo status 会指出同样的问题），在那里运行 pdo sync，再回到这里运行 pdo sync。",
                          "pdo sync stopped; nothing changed here or on the remote: {0} (commit {1}) holds a file this machine "
                          "cannot load: {2}\nFix it on the machine that made the change (pdo status there names the same problem), "
                          "run pdo sync there, then run pdo sync here again.",
                          what, commit.substr(0, 12), for_display(problem)));
}

std::size_t count_between(const git::Repo& repo, const std::string& base, const std::string& tip) {
  if (tip.empty()) return 0;
  const auto chain = repo.first_parent_chain(base, tip);
  return chain ? chain->size() : 0;
}

}  // namespace

SyncOutcome sync_workspace(Session& s, const SyncRequest& request) {
  SyncOutcome out;
  const GitCli git = require_git(s.repo.workdir());
  std::tie(out.remote, out.url) = sync_remote(git, request, out);
  out.branch = s.repo.branch();
  const std::string local = s.repo.head_id();
  if (local.empty())
    throw Failure(Exit::usage, tr("这个仓库还没有任何提交，没有可同步的内容。先运行 pdo init。",
                                  "this repository has no commit yet; there is nothing to sync. Run pdo init first."));

  // The remote's branches go to private refs (never refs/remotes/, which `git status` compares with), and
  // are gone again however the sync ends.
  struct Incoming {
    git::Repo& repo;
    ~Incoming() { repo.remove_refs(k_incoming); }
  } incoming{s.repo};
  s.repo.remove_refs(k_incoming);
  const std::string fetching = util::trf("从 {} 取回（git fetch）", "git fetch from {}", out.remote);
  const auto fetched = wait_for_remote(
      git, {"fetch", "--no-tags", "--quiet", "--refmap=", out.remote, std::string("+refs/heads/*:") + k_incoming + "heads/*"}, request,
      fetching);
  if (fetched.exit_code != 0) {
    throw Failure(Exit::failure,
                  tr("git fetch 没有成功，什么都没有改动：", "git fetch did not succeed; nothing was changed: ") +
                      remote_said(fetched, request, fetching) +
                      tr("\n请检查远程地址（git remote get-url ", "\nCheck the remote's address (git remote get-url ") + out.remote +
                      tr("）、网络和登录，然后再运行 pdo sync。", "), the network and your login, then run pdo sync again."));
  }
  const std::string remote = s.repo.ref_target(k_incoming + std::string("heads/") + out.branch);

  // What the remote brings must load here before anything is merged or moved.
  if (!remote.empty() && !s.repo.is_ancestor(remote, local)) require_loads(s, remote, tr("远程的分支", "the remote's branch"));
  std::string target = local;
  bool push = false;
  std::vector<PendingFile> kept;
  if (remote.empty() || (remote != local && s.repo.is_ancestor(remote, local))) {
    push = true;
  } else if (remote == local) {
    out.up_to_date = true;
  } else if (s.repo.is_ancestor(local, remote)) {
    target = remote;
    out.incoming = count_between(s.repo, local, remote);
  } else {
    const std::string base = s.repo.merge_base(local, remote);
    if (base.empty()) {
      throw sync_stopped(tr("远程的分支 ", "the remote's branch ") + out.branch +
                         tr(" 和本机的历史没有共同的起点（是另一个工作区？）。", " shares no history with this one (another workspace?)."));
    }
    out.incoming = count_between(s.repo, base, remote);
    auto replayed = replay_local(s, base, remote, local, labels_for(out.remote, out.branch));
    target = replayed.tip;
    out.replayed = replayed.replayed;
    out.dropped = replayed.dropped;
    out.clashes = std::move(replayed.clashes);
    out.renumbered = std::move(replayed.renumbered);
    kept = std::move(replayed.pending);
    push = target != remote;
  }
  // Nothing is pushed or moved that would not load here.
  if (target != local && target != remote) require_loads(s, target, tr("合并的结果", "the merged result"));
  const auto moves = target == local ? WorktreeMoves{} : worktree_moves(s, local, target);

  if (push) {
    const std::string zeros(40, '0');
    const std::string refs =
        "refs/heads/" + out.branch + " " + target + " refs/heads/" + out.branch + " " + (remote.empty() ? zeros : remote) + "\n";
    if (auto st = check_push_for_secrets(s.repo, out.remote, refs); !st) throw Failure(st.error());
    const std::string pushing =
        util::trf("推送到 {}（git push；远程仓库的钩子也在这时运行）", "git push to {} (the remote's hooks run meanwhile)", out.remote);
    const auto pushed = wait_for_remote(git, {"push", "--quiet", out.remote, target + ":refs/heads/" + out.branch}, request, pushing);
    if (pushed.exit_code != 0) {
      throw Failure(
          Exit::failure,
          tr("git push 没有成功，本机什么都没有改动：", "git push did not succeed; nothing was changed here: ") +
              remote_said(pushed, request, pushing) +
              tr("\n如果是别人刚推送过，再运行一次 pdo sync 会先取回它；否则请检查网络和登录。",
                 "\nIf someone pushed just now, running pdo sync again fetches that first; otherwise check the network and your login."));
    }
    out.pushed = count_between(s.repo, remote, target);
  }
  if (target != local) {
    Transaction txn;
    txn.changes = moves.changes;
    txn.move = Transaction::Move{target, local, "pdo sync: " + out.remote + "/" + out.branch};
    if (auto moved = run(s.repo, txn); !moved) {
      throw Failure(moved.error().code,
                    moved.error().message +
                        (push ? tr("\n提交已经推送到远程；再运行一次 pdo sync 就会把本机更新到同样的状态。",
                                   "\nThe commits are on the remote already; run pdo sync again to bring this machine to the same state.")
                              : ""));
    }
    out.moved = true;
    out.kept_edits = moves.kept_edits;
    note_pending(s.repo, local, target, kept);
  }
  out.pending = pending_files(s.repo);
  for (auto& f : kept) {
    if (f.kind == PendingFile::Kind::kept) out.pending.push_back(f);
  }
  const std::string tracked = push ? target : remote;
  if (!tracked.empty())
    (void)run_git(git, {"update-ref", "refs/remotes/" + out.remote + "/" + out.branch, tracked}, std::chrono::seconds(60));
  return out;
}

}  // namespace pdo::app
