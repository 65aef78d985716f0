#include "support/temp_dir.hpp"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>

#include "util/fs.hpp"
#include "util/platform.hpp"

namespace pdo::test {

TempDir::TempDir(const std::string& label) {
  static std::atomic<int> counter{0};
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  m_path = std::filesystem::temp_directory_path() / util::path_from_utf8(label + "-" + std::to_string(platform::current_pid()) + "-" +
                                                                         std::to_string(stamp % 1000000) + "-" + std::to_string(counter++));
  std::filesystem::create_directories(m_path);
}

TempDir::~TempDir() {
  // A REQUIRE that fails throws: the exception is in flight; a CHECK that failed earlier in the test
  // case is remembered by the listener even when later assertions passed.
  const bool failed = std::uncaught_exceptions() > 0 || current_test_case_failed();
  if (failed || std::getenv("PDO_KEEP_TEMP")) {
    std::cerr << "kept temp dir: " << util::path_to_utf8(m_path) << "\n";
    return;
  }
  std::error_code ec;
  std::filesystem::remove_all(m_path, ec);
}

std::filesystem::path TempDir::operator/(const std::string& rel) const { return m_path / util::path_from_utf8(rel); }

void write_file(const std::filesystem::path& path, const std::string& content) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << content;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace pdo::test
