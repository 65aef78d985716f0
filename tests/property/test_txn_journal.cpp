// The commit transaction's journal as properties (RapidCheck): every journal pdo's own writer makes, for
// any generated transaction, loads back as written; and a journal cut at any byte (a kill, a full disk)
// loads exactly as the same journal cut at the end of its last whole line: a record cut short never happened.
// And recovery's roll-back, for whatever a kill left at each recorded name, touches only a regular file that
// still holds exactly pdo's bytes: a link, a folder, the learner's bytes or nothing stay as they were found.
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/commit/txn_journal.hpp"
#include "git/repo.hpp"
#include "util/fs.hpp"
#include "util/own_state.hpp"
#include "util/platform.hpp"
#include "util/sha256.hpp"

using namespace pdo;
namespace fs = std::filesystem;

namespace {

/// A folder of its own, removed when done.
struct Scratch {
  fs::path dir = platform::make_private_dir("pdo-prop-journal").value_or(fs::path());
  Scratch() { fs::create_directories(dir / "pdo-txn"); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

rc::Gen<std::string> hex(std::size_t n) { return rc::gen::container<std::string>(n, rc::gen::elementOf(std::string("0123456789abcdef"))); }

/// A working-tree path pdo may write: lesson folders, Chinese names, blanks, dots inside names.
rc::Gen<util::RelPath> rel_path() {
  return rc::gen::exec([] {
    const auto parts = *rc::gen::container<std::vector<std::string>>(
        *rc::gen::inRange<std::size_t>(1, 4),
        rc::gen::elementOf(
            std::vector<std::string>{"lessons", "03-ddp", "notes.md", "progress.md", "学习 笔记", "a.b", "exercises", "x y", "[1]", "éé"}));
    std::string s;
    for (const auto& p : parts) s += (s.empty() ? "" : "/") + p;
    return util::RelPath::parse(s).take();
  });
}

/// A transaction as pdo's writer records it: identities, files, stages and the commit, in its order.
struct Written {
  long pid = 1;
  std::uint64_t start = 0;
  std::vector<platform::FileIdentity> ids;
  std::vector<app::FileRecord> files;
  bool writing = false;
  std::optional<app::CommitRecord> commit;
  bool publishing = false;
};

Written generated() {
  Written w;
  w.pid = *rc::gen::inRange<long>(1, 0x7fffffff);
  w.start = *rc::gen::inRange<std::uint64_t>(0, ~std::uint64_t{0} - 1);
  const auto id = [] {
    return platform::FileIdentity{*rc::gen::arbitrary<std::uint32_t>(), *rc::gen::arbitrary<std::uint64_t>() >> 1,
                                  *rc::gen::inRange<std::uint64_t>(0, 1u << 30),
                                  *rc::gen::inRange<std::int64_t>(-1000000000000000000, 1000000000000000000)};
  };
  w.ids.push_back(id());
  const std::size_t n = *rc::gen::inRange<std::size_t>(0, 6);
  for (std::size_t i = 0; i < n; ++i) {
    const bool removed = *rc::gen::arbitrary<bool>();
    w.files.push_back({*rel_path(), removed || *rc::gen::arbitrary<bool>(), removed ? std::string() : *hex(64), removed});
  }
  w.writing = *rc::gen::arbitrary<bool>();
  if (*rc::gen::arbitrary<bool>()) {
    const std::string ref = *rc::gen::elementOf(std::vector<std::string>{"refs/heads/main", "refs/heads/master", "refs/heads/学习/x"});
    const std::string old_id = *rc::gen::oneOf(rc::gen::just(std::string()), hex(40));
    const std::string commit = *rc::gen::oneOf(rc::gen::just(std::string()), hex(40));
    std::vector<util::RelPath> paths = *rc::gen::container<std::vector<util::RelPath>>(rel_path());
    w.commit = app::CommitRecord{ref, old_id, commit, std::move(paths)};
    w.ids.push_back(id());
    w.publishing = !commit.empty() && *rc::gen::arbitrary<bool>();
  }
  return w;
}

void write(const Written& w, const fs::path& gitdir) {
  app::JournalLog log(gitdir);
  RC_ASSERT(static_cast<bool>(log.begin(w.pid, w.start)));
  RC_ASSERT(static_cast<bool>(log.lock_identity(w.ids.front())));
  for (std::size_t i = 0; i < w.files.size(); ++i) RC_ASSERT(static_cast<bool>(log.file(i, w.files[i])));
  if (w.writing) RC_ASSERT(static_cast<bool>(log.stage(app::Stage::writing)));
  if (w.commit) {
    RC_ASSERT(static_cast<bool>(log.commit(*w.commit)));
    RC_ASSERT(static_cast<bool>(log.lock_identity(w.ids.back())));
  }
  if (w.publishing) RC_ASSERT(static_cast<bool>(log.stage(app::Stage::publishing)));
}

std::string describe(const Result<std::optional<app::Journal>>& j) {
  if (!j) return "refused: " + j.error().message;
  if (!*j) return "none";
  std::string s = std::to_string((*j)->pid) + " " + std::to_string((*j)->start) + " stage " + std::to_string(static_cast<int>((*j)->stage));
  if ((*j)->lock) s += " ids " + std::to_string((*j)->lock->identities.size());
  for (const auto& f : (*j)->files)
    s += "\nfile " + f.path.str() + " " + f.new_sha256 + (f.existed ? " existed" : "") + (f.removed ? " removed" : "");
  if ((*j)->commit) {
    s += "\ncommit " + (*j)->commit->ref + " " + (*j)->commit->old_id + " " + (*j)->commit->commit;
    for (const auto& p : (*j)->commit->paths) s += "\npath " + p.str();
  }
  return s;
}

}  // namespace

TEST_CASE("every journal pdo writes loads back as written", "[property]") {
  rc::prop("JournalLog then load_journal: the same pid, start, stage, identities, files and commit", [] {
    const Written w = generated();
    Scratch scratch;
    write(w, scratch.dir);
    const auto j = app::load_journal(scratch.dir);
    RC_ASSERT(static_cast<bool>(j));
    RC_ASSERT(j->has_value());
    const app::Journal& got = **j;
    RC_ASSERT(got.pid == w.pid);
    RC_ASSERT(got.start == w.start);
    const app::Stage stage = w.publishing ? app::Stage::publishing
                             : w.commit   ? app::Stage::committing
                             : w.writing  ? app::Stage::writing
                                          : app::Stage::locking;
    RC_ASSERT(got.stage == stage);
    RC_ASSERT(got.lock.has_value());
    RC_ASSERT(got.lock->identities == w.ids);
    RC_ASSERT(got.files.size() == w.files.size());
    for (std::size_t i = 0; i < w.files.size(); ++i) {
      RC_ASSERT(got.files[i].path == w.files[i].path);
      RC_ASSERT(got.files[i].existed == w.files[i].existed);
      RC_ASSERT(got.files[i].removed == w.files[i].removed);
      RC_ASSERT(got.files[i].new_sha256 == w.files[i].new_sha256);
    }
    RC_ASSERT(got.commit.has_value() == w.commit.has_value());
    if (w.commit) {
      RC_ASSERT(got.commit->ref == w.commit->ref);
      RC_ASSERT(got.commit->old_id == w.commit->old_id);
      RC_ASSERT(got.commit->commit == w.commit->commit);
      RC_ASSERT(got.commit->paths == w.commit->paths);
    }
  });
}

TEST_CASE("a journal cut at any byte loads as if cut at the end of its last whole line", "[property]") {
  rc::prop("load(cut at k) == load(cut after the last newline before k)", [] {
    const Written w = generated();
    Scratch scratch;
    write(w, scratch.dir);
    const fs::path file = scratch.dir / "pdo-txn" / "journal";
    const std::string bytes = util::read_file(file).take();
    const std::size_t k = *rc::gen::inRange<std::size_t>(0, bytes.size() + 1);
    const auto cut_at = [&](std::size_t n) {
      std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes.substr(0, n);
      return describe(app::load_journal(scratch.dir));
    };
    const auto line_end = bytes.rfind('\n', k == 0 ? 0 : k - 1);
    const std::size_t whole = k == 0 || line_end == std::string::npos ? 0 : line_end + 1;
    const std::string at_k = cut_at(k);
    RC_ASSERT(at_k == cut_at(whole));
    RC_ASSERT(at_k.rfind("refused", 0) != 0);  // what pdo wrote, cut short, is never taken for a forgery
  });
}

namespace {

/// What a kill (and then the learner, or anything else) left at a recorded file's name.
enum class Found { pdo_bytes, other_bytes, link_to_pdo_bytes, folder, missing };

void put(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << bytes;
  RC_ASSERT(static_cast<bool>(out));
}

std::string kind_of(const fs::path& p) {
  std::error_code ec;
  const auto st = fs::symlink_status(p, ec);
  if (fs::is_symlink(st)) return "link";
  if (fs::is_directory(st)) return "folder";
  if (!fs::exists(st)) return "missing";
  const auto bytes = util::read_file(p);
  return bytes ? "file: " + *bytes : "unreadable";
}

}  // namespace

TEST_CASE("roll-back puts back only a regular file holding pdo's bytes, and leaves anything else as found", "[property]") {
  // Can this system make a symbolic link here (Windows without the privilege cannot)?
  const bool links = [] {
    Scratch probe;
    std::error_code ec;
    fs::create_symlink(probe.dir / "target", probe.dir / "link", ec);
    return !ec;
  }();
  rc::prop("per record: pdo's bytes rolled back, every other shape untouched", [links] {
    Scratch scratch;
    const fs::path ws = scratch.dir / "ws";
    auto repo = git::Repo::init(ws);
    RC_ASSERT(static_cast<bool>(repo));
    const fs::path gitdir = repo->gitdir();
    fs::create_directories(gitdir / "pdo-txn");
    std::vector<Found> shapes = {Found::pdo_bytes, Found::other_bytes, Found::folder, Found::missing};
    if (links) shapes.push_back(Found::link_to_pdo_bytes);
    app::Journal j;
    j.stage = *rc::gen::elementOf(std::vector<app::Stage>{app::Stage::writing, app::Stage::committing, app::Stage::publishing});
    const std::size_t n = *rc::gen::inRange<std::size_t>(1, 5);
    std::vector<std::string> expected;
    for (std::size_t i = 0; i < n; ++i) {
      const Found found = *rc::gen::elementOf(shapes);
      const bool removed = *rc::gen::arbitrary<bool>();
      const bool existed = removed || *rc::gen::arbitrary<bool>();
      const std::string name = "lessons/0" + std::to_string(i) + "-x/notes.md";
      const fs::path file = ws / fs::u8path(name);
      fs::create_directories(file.parent_path());
      const std::string old_bytes = "old " + std::to_string(i) + "\n", new_bytes = "new " + std::to_string(i) + "\n";
      if (existed) put(util::OwnFile::backup(gitdir, i).path(), old_bytes);
      j.files.push_back({util::RelPath::parse(name).take(), existed, removed ? std::string() : util::sha256_hex(new_bytes), removed});
      const fs::path target = scratch.dir / ("target-" + std::to_string(i));
      switch (found) {
        case Found::pdo_bytes:
          put(file, new_bytes);
          break;
        case Found::other_bytes:
          put(file, "the learner's " + new_bytes);
          break;
        case Found::link_to_pdo_bytes:
          put(target, new_bytes);
          fs::create_symlink(target, file);
          break;
        case Found::folder:
          fs::create_directories(file / "inside");
          break;
        case Found::missing:
          break;
      }
      // Only these two change: a regular file with pdo's new bytes goes back to the old file (or away), and
      // a removed file that nothing took the name of comes back.
      const bool ours = !removed && found == Found::pdo_bytes;
      const bool comes_back = removed && found == Found::missing && existed;
      expected.push_back(ours ? (existed ? "file: " + old_bytes : "missing") : comes_back ? "file: " + old_bytes : kind_of(file));
      if (found == Found::link_to_pdo_bytes) expected.back() += " -> " + kind_of(target);
    }
    app::roll_back(*repo, j);
    for (std::size_t i = 0; i < n; ++i) {
      const fs::path file = ws / fs::u8path(j.files[i].path.str());
      std::string now = kind_of(file);
      if (now == "link") now += " -> " + kind_of(scratch.dir / ("target-" + std::to_string(i)));
      RC_ASSERT(now == expected[i]);
    }
  });
}
