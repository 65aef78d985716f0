#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"

namespace pdo::test {

std::set<std::string> tree_of(const std::filesystem::path& root) {
  std::set<std::string> out;
  for (auto it = std::filesystem::recursive_directory_iterator(root); it != std::filesystem::recursive_directory_iterator(); ++it) {
    const std::string rel = it->path().lexically_relative(root).generic_u8string();
    if (rel == ".git") {
      it.disable_recursion_pending();
      continue;
    }
    out.insert(it->is_directory() ? rel + "/" : rel);
  }
  return out;
}

void init_workspace(const std::filesystem::path& dir, const std::vector<std::string>& extra) {
  std::vector<std::string> args{"init", util::path_to_utf8(dir), "--yes"};
  args.insert(args.end(), extra.begin(), extra.end());
  auto cwd = dir.parent_path();
  while (!std::filesystem::exists(cwd)) cwd = cwd.parent_path();
  const auto r = run_pdo(args, cwd);
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.exit_code == 0);
}

int commit_count(const std::filesystem::path& repo) {
  return std::stoi(git_out({"rev-list", "--count", "HEAD"}, repo));
}

void require_clean_repo(const std::filesystem::path& repo) {
  const auto fsck = run_git({"fsck", "--strict"}, repo);
  INFO("fsck: " << fsck.out << fsck.err);
  CHECK(fsck.exit_code == 0);
  CHECK(git_out({"status", "--porcelain"}, repo).empty());
}

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + needle.size())) ++n;
  return n;
}

}  // namespace pdo::test
