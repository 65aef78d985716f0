// POSIX implementation of util/platform.hpp (Linux, macOS).
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
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

std::optional<std::uint64_t> process_start_time(long pid) {
  if (pid <= 0) return std::nullopt;
#if defined(__linux__)
  // Field 22 of /proc/PID/stat; the command name (field 2) may hold spaces and ')', so count from the last ')'.
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!stat || !std::getline(stat, line)) return std::nullopt;
  const auto close = line.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  const auto fields = util::split(std::string_view(line).substr(close + 1), ' ');
  // fields[0] is "" (the space after ')'), fields[1] is field 3 (state): field 22 is fields[20].
  if (fields.size() < 21 || !util::is_digits(fields[20])) return std::nullopt;
  return std::stoull(std::string(fields[20]));
#else
  if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM) return 0;
  return std::nullopt;
#endif
}

namespace {

IoFailure io_failure_of(int err) {
  switch (err) {
    case 0: return IoFailure::none;
    case EEXIST: return IoFailure::exists;
    case ENOENT:
    case ENOTDIR: return IoFailure::missing;
    case ENOSPC:
#if defined(EDQUOT)
    case EDQUOT:
#endif
      return IoFailure::no_space;
    case EROFS: return IoFailure::read_only;
    case EACCES:
    case EPERM: return IoFailure::denied;
    default: return IoFailure::other;
  }
}

}  // namespace

IoFailure last_io_failure() { return io_failure_of(errno); }

void kill_self() {
  ::kill(::getpid(), SIGKILL);
  ::_exit(137);
}

std::optional<FileIdentity> file_identity(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return std::nullopt;
  FileIdentity id;
  id.device = static_cast<std::uint64_t>(st.st_dev);
  id.inode = static_cast<std::uint64_t>(st.st_ino);
  id.size = static_cast<std::uint64_t>(st.st_size);
#if defined(__APPLE__)
  id.mtime_ns = static_cast<std::int64_t>(st.st_mtimespec.tv_sec) * 1000000000 + st.st_mtimespec.tv_nsec;
#else
  id.mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
#endif
  return id;
}

IoFailure hard_link(const fs::path& from, const fs::path& to) {
  if (::link(from.c_str(), to.c_str()) == 0) return IoFailure::none;
  return errno == EEXIST ? IoFailure::exists : errno == EPERM || errno == EXDEV || errno == ENOTSUP ? IoFailure::other : io_failure_of(errno);
}

IoFailure create_exclusive(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return io_failure_of(errno);
  ::close(fd);
  return IoFailure::none;
}

IoFailure overwrite_existing(const fs::path& path, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) return io_failure_of(errno);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int err = n < 0 ? errno : ENOSPC;
      ::close(fd);
      return io_failure_of(err);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    const int err = errno;
    ::close(fd);
    return io_failure_of(err);
  }
  return ::close(fd) == 0 ? IoFailure::none : io_failure_of(errno);
}

fs::path full_path(const fs::path& path) {
  std::error_code ec;
  fs::path abs = fs::absolute(path, ec);
  if (ec) abs = path;
  return abs.lexically_normal();
}

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

bool open_html_file(const fs::path& file) {
  if (file.extension() != ".html" && file.extension() != ".htm") return false;
  return open_url(fs::absolute(file).string());  // xdg-open and open take a path as well as a URL
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

TerminalInfo terminal_info(StdStream stream) {
  TerminalInfo info;
  info.is_terminal = ::isatty(stream == StdStream::out ? STDOUT_FILENO : STDERR_FILENO) == 1;
  info.ansi = info.is_terminal;
  // The locale's character set, in setlocale's order of precedence; "C"/"POSIX" and unset mean ASCII.
  std::string locale;
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* value = std::getenv(name);
    if (value && *value) {
      locale = value;
      break;
    }
  }
  for (auto& ch : locale) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
  info.unicode = locale.find("utf-8") != std::string::npos || locale.find("utf8") != std::string::npos;
  return info;
}

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

