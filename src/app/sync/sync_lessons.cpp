#include "app/sync/sync_lessons.hpp"

#include <algorithm>
#include <cctype>
#include <climits>

#include "app/display.hpp"
#include "app/sync/sync_replay.hpp"
#include "course/slug.hpp"
#include "progress/merge.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"
#include "workspace/layout.hpp"
#include "workspace/marked_block.hpp"
#include "workspace/own_lessons.hpp"

namespace pdo::app {

using util::tr;

namespace {

bool same_lesson(const course::Lesson& a, const course::Lesson& b) {
  return a.number == b.number && a.title == b.title && a.url == b.url && a.folder == b.folder && a.own_id == b.own_id;
}

const course::Lesson* by_id(const std::vector<course::Lesson>& lessons, const std::string& id) {
  for (const auto& l : lessons) {
    if (l.own_id == id) return &l;
  }
  return nullptr;
}

/// "19-19-ring-attention" for "18-18-ring-attention" moved from 18 to 19.
std::string moved_folder(const std::string& folder, int from, int to) {
  const std::string prefix = course::lesson_folder(from, "");
  return course::lesson_folder(to, util::starts_with(folder, prefix) ? folder.substr(prefix.size()) : folder);
}

Result<std::vector<course::Lesson>> parse(const std::string& text, const std::string& path) {
  if (text.empty()) return std::vector<course::Lesson>();
  return workspace::parse_own_lessons(text, path);
}

}  // namespace

std::string fresh_own_id(const std::string& id, const std::set<std::string>& taken) {
  for (unsigned n = 2;; ++n) {
    const std::string suffix = "-" + std::to_string(n);
    // An id is at most 40 characters; 37 of the old id as before, fewer once the suffix passes -99.
    std::string fresh = id.substr(0, std::min<std::size_t>(37, 40 - suffix.size())) + suffix;
    if (!taken.count(fresh)) return fresh;
  }
}

std::optional<std::string> renumber_trailers(const std::string& message, const std::map<int, int>& map) {
  static const std::vector<std::string> keys{"Pdo-Lesson: ", "Pdo-Also: ", "Pdo-Question-Lesson: ", "Pdo-Own-Lesson: "};
  const auto lines = util::split_lines(message);
  std::size_t block = 0;  // the trailers are the last paragraph
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (util::trim(lines[i]).empty()) block = i + 1;
  }
  std::string out;
  bool changed = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string line(lines[i]);
    const auto key = std::find_if(keys.begin(), keys.end(), [&](const std::string& k) { return util::starts_with(line, k); });
    std::size_t digits = 0;
    if (i >= block && key != keys.end()) {
      while (key->size() + digits < line.size() && digits < 4 && std::isdigit(static_cast<unsigned char>(line[key->size() + digits])))
        ++digits;
    }
    const auto it = digits > 0 && digits < 4 ? map.find(std::stoi(line.substr(key->size(), digits))) : map.end();
    if (it == map.end()) {
      out += line;
      continue;
    }
    out += *key + util::pad2(it->second) + line.substr(key->size() + digits);
    changed = true;
  }
  if (!changed) return std::nullopt;
  return out;
}

OwnLessonNumbers::OwnLessonNumbers(Session& s, const std::string& base, const std::string& remote,
                                   const std::vector<git::ChainCommit>& local_chain)
    : m_s(s), m_file(s.repo_path(workspace::k_own_lessons_path)), m_lessons(s.repo_path("lessons")) {
  for (const auto& l : s.ws.course.lessons) {
    if (!l.own) m_course_numbers.insert(l.number);
  }
  plan(base, remote, local_chain);
}

std::vector<course::Lesson> OwnLessonNumbers::lessons_at(const std::string& treeish) const {
  const auto entry = treeish.empty() ? std::nullopt : m_s.repo.entry_at(treeish, m_file);
  if (!entry) return {};
  auto lessons = parse(m_s.repo.read_blob(entry->id), m_file);
  if (!lessons) throw sync_stopped(lessons.error().message);
  return std::move(lessons).value();
}

