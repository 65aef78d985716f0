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

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "util/platform.hpp"
#include "util/text.hpp"

extern char** environ;  // NOLINT: POSIX declares it nowhere in C++

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

std::string host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return {};
  return name;
}

namespace {

/// `name` looked up in a PATH value's absolute folders (or taken as is when it holds a '/').
std::optional<fs::path> search_path(std::string_view name, std::string_view path) {
  if (name.find('/') != std::string_view::npos) {
    if (::access(std::string(name).c_str(), X_OK) == 0) return fs::path(name);
    return std::nullopt;
  }
  for (const auto& dir : util::split(path, ':')) {
    // An empty or relative entry ("", ".", "bin") means "the current folder", which is often the workspace:
    // a program there (a cloned workspace's `git`, say) is never run by name.
    if (dir.empty() || dir.front() != '/') continue;
    fs::path candidate = fs::path(dir) / std::string(name);
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

}  // namespace

std::optional<fs::path> find_program(std::string_view name) {
  if (name.empty()) return std::nullopt;
  return search_path(name, get_env("PATH").value_or(""));
}

std::optional<fs::path> user_config_dir() {
  if (auto xdg = get_env("XDG_CONFIG_HOME"); xdg && !xdg->empty() && fs::path(*xdg).is_absolute()) return fs::path(*xdg);
  if (auto home = get_env("HOME"); home && !home->empty()) return fs::path(*home) / ".config";
  return std::nullopt;
}

std::optional<fs::path> make_private_dir(const std::string& prefix) {
  std::error_code ec;
  const fs::path base = fs::temp_directory_path(ec);
  if (ec) return std::nullopt;
  std::string templ = (base / (prefix + "XXXXXX")).string();
  // mkdtemp creates the folder exclusively with mode 0700: nobody else can put a file into it.
  if (!::mkdtemp(templ.data())) return std::nullopt;
  return fs::path(templ);
}

std::optional<fs::path> self_exe() {
#if defined(__linux__)
  std::error_code ec;
  auto p = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) return p;
#endif
  return std::nullopt;
}

bool starts_as_interpreter(const fs::path& program) {
  const std::string& p = program.native();
  constexpr std::size_t k_line_max = 127;  // "#!" + program + " hook" + "\n" within it
  if (!program.is_absolute() || p.size() + 8 > k_line_max) return false;
  return std::none_of(p.begin(), p.end(), [](char c) { return c == ' ' || (c >= 0 && c < 0x20) || c == 0x7f; });
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
    case 0:
      return IoFailure::none;
    case EEXIST:
      return IoFailure::exists;
    case ENOENT:
    case ENOTDIR:
      return IoFailure::missing;
    case ENOSPC:
#if defined(EDQUOT)
    case EDQUOT:
#endif
      return IoFailure::no_space;
    case EROFS:
      return IoFailure::read_only;
    case EACCES:
    case EPERM:
      return IoFailure::denied;
    default:
      return IoFailure::other;
  }
}

}  // namespace

IoFailure last_io_failure() { return io_failure_of(errno); }

void kill_self() {
  ::kill(::getpid(), SIGKILL);
  ::_exit(137);
}

