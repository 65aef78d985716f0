#pragma once
// The one portable face of the OS. Implementations: platform_posix.cpp and platform_win32.cpp; no
// other file calls POSIX or Win32 APIs.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pdo::platform {

namespace fs = std::filesystem;

/// The operating systems pdo knows.
enum class Os { gnu_linux, windows, macos, other };

/// The OS pdo runs on.
Os current_os();

/// "linux", "windows", "macos" (the names course files use).
std::string_view os_id(Os os);

/// "Linux", "Windows", "macOS": how messages in either language name an OS ("" for another one).
std::string_view os_name(Os os);

/// The name for an OS id of a course file ("linux" → "Linux"); an unknown id as it is.
std::string os_name(std::string_view id);

/// A human name with version where cheap to get, e.g. "Linux 6.1 (Debian GNU/Linux 12)".
std::string os_description();

/// Parses an OS id as used in course files; nullopt if unknown.
std::optional<Os> parse_os(std::string_view id);

/// An environment variable as UTF-8.
std::optional<std::string> get_env(const std::string& name);

/// This computer's name ("laptop"), or "" when the OS gives none.
std::string host_name();

/// Finds an executable on PATH (with PATHEXT on Windows); no process is started.
std::optional<fs::path> find_program(std::string_view name);

/// The user's own configuration folder, where records that belong to the person and not to any workspace
/// live: $XDG_CONFIG_HOME or ~/.config (POSIX), %APPDATA% (Windows); nullopt if the OS names none.
std::optional<fs::path> user_config_dir();

/// A new, empty folder that only this user can enter, under the system's temporary folder (mkdtemp, mode
/// 0700; on Windows a folder created exclusively with an owner-only ACL). The caller removes it.
std::optional<fs::path> make_private_dir(const std::string& prefix);

/// The path of the running executable, if the OS tells it.
std::optional<fs::path> self_exe();

/// True if a script whose first line is `#!PROGRAM ARG` makes the system start PROGRAM itself, so a git
/// hook can be pdo with no shell in between. POSIX: an absolute path with no blank or control character,
/// short enough for every kernel's #! line (127 bytes on Linux before 5.1). Windows: never (Git for
/// Windows looks a #! program up on PATH by its name alone).
bool starts_as_interpreter(const fs::path& program);

/// The process id.
long current_pid();

/// When a process started, as an opaque number that stays the same for the process's whole life (Linux:
/// clock ticks since boot; Windows: creation FILETIME); nullopt when no process has that id.
std::optional<std::uint64_t> process_start_time(long pid);

/// Ends this process at once, as `kill -9` would (no destructors, no atexit handlers, no flushing):
/// test builds use it to stop pdo at an exact step of its commit transaction.
[[noreturn]] void kill_self();

/// Why a file operation failed, in the terms pdo reports to the learner.
enum class IoFailure { none, exists, missing, no_space, read_only, denied, other };

/// The failure kind of the OS error code the last failed C/OS call left in this thread (errno), e.g.
/// after a libgit2 call failed while writing.
IoFailure last_io_failure();

/// Which file a path names right now (not following a final symlink): device + inode (volume serial +
/// file index on Windows), size and modification time. Used to recognise a lock file as exactly the one
/// pdo created and wrote.
struct FileIdentity {
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;  ///< since 1970-01-01 UTC
  bool operator==(const FileIdentity& o) const {
    return device == o.device && inode == o.inode && size == o.size && mtime_ns == o.mtime_ns;
  }
  bool operator!=(const FileIdentity& o) const { return !(*this == o); }
  /// The same file, whatever was written into it since: the device and inode (a live inode is no other
  /// file's).
  bool same_file(const FileIdentity& o) const { return device == o.device && inode == o.inode; }
};

/// The identity of the file at `path`; nullopt if there is none.
std::optional<FileIdentity> file_identity(const fs::path& path);

/// A file's stat data (lstat: a final symlink is not followed), the fields git keeps in an index entry.
struct StatData {
  std::int64_t ctime_s = 0, mtime_s = 0;
  std::uint32_t ctime_ns = 0, mtime_ns = 0;
  std::uint64_t rdev = 0, ino = 0, uid = 0, gid = 0, size = 0;
  std::uint32_t mode = 0;   ///< st_mode
  std::uint64_t links = 0;  ///< hard links to the file
  bool regular = false;
};

