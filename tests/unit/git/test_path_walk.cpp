// git::Repo::walk_changes on a history long enough for its second thread (src/git/path_walk.cpp): the
// changes git's path-limited log lists, in its order, one visitor call at a time, a stop and an exception
// from the visitor honoured. The history is made with the git CLI, which pdo_unit_tests.exe under wine
// cannot run, hence [posix].
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "git/repo.hpp"
#include "support/temp_dir.hpp"
#include "util/fs.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"

using namespace pdo;
using pdo::test::TempDir;

namespace {

// Past the commits a walk reads before it starts its second thread (512) and past the 4 batches of 512 it keeps
// in flight, so a walk also waits for room and wakes its second thread for every batch.
constexpr int k_commits = 4000;

platform::ProcessResult git(const std::vector<std::string>& args, const TempDir& tmp, const std::string& input = "") {
  std::vector<std::string> argv{"git"};
  argv.insert(argv.end(), args.begin(), args.end());
  platform::ProcessOptions opts;
  opts.cwd = tmp.path() / "repo";
  opts.input = input;
  opts.env = {{"GIT_CONFIG_NOSYSTEM", "1"}, {"HOME", util::path_to_utf8(tmp.path())}};
  return platform::run_process(argv, opts);
}

/// k_commits commits: commit i writes "i\n" to progress.md, except every fifth, which changes other.md.
void make_history(const TempDir& tmp) {
  std::filesystem::create_directories(tmp.path() / "repo");
  REQUIRE(git({"init", "-q", "-b", "main"}, tmp).exit_code == 0);
  std::string stream;
  for (int i = 1; i <= k_commits; ++i) {
    const std::string msg = "commit " + std::to_string(i) + "\n", text = std::to_string(i) + "\n";
    stream += "commit refs/heads/main\ncommitter L <l@example.com> " + std::to_string(1700000000 + i * 60) + " +0800\ndata " +
              std::to_string(msg.size()) + "\n" + msg;
    stream += std::string("M 100644 inline ") + (i % 5 == 0 ? "other.md" : "progress.md") + "\ndata " + std::to_string(text.size()) + "\n" +
              text + "\n";
  }
  const auto imported = git({"fast-import", "--quiet"}, tmp, stream);
  INFO(imported.err);
  REQUIRE(imported.exit_code == 0);
}

std::vector<std::string> git_log_ids(const TempDir& tmp) {
  const auto r = git({"log", "--format=%H", "--", "progress.md"}, tmp);
  REQUIRE(r.exit_code == 0);
  std::vector<std::string> ids;
  for (const auto line : util::split_lines(r.out)) ids.emplace_back(util::chomp(line));
  return ids;
}

/// git's output without its last newline; the command must succeed.
std::string git_out(const std::vector<std::string>& args, const TempDir& tmp, const std::string& input = "") {
  const auto r = git(args, tmp, input);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return std::string(util::chomp(r.out));
}

}  // namespace