namespace {

FileIdentity identity_of(const struct stat& st) {
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

}  // namespace

std::optional<FileIdentity> file_identity(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return std::nullopt;
  return identity_of(st);
}

namespace {

StatData stat_data_of(const struct stat& st) {
  StatData d;
  d.ctime_s = static_cast<std::int64_t>(st.st_ctime);
  d.mtime_s = static_cast<std::int64_t>(st.st_mtime);
#if defined(__APPLE__)
  d.ctime_ns = static_cast<std::uint32_t>(st.st_ctimespec.tv_nsec);
  d.mtime_ns = static_cast<std::uint32_t>(st.st_mtimespec.tv_nsec);
#else
  d.ctime_ns = static_cast<std::uint32_t>(st.st_ctim.tv_nsec);
  d.mtime_ns = static_cast<std::uint32_t>(st.st_mtim.tv_nsec);
#endif
  d.rdev = static_cast<std::uint64_t>(st.st_rdev);
  d.ino = static_cast<std::uint64_t>(st.st_ino);
  d.uid = static_cast<std::uint64_t>(st.st_uid);
  d.gid = static_cast<std::uint64_t>(st.st_gid);
  d.size = static_cast<std::uint64_t>(st.st_size);
  d.mode = static_cast<std::uint32_t>(st.st_mode);
  d.links = static_cast<std::uint64_t>(st.st_nlink);
  d.regular = S_ISREG(st.st_mode);
  return d;
}

}  // namespace

std::optional<StatData> stat_data(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return std::nullopt;
  return stat_data_of(st);
}

IoFailure hard_link(const fs::path& from, const fs::path& to) {
  if (::link(from.c_str(), to.c_str()) == 0) return IoFailure::none;
  return errno == EEXIST                                        ? IoFailure::exists
         : errno == EPERM || errno == EXDEV || errno == ENOTSUP ? IoFailure::other
                                                                : io_failure_of(errno);
}

namespace {

/// Writes all of `bytes` to `fd` and closes it.
IoFailure write_all(int fd, std::string_view bytes) {
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
  return ::close(fd) == 0 ? IoFailure::none : io_failure_of(errno);
}

}  // namespace

IoFailure create_exclusive(const fs::path& path, std::string_view bytes) {
  // O_EXCL: never a file that exists, nor through a link at that name.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0644);
  if (fd < 0) return io_failure_of(errno);
  return write_all(fd, bytes);
}

namespace {

/// Reads `fd` to its end or past `max_bytes`, the size fstat saw and one byte more first (so a small
/// file costs one read and no buffer bigger than itself, and one that grew shows it).
bool read_to_end(int fd, std::size_t size_hint, std::size_t max_bytes, std::string& out) {
  std::size_t want = std::min(size_hint, max_bytes) + 1;
  while (out.size() <= max_bytes) {
    const std::size_t have = out.size();
    out.resize(have + std::min(want, max_bytes + 1 - have));
    const std::size_t asked = out.size() - have;
    const ssize_t n = ::read(fd, out.data() + have, asked);
    out.resize(have + static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
    // The end: nothing more, or a read that stopped short exactly at the size fstat gave (no second read
    // to be told so; a file whose size fstat does not know, e.g. 0 in /proc, reads on until 0).
    if (n == 0 || (n > 0 && static_cast<std::size_t>(n) < asked && out.size() == size_hint)) return true;
    if (n < 0 && errno != EINTR) return false;
    want = 64 * 1024;
  }
  return true;
}

}  // namespace

namespace {

/// The file open as `fd` judged by that handle (its fstat in `st`) and, if it is a regular file of at most
/// `max_bytes`, read whole; closes `fd`.
FileRead read_opened(int fd, std::size_t max_bytes, struct stat& st, bool head = false, std::string storage = {}) {
  FileRead r;
  r.bytes = std::move(storage);
  r.bytes.clear();
  const bool stat_ok = ::fstat(fd, &st) == 0;
  if (stat_ok && !S_ISREG(st.st_mode)) {
    r.outcome = ReadOutcome::not_regular;
  } else if (stat_ok && !head && static_cast<std::uint64_t>(st.st_size) > max_bytes) {
    r.outcome = ReadOutcome::too_large;
  } else if (!stat_ok || !read_to_end(fd, static_cast<std::size_t>(st.st_size), max_bytes, r.bytes)) {
    r.failure = io_failure_of(errno);
  } else {
    if (head && r.bytes.size() > max_bytes) r.bytes.resize(max_bytes);
    r.outcome = r.bytes.size() > max_bytes ? ReadOutcome::too_large : ReadOutcome::ok;
    r.identity = identity_of(st);
  }
  ::close(fd);
  if (r.outcome != ReadOutcome::ok) r.bytes.clear();
  return r;
}

}  // namespace

FileRead read_regular_file(const fs::path& path, std::size_t max_bytes, bool head, std::string storage) {
  // O_NONBLOCK: opening a FIFO with no writer returns at once (it would wait for one), and the type is
  // then taken from the open descriptor, so no check-then-open race lets a FIFO or device in.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    FileRead r;
    const int err = errno;
    r.failure = io_failure_of(err);
    // ENXIO: a socket, or a device with nothing behind it; neither is a file.
    r.outcome = err == ENXIO ? ReadOutcome::not_regular : r.failure == IoFailure::missing ? ReadOutcome::missing : ReadOutcome::failed;
    return r;
  }
  struct stat st {};
  return read_opened(fd, max_bytes, st, head, std::move(storage));
}

FileRead read_regular_file_no_link(const fs::path& path, std::size_t max_bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) {
    FileRead r;
    const int err = errno;
    r.failure = io_failure_of(err);
    // ELOOP: the name is a symbolic link; ENXIO: a socket or a device with nothing behind it.
    r.outcome = err == ELOOP || err == ENXIO      ? ReadOutcome::not_regular
                : r.failure == IoFailure::missing ? ReadOutcome::missing
                                                  : ReadOutcome::failed;
    return r;
  }
  struct stat st {};
  return read_opened(fd, max_bytes, st);
}

