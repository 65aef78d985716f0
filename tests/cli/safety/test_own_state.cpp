// Issue 41, item 1: pdo's own files in .git (the workspace lock, the transaction's folder and its files,
// the records and caches) are never followed through a link. A .git travels in zips and synced folders, so
// whatever stands at those names is input: each is replaced, one at a time, by a link to a folder outside
// holding a canary, a link to a canary file, a folder, and a FIFO, and every command pdo has that reads or
// writes them exits 5 (naming it) or works, and no canary changes. The repros the issue names come first.
#include <map>

#include "cli/cli_helpers.hpp"
#include "support/skip.hpp"

#include "util/fs.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// Every file under `dir` (links not followed) with its bytes, and every folder and link by name: what a
/// command could have changed there. In a .git only the objects and refs count (pdo's own records and git's
/// index may change as commands work).
std::string snapshot(const fs::path& dir) {
  std::map<std::string, std::string> seen;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const auto rel = util::path_to_utf8(it->path().lexically_relative(dir));
    const auto git = rel.find(".git/");
    if (git != std::string::npos && rel.compare(git, 13, ".git/objects/") != 0 && rel.compare(git, 10, ".git/refs/") != 0) continue;
    const auto st = fs::symlink_status(it->path());
    if (fs::is_symlink(st)) {
      seen[rel] = "link -> " + util::path_to_utf8(fs::read_symlink(it->path()));
    } else if (fs::is_regular_file(st)) {
      seen[rel] = util::sha256_hex(read_file(it->path()));
    } else {
      seen[rel] = fs::is_directory(st) ? "<folder>" : "<other>";
    }
  }
  std::string out;
  for (const auto& [name, what] : seen) out += name + "\t" + what + "\n";
  return out;
}

void make_fifo(const fs::path& at) { REQUIRE(platform::run_process({"mkfifo", util::path_to_utf8(at)}).exit_code == 0); }

}  // namespace

// [posix:symlinks] POSIX symlinks planted in .git.
TEST_CASE("issue 41 repro 1: a link at .git/pdo-txn never has recovery delete through it",
          "[cli][safety][own-state][posix][posix:symlinks]") {
  TempDir tmp("own state txn link");
  const fs::path root = fresh_workspace(tmp);
  append(lesson_dir(root, "01") / "notes.md", "my uncommitted note\n");
  const std::string journal_line = "a one-line file named journal, well over 18 bytes\n";
  SECTION("to the workspace itself") {
    fs::remove_all(root / ".git/pdo-txn");
    fs::create_directory_symlink("..", root / ".git/pdo-txn");
    write_file(root / "journal", journal_line);
  }
  SECTION("to a folder outside") {
    fs::create_directories(tmp.path() / "outside");
    write_file(tmp.path() / "outside/canary.txt", "canary\n");
    write_file(tmp.path() / "outside/journal", journal_line);
    fs::remove_all(root / ".git/pdo-txn");
    fs::create_directory_symlink(tmp.path() / "outside", root / ".git/pdo-txn");
  }
  const auto before = snapshot(tmp.path());
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"ask", "what does DDP all-reduce?"}, {"track", "done", "01", "read"}, {"undo"}, {"status"}}) {
    CAPTURE(args);
    const auto r = run_pdo_bounded(args, root);
    INFO(r.out << r.err);
    CHECK((r.exit_code == 0 || r.exit_code == 5));
    if (r.exit_code == 5) CHECK_THAT(r.err, Catch::Contains("pdo-txn"));
    CHECK(snapshot(tmp.path()) == before);  // lessons/, .pdo/, the notes, .git's objects and the outside folder
  }
  // Once the learner removes the link as the message says, pdo works again and the repository is whole.
  fs::remove(root / ".git/pdo-txn");
  require_ok(run_pdo({"ask", "what does DDP all-reduce?"}, root));
  CHECK(read_file(lesson_dir(root, "01") / "notes.md").find("my uncommitted note") != std::string::npos);
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
}

