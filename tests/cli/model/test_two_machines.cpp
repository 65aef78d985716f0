// Two machines and a bare remote, as a model (issue 42, item 2): RapidCheck generates sequences of a
// learner's operations on either clone (track done/todo, ask, a notes line committed by hand, lesson add,
// undo of a step made since the last sync, undo reaching into synced history, sync) and runs them against the real pdo and git. After every
// step the machine that acted must equal a small reference model, which knows which boxes are ticked,
// which questions (in one section per lesson, in lesson order), notes lines and own lessons exist, and how a sync merges them (a box takes
// the side that changed it since the last sync; everything added on either side is kept, once), and git must be whole: `git fsck --strict`
// clean, no operation in progress, HEAD on the branch, nothing left staged or uncommitted. At the end both machines sync, and both equal
// the model and each other.
//
// A failure prints RapidCheck's seed and the shrunk sequence of operations; replay it with
//   RC_PARAMS="seed=N" build/dev/tests/pdo_cli_tests "two machines*"
// PDO_MODEL_SEQUENCES (default 6) sets how many sequences a run tries; scripts/model.sh runs thousands.
// [posix:git-from-pdo] pdo sync starts the git program; pdo.exe under wine cannot see the exit codes of
// the Linux git it would start.
#include <rapidcheck/catch.h>
#include <rapidcheck/state.h>

#include <array>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli/sync_helpers.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

const std::array<const char*, 3> k_steps{"read", "exercise", "notes"};
constexpr int k_lessons = 4;  // the official lessons the sequences touch: few, so the two sides meet often

/// What one machine (or the remote) holds, as the learner would describe it.
struct Snapshot {
  std::set<std::pair<int, int>> done;  ///< ticked boxes: (lesson, step index)
  std::set<std::string> questions;     ///< the questions' tokens
  std::set<std::string> notes;         ///< the notes lines' tokens (lines appended to lessons 01–04)
  std::set<std::string> own;           ///< the own lessons' titles
  bool operator==(const Snapshot& o) const { return done == o.done && questions == o.questions && notes == o.notes && own == o.own; }
};

std::ostream& operator<<(std::ostream& os, const Snapshot& s) {
  os << "done {";
  for (const auto& [l, st] : s.done) os << " " << l << ":" << k_steps[static_cast<std::size_t>(st)];
  os << " } questions {";
  for (const auto& q : s.questions) os << " " << q;
  os << " } notes {";
  for (const auto& n : s.notes) os << " " << n;
  os << " } own {";
  for (const auto& o : s.own) os << " " << o;
  return os << " }";
}

/// A pdo step this machine made since its last sync, and what undoing it restores.
struct Step {
  enum class Kind { box, question, lesson } kind = Kind::box;
  std::pair<int, int> box;
  std::string token;
};

struct Side {
  Snapshot now;
  Snapshot base;            ///< as at this machine's last sync (what the merge base holds)
  std::vector<Step> steps;  ///< undoable: this machine's steps since its last sync, latest last
};

struct Model {
  std::array<Side, 2> side;
  Snapshot remote;
  std::set<std::string> used;  ///< every token ever generated: each question, line and title is unique
};

struct Machines {
  TwoMachines m;
  /// The model the checks use. RapidCheck's own copy (each command's apply) decides what is generated;
  /// this one is updated as each command runs, and takes what an undo into synced history did from the
  /// machine, which apply cannot know.
  Model last;
  fs::path root(int i) const { return i == 0 ? m.a : m.b; }
};

using Command = rc::state::Command<Model, Machines>;

std::string machine_name(int i) { return i == 0 ? "a" : "b"; }

/// A fresh token (4 lowercase letters) no earlier command used.
std::string fresh_token(const Model& s, const char* prefix) {
  const auto letters = *rc::gen::container<std::string>(4, rc::gen::inRange('a', static_cast<char>('z' + 1)));
  const std::string token = prefix + letters;
  RC_PRE(s.used.count(token) == 0);
  return token;
}