EntryKind entry_kind(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return errno == ENOENT || errno == ENOTDIR ? EntryKind::missing : EntryKind::other;
  if (S_ISLNK(st.st_mode)) return EntryKind::link;
  if (S_ISREG(st.st_mode)) return EntryKind::regular;
  return S_ISDIR(st.st_mode) ? EntryKind::folder : EntryKind::other;
}

HeldFolder::HeldFolder(const fs::path& folder) : m_base(folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    m_kind = entry_kind(folder);  // a link, a file, nothing, or a folder pdo cannot open (then not pinned)
    return;
  }
  m_handle = fd;
  m_kind = EntryKind::folder;
  // The open handle's own name resolves to the folder it holds, never through `folder` again.
  const std::string via = "/proc/self/fd/" + std::to_string(fd);
  struct stat held {
  }, seen{};
  if (::fstat(fd, &held) == 0 && ::stat(via.c_str(), &seen) == 0 && held.st_dev == seen.st_dev && held.st_ino == seen.st_ino) {
    m_base = via;
    m_pinned = true;
  }
}

HeldFolder::~HeldFolder() {
  if (m_handle >= 0) ::close(static_cast<int>(m_handle));
}

std::optional<std::pair<StatData, std::string>> read_file_stat(const fs::path& path, std::size_t max_bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  FileRead r = read_opened(fd, max_bytes, st);
  if (r.outcome != ReadOutcome::ok) return std::nullopt;
  return std::pair<StatData, std::string>(stat_data_of(st), std::move(r.bytes));
}

IoFailure overwrite_existing(const fs::path& path, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) return io_failure_of(errno);
  return write_all(fd, bytes);
}

fs::path full_path(const fs::path& path) {
  std::error_code ec;
  fs::path abs = fs::absolute(path, ec);
  if (ec) abs = path;
  return abs.lexically_normal();
}

bool rename_replace(const fs::path& from, const fs::path& to) { return ::rename(from.c_str(), to.c_str()) == 0; }

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

