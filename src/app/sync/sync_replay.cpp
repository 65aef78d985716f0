#include "app/sync/sync_replay.hpp"

#include <algorithm>
#include <climits>
#include <map>

#include "app/display.hpp"
#include "app/sync/sync_lessons.hpp"
#include "app/trailers.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"
#include "workspace/own_lessons.hpp"

namespace pdo::app {

using util::tr;

namespace {

using Entry = std::optional<git::TreeEntry>;

bool regular_mode(const Entry& e) { return !e || e->mode == git::k_mode_file; }

bool binary(const std::string& bytes) { return bytes.find('\0') != std::string::npos; }

/// The replay of this machine's commits M..L onto R.
class Replayer {
public:
  Replayer(Session& s, const MergeLabels& labels, Replayed& out)
      : m_s(s), m_labels(labels), m_out(out), m_progress(s.repo_path("progress.md")), m_questions(s.repo_path("questions.md")) {}

  void run(const std::string& base, const std::string& remote, const std::string& local) {
    auto chain = m_s.repo.first_parent_chain(base, local);
    if (!chain) throw Failure(chain.error());
    for (const auto& c : *chain) {
      if (c.parents > 1) {
        throw sync_stopped(
            tr("本机的提交 ", "this machine's commit ") + c.id.substr(0, 12) +
            tr(" 是一次合并（merge），pdo sync 只能把普通提交接到远程之后。", " is a merge, and pdo sync only replays plain commits."));
      }
    }
    m_numbers.emplace(m_s, base, remote, *chain);
    const std::string start = m_numbers->remote_tip(remote);
    m_out.renumbered = m_numbers->renumbered();
    decide(base, start, *chain);
    m_out.tip = start;
    for (const auto& c : *chain) m_out.tip = replay(c, m_out.tip);
  }

private:
  using Entries = std::vector<std::pair<std::string, Entry>>;

  std::string blob(const Entry& e) const { return e ? m_s.repo.read_blob(e->id) : std::string(); }

  std::string text_at(const std::string& treeish, const std::string& path) const {
    const auto e = treeish.empty() ? std::nullopt : m_s.repo.entry_at(treeish, path);
    return e ? m_s.repo.read_blob(e->id) : std::string();
  }

  /// progress.md of a commit; this machine's side (`mine`) in the final numbering of own lessons.
  std::string progress_at(const std::string& commit, bool mine) const {
    return text_at(mine ? m_numbers->tree_of(commit) : commit, m_progress);
  }

  /// The time each box last changed on a line of commits (author time: when the step was taken).
  std::map<progress::BoxKey, long long> change_times(const std::vector<git::ChainCommit>& chain, bool mine) const {
    std::map<progress::BoxKey, long long> times;
    for (const auto& c : chain) {
      const auto before = progress::box_lines(progress_at(c.parent, mine)), after = progress::box_lines(progress_at(c.id, mine));
      for (const auto* side : {&before, &after}) {
        for (const auto& [k, line] : side->lines) {
          const auto b = before.lines.find(k), a = after.lines.find(k);
          const bool same = b != before.lines.end() && a != after.lines.end() && b->second == a->second;
          if (!same) times[k] = c.author_time;
        }
      }
    }
    return times;
  }

  void decide(const std::string& base, const std::string& remote, const std::vector<git::ChainCommit>& local_chain) {
    const auto local_times = change_times(local_chain, true);
    // The remote's line may hold merges of its own; without a first-parent line back to the base, its
    // changes count as the newest (what is already shared is kept).
    const auto remote_chain = m_s.repo.first_parent_chain(base, remote);
    const auto remote_times = remote_chain ? change_times(*remote_chain, false) : std::map<progress::BoxKey, long long>{};
    const std::string local = local_chain.empty() ? base : local_chain.back().id;
    auto verdicts = decide_boxes(progress_at(base, true), progress_at(remote, false), progress_at(local, true),
                                 [&](Side side, const progress::BoxKey& k) {
                                   const auto& times = side == Side::local ? local_times : remote_times;
                                   const auto it = times.find(k);
                                   if (it != times.end()) return it->second;
                                   return side == Side::remote && !remote_chain ? LLONG_MAX : 0LL;
                                 });
    if (!verdicts) throw sync_stopped(m_progress + tr("：", ": ") + verdicts.error().message + tr("。", "."));
    m_verdicts = std::move(verdicts).value();
    for (const auto& [k, v] : m_verdicts) {
      if (v.clash) m_out.clashes.emplace_back(k, v);
    }
  }

  void pending(PendingFile f) {
    if (std::find(m_out.pending.begin(), m_out.pending.end(), f) == m_out.pending.end()) m_out.pending.push_back(std::move(f));
  }

  /// The remote's version of a binary file beside this machine's, under a name nobody uses.
  void keep_copy(const std::string& path, const Entry& remote_version, const std::string& tip, Entries& entries) {
    for (int n = 1;; ++n) {
      const std::string name = copy_name(path, n);
      const bool taken = m_s.repo.entry_at(tip, name) ||
                         std::any_of(entries.begin(), entries.end(), [&](const auto& e) { return e.first == name && e.second; });
      if (taken) continue;
      entries.emplace_back(name, remote_version);
      pending({PendingFile::Kind::copy, path, name});
      return;
    }
  }