std::vector<course::Lesson> OwnLessonNumbers::renamed(std::vector<course::Lesson> lessons) const {
  for (auto& l : lessons) {
    if (const auto it = m_renamed.find(l.own_id); it != m_renamed.end()) l.own_id = it->second;
  }
  return lessons;
}

void OwnLessonNumbers::plan(const std::string& base, const std::string& remote, const std::vector<git::ChainCommit>& local_chain) {
  const auto on_remote = lessons_at(remote), at_base = lessons_at(base);
  // When each lesson first appears on each side (its `pdo lesson add`), and this side's latest place of it.
  std::map<std::string, long long> added_here, added_there;
  std::set<std::string> ids;  // every id either side used since the base
  for (const auto& l : at_base) ids.insert(l.own_id);
  const auto remote_chain = m_s.repo.first_parent_chain(base, remote);
  if (remote_chain) {
    for (const auto& c : *remote_chain) {
      for (const auto& l : lessons_at(c.id)) {
        added_there.emplace(l.own_id, c.author_time);
        ids.insert(l.own_id);
      }
    }
  }
  std::vector<std::pair<long long, std::vector<course::Lesson>>> mine_along;  // at each change of the file
  std::optional<std::string> blob;
  for (const auto& c : local_chain) {
    const auto entry = m_s.repo.entry_at(c.id, m_file);
    if ((entry ? std::optional<std::string>(entry->id) : std::nullopt) == blob) continue;
    blob = entry ? std::optional<std::string>(entry->id) : std::nullopt;
    mine_along.emplace_back(c.author_time, lessons_at(c.id));
    for (const auto& l : mine_along.back().second) ids.insert(l.own_id);
  }
  // A lesson both sides added under one id (a copied workspace, an edited file) is two lessons unless
  // title and folder agree: this side's gets a fresh id, so the merge by id keeps both and loses no title.
  for (const auto& [when, lessons] : mine_along) {
    for (const auto& l : lessons) {
      const auto* there = by_id(on_remote, l.own_id);
      if (!there || by_id(at_base, l.own_id) || m_renamed.count(l.own_id) || (there->title == l.title && there->folder == l.folder))
        continue;
      const std::string fresh = fresh_own_id(l.own_id, ids);
      ids.insert(fresh);
      m_renamed[l.own_id] = fresh;
    }
  }
  std::map<std::string, course::Lesson> here;
  for (const auto& l : at_base) here[l.own_id] = l;
  for (const auto& [when, lessons] : mine_along) {
    for (const auto& l : renamed(lessons)) {
      added_here.emplace(l.own_id, when);
      here[l.own_id] = l;
    }
  }
  int next = 0;
  std::set<int> taken = m_course_numbers;
  for (const auto* side : {&on_remote, &at_base}) {
    for (const auto& l : *side) next = std::max(next, l.number);
  }
  for (const auto& [id, l] : here) next = std::max(next, l.number);
  for (const int n : m_course_numbers) next = std::max(next, n);
  for (const auto& l : on_remote) {
    m_final[l.own_id] = {l.number, l.folder};
    taken.insert(l.number);
  }
  // This side's lessons the remote does not have, oldest first: each keeps its number unless another
  // lesson holds it; against a lesson only the remote has, the one added first keeps it.
  // A lesson of the base the remote removed needs a number only if this side changed it (the merge keeps it).
  std::vector<std::pair<long long, std::string>> mine;
  for (const auto& [id, l] : here) {
    const auto* was = by_id(at_base, id);
    if (by_id(on_remote, id) || (was && same_lesson(*was, l))) continue;
    mine.emplace_back(was ? LLONG_MIN : added_here[id], id);
  }
  std::sort(mine.begin(), mine.end());
  const auto move = [&](const course::Lesson& l, Side side, const std::string& kept) {
    m_final[l.own_id] = {++next, moved_folder(l.folder, l.number, next)};
    m_renumbered.push_back({l.title, l.number, next, side, kept});
    taken.insert(next);
  };
  for (const auto& [when, id] : mine) {
    const auto& l = here[id];
    const auto holder = std::find_if(on_remote.begin(), on_remote.end(), [&](const course::Lesson& r) { return r.number == l.number; });
    const bool course_or_mine = m_course_numbers.count(l.number) || (taken.count(l.number) && holder == on_remote.end());
    if (holder != on_remote.end() && !course_or_mine && !by_id(at_base, holder->own_id) && remote_chain &&
        added_there.count(holder->own_id) && when < added_there[holder->own_id] && m_final[holder->own_id].number == l.number) {
      move(*holder, Side::remote, l.title);
      m_remote_moves = true;
      m_final[id] = {l.number, l.folder};
      continue;
    }
    if (taken.count(l.number)) {
      move(l, Side::local, holder != on_remote.end() ? holder->title : std::string());
      continue;
    }
    m_final[id] = {l.number, l.folder};
    taken.insert(l.number);
  }
}

