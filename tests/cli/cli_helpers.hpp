#pragma once
// Helpers shared by the CLI tests: a workspace made by the real pdo binary, and git checks.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/skip.hpp"
#include "support/temp_dir.hpp"

namespace pdo::test {

/// Every path under root (files and folders, '/' separated, folders with a trailing '/'), minus .git.
std::set<std::string> tree_of(const std::filesystem::path& root);

/// Runs `pdo init PATH --yes` (plus extra args) and requires success.
void init_workspace(const std::filesystem::path& dir, const std::vector<std::string>& extra = {});

/// Number of commits on HEAD.
int commit_count(const std::filesystem::path& repo);

/// Requires `git fsck` to be clean and `git status --porcelain` to be empty.
void require_clean_repo(const std::filesystem::path& repo);

/// Counts occurrences of a substring.
std::size_t count_of(const std::string& text, const std::string& needle);

/// A workspace made by `pdo init` (plus extra args) in tmp/pytorch-distributed-overview.
std::filesystem::path fresh_workspace(const TempDir& tmp, const std::vector<std::string>& extra = {});

/// Runs pdo with args in the workspace `root`.
platform::ProcessResult pdo_in(const std::filesystem::path& root, const std::vector<std::string>& args, const std::string& input = "");

/// Runs pdo with args in `cwd`, killed after 10 s (timed_out): a pdo that blocks, e.g. opening a FIFO,
/// fails the test instead of hanging it.
platform::ProcessResult run_pdo_bounded(const std::vector<std::string>& args, const std::filesystem::path& cwd);

/// Requires exit code 0, printing pdo's output otherwise.
void require_ok(const platform::ProcessResult& r);

/// Runs `pdo --lang LANG init DIR --yes` in DIR's parent and returns the result (the caller checks it).
platform::ProcessResult init_ws(const std::filesystem::path& dir, const std::string& lang = "en");

/// The first lesson folder of a workspace whose name starts with `prefix` ("03").
std::filesystem::path lesson_dir(const std::filesystem::path& ws, const std::string& prefix);

/// Appends text to a file.
void append(const std::filesystem::path& file, const std::string& text);

/// How pdo, run by the tests, spells `p`: as is, or as a Windows path (Z:\\…) for pdo.exe under wine.
std::string pdo_path(const std::filesystem::path& p);

/// A folder that becomes pdo's whole PATH, holding fake programs: copies of pdo_test_child (pdo.exe's own
/// kind under wine: pdo_test_child.exe beside it) that answer by rules (see support/child_main.cpp), so the
/// same test runs on Linux and under wine. It starts with a fake `git` that answers --version.
class FakeBin {
public:
  explicit FakeBin(const std::filesystem::path& dir);
  /// Writes the fake program `name` (name.exe for pdo.exe) and its rules.
  void fake(const std::string& name, const std::string& rules);
  /// A python3 with these rules (see k_python_ok in test_check.cpp).
  void python(const std::string& rules) { fake("python3", rules); }
  /// The desktop's URL opener (xdg-open) with these rules: a program of this machine even when pdo is
  /// pdo.exe, whose ShellExecute reaches it through wine's winebrowser.
  void desktop_opener(const std::string& rules);
  /// Removes the fake `name`.
  void remove(const std::string& name);
  /// The variables for run_pdo: this folder as the whole PATH, no proxies.
  std::vector<std::pair<std::string, std::string>> env() const;
  const std::filesystem::path& dir() const { return m_dir; }

private:
  std::filesystem::path m_dir;
};

/// `git commit ARGS` in `ws`, with pdo's hooks. Under wine the Linux git cannot run a hook that starts
/// pdo.exe, so the hooks are called as git calls them: `pdo hook pre-commit` (with GIT_INDEX_FILE, a
/// temporary index, for `git commit … -- PATH`), `pdo hook commit-msg .git/COMMIT_EDITMSG`, and then
/// `git commit --no-verify ARGS` only if they passed. ARGS may hold -q, -a, --allow-empty, --no-verify,
/// -m MESSAGE and -- PATH….
platform::ProcessResult git_commit(const std::filesystem::path& ws, const std::vector<std::string>& args,
                                   const std::vector<std::pair<std::string, std::string>>& env = {});

/// `git push REMOTE REFSPEC` in `ws`, with pdo's pre-push hook; under wine `pdo hook pre-push REMOTE URL` is
/// given the ref lines git would give it, and `git push --no-verify` runs only if it passed.
platform::ProcessResult git_push(const std::filesystem::path& ws, const std::string& remote, const std::string& refspec);

/// A fresh workspace in `tmp` with a bare remote `origin` (tmp/remote.git) that already has its first commit.
std::filesystem::path workspace_with_remote(const TempDir& tmp);

/// Runs pdo ARGS in `root` with a test pause point (test builds only): pdo ends itself like `kill -9` at the
/// transaction step `point` (app/commit/transaction.cpp), after saying so in a file. True if it got there.
bool kill_at(const std::filesystem::path& root, const std::vector<std::string>& args, const std::string& point);
/// Runs pdo ARGS in `cwd`, paused at the transaction step `point` (PDO_TEST_PAUSE_WAIT) while `meanwhile`
/// runs, then lets it go on; CHECKs that it got there.
platform::ProcessResult run_paused(const std::filesystem::path& cwd, const std::vector<std::string>& args, const std::string& point,
                                   const std::function<void()>& meanwhile);

/// `s` as one sh word (single-quoted).
std::string sh_quote(const std::string& s);

/// Runs pdo ARGS in `cwd` under a pseudo-terminal (util-linux `script`): stdout and stderr are that terminal
/// unless `redirect` (sh syntax, e.g. "> out.txt" or "2> err.txt") sends one to a file. The result's `out` is
/// what the terminal received (the pty turns "\n" into "\r\n"); TERM is xterm-256color unless `env` says.
platform::ProcessResult pdo_in_terminal(const std::filesystem::path& cwd, const std::vector<std::string>& args,
                                        const std::string& redirect = "", std::vector<std::pair<std::string, std::string>> env = {});

/// The folder holding the pdo binary the tests run (to put first on a shell's PATH).
std::string pdo_dir();

/// A GitHub-token-shaped fake key, different per seed, assembled at run time so that the test sources
/// themselves pass `pdo scan`.
std::string fake_key(unsigned seed = 1);

}  // namespace pdo::test