  /// Replays one commit's change to `path` (base: before the commit, theirs: after it) on `ours` (the new
  /// line so far), adding the entries it sets to `entries`.
  void merge_path(const std::string& path, const Entry& base, const Entry& ours, const Entry& theirs, const std::string& tip,
                  const git::ChainCommit& c, Entries& entries) {
    const auto set = [&](Entry e) {
      if (e != ours) entries.emplace_back(path, std::move(e));
    };
    const auto cannot = [&](const std::string& why) {
      return sync_stopped(tr("两台机器都改了 ", "both machines changed ") + for_display(path, util::Breaks::escape) +
                          tr("（本机的提交 ", " (this machine's commit ") + c.id.substr(0, 12) + " \"" +
                          for_display(subject_of(c.message), util::Breaks::escape) + "\"" + tr("：", ": ") + why + tr("）。", ")."));
    };
    const bool plain = regular_mode(base) && regular_mode(ours) && regular_mode(theirs);
    if (path == m_progress && ours && theirs) {
      if (!plain) throw cannot(tr("它不是普通文件", "it is not a plain file"));
      auto text = replay_progress(blob(base), blob(ours), blob(theirs), m_verdicts, m_labels);
      if (!text) throw cannot(text.error().message);
      if (text->marked) pending({PendingFile::Kind::marked, path, {}});
      return set(write(text->text));
    }
    if (ours == base) return set(theirs);
    if (ours == theirs) return;
    if (path == m_file && plain && ours && theirs) {
      auto text = m_numbers->merge(blob(base), blob(ours), blob(theirs));
      if (!text) throw cannot(text.error().message);
      return set(write(*text));
    }
    if (!plain)
      throw cannot(tr("它是符号链接、子模块或可执行文件，pdo 不能替你合并",
                      "it is a symbolic link, a submodule or an executable, which pdo cannot merge for you"));
    if (!ours || !theirs) {  // deleted on one side, changed on the other: the change is kept
      if (base) pending({PendingFile::Kind::kept, path, {}});
      return set(ours ? ours : theirs);
    }
    const std::string b = blob(base), o = blob(ours), t = blob(theirs);
    if (binary(b) || binary(o) || binary(t)) {
      keep_copy(path, ours, tip, entries);
      return set(theirs);
    }
    if (path == m_questions) {
      auto text = merge_questions(b, o, t);
      if (!text) throw cannot(text.error().message);
      return set(write(*text));
    }
    // README's lesson list is pdo's: the same on all three sides here, made anew for the result afterwards.
    const auto list = [&](const std::string& text) { return path == m_readme ? m_numbers->readme_for(text, text_at(tip, m_file)) : text; };
    auto text = text_merge(list(b), list(o), list(t), m_labels, base ? BaseFile::exists : BaseFile::absent);
    if (!text) throw cannot(text.error().message);
    if (text->marked) pending({PendingFile::Kind::marked, path, {}});
    set(write(text->text));
  }

  git::TreeEntry write(const std::string& text) {
    auto id = m_s.repo.write_blob(text);
    if (!id) throw Failure(id.error());
    return git::TreeEntry{*id, git::k_mode_file};
  }

  /// README.md's lesson list made for the own lessons the commit leaves, when it changed either file.
  void refresh_readme(const std::string& tip, Entries& entries) {
    const auto find = [&](const std::string& path) {
      return std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.first == path; });
    };
    const auto lessons = find(m_file), readme = find(m_readme);
    if (lessons == entries.end() && readme == entries.end()) return;
    const auto entry_of = [&](auto it, const std::string& path) { return it != entries.end() ? it->second : m_s.repo.entry_at(tip, path); };
    const auto readme_entry = entry_of(readme, m_readme);
    if (!readme_entry || readme_entry->mode != git::k_mode_file) return;
    const std::string text = blob(readme_entry), now = m_numbers->readme_for(text, blob(entry_of(lessons, m_file)));
    if (now == text) return;
    if (readme != entries.end()) entries.erase(readme);
    entries.emplace_back(m_readme, write(now));
  }

  std::string replay(const git::ChainCommit& c, const std::string& tip) {
    auto changes = m_s.repo.tree_changes(m_numbers->tree_of(c.parent), m_numbers->tree_of(c.id));
    if (!changes) throw Failure(changes.error());
    Entries entries;
    for (const auto& ch : *changes) merge_path(ch.path, ch.before, m_s.repo.entry_at(tip, ch.path), ch.after, tip, c, entries);
    refresh_readme(tip, entries);
    bool empty = false;
    auto id = m_s.repo.replay_commit(c.id, tip, entries, empty, m_numbers->message_of(c));
    if (!id) throw Failure(id.error());
    if (empty) {
      ++m_out.dropped;
      return tip;
    }
    ++m_out.replayed;
    return *id;
  }

  Session& m_s;
  const MergeLabels& m_labels;
  Replayed& m_out;
  std::string m_progress;
  std::string m_questions;
  std::string m_file = m_s.repo_path(workspace::k_own_lessons_path);
  std::string m_readme = m_s.repo_path("README.md");
  BoxVerdicts m_verdicts;
  std::optional<OwnLessonNumbers> m_numbers;
};

}  // namespace

Failure sync_stopped(const std::string& why) {
  return Failure(
      Exit::failure,
      tr("pdo sync 停下了，本机和远程都没有改动：", "pdo sync stopped; nothing changed here or on the remote: ") + why +
          tr("\n这样的改动 pdo 不能替你合并。请在一台机器上把它改成和另一台一样（或者删掉它）并提交，在那台机器上运行 pdo sync，再回到这里运行 pdo sync。",
             "\npdo cannot merge such a change for you. On one machine, make it the same as on the other (or delete it) and "
             "commit, run pdo sync there, then run pdo sync here again."));
}

Replayed replay_local(Session& s, const std::string& base, const std::string& remote, const std::string& local, const MergeLabels& labels) {
  Replayed out;
  Replayer(s, labels, out).run(base, remote, local);
  return out;
}

}  // namespace pdo::app