// [posix:symlinks] POSIX symlinks planted in .git.
TEST_CASE("issue 41 repro 2: a link at the journal or the workspace lock writes nothing outside",
          "[cli][safety][own-state][posix][posix:symlinks]") {
  TempDir tmp("own state file links");
  const fs::path root = fresh_workspace(tmp);
  const fs::path target = tmp.path() / "victim.txt";
  SECTION("the journal, a link to a one-line file") {
    write_file(target, "the learner's own one-line file\n");
    fs::remove(root / ".git/pdo-txn/journal");
    fs::create_symlink(target, root / ".git/pdo-txn/journal");
  }
  SECTION("pdo.lock, a link to a name nothing has") {
    fs::remove(root / ".git/pdo.lock");
    fs::create_symlink(target, root / ".git/pdo.lock");
  }
  const auto before = snapshot(tmp.path());
  const auto r = run_pdo({"track", "done", "01", "read"}, root);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 5);
  CHECK_THAT(r.err, Catch::Contains(".git/pdo"));
  CHECK(snapshot(tmp.path()) == before);
}

// [posix:symlinks] POSIX symlinks and FIFOs planted in .git.
TEST_CASE("every piece of pdo's own state replaced by a link, a folder or a FIFO: exit 5 or works, no canary changes",
          "[cli][safety][own-state][posix][posix:symlinks]") {
  TempDir tmp("own state matrix");
  const fs::path root = fresh_workspace(tmp);
  require_ok(run_pdo({"track", "done", "01", "read"}, root));  // something to undo, and a journal cache for log
  require_ok(run_pdo({"log"}, root));
  const fs::path outside = tmp.path() / "outside";
  fs::create_directories(outside / "folder");
  write_file(outside / "folder/canary.txt", "canary in a folder\n");
  write_file(outside / "canary.txt", "canary file\n");
  const std::vector<std::string> names = {
      "pdo.lock",      "pdo-txn",     "pdo-txn/journal",    "pdo-txn/seed-0", "pdo-txn/index", "pdo-txn/index.lock", "pdo-txn/fill",
      "pdo-txn/old-0", "pdo-journal", "pdo-started-lesson", "pdo-reports",    "pdo-inflight",  "pdo-sync-pending",   "pdo-index-receipts"};
  const std::vector<std::string> shapes = {"link to a folder outside", "link to a file outside", "folder", "fifo"};
  const std::vector<std::vector<std::string>> commands = {{"track", "done", "02", "read"},
                                                          {"ask", "a question"},
                                                          {"start", "03"},
                                                          {"log"},
                                                          {"report"},
                                                          {"undo"},
                                                          {"status"},
                                                          {"lesson", "add", "Ray", "--url", "https://docs.ray.io/"}};
  for (const auto& name : names) {
    for (const auto& shape : shapes) {
      CAPTURE(name, shape);
      const fs::path at = root / ".git" / util::path_from_utf8(name);
      const bool folder_kept = name == "pdo-txn";
      std::error_code ec;
      fs::remove_all(at, ec);
      fs::create_directories(at.parent_path());
      if (shape == "link to a folder outside") {
        fs::create_directory_symlink(outside / "folder", at);
      } else if (shape == "link to a file outside") {
        fs::create_symlink(outside / "canary.txt", at);
      } else if (shape == "folder") {
        fs::create_directories(at);
        write_file(at / "canary.txt", "canary in a planted folder\n");
      } else {
        make_fifo(at);
      }
      const auto outside_before = snapshot(outside);
      const auto planted_before = fs::is_directory(fs::symlink_status(at)) ? snapshot(at) : std::string();
      for (const auto& args : commands) {
        CAPTURE(args);
        const auto r = run_pdo_bounded(args, root);
        INFO(r.out << r.err);
        CHECK_FALSE(r.timed_out);
        CHECK((r.exit_code == 0 || r.exit_code == 5));
        if (r.exit_code == 5 && !folder_kept) CHECK_THAT(r.err, Catch::Contains(name.substr(name.rfind('/') + 1)));
        CHECK(snapshot(outside) == outside_before);
        // What was planted is still there as it was (pdo replaced and deleted nothing of it).
        const auto kind = fs::symlink_status(at).type();
        if (shape == "fifo") CHECK(kind == fs::file_type::fifo);
        if (shape == "folder" && !folder_kept) CHECK(snapshot(at) == planted_before);
        if (shape == "folder") CHECK(read_file(at / "canary.txt") == "canary in a planted folder\n");
        if (shape.rfind("link", 0) == 0) CHECK(kind == fs::file_type::symlink);
      }
      fs::remove_all(at, ec);                // as the message says; then pdo works again
      fs::remove(root / "report.html", ec);  // without its record (pdo-reports) it is the learner's file
      if (folder_kept) fs::create_directories(at);
      require_ok(run_pdo({"status"}, root));
      require_ok(run_pdo({"track", "done", "02", "notes"}, root));
      require_ok(run_pdo({"undo"}, root));
    }
  }
  CHECK(run_git({"fsck", "--strict"}, root).exit_code == 0);
  CHECK(git_out({"status", "--porcelain"}, root).find(".git") == std::string::npos);
}

