// Everything git sends at push is checked, with the real git and a local bare remote: branch and tag
// names, lightweight tags, an annotated tag's message (each tag's, for a tag of a tag), the author and
// committer of each commit; the same in pdo scan --history, which also scans every commit a shallow clone
// has.
#include "cli/cli_helpers.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// The push was refused by pdo's hook, named the rule and never printed the key.
void check_refused(const platform::ProcessResult& r, const std::string& key, const std::string& label, const fs::path& remote,
                   const std::string& ref) {
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK(r.err.find("github-token") != std::string::npos);
  CHECK(r.err.find(label) != std::string::npos);
  CHECK(r.err.find(key.substr(4)) == std::string::npos);
  if (!ref.empty()) CHECK(run_git({"rev-parse", "--verify", "-q", ref}, remote).exit_code != 0);  // nothing arrived
}

}  // namespace

TEST_CASE("a branch or a lightweight tag named with a key is refused at push", "[cli][hook]") {
  TempDir tmp("pdo-push-refs");
  const fs::path ws = workspace_with_remote(tmp);
  const std::string key = fake_key(21);
  check_refused(git_push(ws, "origin", "HEAD:refs/heads/wip-" + key), key, "(引用名)", tmp / "remote.git", "refs/heads/wip-" + key);
  git_out({"tag", "t-" + key}, ws);
  check_refused(git_push(ws, "origin", "refs/tags/t-" + key), key, "(引用名)", tmp / "remote.git", "refs/tags/t-" + key);
  const auto clean = git_push(ws, "origin", "HEAD:refs/heads/wip-clean");
  INFO(clean.out << clean.err);
  CHECK(clean.exit_code == 0);
}

TEST_CASE("an annotated tag whose message holds a key is refused at push", "[cli][hook]") {
  TempDir tmp("pdo-push-tag");
  const fs::path ws = workspace_with_remote(tmp);
  const std::string key = fake_key(22);
  git_out({"tag", "-a", "-m", "release notes: token " + key, "v1"}, ws);
  check_refused(git_push(ws, "origin", "refs/tags/v1"), key, "(标签说明)", tmp / "remote.git", "refs/tags/v1");
  git_out({"tag", "-a", "-m", "a clean release", "v2"}, ws);
  const auto clean = git_push(ws, "origin", "refs/tags/v2");
  INFO(clean.out << clean.err);
  CHECK(clean.exit_code == 0);
}

TEST_CASE("a tag of a tag sends both tags' messages: a key in the inner one is refused at push", "[cli][hook]") {
  // git tag -a of an annotated tag makes a tag object naming a tag object; git push sends both, so the
  // inner message leaves with it, also once the inner tag's own ref is gone.
  TempDir tmp("pdo-push-nested");
  const fs::path ws = workspace_with_remote(tmp);
  const std::string key = fake_key(28);
  git_out({"tag", "-a", "-m", "inner notes: token " + key, "inner"}, ws);
  git_out({"tag", "-a", "-m", "a clean outer message", "outer", "inner"}, ws);
  git_out({"tag", "-d", "inner"}, ws);
  REQUIRE(git_out({"cat-file", "-p", "outer"}, ws).find("\ntype tag\n") != std::string::npos);
  check_refused(git_push(ws, "origin", "refs/tags/outer"), key, "(标签说明)", tmp / "remote.git", "refs/tags/outer");
  const auto hist = run_pdo({"--lang", "en", "scan", "--history"}, ws);
  INFO(hist.out << hist.err);
  CHECK(hist.exit_code == 3);
  CHECK(hist.out.find("(tag message):1: github-token") != std::string::npos);
  CHECK(hist.out.find(key.substr(4)) == std::string::npos);
  // Three deep, every message clean: the push goes through.
  git_out({"tag", "-a", "-m", "clean one", "c1"}, ws);
  git_out({"tag", "-a", "-m", "clean two", "c2", "c1"}, ws);
  git_out({"tag", "-a", "-m", "clean three", "c3", "c2"}, ws);
  const auto clean = git_push(ws, "origin", "refs/tags/c3");
  INFO(clean.out << clean.err);
  CHECK(clean.exit_code == 0);
}