/// POSIX: lstat's fields. nullopt on Windows, where libgit2 derives an index entry's stat data its own
/// way (callers let libgit2 stat the file there), and when there is no file.
std::optional<StatData> stat_data(const fs::path& path);

/// POSIX: the bytes and stat data of a regular file of at most `max_bytes`, read through one handle opened
/// without following a final symlink (what `git add` stats, then reads, with one system call fewer).
/// nullopt on Windows (as stat_data), and for anything else: a link, folder, FIFO, a missing, bigger or
/// unreadable file; the caller then looks with stat_data.
std::optional<std::pair<StatData, std::string>> read_file_stat(const fs::path& path, std::size_t max_bytes);

/// Makes `to` a second name of the file `from` (a hard link), failing if `to` exists: a way to create a
/// lock file whose identity was known before it appeared. IoFailure::other where links are unsupported.
IoFailure hard_link(const fs::path& from, const fs::path& to);

/// Creates a file that must not exist yet (O_CREAT|O_EXCL, CREATE_NEW: never through a link at that name),
/// holding `bytes`: the way git takes a lock, and writes a temp file.
IoFailure create_exclusive(const fs::path& path, std::string_view bytes = {});

/// Replaces the content of an existing file (never creates one). Like git's default (core.fsync unset),
/// it leaves flushing to the OS.
IoFailure overwrite_existing(const fs::path& path, std::string_view bytes);

/// What read_regular_file found.
enum class ReadOutcome { ok, missing, not_regular, too_large, failed };

/// A file's bytes, or why there are none.
struct FileRead {
  ReadOutcome outcome = ReadOutcome::failed;
  IoFailure failure = IoFailure::none;  ///< for ReadOutcome::failed
  std::string bytes;
  FileIdentity identity;  ///< of the file read, from its open handle (ReadOutcome::ok)
};

/// The whole of a regular file (a final symlink followed) of at most `max_bytes`. The file is opened without
/// waiting (POSIX O_NONBLOCK: a FIFO nobody writes or a device never stops pdo) and judged by the open
/// handle itself (fstat; GetFileType and the handle's attributes on Windows), so nothing swapped in after a
/// check is read. At most max_bytes + 1 bytes are read: a file that grows meanwhile is refused too. With
/// `head`, a larger file gives its first max_bytes bytes instead. The bytes reuse `storage`'s memory (its
/// contents are dropped), so a loop over many files that hands each result back allocates once.
FileRead read_regular_file(const fs::path& path, std::size_t max_bytes, bool head, std::string storage = {});

/// What stands at a path, its final name not followed: POSIX lstat; on Windows every reparse point (a
/// symbolic link or a junction) is a link.
enum class EntryKind { missing, regular, folder, link, other };
EntryKind entry_kind(const fs::path& path);

/// read_regular_file without following a final link: one is refused as not_regular (O_NOFOLLOW; on Windows
/// the reparse point itself is opened and refused), as is anything else that is no regular file.
FileRead read_regular_file_no_link(const fs::path& path, std::size_t max_bytes);

/// The absolute, lexically normal form of a path, without touching the disk: relative paths are taken
/// from the current folder; on Windows also drive letters ("C:x"), UNC (\\server\share) and \\?\ paths,
/// which std::filesystem (libstdc++) gets wrong there.
fs::path full_path(const fs::path& path);

/// Renames over an existing target (atomic on the same volume).
bool rename_replace(const fs::path& from, const fs::path& to);

/// Renames only if the target does not exist (atomic: never replaces a file created meanwhile).
bool rename_no_replace(const fs::path& from, const fs::path& to);

/// Opens a URL with the desktop's default browser; false if that could not be started.
bool open_url(const std::string& url);

/// Opens a local .html file in the default browser (any other file: false, nothing is started).
bool open_html_file(const fs::path& file);

/// The command-line arguments (without the program name) as UTF-8, whatever the OS's native encoding.
std::vector<std::string> utf8_args(int argc, char** argv);

/// A web browser found on this machine (name or path), detection only; nullopt if none is known.
std::optional<std::string> find_browser();

