#include "cli/sync_helpers.hpp"

#include "util/fs.hpp"

namespace pdo::test {

namespace fs = std::filesystem;

TwoMachines two_machines(const TempDir& tmp) {
  TwoMachines m;
  m.a = fresh_workspace(tmp);
  m.bare = tmp / "remote.git";
  git_out({"init", "-q", "--bare", util::path_to_utf8(m.bare)}, tmp.path());
  const auto first = pdo_in(m.a, {"sync", "--remote", util::path_to_utf8(m.bare)});
  require_ok(first);
  CHECK_THAT(first.out, Catch::Contains("已推送"));
  m.b = tmp / "second-machine";
  git_out({"clone", "-q", util::path_to_utf8(m.bare), util::path_to_utf8(m.b)}, tmp.path());
  require_ok(pdo_in(m.b, {"sync", "--remote", "origin"}));
  return m;
}

std::string head(const fs::path& repo) { return git_out({"rev-parse", "HEAD"}, repo); }

std::string remote_main(const fs::path& bare) { return git_out({"rev-parse", "main"}, bare); }

void commit_all(const fs::path& root, const std::string& message) {
  git_out({"add", "-A"}, root);
  const auto r = run_git({"commit", "-qm", message}, root);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
}

namespace {

void require_no_operation(const fs::path& root) {
  INFO("in " << util::path_to_utf8(root));
  for (const char* left : {"rebase-merge", "rebase-apply", "MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD"}) {
    INFO(left);
    CHECK_FALSE(fs::exists(root / ".git" / left));
  }
  CHECK(run_git({"symbolic-ref", "-q", "HEAD"}, root).exit_code == 0);  // not detached
  const auto status_run = run_git({"status"}, root, {{"LC_ALL", "C"}, {"LANGUAGE", ""}});
  REQUIRE(status_run.exit_code == 0);
  const std::string& status = status_run.out;
  CHECK_THAT(status, !Catch::Contains("rebase") && !Catch::Contains("merging") && !Catch::Contains("detached"));
  const auto fsck = run_git({"fsck", "--strict"}, root);
  INFO("fsck: " << fsck.out << fsck.err);
  CHECK(fsck.exit_code == 0);
  CHECK(run_git({"show-ref"}, root).out.find("refs/pdo-sync") == std::string::npos);
}

}  // namespace

void require_sync_left_git_whole(const fs::path& root) {
  require_no_operation(root);
  const std::string before = head(root);
  const auto undo = pdo_in(root, {"undo"});
  INFO("pdo undo in " << util::path_to_utf8(root) << ": " << undo.out << undo.err);
  CHECK(undo.exit_code == 0);
  CHECK(head(root) != before);
  require_no_operation(root);
}

void require_sync_left_git_whole(const TwoMachines& m) {
  require_sync_left_git_whole(m.a);
  require_sync_left_git_whole(m.b);
}

}  // namespace pdo::test