std::map<int, int> OwnLessonNumbers::moves_in(const std::vector<course::Lesson>& lessons) const {
  std::map<int, int> moves;
  for (const auto& l : lessons) {
    const auto it = m_final.find(l.own_id);
    if (it != m_final.end() && (it->second.number != l.number || it->second.folder != l.folder)) moves[l.number] = it->second.number;
  }
  return moves;
}

std::string OwnLessonNumbers::translated(const std::string& treeish, const std::vector<course::Lesson>& as_stored, Side side) const {
  const bool ids_change = side == Side::local && std::any_of(as_stored.begin(), as_stored.end(),
                                                             [&](const course::Lesson& l) { return m_renamed.count(l.own_id) > 0; });
  const auto lessons = side == Side::local ? renamed(as_stored) : as_stored;
  const auto moves = moves_in(lessons);
  if (moves.empty() && !ids_change) return treeish;
  std::vector<std::pair<std::string, std::optional<git::TreeEntry>>> entries;
  const auto put = [&](const std::string& path, const std::string& text) {
    auto id = m_s.repo.write_blob(text);
    if (!id) throw Failure(id.error());
    entries.emplace_back(path, git::TreeEntry{*id, git::k_mode_file});
  };
  std::vector<course::Lesson> placed = lessons;
  std::vector<std::pair<std::string, std::string>> folders;
  for (auto& l : placed) {
    const auto& to = m_final.at(l.own_id);
    const course::Lesson was = l;
    l.number = to.number;
    l.id = util::pad2(to.number);
    l.folder = to.folder;
    if (to.folder == was.folder) continue;
    folders.emplace_back(m_lessons + "/" + was.folder, m_lessons + "/" + to.folder);
    // notes.md as pdo wrote it names the lesson's number: it follows the lesson; the learner's notes are
    // kept byte for byte.
    const auto notes = m_s.repo.entry_at(treeish, m_lessons + "/" + was.folder + "/notes.md");
    if (!notes || notes->mode != git::k_mode_file) continue;
    if (const auto lang = workspace::notes_as_generated(m_s.repo.read_blob(notes->id), was))
      put(m_lessons + "/" + to.folder + "/notes.md", workspace::notes_text(l, *lang));
  }
  std::sort(placed.begin(), placed.end(), [](const course::Lesson& a, const course::Lesson& b) { return a.number < b.number; });
  const std::string toml = workspace::own_lessons_text(placed);
  put(m_file, toml);
  for (const char* file : {"progress.md", "questions.md", "README.md"}) {
    const std::string path = m_s.repo_path(file);
    const auto entry = m_s.repo.entry_at(treeish, path);
    if (!entry || entry->mode != git::k_mode_file) continue;
    const std::string text = m_s.repo.read_blob(entry->id);
    const std::string now = std::string(file) == "README.md" ? readme_for(text, toml) : progress::renumber_lessons(text, moves);
    if (now != text) put(path, now);
  }
  auto tree = m_s.repo.edit_tree(treeish, folders, entries);
  if (!tree) throw Failure(tree.error());
  return *tree;
}