/// An owned file descriptor: closed on every way out of run_process.
class Fd {
public:
  Fd() = default;
  explicit Fd(int fd) : m_fd(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  Fd(Fd&& o) noexcept : m_fd(o.release()) {}
  Fd& operator=(Fd&& o) noexcept {
    if (this != &o) {
      reset();
      m_fd = o.release();
    }
    return *this;
  }
  ~Fd() { reset(); }
  int get() const { return m_fd; }
  explicit operator bool() const { return m_fd >= 0; }
  int release() {
    const int fd = m_fd;
    m_fd = -1;
    return fd;
  }
  void reset() {
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
  }

private:
  int m_fd = -1;
};

/// Moves a descriptor above stderr: pdo may have been started with a standard stream closed, and a pipe
/// end numbered 0..2 would be overwritten by the child's own dup2 calls.
bool lift(Fd& fd) {
  if (fd.get() > STDERR_FILENO) return true;
  const int high = ::fcntl(fd.get(), F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
  if (high < 0) return false;
  fd = Fd(high);
  return true;
}

/// A pipe with both ends close-on-exec and above stderr; false (nothing left open) on failure.
bool make_pipe(Fd& read_end, Fd& write_end) {
  int fds[2];
#if defined(__linux__)
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  Fd r(fds[0]), w(fds[1]);
#else
  if (::pipe(fds) != 0) return false;  // pipe2() is missing on macOS
  Fd r(fds[0]), w(fds[1]);
  if (::fcntl(r.get(), F_SETFD, FD_CLOEXEC) != 0 || ::fcntl(w.get(), F_SETFD, FD_CLOEXEC) != 0) return false;
#endif
  if (!lift(r) || !lift(w)) return false;
  read_end = std::move(r);
  write_end = std::move(w);
  return true;
}

/// Before each child: SIGPIPE ignored, so pdo survives writing to a child that closed its input (every
/// child gets the default back before exec: reset_child_signals), and SIGCHLD at its default. An ignored
/// SIGCHLD is inherited across exec (whatever started pdo may have set it), and with it the kernel reaps
/// children itself: waitpid fails, and a failed child looked like one that exited 0.
void signals_for_children() {
  struct sigaction sa {};
  ::sigemptyset(&sa.sa_mask);
  sa.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &sa, nullptr);
  sa.sa_handler = SIG_DFL;
  ::sigaction(SIGCHLD, &sa, nullptr);
}

/// In the child (async-signal-safe calls only): default SIGPIPE, nothing blocked. An ignored signal
/// stays ignored across exec, and programs such as `yes | head` rely on dying of SIGPIPE.
void reset_child_signals() {
  struct sigaction sa {};
  sa.sa_handler = SIG_DFL;
  ::sigemptyset(&sa.sa_mask);
  ::sigaction(SIGPIPE, &sa, nullptr);
  sigset_t none;
  ::sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

/// The child's environment, built before fork: ours with the options' changes (the last change of a
/// name wins; "" removes it).
std::vector<std::string> child_environment(const ProcessOptions& options) {
  std::vector<std::pair<std::string, std::string>> changes;
  for (const auto& change : options.env) {
    auto same = std::find_if(changes.begin(), changes.end(), [&](const auto& c) { return c.first == change.first; });
    if (same != changes.end()) changes.erase(same);
    changes.push_back(change);
  }
  std::vector<std::string> vars;
  for (char** e = environ; e && *e; ++e) {
    const std::string_view var(*e);
    const std::string_view name = var.substr(0, var.find('='));
    const bool changed = std::any_of(changes.begin(), changes.end(), [&](const auto& c) { return c.first == name; });
    if (!changed) vars.emplace_back(var);
  }
  for (const auto& [name, value] : changes) {
    if (!value.empty()) vars.push_back(name + "=" + value);
  }
  return vars;
}

/// The value a variable will have in the child.
std::string child_value(const std::vector<std::string>& vars, std::string_view name) {
  for (const auto& v : vars) {
    if (v.size() > name.size() && v[name.size()] == '=' && v.compare(0, name.size(), name) == 0) return v.substr(name.size() + 1);
  }
  return {};
}

/// Everything the child needs, allocated before fork: after fork only async-signal-safe calls are made
/// (the parent may have other threads, and malloc's lock may be held by one of them).
struct ExecPlan {
  std::string program;
  std::vector<std::string> env_strings;
  std::vector<char*> argv;
  std::vector<char*> envp;
  const char* cwd = nullptr;
};

std::optional<ExecPlan> exec_plan(const std::vector<std::string>& argv, const ProcessOptions& options) {
  ExecPlan plan;
  plan.env_strings = child_environment(options);
  const auto program = search_path(argv.front(), child_value(plan.env_strings, "PATH"));
  if (!program) return std::nullopt;
  plan.program = program->string();
  for (const auto& a : argv) plan.argv.push_back(const_cast<char*>(a.c_str()));
  plan.argv.push_back(nullptr);
  for (auto& v : plan.env_strings) plan.envp.push_back(v.data());
  plan.envp.push_back(nullptr);
  if (options.cwd) plan.cwd = options.cwd->c_str();
  return plan;
}

/// Tells the parent why the child could not become the program (errno over the close-on-exec pipe).
[[noreturn]] void exec_failed(int exec_fd) {
  const int e = errno;
  const ssize_t n = ::write(exec_fd, &e, sizeof e);
  (void)n;
  ::_exit(127);
}

/// The child's side of fork: async-signal-safe calls only.
[[noreturn]] void exec_child(const ExecPlan& plan, int in_fd, int out_fd, int err_fd, int exec_fd) {
  reset_child_signals();
  // The pipe ends are above stderr (lift), so these never overwrite one another; the originals are
  // close-on-exec, the copies on 0..2 are not.
  if (::dup2(in_fd, STDIN_FILENO) < 0 || ::dup2(out_fd, STDOUT_FILENO) < 0 || ::dup2(err_fd, STDERR_FILENO) < 0) {
    exec_failed(exec_fd);
  }
  ::setpgid(0, 0);  // own process group, so a timeout kills its children too
  if (plan.cwd && ::chdir(plan.cwd) != 0) exec_failed(exec_fd);
  ::execve(plan.program.c_str(), plan.argv.data(), plan.envp.data());
  exec_failed(exec_fd);
}

/// True if the child exec'd: the close-on-exec pipe closes without a byte; it carries errno otherwise.
bool child_started(Fd& exec_read) {
  int e = 0;
  ssize_t n = 0;
  do {
    n = ::read(exec_read.get(), &e, sizeof e);
  } while (n < 0 && errno == EINTR);
  exec_read.reset();
  return n == 0;
}

/// Pumps stdin/stdout/stderr until the child closes its outputs or the deadline passes.
bool pump(Fd& in, Fd& out, Fd& err, const std::string& input, ProcessResult& r,
          std::optional<std::chrono::steady_clock::time_point> deadline) {
  std::size_t written = 0;
  if (input.empty()) in.reset();
  char buf[65536];
  while (out || err) {
    pollfd fds[3] = {{out.get(), POLLIN, 0}, {err.get(), POLLIN, 0}, {in.get(), POLLOUT, 0}};
    int wait_ms = -1;
    if (deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      wait_ms = static_cast<int>(left.count());
    }
    if (::poll(fds, 3, wait_ms) < 0 && errno != EINTR) return false;
    Fd* outputs[2] = {&out, &err};
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        (i == 0 ? r.out : r.err).append(buf, static_cast<std::size_t>(n));
      } else if (!(n < 0 && errno == EINTR)) {
        outputs[i]->reset();
      }
    }
    if (in && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t n = ::write(in.get(), input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      if ((n < 0 && errno != EINTR && errno != EAGAIN) || n == 0 || written == input.size()) in.reset();
    }
  }
  return true;
}

/// The process group of the child run_process waits for (0: none), for the handler below.
volatile sig_atomic_t g_child_group = 0;

/// SIGINT, SIGTERM or SIGHUP while a child runs: the child's process group (its own, so a terminal's Ctrl-C
/// does not reach it) gets SIGTERM, then pdo ends of the signal as it would have without the handler. A
/// `git push` never outlives the pdo sync that started it. Async-signal-safe calls only.
extern "C" void end_child_then_self(int sig) {
  if (g_child_group > 0) ::kill(-static_cast<pid_t>(g_child_group), SIGTERM);
  struct sigaction sa {};
  sa.sa_handler = SIG_DFL;
  ::sigemptyset(&sa.sa_mask);
  ::sigaction(sig, &sa, nullptr);
  ::raise(sig);
}

/// The handler above for the signals that end pdo, while one child runs; the old dispositions come back
/// when it goes. A signal the caller ignores (nohup) stays ignored.
class ForwardEndSignals {
public:
  ForwardEndSignals() {
    struct sigaction sa {};
    sa.sa_handler = end_child_then_self;
    ::sigemptyset(&sa.sa_mask);
    for (std::size_t i = 0; i < k_count; ++i) {
      ::sigaction(k_signals[i], nullptr, &m_old[i]);
      if (m_old[i].sa_handler != SIG_IGN) ::sigaction(k_signals[i], &sa, nullptr);
    }
  }
  ForwardEndSignals(const ForwardEndSignals&) = delete;
  ForwardEndSignals& operator=(const ForwardEndSignals&) = delete;
  ~ForwardEndSignals() {
    for (std::size_t i = 0; i < k_count; ++i) ::sigaction(k_signals[i], &m_old[i], nullptr);
    g_child_group = 0;
  }

private:
  static constexpr std::size_t k_count = 3;
  static constexpr int k_signals[k_count] = {SIGINT, SIGTERM, SIGHUP};
  struct sigaction m_old[k_count] {};
};

/// The child's wait status, or -1 (neither an exit nor a signal) when waitpid cannot give it.
int wait_for(pid_t pid) {
  for (;;) {
    int status = 0;
    if (::waitpid(pid, &status, 0) == pid) return status;
    if (errno != EINTR) return -1;
  }
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options) {
  ProcessResult r;
  if (argv.empty() || argv.front().empty()) return r;
  const auto plan = exec_plan(argv, options);
  if (!plan) return r;
  Fd in_read, in_write, out_read, out_write, err_read, err_write, exec_read, exec_write;
  if (!make_pipe(in_read, in_write) || !make_pipe(out_read, out_write) || !make_pipe(err_read, err_write) ||
      !make_pipe(exec_read, exec_write)) {
    return r;  // every pipe made so far is closed by its Fd
  }
  signals_for_children();
  const ForwardEndSignals forward;
  const pid_t pid = ::fork();
  if (pid < 0) return r;
  if (pid == 0) exec_child(*plan, in_read.get(), out_write.get(), err_write.get(), exec_write.get());
  ::setpgid(pid, pid);  // also here, so a timeout right away still finds the group (fails harmlessly after exec)
  g_child_group = static_cast<sig_atomic_t>(pid);
  in_read.reset();
  out_write.reset();
  err_write.reset();
  exec_write.reset();
  r.started = child_started(exec_read);
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (options.timeout.count() > 0) deadline = std::chrono::steady_clock::now() + options.timeout;
  const bool finished = pump(in_write, out_read, err_read, options.input, r, deadline);
  if (!finished) {
    r.timed_out = true;
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
  }
  const int status = wait_for(pid);
  r.exit_code = r.started && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

bool open_url(const std::string& url) {
#if defined(__APPLE__)
  const std::string opener = "open";
#else
  const std::string opener = "xdg-open";
#endif
  const std::vector<std::string> argv{opener, url};
  const auto plan = exec_plan(argv, {});
  if (!plan) return false;
  signals_for_children();
  const pid_t pid = ::fork();
  if (pid < 0) return false;
  if (pid == 0) {
    reset_child_signals();
    // Detach from our output so the browser's chatter does not mix with pdo's.
    const int devnull = ::open("/dev/null", O_RDWR);
    if (devnull >= 0) {
      ::dup2(devnull, STDOUT_FILENO);
      ::dup2(devnull, STDERR_FILENO);
    }
    ::execve(plan->program.c_str(), plan->argv.data(), plan->envp.data());
    ::_exit(127);
  }
  const int status = wait_for(pid);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
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
  // O_NOFOLLOW: a link at the lock's name is never followed (O_CREAT would create its target); O_NONBLOCK:
  // a FIFO opens without waiting, and is refused with anything else that is not a regular file.
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0644);
  if (fd < 0) {
    if (why) *why = errno == ELOOP ? IoFailure::other : io_failure_of(errno);
    return nullptr;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    if (why) *why = IoFailure::other;
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
