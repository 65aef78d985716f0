// .git/pdo-txn/journal, which recovery reads after a killed pdo and acts on (it renames and removes the
// files it names; its one lock is index.lock, by identity, never by name): any bytes load or are refused, and
// every path a loaded journal names, joined to a folder and normalised, is still inside that folder.
#include <filesystem>
#include <fstream>

#include "app/commit/txn_journal.hpp"
#include "fuzz.hpp"
#include "util/fs.hpp"
#include "util/platform.hpp"

namespace {

bool inside(const std::string& path) {
  const std::filesystem::path root = std::filesystem::temp_directory_path() / "workspace";
  const auto joined = (root / pdo::util::path_from_utf8(path)).lexically_normal();
  const auto rel = joined.lexically_relative(root);
  return !rel.empty() && *rel.begin() != ".." && *rel.begin() != "." && joined.root_path() == root.root_path();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pdo::fuzz::require;
  static const auto dir = pdo::platform::make_private_dir("pdo-fuzz-txn");  // a git dir
  if (!dir) return 0;
  {
    std::filesystem::create_directories(*dir / "pdo-txn");
    std::ofstream out(*dir / "pdo-txn" / "journal", std::ios::binary | std::ios::trunc);
    out << pdo::fuzz::text_of(data, size);
  }
  const auto journal = pdo::app::load_journal(*dir);
  if (!journal || !*journal) return 0;
  for (const auto& file : (*journal)->files) require(inside(file.path.str()), "a journal's file path is inside the workspace");
  if (const auto& commit = (*journal)->commit) {
    for (const auto& path : commit->paths) require(inside(path.str()), "a journal's committed path is inside the workspace");
  }
  return 0;
}
