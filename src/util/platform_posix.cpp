// POSIX implementation of util/platform.hpp (Linux, macOS).
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "util/platform.hpp"
#include "util/text.hpp"

namespace pdo::platform {

Os current_os() {
#if defined(__APPLE__)
  return Os::macos;
#elif defined(__linux__)
  return Os::gnu_linux;
#else
  return Os::other;
#endif
}

std::string os_description() {
  struct utsname u {};
  std::string desc = uname(&u) == 0 ? std::string(u.sysname) + " " + u.release : "POSIX";
  std::ifstream rel("/etc/os-release");
  std::string line;
  while (std::getline(rel, line)) {
    if (util::starts_with(line, "PRETTY_NAME=")) {
      std::string name = line.substr(12);
      if (name.size() >= 2 && name.front() == '"') name = name.substr(1, name.size() - 2);
      desc += " (" + name + ")";
      break;
    }
  }
  return desc;
}

std::optional<std::string> get_env(const std::string& name) {
  const char* v = std::getenv(name.c_str());
  if (!v) return std::nullopt;
  return std::string(v);
}

std::optional<fs::path> find_program(std::string_view name) {
  if (name.find('/') != std::string_view::npos) {
    if (::access(std::string(name).c_str(), X_OK) == 0) return fs::path(name);
    return std::nullopt;
  }
  const auto path = get_env("PATH");
  if (!path) return std::nullopt;
  for (const auto& dir : util::split(*path, ':')) {
    if (dir.empty()) continue;
    fs::path candidate = fs::path(dir) / std::string(name);
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

std::optional<fs::path> self_exe() {
#if defined(__linux__)
  std::error_code ec;
  auto p = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) return p;
#endif
  return std::nullopt;
}

long current_pid() { return static_cast<long>(::getpid()); }

bool stdin_is_tty() { return ::isatty(STDIN_FILENO) == 1; }

bool rename_replace(const fs::path& from, const fs::path& to) {
  return ::rename(from.c_str(), to.c_str()) == 0;
}

bool rename_no_replace(const fs::path& from, const fs::path& to) {
  // link() fails with EEXIST instead of replacing, which rename() cannot promise portably.
  if (::link(from.c_str(), to.c_str()) == 0) {
    ::unlink(from.c_str());
    return true;
  }
  if (errno == EEXIST) return false;
  // File systems without hard links: check-then-rename is the best left.
  std::error_code ec;
  if (fs::exists(to, ec)) return false;
  return ::rename(from.c_str(), to.c_str()) == 0;
}

bool open_url(const std::string& url) {
#if defined(__APPLE__)
  const char* opener = "open";
#else
  const char* opener = "xdg-open";
#endif
  if (!find_program(opener)) return false;
  const pid_t pid = ::fork();
  if (pid < 0) return false;
  if (pid == 0) {
    // Detach from our output so the browser's chatter does not mix with pdo's.
    const int devnull = ::open("/dev/null", O_RDWR);
    if (devnull >= 0) {
      ::dup2(devnull, STDOUT_FILENO);
      ::dup2(devnull, STDERR_FILENO);
    }
    ::execlp(opener, opener, url.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

void setup_console() {}

std::vector<std::string> utf8_args(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  return args;
}

std::optional<std::string> find_browser() {
  if (auto b = get_env("BROWSER"); b && !b->empty()) return *b;
  for (const char* name : {"firefox", "chromium", "google-chrome", "microsoft-edge", "open", "xdg-open"}) {
    if (auto p = find_program(name)) return p->string();
  }
  return std::nullopt;
}

struct FileLock::Impl {
  int fd = -1;
};

FileLock::~FileLock() {
  if (m_impl && m_impl->fd >= 0) {
    ::flock(m_impl->fd, LOCK_UN);
    ::close(m_impl->fd);
  }
}

std::unique_ptr<FileLock> FileLock::acquire(const fs::path& path, std::chrono::milliseconds wait) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return nullptr;
  const auto deadline = std::chrono::steady_clock::now() + wait;
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (std::chrono::steady_clock::now() >= deadline) {
      ::close(fd);
      return nullptr;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::unique_ptr<FileLock> lock(new FileLock());
  lock->m_impl = std::make_unique<Impl>();
  lock->m_impl->fd = fd;
  return lock;
}

}  // namespace pdo::platform