namespace {

void set_child_env(const ProcessOptions& options) {
  for (const auto& [key, value] : options.env) {
    if (value.empty()) {
      ::unsetenv(key.c_str());
    } else {
      ::setenv(key.c_str(), value.c_str(), 1);
    }
  }
}

/// Tells the parent why the child could not become the program (errno over the close-on-exec pipe).
[[noreturn]] void exec_failed(int exec_fd) {
  const int e = errno;
  const ssize_t n = ::write(exec_fd, &e, sizeof e);
  (void)n;
  ::_exit(127);
}

[[noreturn]] void exec_child(const std::vector<std::string>& argv, const ProcessOptions& options, int in_fd, int out_fd,
                             int err_fd, int exec_fd) {
  ::dup2(in_fd, STDIN_FILENO);
  ::dup2(out_fd, STDOUT_FILENO);
  ::dup2(err_fd, STDERR_FILENO);
  ::setpgid(0, 0);  // own process group, so a timeout kills its children too
  if (options.cwd && ::chdir(options.cwd->c_str()) != 0) exec_failed(exec_fd);
  set_child_env(options);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  ::execvp(args[0], args.data());
  exec_failed(exec_fd);
}

/// True if the child exec'd: the close-on-exec pipe closes without a byte; it carries errno otherwise.
bool child_started(int exec_read_fd) {
  int e = 0;
  ssize_t n = 0;
  do {
    n = ::read(exec_read_fd, &e, sizeof e);
  } while (n < 0 && errno == EINTR);
  ::close(exec_read_fd);
  return n == 0;
}

/// Pumps stdin/stdout/stderr until the child closes its outputs or the deadline passes.
bool pump(int& in_fd, int& out_fd, int& err_fd, const std::string& input, ProcessResult& r,
          std::optional<std::chrono::steady_clock::time_point> deadline) {
  std::size_t written = 0;
  if (input.empty()) {
    ::close(in_fd);
    in_fd = -1;
  }
  char buf[65536];
  while (out_fd >= 0 || err_fd >= 0) {
    pollfd fds[3] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}, {in_fd, POLLOUT, 0}};
    int wait_ms = -1;
    if (deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      wait_ms = static_cast<int>(left.count());
    }
    if (::poll(fds, 3, wait_ms) < 0 && errno != EINTR) return false;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        (i == 0 ? r.out : r.err).append(buf, static_cast<std::size_t>(n));
      } else {
        ::close(fds[i].fd);
        (i == 0 ? out_fd : err_fd) = -1;
      }
    }
    if (in_fd >= 0 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t n = ::write(in_fd, input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      if (n <= 0 || written == input.size()) {
        ::close(in_fd);
        in_fd = -1;
      }
    }
  }
  return true;
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options) {
  ProcessResult r;
  if (argv.empty()) return r;
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (::pipe(in_pipe) != 0) return r;
  if (::pipe(out_pipe) != 0) return r;
  if (::pipe(err_pipe) != 0) return r;
  int exec_pipe[2];
  if (::pipe(exec_pipe) != 0) return r;  // pipe2() is missing on macOS
  ::fcntl(exec_pipe[0], F_SETFD, FD_CLOEXEC);
  ::fcntl(exec_pipe[1], F_SETFD, FD_CLOEXEC);
  ::signal(SIGPIPE, SIG_IGN);
  const pid_t pid = ::fork();
  if (pid < 0) return r;
  if (pid == 0) {
    ::close(in_pipe[1]);
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    ::close(exec_pipe[0]);
    exec_child(argv, options, in_pipe[0], out_pipe[1], err_pipe[1], exec_pipe[1]);
  }
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  ::close(exec_pipe[1]);
  r.started = child_started(exec_pipe[0]);
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (options.timeout.count() > 0) deadline = std::chrono::steady_clock::now() + options.timeout;
  int in_fd = in_pipe[1], out_fd = out_pipe[0], err_fd = err_pipe[0];
  const bool finished = pump(in_fd, out_fd, err_fd, options.input, r, deadline);
  if (!finished) {
    r.timed_out = true;
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  for (int fd : {in_fd, out_fd, err_fd}) {
    if (fd >= 0) ::close(fd);
  }
  r.exit_code = r.started && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
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

std::unique_ptr<FileLock> FileLock::acquire(const fs::path& path, std::chrono::milliseconds wait, IoFailure* why) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    if (why) *why = io_failure_of(errno);
    return nullptr;
  }
  if (why) *why = IoFailure::none;
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

SharedLibrary::~SharedLibrary() {
  if (m_handle) ::dlclose(m_handle);
}

std::unique_ptr<SharedLibrary> SharedLibrary::load(const std::vector<std::string>& names) {
  for (const auto& name : names) {
    if (void* handle = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) {
      std::unique_ptr<SharedLibrary> lib(new SharedLibrary());
      lib->m_handle = handle;
      return lib;
    }
  }
  return nullptr;
}

void* SharedLibrary::symbol(const char* name) const { return ::dlsym(m_handle, name); }

}  // namespace pdo::platform
