#pragma once
// A scoped temporary folder per test: removed when the test passes, kept (and its path printed) when
// any assertion of the test case failed, so the evidence can be inspected (ninja's ScopedTempDir,
// ccache's TestContext). PDO_KEEP_TEMP=1 keeps every folder.
#include <filesystem>
#include <string>

namespace pdo::test {

/// True once an assertion of the running test case has failed (a Catch2 listener in catch_main.cpp).
bool current_test_case_failed();

/// A fresh folder under the system temp dir, named after `label`.
class TempDir {
public:
  explicit TempDir(const std::string& label = "pdo-test");
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir();
  /// The folder.
  const std::filesystem::path& path() const { return m_path; }
  /// A path inside it.
  std::filesystem::path operator/(const std::string& rel) const;

private:
  std::filesystem::path m_path;
};

/// Writes a file (creating parent folders), bytes as given.
void write_file(const std::filesystem::path& path, const std::string& content);

/// Reads a whole file ("" if missing).
std::string read_file(const std::filesystem::path& path);

}  // namespace pdo::test
