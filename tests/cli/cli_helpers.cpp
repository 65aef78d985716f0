#include "cli/cli_helpers.hpp"

#include <cstdint>

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

std::filesystem::path fresh_workspace(const TempDir& tmp, const std::vector<std::string>& extra) {
  const auto root = tmp / "pytorch-distributed-overview";
  init_workspace(root, extra);
  return root;
}

platform::ProcessResult pdo_in(const std::filesystem::path& root, const std::vector<std::string>& args, const std::string& input) {
  return run_pdo(args, root, input);
}

void require_ok(const platform::ProcessResult& r) {
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.exit_code == 0);
}

platform::ProcessResult init_ws(const std::filesystem::path& dir, const std::string& lang) {
  return run_pdo({"--lang", lang, "init", util::path_to_utf8(dir), "--yes"}, dir.parent_path());
}

std::filesystem::path lesson_dir(const std::filesystem::path& ws, const std::string& prefix) {
  for (const auto& e : std::filesystem::directory_iterator(ws / "lessons")) {
    if (e.path().filename().string().rfind(prefix, 0) == 0) return e.path();
  }
  FAIL("no lesson " << prefix);
  return {};
}

void append(const std::filesystem::path& file, const std::string& text) { write_file(file, read_file(file) + text); }

std::string fake_key(unsigned seed) {
  const std::string alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::string s = std::string("gh") + "p_";
  std::uint64_t x = 0x2545F4914F6CDD1Dull + seed;
  for (int i = 0; i < 36; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    s += alnum[static_cast<std::size_t>(x % alnum.size())];
  }
  return s;
}

}  // namespace pdo::test