/// "pdo ARGS" in machine i, with its output on failure.
platform::ProcessResult pdo_on(const Machines& m, int i, const std::vector<std::string>& args) { return run_pdo(args, m.root(i)); }

std::string said(const platform::ProcessResult& r) { return "\nstdout:\n" + r.out + "\nstderr:\n" + r.err; }

/// git's stdout in `root` (RC_ASSERT on failure, so a failing git shrinks like any other failure).
std::string git_out_of(const fs::path& root, const std::vector<std::string>& args) {
  const auto r = run_git(args, root);
  RC_ASSERT(r.exit_code == 0);
  return r.out;
}

/// What machine i holds, read from its files and pdo status --json.
Snapshot observed(const Machines& m, int i) {
  const fs::path root = m.root(i);
  Snapshot s;
  const auto status = pdo_on(m, i, {"status", "--json"});
  RC_ASSERT(status.exit_code == 0);
  const auto json = nlohmann::json::parse(status.out, nullptr, false);
  RC_ASSERT(!json.is_discarded());
  for (const auto& l : json.at("lessons")) {
    const int number = l.at("number").get<int>();
    if (number > 17) s.own.insert(l.at("title").get<std::string>());
    for (std::size_t st = 0; st < k_steps.size(); ++st) {
      if (l.at("steps").at(k_steps[st]).get<bool>()) s.done.emplace(number, static_cast<int>(st));
    }
  }
  // Tokens are 5 characters after their prefix letter ("Q", "N"): every one that occurs, and none twice.
  const auto tokens = [](const std::string& text, char prefix, std::set<std::string>& into) {
    for (std::size_t at = text.find(std::string("@") + prefix); at != std::string::npos;
         at = text.find(std::string("@") + prefix, at + 1)) {
      const std::string token = text.substr(at + 1, 5);
      RC_ASSERT(into.insert(token).second);  // never twice
    }
  };
  const std::string questions = read_file(root / "questions.md");
  tokens(questions, 'Q', s.questions);
  // One section per lesson, in lesson order.
  int last = 0;
  for (const auto line : util::split_lines(questions)) {
    if (!util::starts_with(line, "## ")) continue;
    const int lesson = std::stoi(std::string(line.substr(3, 2)));
    if (lesson <= last)
      RC_FAIL("questions.md has lesson " + std::to_string(lesson) + "'s heading after lesson " + std::to_string(last) + "'s:\n" +
              questions);
    last = lesson;
  }
  for (int l = 1; l <= k_lessons; ++l) {
    const std::string notes = read_file(lesson_dir(root, util::pad2(l)) / "notes.md");
    RC_ASSERT(notes.find("<<<<<<<") == std::string::npos);
    tokens(notes, 'N', s.notes);
  }
  // One box per step in progress.md, for every lesson.
  const std::string progress = read_file(root / "progress.md");
  for (const auto& l : json.at("lessons")) {
    RC_ASSERT(count_of(progress, "] " + l.at("id").get<std::string>() + " ") == k_steps.size());
  }
  return s;
}