// Issue 41 item 6 (repro 9): after `pdo init` was killed while git's config was locked, the leftover
// .git/config.lock gave libgit2's bare "failed to lock file … for writing:"; every lock gets the same message:
// what it is, that pdo never removes it, and how to remove it.
TEST_CASE("issue 41 repro 9: a leftover .git/config.lock gets the lock message every lock gets", "[cli][safety][own-state]") {
  TempDir tmp("config lock");
  const fs::path ws = tmp / "ws";
  fs::create_directories(ws / ".git");
  write_file(ws / ".git/config.lock", "");
  const auto r = run_pdo({"--lang", "en", "init", util::path_to_utf8(ws), "--yes"}, tmp.path());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 5);
  CHECK_THAT(r.err, Catch::Contains("config.lock exists") && Catch::Contains("pdo never deletes it") && Catch::Contains("rm \""));
  CHECK(fs::exists(ws / ".git/config.lock"));
}

// Issue 41 item 6 (repro 9): after a workspace is copied (cp -a) or restored, every file's stat data in the
// index is stale (new inodes, new ctimes), and `track … exercise` read every file again on every run, since
// the refreshed stat data was never written back. It is now, as git status does.
// [posix:stat] git keeps POSIX inode numbers in the index.
TEST_CASE("issue 41 repro 9: a copied workspace's first track writes the refreshed index back",
          "[cli][safety][own-state][posix][posix:stat]") {
  TempDir tmp("copied index");
  const fs::path ws = fresh_workspace(tmp);
  const fs::path exercises = lesson_dir(ws, "04") / "exercises";
  for (int i = 0; i < 20; ++i) write_file(exercises / ("step" + std::to_string(i) + ".py"), "print(" + std::to_string(i) + ")\n");
  git_out({"add", "-A"}, ws);
  git_out({"-c", "core.hooksPath=" + util::path_to_utf8(tmp / "no-hooks"), "commit", "-qm", "my exercises"}, ws);
  const fs::path copy = tmp / "copy";
  REQUIRE(platform::run_process({"cp", "-a", util::path_to_utf8(ws), util::path_to_utf8(copy)}).exit_code == 0);
  // The inode git's index records for a file, and the file's own.
  const auto index_inode = [&](const std::string& rel) {
    const std::string debug = git_out({"ls-files", "--debug", "--", rel}, copy);
    const auto at = debug.find("ino: ");
    return at == std::string::npos ? std::string() : debug.substr(at + 5, debug.find('\n', at) - at - 5);
  };
  const fs::path file = lesson_dir(copy, "04") / "exercises" / "step7.py";
  const std::string rel = util::path_to_utf8(file.lexically_relative(copy));
  const auto inode = std::to_string(platform::file_identity(file)->inode);
  CHECK(index_inode(rel) != inode);  // stale after the copy
  write_file(lesson_dir(copy, "04") / "exercises" / "new.py", "print('new')\n");
  require_ok(pdo_in(copy, {"track", "done", "04", "exercise"}));
  CHECK(index_inode(rel) == inode);
  CHECK(git_out({"status", "--porcelain"}, copy) == "");
  CHECK(run_git({"fsck", "--strict"}, copy).exit_code == 0);
}