TEST_CASE("a commit whose author or committer holds a key is refused at push", "[cli][hook]") {
  TempDir tmp("pdo-push-ident");
  const fs::path ws = workspace_with_remote(tmp);
  const std::string key = fake_key(23);
  append(ws / "questions.md", "- a clean question\n");
  git_out({"add", "questions.md"}, ws);
  REQUIRE(run_git({"-c", "user.name=" + key, "commit", "-q", "--no-verify", "-m", "clean"}, ws).exit_code == 0);
  check_refused(git_push(ws, "origin", "HEAD:refs/heads/main"), key, "(作者或提交者)", tmp / "remote.git", "");
  CHECK(git_out({"rev-parse", "main"}, tmp / "remote.git") != git_out({"rev-parse", "HEAD"}, ws));
  SECTION("scan --history finds the identity, a branch name and a tag message") {
    git_out({"branch", "b-" + fake_key(24)}, ws);
    git_out({"tag", "-a", "-m", "token " + fake_key(25), "v9"}, ws);
    const auto hist = run_pdo({"--lang", "en", "scan", "--history"}, ws);
    INFO(hist.out << hist.err);
    CHECK(hist.exit_code == 3);
    CHECK(hist.out.find("(author or committer):1: github-token") != std::string::npos);
    CHECK(hist.out.find("(ref name):1: github-token") != std::string::npos);
    CHECK(hist.out.find("(tag message):1: github-token") != std::string::npos);
    for (const unsigned seed : {23u, 24u, 25u}) CHECK(hist.out.find(fake_key(seed).substr(4)) == std::string::npos);
  }
}

TEST_CASE("scan --history in a shallow clone scans every commit it has and says it is shallow", "[cli][scan]") {
  TempDir tmp("pdo-shallow");
  const fs::path ws = fresh_workspace(tmp);
  append(ws / "questions.md", "- my token " + fake_key(26) + "\n");
  git_out({"add", "questions.md"}, ws);
  REQUIRE(git_commit(ws, {"-q", "--no-verify", "-m", "forced"}).exit_code == 0);
  append(ws / "questions.md", "- later\n");
  git_out({"add", "questions.md"}, ws);
  REQUIRE(git_commit(ws, {"-q", "--no-verify", "-m", "later"}).exit_code == 0);
  const auto clone =
      run_git({"clone", "-q", "--depth", "1", "file://" + util::path_to_utf8(ws), util::path_to_utf8(tmp / "shallow")}, tmp.path());
  INFO(clone.out << clone.err);
  REQUIRE(clone.exit_code == 0);
  const auto hist = run_pdo({"--lang", "en", "scan", "--history"}, tmp / "shallow");
  INFO(hist.out << hist.err);
  CHECK(hist.exit_code == 3);
  CHECK(hist.out.find("questions.md:") != std::string::npos);
  CHECK(hist.out.find("github-token") != std::string::npos);
  CHECK(hist.out.find("shallow clone") != std::string::npos);
  CHECK(hist.out.find("Scanned 0 file versions") == std::string::npos);
}

TEST_CASE("a tag of a blob or a tree with a key is refused at push, lightweight or annotated", "[cli][hook]") {
  TempDir tmp("pdo-push-objects");
  const fs::path ws = workspace_with_remote(tmp);
  const std::string key = fake_key(27);
  // A blob no commit holds, written straight into the object store.
  append(tmp / "loose.txt", "my token " + key + "\n");
  const std::string blob = std::string(util::trim(git_out({"hash-object", "-w", util::path_to_utf8(tmp / "loose.txt")}, ws)));
  git_out({"tag", "blob-light", blob}, ws);
  check_refused(git_push(ws, "origin", "refs/tags/blob-light"), key, "(标签指向的文件内容)", tmp / "remote.git", "refs/tags/blob-light");
  git_out({"tag", "-a", "-m", "a clean message", "blob-annotated", blob}, ws);
  check_refused(git_push(ws, "origin", "refs/tags/blob-annotated"), key, "(标签指向的文件内容)", tmp / "remote.git",
                "refs/tags/blob-annotated");
  // A tree no commit holds: the blob at a path, through a scratch index.
  const fs::path index = tmp / "scratch-index";
  REQUIRE(run_git({"update-index", "--add", "--cacheinfo", "100644," + blob + ",notes/leak.md"}, ws,
                  {{"GIT_INDEX_FILE", util::path_to_utf8(index)}})
              .exit_code == 0);
  const auto tree = run_git({"write-tree"}, ws, {{"GIT_INDEX_FILE", util::path_to_utf8(index)}});
  REQUIRE(tree.exit_code == 0);
  const std::string tree_id(util::trim(tree.out));
  git_out({"tag", "-a", "-m", "a clean message", "tree-annotated", tree_id}, ws);
  check_refused(git_push(ws, "origin", "refs/tags/tree-annotated"), key, "notes/leak.md", tmp / "remote.git", "refs/tags/tree-annotated");
  // A clean blob passes.
  append(tmp / "clean.txt", "nothing secret here\n");
  git_out({"tag", "blob-clean", std::string(util::trim(git_out({"hash-object", "-w", util::path_to_utf8(tmp / "clean.txt")}, ws)))}, ws);
  const auto clean = git_push(ws, "origin", "refs/tags/blob-clean");
  INFO(clean.out << clean.err);
  CHECK(clean.exit_code == 0);
}