std::string OwnLessonNumbers::remote_tip(const std::string& remote) {
  if (!m_remote_moves) return remote;
  const std::string tree = translated(remote, lessons_at(remote), Side::remote);
  std::string subject, trailers;
  for (const auto& r : m_renumbered) {
    if (r.side != Side::remote) continue;
    subject += (subject.empty() ? "" : tr("；", "; ")) + tr("第 ", "lesson ") + util::pad2(r.from) + tr(" 课「", " \"") + r.title +
               tr("」改为第 ", "\" becomes lesson ") + util::pad2(r.to) + tr(" 课", "");
    trailers += "Pdo-Renumber: " + util::pad2(r.from) + " " + util::pad2(r.to) + "\n";
  }
  auto id = m_s.repo.commit_tree(
      remote, tree,
      "pdo sync: " + subject +
          tr("（两台机器都用了这个课号，另一台的课节加得更早）", " (both machines used the number; the other lesson was added first)") +
          "\n\n" + trailers);
  if (!id) throw Failure(id.error());
  return *id;
}

std::string OwnLessonNumbers::tree_of(const std::string& commit) const {
  if (m_final.empty() || commit.empty()) return commit;
  if (const auto it = m_trees.find(commit); it != m_trees.end()) return it->second;
  return m_trees[commit] = translated(commit, lessons_at(commit), Side::local);
}

std::optional<std::string> OwnLessonNumbers::message_of(const git::ChainCommit& c) const {
  if (m_renumbered.empty()) return std::nullopt;
  auto moves = moves_in(renamed(lessons_at(c.id)));
  for (const auto& [from, to] : moves_in(renamed(lessons_at(c.parent)))) moves.emplace(from, to);
  return renumber_trailers(c.message, moves);
}

Result<std::string> OwnLessonNumbers::merge(const std::string& base, const std::string& ours, const std::string& theirs) const {
  auto b = parse(base, m_file), o = parse(ours, m_file), t = parse(theirs, m_file);
  for (const auto* side : {&b, &o, &t}) {
    if (!*side) return side->error();
  }
  std::vector<std::string> ids;
  for (const auto* side : {&*o, &*t, &*b}) {
    for (const auto& l : *side) {
      if (std::find(ids.begin(), ids.end(), l.own_id) == ids.end()) ids.push_back(l.own_id);
    }
  }
  std::vector<course::Lesson> merged;
  for (const auto& id : ids) {
    const auto *bl = by_id(*b, id), *ol = by_id(*o, id), *tl = by_id(*t, id);
    const auto same = [](const course::Lesson* x, const course::Lesson* y) { return x == y || (x && y && same_lesson(*x, *y)); };
    // Changed on one side: that side's; on both: the lesson is kept (a removal never wins over a change).
    const course::Lesson* kept = same(tl, bl) ? ol : same(ol, bl) ? tl : (tl ? tl : ol);
    if (kept) merged.push_back(*kept);
  }
  std::set<int> numbers = m_course_numbers;
  std::set<std::string> folders;
  for (const auto& l : m_s.ws.course.lessons) {
    if (!l.own) folders.insert(util::to_lower(l.folder));
  }
  for (const auto& l : merged) {
    if (!numbers.insert(l.number).second || !folders.insert(util::to_lower(l.folder)).second)
      return Error{Exit::failure,
                   tr("两台机器的课节用了同一个课号或文件夹：", "two lessons of the two machines use one number or folder: ") + l.id + " " +
                       for_display(l.folder, util::Breaks::escape)};
  }
  std::sort(merged.begin(), merged.end(), [](const course::Lesson& x, const course::Lesson& y) { return x.number < y.number; });
  if (merged.size() == o->size() && std::equal(merged.begin(), merged.end(), o->begin(), same_lesson)) return ours;
  return workspace::own_lessons_text(merged);
}

std::string OwnLessonNumbers::readme_for(const std::string& readme, const std::string& lessons_toml) const {
  if (!workspace::find_block(readme, "readme")) return readme;
  auto own = parse(lessons_toml, m_file);
  if (!own) return readme;
  course::Course course = m_s.ws.course;
  course.lessons.erase(std::remove_if(course.lessons.begin(), course.lessons.end(), [](const course::Lesson& l) { return l.own; }),
                       course.lessons.end());
  if (!workspace::merge_own_lessons(course, *own, m_file)) return readme;
  return workspace::replace_block(readme, workspace::readme_text(course, m_s.ws.settings), "readme").value_or(readme);
}

}  // namespace pdo::app
