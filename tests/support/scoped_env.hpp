#pragma once
// An environment variable set for one scope of a unit test, and put back afterwards (unit tests run in
// one process, so a variable left set would leak into the next test case).
#include <cstdlib>
#include <optional>
#include <string>

#include "util/fs.hpp"
#include "util/platform.hpp"

namespace pdo::test {

class ScopedEnv {
public:
  ScopedEnv(const char* name, const std::string& value) : m_name(name), m_old(platform::get_env(name)) { put(value); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;
  ~ScopedEnv() { put(m_old.value_or("")); }

private:
  void put(const std::string& value) {
#ifdef _WIN32
    _wputenv_s(util::path_from_utf8(m_name).c_str(), util::path_from_utf8(value).c_str());
#else
    ::setenv(m_name.c_str(), value.c_str(), 1);
#endif
  }
  std::string m_name;
  std::optional<std::string> m_old;
};

}  // namespace pdo::test