// What pdo writes, it reads back (issue 42 item 3, the 4 MiB cap's edge, found by reading the code: only
// glossary kept to the cap): progress.md and questions.md of exactly the cap are read and edited; one byte
// more is refused by every reader, and an edit that would pass the cap changes nothing.
TEST_CASE("progress.md and questions.md at the read-back cap: the cap works, one byte more is refused and changes nothing",
          "[cli][own-state][cap]") {
  TempDir tmp("text cap");
  const fs::path root = fresh_workspace(tmp);
  const auto size_of = [&](const char* name) { return static_cast<std::size_t>(fs::file_size(root / name)); };
  // A learner's line at the end of a file, of the length that makes the file `total` bytes, committed.
  const auto pad_to = [&](const char* name, std::size_t total) {
    const std::string text = read_file(root / name);
    const std::string line = "note: " + std::string(total - text.size() - 7, 'x') + "\n";
    write_file(root / name, text + line);
    REQUIRE(size_of(name) == total);
    git_out({"commit", "-qam", std::string("pad ") + name}, root);
  };
  const auto head = [&] { return std::string(util::trim(git_out({"rev-parse", "HEAD"}, root))); };

  SECTION("questions.md: an ask that ends exactly at the cap is written; one that would pass it is not") {
    require_ok(run_pdo({"ask", "--lesson", "01", "first"}, root));
    const std::size_t before = size_of("questions.md");
    require_ok(run_pdo({"ask", "--lesson", "01", "second"}, root));
    const std::size_t grows = size_of("questions.md") - before;
    git_out({"reset", "-q", "--hard", "HEAD~1"}, root);
    const std::string base = head();
    pad_to("questions.md", util::k_max_text_bytes - grows);
    require_ok(run_pdo({"ask", "--lesson", "01", "second"}, root));
    CHECK(size_of("questions.md") == util::k_max_text_bytes);
    require_ok(run_pdo({"report"}, root));  // its reader takes the file pdo wrote
    fs::remove(root / "report.html");
    git_out({"reset", "-q", "--hard", base}, root);
    pad_to("questions.md", util::k_max_text_bytes - grows + 1);
    const std::string padded = head(), text = read_file(root / "questions.md");
    const auto r = run_pdo({"--lang", "en", "ask", "--lesson", "01", "second"}, root);
    INFO(r.out << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("questions.md would be 4194305 bytes") && Catch::Contains("changed nothing"));
    CHECK(head() == padded);
    CHECK(util::sha256_hex(read_file(root / "questions.md")) == util::sha256_hex(text));  // 4 MiB: compared by hash, not printed
    CHECK(git_out({"status", "--porcelain"}, root).empty());
  }
  SECTION("progress.md: status, track and ask read exactly the cap; one byte more is refused by each") {
    pad_to("progress.md", util::k_max_text_bytes);
    require_ok(run_pdo({"status"}, root));
    require_ok(run_pdo({"track", "done", "01", "read"}, root));  // a tick keeps the size
    CHECK(size_of("progress.md") == util::k_max_text_bytes);
    require_ok(run_pdo({"ask", "a question"}, root));
    git_out({"reset", "-q", "--hard", "HEAD~3"}, root);
    pad_to("progress.md", util::k_max_text_bytes + 1);
    const std::string padded = head();
    for (const auto& args : std::vector<std::vector<std::string>>{{"status"}, {"track", "done", "01", "read"}, {"ask", "a question"}}) {
      CAPTURE(args);
      auto with_lang = args;
      with_lang.insert(with_lang.begin(), {"--lang", "en"});
      const auto r = run_pdo(with_lang, root);
      INFO(r.out << r.err);
      CHECK(r.exit_code == 2);
      CHECK_THAT(r.err, Catch::Contains("progress.md") && (Catch::Contains("too large") || Catch::Contains("larger than")));
      CHECK(head() == padded);
    }
    CHECK(git_out({"status", "--porcelain"}, root).empty());
  }
}