/// git is whole in machine i: fsck, no operation in progress, HEAD on its branch, nothing uncommitted.
void require_whole(const Machines& m, int i) {
  const fs::path root = m.root(i);
  const auto fsck = run_git({"fsck", "--strict", "--no-progress"}, root);
  RC_ASSERT(fsck.exit_code == 0);
  for (const char* left : {"rebase-merge", "rebase-apply", "MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "index.lock"})
    RC_ASSERT(!fs::exists(root / ".git" / left));
  RC_ASSERT(run_git({"symbolic-ref", "-q", "HEAD"}, root).exit_code == 0);
  const auto status = run_git({"status", "--porcelain"}, root);
  RC_ASSERT(status.exit_code == 0);
  RC_ASSERT(status.out.empty());
}

/// After a command on machine i: git whole there, and its files equal the model's.
void require_as_modelled(const Model& expected, const Machines& m, int i) {
  require_whole(m, i);
  const Snapshot seen = observed(m, i);
  const Snapshot& want = expected.side[static_cast<std::size_t>(i)].now;
  if (!(seen == want)) {
    std::ostringstream os;
    os << "machine " << machine_name(i) << " holds\n  " << seen << "\nthe model says\n  " << want;
    RC_FAIL(os.str());
  }
}

struct Track : Command {
  int machine, lesson, step;
  bool done;
  explicit Track(const Model&)
      : machine(*rc::gen::inRange(0, 2)),
        lesson(*rc::gen::inRange(1, k_lessons + 1)),
        step(*rc::gen::inRange(0, 3)),
        done(*rc::gen::arbitrary<bool>()) {}
  std::pair<int, int> box() const { return {lesson, step}; }
  bool changes(const Model& s) const { return s.side[static_cast<std::size_t>(machine)].now.done.count(box()) != (done ? 1u : 0u); }
  void apply(Model& s) const override {
    auto& side = s.side[static_cast<std::size_t>(machine)];
    if (!changes(s)) return;  // nothing to change: no commit, no step
    if (done)
      side.now.done.insert(box());
    else
      side.now.done.erase(box());
    side.steps.push_back({Step::Kind::box, box(), {}});
  }
  void run(const Model&, Machines& m) const override {
    const auto r = pdo_on(m, machine, {"track", done ? "done" : "todo", util::pad2(lesson), k_steps[static_cast<std::size_t>(step)]});
    RC_ASSERT(r.exit_code == 0);
    apply(m.last);
    require_as_modelled(m.last, m, machine);
  }
  void show(std::ostream& os) const override {
    os << machine_name(machine) << ": pdo track " << (done ? "done " : "todo ") << util::pad2(lesson) << " "
       << k_steps[static_cast<std::size_t>(step)];
  }
};

struct Ask : Command {
  int machine, lesson;
  std::string token;
  explicit Ask(const Model& s)
      : machine(*rc::gen::inRange(0, 2)), lesson(*rc::gen::inRange(1, k_lessons + 1)), token(fresh_token(s, "Q")) {}
  void checkPreconditions(const Model& s) const override { RC_PRE(s.used.count(token) == 0); }
  void apply(Model& s) const override {
    auto& side = s.side[static_cast<std::size_t>(machine)];
    side.now.questions.insert(token);
    side.steps.push_back({Step::Kind::question, {}, token});
    s.used.insert(token);
  }
  void run(const Model&, Machines& m) const override {
    const auto r = pdo_on(m, machine, {"ask", "why @" + token + "?", "--lesson", util::pad2(lesson)});
    RC_ASSERT(r.exit_code == 0);
    apply(m.last);
    require_as_modelled(m.last, m, machine);
  }
  void show(std::ostream& os) const override {
    os << machine_name(machine) << ": pdo ask \"why @" << token << "?\" --lesson " << util::pad2(lesson);
  }
};

/// A line the learner appends to a lesson's notes and commits with git itself.
struct Note : Command {
  int machine, lesson;
  std::string token;
  explicit Note(const Model& s)
      : machine(*rc::gen::inRange(0, 2)), lesson(*rc::gen::inRange(1, k_lessons + 1)), token(fresh_token(s, "N")) {}
  void checkPreconditions(const Model& s) const override { RC_PRE(s.used.count(token) == 0); }
  void apply(Model& s) const override {
    s.side[static_cast<std::size_t>(machine)].now.notes.insert(token);
    s.used.insert(token);
  }
  void run(const Model&, Machines& m) const override {
    const fs::path root = m.root(machine);
    append(lesson_dir(root, util::pad2(lesson)) / "notes.md", "- note @" + token + "\n");
    RC_ASSERT(run_git({"commit", "-qam", "notes " + token}, root).exit_code == 0);
    apply(m.last);
    require_as_modelled(m.last, m, machine);
  }
  void show(std::ostream& os) const override {
    os << machine_name(machine) << ": append \"- note @" << token << "\" to lesson " << util::pad2(lesson) << "'s notes.md; git commit -am";
  }
};

struct LessonAdd : Command {
  int machine;
  std::string token;
  explicit LessonAdd(const Model& s) : machine(*rc::gen::inRange(0, 2)), token(fresh_token(s, "L")) {}
  void checkPreconditions(const Model& s) const override { RC_PRE(s.used.count(token) == 0); }
  void apply(Model& s) const override {
    auto& side = s.side[static_cast<std::size_t>(machine)];
    side.now.own.insert("Own " + token);
    side.steps.push_back({Step::Kind::lesson, {}, "Own " + token});
    s.used.insert(token);
  }
  void run(const Model&, Machines& m) const override {
    const auto r = pdo_on(m, machine, {"lesson", "add", "Own " + token});
    RC_ASSERT(r.exit_code == 0);
    apply(m.last);
    require_as_modelled(m.last, m, machine);
  }
  void show(std::ostream& os) const override { os << machine_name(machine) << ": pdo lesson add \"Own " << token << "\""; }
};

/// pdo undo. After a step of its own since its last sync, it takes back exactly that step. Otherwise it
/// reaches into synced history: it either takes back exactly one thing (a box, a question or an own
/// lesson) in one commit, or refuses with a message and changes nothing; the model then takes what the
/// machine holds.
struct Undo : Command {
  int machine;
  explicit Undo(const Model&) : machine(*rc::gen::inRange(0, 2)) {}
  void apply(Model& s) const override {
    auto& side = s.side[static_cast<std::size_t>(machine)];
    if (side.steps.empty()) return;  // reaching into synced history: read from the machine (run)
    const Step step = side.steps.back();
    side.steps.pop_back();
    switch (step.kind) {
      case Step::Kind::box:
        if (side.now.done.count(step.box))
          side.now.done.erase(step.box);
        else
          side.now.done.insert(step.box);
        break;
      case Step::Kind::question:
        side.now.questions.erase(step.token);
        break;
      case Step::Kind::lesson:
        side.now.own.erase(step.token);
        break;
    }
  }
  void run(const Model&, Machines& m) const override {
    const fs::path root = m.root(machine);
    const std::string before = head(root);
    auto& side = m.last.side[static_cast<std::size_t>(machine)];
    const bool own_step = !side.steps.empty();
    const auto r = pdo_on(m, machine, {"undo"});
    if (own_step) {
      if (r.exit_code != 0) RC_FAIL("pdo undo of this machine's own step failed" + said(r));
      apply(m.last);
      require_as_modelled(m.last, m, machine);
      return;
    }
    require_whole(m, machine);
    if (r.exit_code != 0) {
      if (!util::starts_with(r.err, "pdo: ")) RC_FAIL("pdo undo failed without saying why" + said(r));
      RC_ASSERT(head(root) == before);
      require_as_modelled(m.last, m, machine);
      return;
    }
    RC_ASSERT(git_out_of(root, {"rev-parse", "HEAD~1"}) == before);
    const Snapshot now = observed(m, machine);
    std::size_t changed = 0;
    const auto differ = [&](const auto& x, const auto& y) {
      for (const auto& e : x) changed += 1 - y.count(e);
      for (const auto& e : y) changed += 1 - x.count(e);
    };
    differ(now.done, side.now.done);
    differ(now.questions, side.now.questions);
    differ(now.notes, side.now.notes);
    differ(now.own, side.now.own);
    if (changed != 1) {
      std::ostringstream os;
      os << "pdo undo changed " << changed << " things, not one: before\n  " << side.now << "\nafter\n  " << now;
      RC_FAIL(os.str());
    }
    side.now = now;
  }
  void show(std::ostream& os) const override { os << machine_name(machine) << ": pdo undo"; }
};

/// The merge the learner expects: a box as the side that changed it since the last sync has it; whatever
/// either side added is kept, once, and what one side removed stays removed.
Snapshot merged(const Snapshot& base, const Snapshot& mine, const Snapshot& remote) {
  Snapshot out;
  std::set<std::pair<int, int>> boxes = base.done;
  boxes.insert(mine.done.begin(), mine.done.end());
  boxes.insert(remote.done.begin(), remote.done.end());
  for (const auto& b : boxes) {
    const bool m = mine.done.count(b) > 0, r = remote.done.count(b) > 0, was = base.done.count(b) > 0;
    if (m != was ? m : r) out.done.insert(b);
  }
  // The same rule for the questions, notes lines and own lessons: added or removed on one side wins.
  const auto three_way = [](const std::set<std::string>& was, const std::set<std::string>& m, const std::set<std::string>& r) {
    std::set<std::string> all = was, kept;
    all.insert(m.begin(), m.end());
    all.insert(r.begin(), r.end());
    for (const auto& x : all) {
      const bool in_m = m.count(x) > 0, in_r = r.count(x) > 0, in_was = was.count(x) > 0;
      if (in_m != in_was ? in_m : in_r) kept.insert(x);
    }
    return kept;
  };
  out.questions = three_way(base.questions, mine.questions, remote.questions);
  out.notes = three_way(base.notes, mine.notes, remote.notes);
  out.own = three_way(base.own, mine.own, remote.own);
  return out;
}

struct Sync : Command {
  int machine;
  explicit Sync(const Model&) : machine(*rc::gen::inRange(0, 2)) {}
  explicit Sync(int on) : machine(on) {}
  void apply(Model& s) const override {
    auto& side = s.side[static_cast<std::size_t>(machine)];
    s.remote = merged(side.base, side.now, s.remote);
    side.now = side.base = s.remote;
    side.steps.clear();
  }
  void run(const Model&, Machines& m) const override {
    const auto r = pdo_on(m, machine, {"--lang", "en", "sync"});
    if (r.exit_code != 0) RC_FAIL("pdo sync failed" + said(r));
    RC_ASSERT(r.out.find("needs you") == std::string::npos);
    apply(m.last);
    require_as_modelled(m.last, m, machine);
  }
  void show(std::ostream& os) const override { os << machine_name(machine) << ": pdo sync"; }
};

int sequences() {
  const char* n = std::getenv("PDO_MODEL_SEQUENCES");
  return n && *n ? std::atoi(n) : 6;
}

}  // namespace

TEST_CASE("two machines and a remote, as a model: every step as modelled, git whole, both equal at the end",
          "[cli][sync][model][posix][posix:git-from-pdo]") {
  rc::detail::TestParams params = rc::detail::configuration().testParams;
  params.maxSuccess = sequences();
  params.maxSize = 30;  // at most 30 operations a sequence
  rc::detail::TestMetadata metadata;
  metadata.id = metadata.description = "two machines";
  const auto result = rc::detail::checkTestable(
      [] {
        TempDir tmp("model");
        Machines machines{two_machines(tmp), {}};
        rc::state::check(Model(), machines,
                         rc::state::gen::execOneOfWithArgs<Track, Track, Track, Ask, Note, LessonAdd, Undo, Sync, Sync>());
        // Both sync (a, b, a): both hold what the model merged, and the same commit.
        for (const int i : {0, 1, 0}) {
          Sync(i).run(machines.last, machines);
        }
        RC_ASSERT(head(machines.m.a) == head(machines.m.b));
        RC_ASSERT(observed(machines, 0) == observed(machines, 1));
      },
      metadata, params);
  std::ostringstream said;
  rc::detail::printResultMessage(result, said);
  INFO(said.str() << "\nreplay: RC_PARAMS=\"seed=" << params.seed << "\" (with the same PDO_MODEL_SEQUENCES)");
  CHECK(result.is<rc::detail::SuccessResult>());
}