TEST_CASE("walk_changes: git's path-limited log, one visitor call at a time, stop and exceptions", "[git][posix][posix:git-from-pdo]") {
  TempDir tmp("path-walk");
  make_history(tmp);
  const auto expected = git_log_ids(tmp);
  REQUIRE(expected.size() == static_cast<std::size_t>(k_commits - k_commits / 5));
  const auto repo = git::Repo::open(tmp.path() / "repo").take();

  // Catch2's assertions are not for other threads: the visitor only records, the test checks afterwards.
  std::vector<std::string> seen;
  std::atomic<int> inside{0};
  bool overlapped = false;
  int wrong_blobs = 0;
  std::size_t stop_after = 0;  // 0: never
  std::size_t throw_at = 0;    // 0: never
  const auto visit = [&](const git::Repo::PathChangeView& v) {
    if (inside.fetch_add(1) != 0) overlapped = true;
    seen.emplace_back(v.id);
    // Commit i (counted from the oldest) wrote "i\n"; the walk is newest first.
    const std::string after = v.blobs->read(v.after_id);
    if (after.empty() || after.back() != '\n') ++wrong_blobs;
    if (std::string(v.message) != "commit " + after) ++wrong_blobs;
    inside.fetch_sub(1);
    if (throw_at != 0 && seen.size() == throw_at) throw std::runtime_error("visitor failed");
    return stop_after == 0 || seen.size() < stop_after;
  };

  SECTION("every change, in git's order") {
    REQUIRE(repo.walk_changes("progress.md", "", visit));
    CHECK(seen == expected);
    CHECK_FALSE(overlapped);
    CHECK(wrong_blobs == 0);
  }
  SECTION("stops where the visitor says") {
    stop_after = 700;
    REQUIRE(repo.walk_changes("progress.md", "", visit));
    CHECK(seen == std::vector<std::string>(expected.begin(), expected.begin() + 700));
  }
  SECTION("an exception from the visitor comes out of walk_changes") {
    throw_at = 900;
    CHECK_THROWS_WITH(repo.walk_changes("progress.md", "", visit), "visitor failed");
    CHECK(seen.size() == 900);
  }
  SECTION("a change stage slower than the walk: the walk waits for room and is woken") {
    // The visitor holds the change stage at its first commit until the walk stops reading (it waits for
    // room once its queue of batches is full); then the stage must wake it as it takes each batch.
    // Mutant path_walk.cpp:292 (that wake-up deleted, seed 20261205) hangs here.
    std::atomic<std::uint64_t> walked{0};
    bool held = false;
    const auto slow = [&](const git::Repo::PathChangeView& v) {
      if (!held) {
        held = true;
        for (std::uint64_t last = 0; walked.load() != last && walked.load() < k_commits;) {
          last = walked.load();
          std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
      }
      seen.emplace_back(v.id);
      return true;
    };
    REQUIRE(repo.walk_changes("progress.md", "", slow, &walked));
    CHECK(seen == expected);
    CHECK(walked.load() == static_cast<std::uint64_t>(k_commits));
  }
  SECTION("from a commit on: only the newer changes") {
    REQUIRE(repo.walk_changes("progress.md", expected[600], visit));
    CHECK(seen == std::vector<std::string>(expected.begin(), expected.begin() + 600));
  }
}

TEST_CASE("walk_changes: a parent that is not a commit ends the walk there, as a missing one does", "[git][posix][posix:git-from-pdo]") {
  // A cloned or synced .git is input: a commit whose parent line names a blob shaped like a commit (a tree
  // line, a committer, a message) must not be read as one. Mutant path_walk.cpp:80 (read_commit's type
  // check deleted) visits the blob as a commit that added progress.md.
  TempDir tmp("path-walk-forged");
  std::filesystem::create_directories(tmp.path() / "repo");
  git_out({"init", "-q", "-b", "main"}, tmp);
  const auto out = [&](const std::vector<std::string>& args, const std::string& input = "") { return git_out(args, tmp, input); };
  pdo::test::write_file(tmp.path() / "repo" / "progress.md", "1\n");
  out({"add", "progress.md"});
  const std::string first_tree = out({"write-tree"});
  const std::string lookalike =
      out({"hash-object", "-w", "--stdin"}, "tree " + first_tree + "\ncommitter L <l@example.com> 1700000000 +0800\n\nnot a commit\n");
  pdo::test::write_file(tmp.path() / "repo" / "progress.md", "2\n");
  out({"add", "progress.md"});
  const std::string second_tree = out({"write-tree"});
  const std::string tip = out({"hash-object", "-w", "-t", "commit", "--literally", "--stdin"},
                              "tree " + second_tree + "\nparent " + lookalike +
                                  "\nauthor L <l@example.com> 1700000100 +0800\ncommitter L <l@example.com> 1700000100 +0800\n\ntip\n");
  REQUIRE(out({"cat-file", "-t", lookalike}) == "blob");
  out({"update-ref", "refs/heads/main", tip});

  const auto repo = git::Repo::open(tmp.path() / "repo").take();
  std::vector<std::string> seen;
  REQUIRE(repo.walk_changes("progress.md", "", [&](const git::Repo::PathChangeView& v) {
    seen.emplace_back(v.id);
    return true;
  }));
  CHECK(seen == std::vector<std::string>{tip});
}
