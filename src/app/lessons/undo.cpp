#include "app/lessons/undo.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "app/lessons/lesson_ops.hpp"
#include "app/trailers.hpp"
#include "progress/journal.hpp"
#include "progress/merge.hpp"
#include "util/text.hpp"
#include "workspace/own_lessons.hpp"

namespace pdo::app {

using util::tr;

namespace {

constexpr std::size_t k_search_depth = 1000;

/// A commit on the first-parent line, with its trailers.
struct Entry {
  git::CommitInfo commit;
  Trailers trailers;
  std::map<int, int> renumbered;  ///< own lessons pdo sync moved since: number then → number now
};

/// An entry whose trailers name lessons by their numbers now (pdo sync may have moved an own lesson).
Entry renumbered(Entry e, const std::map<int, int>& moved) {
  if (moved.empty()) return e;
  const auto now = [&](int n) {
    const auto it = moved.find(n);
    return it == moved.end() ? n : it->second;
  };
  for (auto& b : e.trailers.boxes) b.lesson = now(b.lesson);
  if (util::is_digits(e.trailers.question_lesson) && !e.trailers.question_lesson.empty() && e.trailers.question_lesson.size() < 4)
    e.trailers.question_lesson = util::pad2(now(std::stoi(e.trailers.question_lesson)));
  const auto words = util::split(e.trailers.own_lesson, ' ');
  if (words.size() == 2 && words[1] == "add" && util::is_digits(words[0]) && !words[0].empty() && words[0].size() < 4)
    e.trailers.own_lesson = util::pad2(now(std::stoi(words[0]))) + " add";
  e.renumbered = moved;
  return e;
}

/// The map for older commits once a commit that moved lessons (from → to) is passed.
void add_moves(std::map<int, int>& moved, const std::vector<std::pair<int, int>>& moves) {
  std::map<int, int> older;
  for (const auto& [from, to] : moves) {
    const auto it = moved.find(to);
    older[from] = it == moved.end() ? to : it->second;
  }
  for (const auto& [from, to] : moved) older.emplace(from, to);
  moved = std::move(older);
}

Failure changed_later(const Entry& later, const std::string& what) {
  return Failure(Exit::usage, tr("后来的提交 ", "a later commit ") + later.commit.id.substr(0, 12) + tr("（", " (") +
                                  util::escape_controls(subject_of(later.commit.message)) + tr("）也改了", ") also changed ") + what +
                                  tr("，pdo undo 不能安全撤销。请手动修改，或用 pdo track。",
                                     ", so pdo undo cannot revert it safely. Change it by hand, or use pdo track."));
}

/// The later commits that changed this box, newest first (by their trailers, or by the file for hand-made
/// commits).
std::vector<const Entry*> later_touching_box(Session& s, const std::vector<Entry>& later, const progress::BoxChange& box) {
  const std::string path = s.repo_path("progress.md");
  std::vector<const Entry*> out;
  for (const auto& e : later) {
    auto boxes = e.trailers.boxes;
    if (!e.trailers.action) {
      boxes = progress::diff_boxes(s.repo.blob_at(e.commit.id + "~1", path).value_or(""), s.repo.blob_at(e.commit.id, path).value_or(""));
    }
    if (std::any_of(boxes.begin(), boxes.end(), [&](const progress::BoxChange& b) { return b.lesson == box.lesson && b.step == box.step; }))
      out.push_back(&e);
  }
  return out;
}

/// Whether a later undo already took this box back, with only pdo's steps and undos touching it since: the
/// same step made on both machines (sync kept both commits) is undone once, and that undo is the one.
bool taken_back_by_undo(const std::vector<const Entry*>& touching, const progress::BoxChange& box) {
  if (touching.empty() || touching.front()->trailers.action != Action::undo) return false;
  const auto& newest = touching.front()->trailers.boxes;
  const bool back = std::any_of(newest.begin(), newest.end(), [&](const progress::BoxChange& b) {
    return b.lesson == box.lesson && b.step == box.step && b.done != box.done;
  });
  return back && std::all_of(touching.begin(), touching.end(),
                             [](const Entry* e) { return e->trailers.action == Action::undo || e->trailers.action == Action::track; });
}

/// Flips the target's boxes back, if HEAD still has each box as the target left it; nullopt when a later
/// undo already took every one of them back (taken_back_by_undo): there is nothing left to undo in it.
std::optional<UndoPlan> undo_track(Session& s, const Entry& target, const std::vector<Entry>& later) {
  const auto path = s.repo_path("progress.md");
  const std::string head = s.repo.head_blob(path).value_or("");
  const auto boxes = progress::parse_boxes(head);
  UndoPlan plan;
  Transaction& txn = plan.txn;
  Trailers t;
  const auto taken_back = [&](const progress::BoxChange& ch) { return taken_back_by_undo(later_touching_box(s, later, ch), ch); };
  const auto& all = target.trailers.boxes;
  if (!all.empty() && std::all_of(all.begin(), all.end(), taken_back)) return std::nullopt;
  for (const auto& ch : target.trailers.boxes) {
    const auto* lesson = course::find_lesson(s.ws.course, std::to_string(ch.lesson));
    if (!lesson) throw Failure(Exit::usage, tr("课程里已没有第 ", "the course no longer has lesson ") + util::pad2(ch.lesson));
    const auto now = progress::find_box(boxes, *lesson, ch.step, s.ws.settings.lang);
    if (!now || now->done != ch.done) {
      const std::string what =
          tr("勾选框 ", "the box ") + util::pad2(ch.lesson) + " " + std::string(progress::step_label(ch.step, util::current_lang()));
      if (const auto touching = later_touching_box(s, later, ch); !touching.empty()) throw changed_later(*touching.front(), what);
      throw Failure(Exit::usage, what + tr(" 已经不是那次提交后的状态，pdo undo 不能安全撤销。",
                                           " is no longer as that commit left it, so pdo undo cannot revert it safely."));
    }
    const auto lang = s.ws.settings.lang;
    const bool back = !ch.done;
    txn.changes.push_back(Change::edited(path, [lesson, step = ch.step, lang, back](const std::string& text) -> Result<std::string> {
      auto box = progress::find_box(progress::parse_boxes(text), *lesson, step, lang);
      if (!box) return box.error();
      return progress::set_box(text, *box, back);
    }));
    t.boxes.push_back({ch.lesson, ch.step, back});
    plan.takes_back.push_back(
        (back ? tr("progress.md：重新勾选 ", "progress.md: tick again ") : tr("progress.md：取消勾选 ", "progress.md: untick ")) +
        util::pad2(ch.lesson) + " " + std::string(progress::step_label(ch.step, lang)));
  }
  t.action = Action::undo;
  t.undoes = target.trailers.id;
  t.id = new_action_id();
  txn.message = tr("撤销：", "Undo: ") + util::escape_controls(subject_of(target.commit.message)) + "\n\n" + write_trailers(t);
  return plan;
}

/// The lines an ask added to questions.md (one contiguous block: the entry, and the heading when new).
std::string added_block(const std::string& before, const std::string& after) {
  const auto b = util::split_lines(before);
  const auto a = util::split_lines(after);
  std::size_t prefix = 0;
  while (prefix < b.size() && prefix < a.size() && util::chomp(b[prefix]) == util::chomp(a[prefix])) ++prefix;
  std::size_t suffix = 0;
  while (suffix < b.size() - prefix && suffix < a.size() - prefix &&
         util::chomp(b[b.size() - 1 - suffix]) == util::chomp(a[a.size() - 1 - suffix])) {
    ++suffix;
  }
  std::string block;
  for (std::size_t i = prefix; i < a.size() - suffix; ++i) block += std::string(a[i]);
  return block;
}

Result<std::string> remove_block(const std::string& text, const std::string& block) {
  const auto at = text.rfind(block);
  if (block.empty() || at == std::string::npos) {
    return Error{Exit::usage, tr("questions.md 里找不到那个问题", "the question is no longer in questions.md")};
  }
  return text.substr(0, at) + text.substr(at + block.size());
}

UndoPlan undo_ask(Session& s, const Entry& target, const std::vector<Entry>& later) {
  const auto path = s.repo_path("questions.md");
  const std::string before = s.repo.blob_at(target.commit.id + "~1", path).value_or("");
  const std::string after = s.repo.blob_at(target.commit.id, path).value_or("");
  const std::string block = progress::renumber_lessons(added_block(before, after), target.renumbered);
  if (!remove_block(s.repo.head_blob(path).value_or(""), block)) {
    for (const auto& e : later) {
      if (s.repo.blob_at(e.commit.id, path) != s.repo.blob_at(e.commit.id + "~1", path))
        throw changed_later(e, tr("那个问题", "that question"));
    }
    throw Failure(Exit::usage, tr("questions.md 里已经找不到那个问题，pdo undo 没有可撤销的内容。",
                                  "that question is no longer in questions.md; nothing to undo."));
  }
  UndoPlan plan;
  Transaction& txn = plan.txn;
  txn.changes.push_back(Change::edited(path, [block](const std::string& text) { return remove_block(text, block); }));
  for (const auto line : util::split_lines(block)) {
    if (const auto text = util::trim(util::chomp(line)); !text.empty() && !util::starts_with(text, "#"))
      plan.takes_back.push_back(tr("questions.md：删除 ", "questions.md: remove ") + util::escape_controls(text));
  }
  Trailers t;
  t.action = Action::undo;
  t.undoes = target.trailers.id;
  t.id = new_action_id();
  txn.message = tr("撤销：", "Undo: ") + util::escape_controls(subject_of(target.commit.message)) + "\n\n" + write_trailers(t);
  return plan;
}

/// A link set with pdo lesson set-url goes back to the one .pdo/lessons.toml had before (or none).
UndoPlan undo_url(Session& s, const Entry& target, int number, const std::string& subject, const Trailers& t) {
  const auto* lesson = course::find_lesson(s.ws.course, std::to_string(number));
  if (!lesson || !lesson->own)
    throw Failure(Exit::usage,
                  tr("第 ", "lesson ") + util::pad2(number) +
                      tr(" 课已经不是你自己加的课节了，没有可撤销的内容。", " is no longer one of your own lessons; nothing to undo."));
  const auto before = removed_lesson(s.repo, target.commit.id, s.repo_path(workspace::k_own_lessons_path), number);
  const std::string url = before ? before->url : "";
  return {
      set_url_transaction(s, *lesson, url, subject, t),
      {tr(".pdo/lessons.toml：第 ", ".pdo/lessons.toml: lesson ") + lesson->id +
       (url.empty() ? tr(" 课的链接去掉", "'s link taken out") : tr(" 课的链接改回 ", "'s link back to ") + util::escape_controls(url))}};
}

/// A lesson of the learner's own: an add is undone by removing it (with the same refusals as pdo lesson
/// remove), a remove by adding it back as it was (number, title, link, folder), a set-url by the link before.
UndoPlan undo_lesson(Session& s, const Entry& target) {
  const auto words = util::split(target.trailers.own_lesson, ' ');
  const auto bad = [&] {
    return Failure(Exit::usage, tr("提交 ", "commit ") + target.commit.id.substr(0, 12) +
                                    tr(" 的 Pdo-Own-Lesson 看不懂，pdo undo 不能撤销它。",
                                       " has a Pdo-Own-Lesson pdo cannot read, so pdo undo cannot revert it."));
  };
  if (words.size() != 2 || !util::is_digits(words[0]) || words[0].size() > 3) throw bad();
  const int number = std::stoi(words[0]);
  Trailers t;
  t.action = Action::undo;
  t.undoes = target.trailers.id;
  t.id = new_action_id();
  t.own_lesson = util::pad2(number) + (words[1] == "add" ? " remove" : words[1] == "url" ? " url" : " add");
  const std::string subject = tr("撤销：", "Undo: ") + util::escape_controls(subject_of(target.commit.message));
  if (words[1] == "url") return undo_url(s, target, number, subject, t);
  if (words[1] == "add") {
    const auto* lesson = course::find_lesson(s.ws.course, std::to_string(number));
    if (!lesson || !lesson->own)
      throw Failure(Exit::usage,
                    tr("第 ", "lesson ") + util::pad2(number) +
                        tr(" 课已经不是你自己加的课节了，没有可撤销的内容。", " is no longer one of your own lessons; nothing to undo."));
    return {remove_lesson_transaction(s, *lesson, subject, t),
            {tr("删除你的课节 ", "remove your lesson ") + lesson->id + " " + util::escape_controls(lesson->title) +
             tr("（lessons/", " (lessons/") + util::escape_controls(lesson->folder) +
             tr("/、它的三个勾选框和 README 里的一行）", "/, its three boxes and its README row)")}};
  }
  if (words[1] != "remove") throw bad();
  const auto lesson = removed_lesson(s.repo, target.commit.id, s.repo_path(workspace::k_own_lessons_path), number);
  if (!lesson) throw bad();
  if (course::find_lesson(s.ws.course, lesson->id)) {
    throw Failure(Exit::usage,
                  tr("第 ", "lesson ") + lesson->id +
                      tr(" 课的课号后来又被用了，pdo undo 不能把删掉的课节放回去。可以用 pdo lesson add 重新添加。",
                         " has been taken again since, so pdo undo cannot put the removed lesson back. Add it again with pdo lesson add."));
  }
  return {add_lesson_transaction(s, *lesson, subject, t),
          {tr("恢复你的课节 ", "bring back your lesson ") + lesson->id + " " + util::escape_controls(lesson->title)}};
}

/// Walks HEAD's first parents, newest first, for at most k_search_depth commits: `visit` gets each commit as
/// an Entry (its trailers with today's lesson numbers), whether it is a step still to undo, and the newer
/// entries; it returns false to stop.
template <class Visit>
void walk_steps(Session& s, Visit visit) {
  std::set<std::string> undone;
  std::vector<Entry> later;
  std::map<int, int> moved;
  auto walk = s.repo.first_parent_walk().take();
  for (std::size_t read = 0; read < k_search_depth; ++read) {
    auto next = walk.next();
    if (!next) return;
    Entry e = renumbered(Entry{*next, read_trailers(next->message, next->id), {}}, moved);
    add_moves(moved, e.trailers.renumbered);
    const auto action = e.trailers.action;
    if (action == Action::undo) undone.insert(e.trailers.undoes);
    const bool step = action && undoable(*action) && !undone.count(e.trailers.id) && !undone.count(e.commit.id);
    if (!visit(e, step, later)) return;
    later.push_back(std::move(e));
  }
}

}  // namespace

std::pair<git::CommitInfo, UndoPlan> find_undo(Session& s, const std::function<void(const git::CommitInfo&, UndoSkip)>& skipped) {
  std::optional<std::pair<git::CommitInfo, UndoPlan>> found;
  walk_steps(s, [&](const Entry& e, bool step, const std::vector<Entry>& later) {
    const auto action = e.trailers.action;
    if (step) {
      auto planned = *action == Action::ask      ? std::optional<UndoPlan>(undo_ask(s, e, later))
                     : *action == Action::lesson ? std::optional<UndoPlan>(undo_lesson(s, e))
                                                 : undo_track(s, e, later);
      if (!planned) {
        skipped(e.commit, UndoSkip::taken_back);
        return true;
      }
      found.emplace(e.commit, std::move(*planned));
      return false;
    }
    if (action && (*action == Action::init || *action == Action::check || *action == Action::confirm || *action == Action::glossary))
      skipped(e.commit, UndoSkip::never);
    return true;
  });
  if (!found)
    throw Failure(Exit::usage, tr("没有可以撤销的 pdo 步骤（只有 pdo track、pdo ask 和 pdo lesson 能撤销）。",
                                  "no pdo step to undo (only pdo track, pdo ask and pdo lesson can be undone)."));
  return std::move(*found);
}

std::vector<git::CommitInfo> undo_stack(Session& s, std::size_t max) {
  std::vector<git::CommitInfo> stack;
  walk_steps(s, [&](const Entry& e, bool step, const std::vector<Entry>& later) {
    if (!step) return true;
    // A tick both machines made, which a later undo took back, is not on the stack; a step undo cannot
    // take back safely is, and its turn says why.
    if (*e.trailers.action == Action::track) {
      try {
        if (!undo_track(s, e, later)) return true;
      } catch (const Failure&) {}
    }
    stack.push_back(e.commit);
    return stack.size() < max;
  });
  return stack;
}

}  // namespace pdo::app