/// Makes stdout/stderr show UTF-8 (Windows console code page); a no-op elsewhere.
void setup_console();

/// A standard output stream.
enum class StdStream { out, err };

/// What a standard output stream is connected to.
struct TerminalInfo {
  bool is_terminal = false;  ///< a terminal or console, not a pipe or file
  bool ansi = false;         ///< it interprets ANSI colour sequences (Windows: turned on when the console can)
  bool unicode = false;      ///< it shows UTF-8 text (POSIX: the locale says UTF-8; Windows: pdo's UTF-8 output)
};

/// Looks at a standard stream; the colour policy (util/color.hpp) decides from it.
TerminalInfo terminal_info(StdStream stream);

/// How to run a child process.
struct ProcessOptions {
  std::string input;                                     ///< written to its standard input, then closed
  std::chrono::milliseconds timeout{0};                  ///< 0 = no limit; on expiry the process is killed
  std::optional<fs::path> cwd;                           ///< working directory
  std::vector<std::pair<std::string, std::string>> env;  ///< variables to set ("" value: unset)
};

/// What a child process did.
struct ProcessResult {
  int exit_code = -1;    ///< -1 if it could not start, was killed, or timed out
  bool started = false;  ///< true once the program itself runs (exec succeeded), exactly
  bool timed_out = false;
  std::string out;
  std::string err;
};

/// Runs a program (argv[0] looked up on the PATH the child will have) and collects its output. No shell is
/// involved. The child starts with default signal handling (SIGPIPE not ignored, no signal blocked) and
/// inherits no descriptor or handle of pdo's besides its three standard streams.
ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options = {});

/// An exclusive advisory lock on a file, released when destroyed or when the process dies, so a
/// killed pdo never leaves a lock behind that blocks the next run.
class FileLock {
public:
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock();
  /// Tries to take the lock for up to `wait`; nullptr if another process still holds it, or if the lock
  /// file cannot be opened (then `*why`, when given, says why: a read-only folder, no permission, …). A
  /// final link is never followed and anything but a regular file is refused (IoFailure::other), so the
  /// lock never creates or opens a file elsewhere.
  static std::unique_ptr<FileLock> acquire(const fs::path& path, std::chrono::milliseconds wait, IoFailure* why = nullptr);

private:
  FileLock() = default;
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

/// A folder held open for as long as the object lives, opened without following a final link, so that
/// what pdo reaches inside it stays inside the folder it checked even if its name is swapped for a link
/// meanwhile. Linux: names inside are reached through the open handle (/proc/self/fd/N/…), never through
/// the folder's name again. Windows: the folder is held without FILE_SHARE_DELETE, so nobody can rename or
/// replace it while it is held. Elsewhere (no /proc) the name is used and pinned() is false.
class HeldFolder {
public:
  explicit HeldFolder(const fs::path& folder);
  HeldFolder(const HeldFolder&) = delete;
  HeldFolder& operator=(const HeldFolder&) = delete;
  ~HeldFolder();
  /// What was at the name when opened: EntryKind::folder when it is held (a link or anything else is not).
  EntryKind kind() const { return m_kind; }
  /// true when base() reaches the held folder whatever now stands at its name.
  bool pinned() const { return m_pinned; }
  /// The path names inside the folder hang from: the handle's own (pinned), else the folder's name.
  const fs::path& base() const { return m_base; }

private:
  fs::path m_base;
  EntryKind m_kind = EntryKind::missing;
  bool m_pinned = false;
  std::intptr_t m_handle = -1;
};

/// A shared library loaded only when needed, so a rarely used one (libcurl, for `pdo check --online`)
/// costs nothing at every other command's start-up. POSIX only: the Windows build links libcurl.
class SharedLibrary {
public:
  SharedLibrary(const SharedLibrary&) = delete;
  SharedLibrary& operator=(const SharedLibrary&) = delete;
  ~SharedLibrary();
  /// Loads the first of `names` that the system can load; nullptr if none.
  static std::unique_ptr<SharedLibrary> load(const std::vector<std::string>& names);
  /// The address of an exported symbol, or nullptr.
  void* symbol(const char* name) const;

private:
  SharedLibrary() = default;
  void* m_handle = nullptr;
};

}  // namespace pdo::platform
