// Windows implementation of util/platform.hpp. Every string crossing the Win32 boundary goes through the
// wide ("W") APIs and is converted from/to UTF-8 here, so the rest of pdo only ever sees UTF-8; the
// embedded UTF-8 manifest (cmake/toolchains/windows) covers narrow paths in the C and C++ runtimes.
#include "util/win32.hpp"
// windows.h first (through win32.hpp): the headers below rely on its types.
#include <fcntl.h>
#include <io.h>
#include <objbase.h>
#include <sddl.h>
#include <shellapi.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cwchar>
#include <cwctype>
#include <iostream>
#include <streambuf>
#include <vector>

#include "util/platform.hpp"
#include "util/text.hpp"

namespace pdo::platform {

using namespace win32;

namespace {

bool is_file(const std::wstring& path) {
  const DWORD attrs = ::GetFileAttributesW(path.c_str());
  return attrs != INVALID_FILE_ATTRIBUTES && !(attrs & FILE_ATTRIBUTE_DIRECTORY);
}

std::vector<std::wstring> path_extensions() {
  std::vector<std::wstring> exts;
  const auto pathext = env_wide(L"PATHEXT");
  for (const auto& e : util::split(to_utf8(pathext && !pathext->empty() ? *pathext : L".COM;.EXE;.BAT;.CMD"), ';')) {
    if (!e.empty()) exts.push_back(lower(to_wide(e)));
  }
  return exts;
}

/// `base` as is if it already names a PATHEXT program, else `base` + each PATHEXT extension (cmd.exe's order).
std::optional<std::wstring> with_extension(const std::wstring& base, const std::vector<std::wstring>& exts) {
  const auto dot = base.find_last_of(L".\\/");
  const bool has_ext = dot != std::wstring::npos && base[dot] == L'.';
  if (has_ext) {
    const std::wstring ext = lower(base.substr(dot));
    if (std::find(exts.begin(), exts.end(), ext) != exts.end() && is_file(base)) return base;
  }
  for (const auto& ext : exts) {
    if (is_file(base + ext)) return base + ext;
  }
  return std::nullopt;
}

}  // namespace

Os current_os() { return Os::windows; }

std::string os_description() {
  // GetVersionEx lies to unmanifested programs; RtlGetVersion tells the truth.
  using RtlGetVersionFn = LONG(WINAPI*)(OSVERSIONINFOW*);
  using WineVersionFn = const char*(CDECL*)();
  std::string desc = "Windows";
  const HMODULE ntdll = ::GetModuleHandleW(L"ntdll.dll");
  if (!ntdll) return desc;
  if (auto* proc = reinterpret_cast<void*>(::GetProcAddress(ntdll, "RtlGetVersion"))) {
    OSVERSIONINFOW v{};
    v.dwOSVersionInfoSize = sizeof v;
    if (reinterpret_cast<RtlGetVersionFn>(proc)(&v) == 0) {
      desc += " " + std::to_string(v.dwMajorVersion) + "." + std::to_string(v.dwMinorVersion) + "." + std::to_string(v.dwBuildNumber);
    }
  }
  if (auto* proc = reinterpret_cast<void*>(::GetProcAddress(ntdll, "wine_get_version"))) {
    desc += std::string(" (wine ") + reinterpret_cast<WineVersionFn>(proc)() + ")";
  }
  return desc;
}

std::optional<std::string> get_env(const std::string& name) {
  auto v = env_wide(to_wide(name));
  if (!v) return std::nullopt;
  return to_utf8(*v);
}

std::string host_name() {
  wchar_t name[MAX_COMPUTERNAME_LENGTH + 1] = {};
  DWORD size = MAX_COMPUTERNAME_LENGTH + 1;
  if (!GetComputerNameW(name, &size)) return {};
  return to_utf8(std::wstring_view(name, size));
}

std::optional<fs::path> find_program(std::string_view name) { return find_program_in(name, env_wide(L"PATH")); }

std::optional<fs::path> win32::find_program_in(std::string_view name, const std::optional<std::wstring>& path) {
  if (name.empty()) return std::nullopt;
  const std::wstring wname = to_wide(name);
  const auto exts = path_extensions();
  if (wname.find_first_of(L"\\/:") != std::wstring::npos) {
    if (auto p = with_extension(wname, exts)) return fs::path(*p);
    return std::nullopt;
  }
  if (!path) return std::nullopt;
  for (auto dir : util::split(to_utf8(*path), ';')) {
    if (dir.size() >= 2 && dir.front() == '"' && dir.back() == '"') dir = dir.substr(1, dir.size() - 2);
    // Only absolute folders: a relative entry (".", "bin") means the current folder, often the workspace,
    // and a program there is never run by name (CreateProcessW gets the full path, so it does no search).
    if (dir.empty() || !fs::path(to_wide(dir)).is_absolute()) continue;
    std::wstring base = to_wide(dir);
    if (base.back() != L'\\' && base.back() != L'/') base += L'\\';
    if (auto p = with_extension(base + wname, exts)) return fs::path(*p);
  }
  return std::nullopt;
}

bool starts_as_interpreter(const fs::path&) { return false; }

std::optional<fs::path> self_exe() {
  std::wstring buf(MAX_PATH, L'\0');
  for (;;) {
    const DWORD n = ::GetModuleFileNameW(nullptr, buf.data(), static_cast<DWORD>(buf.size()));
    if (n == 0) return std::nullopt;
    if (n < buf.size()) {
      buf.resize(n);
      return fs::path(buf);
    }
    buf.resize(buf.size() * 2);
  }
}

long current_pid() { return static_cast<long>(::GetCurrentProcessId()); }

std::optional<fs::path> user_config_dir() {
  if (auto appdata = env_wide(L"APPDATA"); appdata && !appdata->empty()) return fs::path(*appdata);
  return std::nullopt;
}

namespace {

/// "D:P(A;OICI;FA;;;<this user's SID>)(A;OICI;FA;;;SY)": full access for the user and SYSTEM only, nothing
/// inherited from the parent folder; "" if the user's SID cannot be read.
std::wstring owner_only_sddl() {
  HANDLE token = nullptr;
  if (!::OpenProcessToken(::GetCurrentProcess(), TOKEN_QUERY, &token)) return {};
  Handle owned(token);
  DWORD size = 0;
  ::GetTokenInformation(token, TokenUser, nullptr, 0, &size);
  std::vector<unsigned char> buf(size);
  if (size == 0 || !::GetTokenInformation(token, TokenUser, buf.data(), size, &size)) return {};
  wchar_t* sid = nullptr;
  if (!::ConvertSidToStringSidW(reinterpret_cast<TOKEN_USER*>(buf.data())->User.Sid, &sid)) return {};
  std::wstring sddl = L"D:P(A;OICI;FA;;;" + std::wstring(sid) + L")(A;OICI;FA;;;SY)";
  ::LocalFree(sid);
  return sddl;
}

}  // namespace

std::optional<fs::path> make_private_dir(const std::string& prefix) {
  std::wstring base(MAX_PATH + 1, L'\0');
  const DWORD n = ::GetTempPathW(static_cast<DWORD>(base.size()), base.data());
  if (n == 0 || n > base.size()) return std::nullopt;
  base.resize(n);
  if (base.back() != L'\\') base += L'\\';
  // Like mkdtemp's 0700. Without a readable SID the folder inherits %TEMP%'s ACL, which is the user's own.
  PSECURITY_DESCRIPTOR sd = nullptr;
  const std::wstring sddl = owner_only_sddl();
  if (!sddl.empty() && !::ConvertStringSecurityDescriptorToSecurityDescriptorW(sddl.c_str(), SDDL_REVISION_1, &sd, nullptr)) {
    sd = nullptr;
  }
  SECURITY_ATTRIBUTES sa{};
  sa.nLength = sizeof sa;
  sa.lpSecurityDescriptor = sd;  // nullptr: the default ACL
  std::optional<fs::path> made;
  static unsigned counter = 0;
  for (int attempt = 0; attempt < 100 && !made; ++attempt) {
    const unsigned long long salt = ::GetTickCount64() ^ (static_cast<unsigned long long>(::GetCurrentProcessId()) << 20) ^
                                    (static_cast<unsigned long long>(++counter) << 40);
    std::wstring name;
    for (int shift = 44; shift >= 0; shift -= 4) name += L"0123456789abcdef"[(salt >> shift) & 0xf];
    const std::wstring dir = base + to_wide(prefix) + name;
    // CreateDirectoryW fails on an existing name (ERROR_ALREADY_EXISTS): the exclusive create of mkdtemp.
    if (::CreateDirectoryW(dir.c_str(), &sa)) {
      made = fs::path(dir);
    } else if (::GetLastError() != ERROR_ALREADY_EXISTS) {
      break;
    }
  }
  if (sd) ::LocalFree(sd);
  return made;
}

std::optional<std::uint64_t> process_start_time(long pid) {
  if (pid <= 0) return std::nullopt;
  win32::Handle process(::OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(pid)));
  if (!process) return std::nullopt;
  DWORD code = 0;
  if (::GetExitCodeProcess(process.get(), &code) && code != STILL_ACTIVE) return std::nullopt;
  FILETIME created{}, exited{}, kernel{}, user{};
  if (!::GetProcessTimes(process.get(), &created, &exited, &kernel, &user)) return 0;
  return (static_cast<std::uint64_t>(created.dwHighDateTime) << 32) | created.dwLowDateTime;
}

namespace {

IoFailure io_failure_of(DWORD err) {
  switch (err) {
    case ERROR_SUCCESS:
      return IoFailure::none;
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS:
      return IoFailure::exists;
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
      return IoFailure::missing;
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
      return IoFailure::no_space;
    case ERROR_WRITE_PROTECT:
      return IoFailure::read_only;
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
      return IoFailure::denied;
    default:
      return IoFailure::other;
  }
}

}  // namespace

IoFailure last_io_failure() {
  // libgit2 and the C runtime set errno; Win32 calls set GetLastError. Prefer errno when it says something.
  switch (errno) {
    case ENOSPC:
      return IoFailure::no_space;
    case EROFS:
      return IoFailure::read_only;
    case EACCES:
      return IoFailure::denied;
    default:
      return io_failure_of(::GetLastError());
  }
}

void kill_self() {
  ::TerminateProcess(::GetCurrentProcess(), 137);
  ::ExitProcess(137);
}

namespace {

FileIdentity identity_of(const BY_HANDLE_FILE_INFORMATION& info) {
  FileIdentity id;
  id.device = info.dwVolumeSerialNumber;
  id.inode = (static_cast<std::uint64_t>(info.nFileIndexHigh) << 32) | info.nFileIndexLow;
  id.size = (static_cast<std::uint64_t>(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
  const std::uint64_t ticks = (static_cast<std::uint64_t>(info.ftLastWriteTime.dwHighDateTime) << 32) | info.ftLastWriteTime.dwLowDateTime;
  id.mtime_ns = (static_cast<std::int64_t>(ticks) - 116444736000000000) * 100;  // 100 ns ticks since 1601, to ns since 1970
  return id;
}

}  // namespace

std::optional<FileIdentity> file_identity(const fs::path& path) {
  win32::Handle file(::CreateFileW(path.c_str(), FILE_READ_ATTRIBUTES, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                   OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
  if (!file) return std::nullopt;
  BY_HANDLE_FILE_INFORMATION info{};
  if (!::GetFileInformationByHandle(file.get(), &info)) return std::nullopt;
  return identity_of(info);
}

std::optional<StatData> stat_data(const fs::path& /*path*/) { return std::nullopt; }

std::optional<std::pair<StatData, std::string>> read_file_stat(const fs::path& /*path*/, std::size_t /*max_bytes*/) { return std::nullopt; }

IoFailure hard_link(const fs::path& from, const fs::path& to) {
  if (::CreateHardLinkW(to.c_str(), from.c_str(), nullptr)) return IoFailure::none;
  const DWORD err = ::GetLastError();
  if (err == ERROR_ALREADY_EXISTS || err == ERROR_FILE_EXISTS) return IoFailure::exists;
  return err == ERROR_INVALID_FUNCTION || err == ERROR_NOT_SUPPORTED ? IoFailure::other : io_failure_of(err);
}

namespace {

IoFailure write_all(HANDLE file, std::string_view bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(bytes.size() - done, 1u << 30));
    DWORD written = 0;
    if (!::WriteFile(file, bytes.data() + done, chunk, &written, nullptr) || written == 0) return io_failure_of(::GetLastError());
    done += written;
  }
  return IoFailure::none;
}

}  // namespace

IoFailure create_exclusive(const fs::path& path, std::string_view bytes) {
  win32::Handle file(
      ::CreateFileW(path.c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr));
  if (!file) return io_failure_of(::GetLastError());
  return write_all(file.get(), bytes);
}

namespace {

FileRead read_regular(const fs::path& path, std::size_t max_bytes, bool head, std::string storage, DWORD flags) {
  FileRead r;
  r.bytes = std::move(storage);
  r.bytes.clear();
  // FILE_FLAG_BACKUP_SEMANTICS lets a folder open too, so that it is refused as one; a pipe or a device
  // (NUL, CON, \\.\pipe\x) opens without waiting and is refused by its type.
  win32::Handle file(::CreateFileW(path.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                   OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS | flags, nullptr));
  if (!file) {
    r.failure = io_failure_of(::GetLastError());
    r.outcome = r.failure == IoFailure::missing ? ReadOutcome::missing : ReadOutcome::failed;
    return r;
  }
  BY_HANDLE_FILE_INFORMATION info{};
  if (::GetFileType(file.get()) != FILE_TYPE_DISK) {
    r.outcome = ReadOutcome::not_regular;
    return r;
  }
  if (!::GetFileInformationByHandle(file.get(), &info)) {
    r.failure = io_failure_of(::GetLastError());
    return r;
  }
  if (info.dwFileAttributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_REPARSE_POINT)) {
    r.outcome = ReadOutcome::not_regular;  // a reparse point opens as itself only with FILE_FLAG_OPEN_REPARSE_POINT
    return r;
  }
  const std::uint64_t size = (static_cast<std::uint64_t>(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
  if (size > max_bytes && !head) {
    r.outcome = ReadOutcome::too_large;
    return r;
  }
  std::size_t want = static_cast<std::size_t>(size) + 1;
  while (r.bytes.size() <= max_bytes) {
    const std::size_t have = r.bytes.size();
    const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>({want, max_bytes + 1 - have, std::size_t{1} << 30}));
    r.bytes.resize(have + chunk);
    DWORD got = 0;
    const BOOL ok = ::ReadFile(file.get(), r.bytes.data() + have, chunk, &got, nullptr);
    r.bytes.resize(have + got);
    if (!ok) {
      r.failure = io_failure_of(::GetLastError());
      r.bytes.clear();
      return r;
    }
    if (got == 0) break;
    want = 64 * 1024;
  }
  if (head && r.bytes.size() > max_bytes) r.bytes.resize(max_bytes);
  r.outcome = r.bytes.size() > max_bytes ? ReadOutcome::too_large : ReadOutcome::ok;
  if (r.outcome != ReadOutcome::ok) r.bytes.clear();
  r.identity = identity_of(info);
  return r;
}

}  // namespace

FileRead read_regular_file(const fs::path& path, std::size_t max_bytes, bool head, std::string storage) {
  return read_regular(path, max_bytes, head, std::move(storage), 0);
}

FileRead read_regular_file_no_link(const fs::path& path, std::size_t max_bytes) {
  return read_regular(path, max_bytes, false, {}, FILE_FLAG_OPEN_REPARSE_POINT);
}

EntryKind entry_kind(const fs::path& path) {
  // A file another process is removing (delete pending) or has just removed answers as missing: pdo's own
  // files come and go while another pdo holds the workspace lock, and that is no hostile shape.
  const auto gone = [](DWORD err) {
    return err == ERROR_FILE_NOT_FOUND || err == ERROR_PATH_NOT_FOUND || err == ERROR_DELETE_PENDING || err == ERROR_ACCESS_DENIED;
  };
  const DWORD attributes = ::GetFileAttributesW(path.c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES) return gone(::GetLastError()) ? EntryKind::missing : EntryKind::other;
  if (attributes & FILE_ATTRIBUTE_REPARSE_POINT) return EntryKind::link;
  if (attributes & FILE_ATTRIBUTE_DIRECTORY) return EntryKind::folder;
  // A device name (NUL, CON) reports attributes too: only a disk file is regular.
  win32::Handle file(::CreateFileW(path.c_str(), FILE_READ_ATTRIBUTES, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                   OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
  if (!file) return gone(::GetLastError()) ? EntryKind::missing : EntryKind::other;
  return ::GetFileType(file.get()) == FILE_TYPE_DISK ? EntryKind::regular : EntryKind::other;
}

HeldFolder::HeldFolder(const fs::path& folder) : m_base(folder) {
  // No FILE_SHARE_DELETE: while this handle is open the folder cannot be renamed, removed or replaced, so its
  // name keeps reaching it. FILE_LIST_DIRECTORY (not attributes alone) makes the share mode count.
  HANDLE h = ::CreateFileW(folder.c_str(), FILE_LIST_DIRECTORY, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                           FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
  BY_HANDLE_FILE_INFORMATION info{};
  if (h == INVALID_HANDLE_VALUE || !::GetFileInformationByHandle(h, &info) || !(info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) ||
      (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
    if (h != INVALID_HANDLE_VALUE) ::CloseHandle(h);
    m_kind = entry_kind(folder);  // a link, a file, nothing, or a folder held by another without sharing
    return;
  }
  m_handle = reinterpret_cast<std::intptr_t>(h);
  m_kind = EntryKind::folder;
  m_pinned = true;
}

HeldFolder::~HeldFolder() {
  if (m_handle != -1) ::CloseHandle(reinterpret_cast<HANDLE>(m_handle));
}

IoFailure overwrite_existing(const fs::path& path, std::string_view bytes) {
  win32::Handle file(::CreateFileW(path.c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr, TRUNCATE_EXISTING,
                                   FILE_ATTRIBUTE_NORMAL, nullptr));
  if (!file) return io_failure_of(::GetLastError());
  return write_all(file.get(), bytes);
}

fs::path full_path(const fs::path& path) {
  if (path.empty()) return path;
  // GetFullPathNameW knows every Windows path form and works on strings only (no disk access).
  const std::wstring in = path.wstring();
  std::wstring out(MAX_PATH, L'\0');
  DWORD n = ::GetFullPathNameW(in.c_str(), static_cast<DWORD>(out.size()), out.data(), nullptr);
  if (n >= out.size()) {
    out.resize(n);
    n = ::GetFullPathNameW(in.c_str(), static_cast<DWORD>(out.size()), out.data(), nullptr);
  }
  if (n == 0 || n >= out.size()) return path;
  out.resize(n);
  // The manifest makes pdo longPathAware, so "\\?\" is not needed, and libstdc++ and libgit2 read the
  // plain forms better: \\?\C:\x -> C:\x, \\?\UNC\srv\share -> \\srv\share.
  if (out.rfind(L"\\\\?\\UNC\\", 0) == 0) {
    out = L"\\\\" + out.substr(8);
  } else if (out.rfind(L"\\\\?\\", 0) == 0 && out.size() >= 6 && out[5] == L':') {
    out = out.substr(4);
  }
  return fs::path(out);
}

bool rename_replace(const fs::path& from, const fs::path& to) {
  return ::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) != 0;
}

bool rename_no_replace(const fs::path& from, const fs::path& to) {
  // Without MOVEFILE_REPLACE_EXISTING the kernel refuses an existing target (ERROR_ALREADY_EXISTS)
  // atomically, so a file the learner created meanwhile is never replaced.
  return ::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_WRITE_THROUGH) != 0;
}

bool open_html_file(const fs::path& file) {
  // ShellExecute opens whatever the file is (a program would run): only .html files reach it.
  const auto ext = file.extension().wstring();
  if (_wcsicmp(ext.c_str(), L".html") != 0 && _wcsicmp(ext.c_str(), L".htm") != 0) return false;
  std::error_code ec;
  const fs::path absolute = fs::absolute(file, ec);
  if (ec) return false;
  const HRESULT com = ::CoInitializeEx(nullptr, COINIT_APARTMENTTHREADED | COINIT_DISABLE_OLE1DDE);
  const HINSTANCE h = ::ShellExecuteW(nullptr, L"open", absolute.wstring().c_str(), nullptr, nullptr, SW_SHOWNORMAL);
  if (SUCCEEDED(com)) ::CoUninitialize();
  return reinterpret_cast<INT_PTR>(h) > 32;
}

bool open_url(const std::string& url) {
  // ShellExecute would as happily run a program or open a document: hand it web links only.
  if (!util::starts_with(url, "http://") && !util::starts_with(url, "https://")) return false;
  const HRESULT com = ::CoInitializeEx(nullptr, COINIT_APARTMENTTHREADED | COINIT_DISABLE_OLE1DDE);
  const HINSTANCE h = ::ShellExecuteW(nullptr, L"open", to_wide(url).c_str(), nullptr, nullptr, SW_SHOWNORMAL);
  if (SUCCEEDED(com)) ::CoUninitialize();
  return reinterpret_cast<INT_PTR>(h) > 32;
}

std::vector<std::string> utf8_args(int argc, char** argv) {
  // The wide command line is the truth on Windows; argv went through the ANSI code page.
  int n = 0;
  LPWSTR* wargv = ::CommandLineToArgvW(::GetCommandLineW(), &n);
  std::vector<std::string> args;
  if (!wargv) {
    for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
    return args;
  }
  for (int i = 1; i < n; ++i) args.push_back(to_utf8(wargv[i]));
  ::LocalFree(wargv);
  return args;
}

namespace {

std::optional<std::wstring> reg_string(HKEY root, const std::wstring& key, const wchar_t* value) {
  DWORD bytes = 0;
  if (::RegGetValueW(root, key.c_str(), value, RRF_RT_REG_SZ, nullptr, nullptr, &bytes) != ERROR_SUCCESS) {
    return std::nullopt;
  }
  std::wstring s(bytes / sizeof(wchar_t) + 1, L'\0');
  bytes = static_cast<DWORD>(s.size() * sizeof(wchar_t));
  if (::RegGetValueW(root, key.c_str(), value, RRF_RT_REG_SZ, nullptr, s.data(), &bytes) != ERROR_SUCCESS) {
    return std::nullopt;
  }
  s.resize(wcsnlen(s.c_str(), s.size()));
  return s;
}

/// The program of a shell "open" command line such as `"C:\...\chrome.exe" --single-argument %1`.
std::wstring command_program(const std::wstring& command) {
  if (!command.empty() && command.front() == L'"') {
    const auto end = command.find(L'"', 1);
    return command.substr(1, end == std::wstring::npos ? std::wstring::npos : end - 1);
  }
  return command.substr(0, command.find(L' '));
}

std::optional<std::string> browser_of_progid(HKEY root, const std::wstring& progid_key) {
  const auto command = reg_string(root, progid_key + L"\\shell\\open\\command", nullptr);
  if (!command) return std::nullopt;
  const std::wstring program = command_program(*command);
  if (program.empty()) return std::nullopt;
  return to_utf8(program);
}

}  // namespace

std::optional<std::string> find_browser() {
  // The learner's choice for http links, as Windows Settings records it.
  const auto progid =
      reg_string(HKEY_CURRENT_USER, L"Software\\Microsoft\\Windows\\Shell\\Associations\\UrlAssociations\\http\\UserChoice", L"ProgId");
  if (progid && !progid->empty()) {
    if (auto b = browser_of_progid(HKEY_CLASSES_ROOT, *progid)) return b;
    return to_utf8(*progid);
  }
  // Edge ships with Windows 10 and 11.
  for (const wchar_t* var : {L"ProgramFiles(x86)", L"ProgramFiles", L"LOCALAPPDATA"}) {
    if (auto dir = env_wide(var); dir && !dir->empty()) {
      const std::wstring edge = *dir + L"\\Microsoft\\Edge\\Application\\msedge.exe";
      if (is_file(edge)) return to_utf8(edge);
    }
  }
  // Whatever handles the http: protocol (wine: winebrowser).
  return browser_of_progid(HKEY_CLASSES_ROOT, L"http");
}

namespace {

UINT g_saved_output_cp = 0;
UINT g_saved_input_cp = 0;

void restore_console() {
  if (g_saved_output_cp) ::SetConsoleOutputCP(g_saved_output_cp);
  if (g_saved_input_cp) ::SetConsoleCP(g_saved_input_cp);
}

/// Standard output/error to a console: UTF-8 bytes become UTF-16 for WriteConsoleW, which shows Chinese
/// whatever the console's code page and never splits a character across writes. Flushed at each newline
/// (and by std::cin's tie and std::cerr's unitbuf), as a terminal expects.
class ConsoleOutBuf : public std::streambuf {
public:
  explicit ConsoleOutBuf(HANDLE console) : m_console(console) {}

protected:
  int_type overflow(int_type ch) override {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return sync() == 0 ? traits_type::not_eof(ch) : ch;
    m_pending += traits_type::to_char_type(ch);
    if (ch == '\n') sync();
    return ch;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    m_pending.append(s, static_cast<std::size_t>(n));
    if (std::char_traits<char>::find(s, static_cast<std::size_t>(n), '\n')) sync();
    return n;
  }
  int sync() override {
    // Keep an incomplete UTF-8 sequence at the end for the next write.
    std::size_t cut = m_pending.size();
    std::size_t back = 0;
    while (back < 4 && back < cut && (static_cast<unsigned char>(m_pending[cut - 1 - back]) & 0xC0) == 0x80) ++back;
    if (back < cut) {
      const auto lead = static_cast<unsigned char>(m_pending[cut - 1 - back]);
      const std::size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
      if (need > back + 1) cut -= back + 1;
    }
    const std::wstring w = to_wide(std::string_view(m_pending).substr(0, cut));
    m_pending.erase(0, cut);
    for (std::size_t done = 0; done < w.size();) {
      DWORD n = 0;
      const auto chunk = static_cast<DWORD>(std::min<std::size_t>(w.size() - done, 8192));
      if (!::WriteConsoleW(m_console, w.data() + done, chunk, &n, nullptr) || n == 0) return -1;
      done += n;
    }
    return 0;
  }

private:
  HANDLE m_console;
  std::string m_pending;
};

/// Standard input from a console as UTF-8 lines. Console byte reads (ReadFile/ReadConsoleA) return only
/// ASCII under the UTF-8 code page, so a Chinese name typed at pdo's questions would be lost: read UTF-16
/// with ReadConsoleW and convert. "\r\n" becomes "\n", Ctrl+Z at the start of a line ends the input.
class ConsoleInBuf : public std::streambuf {
public:
  explicit ConsoleInBuf(HANDLE console) : m_console(console) {}

protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (m_eof) return traits_type::eof();
    wchar_t wbuf[1024];
    DWORD n = 0;
    if (!::ReadConsoleW(m_console, wbuf, 1024, &n, nullptr) || n == 0) return traits_type::eof();
    std::wstring w(wbuf, n);
    if (!w.empty() && w.front() == L'\x1a') {  // Ctrl+Z, Enter
      m_eof = true;
      return traits_type::eof();
    }
    w.erase(std::remove(w.begin(), w.end(), L'\r'), w.end());
    m_buf = to_utf8(w);
    if (m_buf.empty()) return underflow();
    setg(m_buf.data(), m_buf.data(), m_buf.data() + m_buf.size());
    return traits_type::to_int_type(*gptr());
  }

private:
  HANDLE m_console;
  std::string m_buf;
  bool m_eof = false;
};

}  // namespace

void setup_console() {
  // The console's code page outlives pdo (it belongs to cmd/PowerShell): put it back at exit.
  g_saved_output_cp = ::GetConsoleOutputCP();
  g_saved_input_cp = ::GetConsoleCP();
  if (g_saved_output_cp || g_saved_input_cp) {
    ::SetConsoleOutputCP(CP_UTF8);
    ::SetConsoleCP(CP_UTF8);
    std::atexit(restore_console);
  }
  // Byte-exact output, as on Linux: no "\n" -> "\r\n" in pipes, JSON and files redirected by the
  // learner (the console itself starts a new line on a bare "\n").
  ::_setmode(::_fileno(stdout), _O_BINARY);
  ::_setmode(::_fileno(stderr), _O_BINARY);
  const auto console = [](DWORD which) -> HANDLE {
    const HANDLE h = ::GetStdHandle(which);
    DWORD mode = 0;
    const bool is_console = h && h != INVALID_HANDLE_VALUE && ::GetFileType(h) == FILE_TYPE_CHAR && ::GetConsoleMode(h, &mode);
    return is_console ? h : nullptr;
  };
  // Pipes and files keep the UTF-8 bytes; only a real console gets UTF-16. The buffers live until the
  // process ends (never deleted): std::cout is flushed at exit after every static is gone.
  if (const HANDLE in = console(STD_INPUT_HANDLE)) {
    std::cin.rdbuf(new ConsoleInBuf(in));
  }
  if (const HANDLE out = console(STD_OUTPUT_HANDLE)) {
    std::cout.flush();
    std::cout.rdbuf(new ConsoleOutBuf(out));
  }
  if (const HANDLE err = console(STD_ERROR_HANDLE)) {
    std::cerr.rdbuf(new ConsoleOutBuf(err));
  }
}

#ifndef ENABLE_VIRTUAL_TERMINAL_PROCESSING
#define ENABLE_VIRTUAL_TERMINAL_PROCESSING 0x0004
#endif

TerminalInfo terminal_info(StdStream stream) {
  TerminalInfo info;
  const HANDLE h = ::GetStdHandle(stream == StdStream::out ? STD_OUTPUT_HANDLE : STD_ERROR_HANDLE);
  DWORD mode = 0;
  info.is_terminal = h && h != INVALID_HANDLE_VALUE && ::GetFileType(h) == FILE_TYPE_CHAR && ::GetConsoleMode(h, &mode);
  // Windows 10 1511+ consoles interpret ANSI sequences once asked to; older ones print them as text.
  info.ansi = info.is_terminal &&
              ((mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING) != 0 || ::SetConsoleMode(h, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING) != 0);
  // pdo writes UTF-16 to a console and UTF-8 to pipes and files (setup_console): both carry Unicode.
  info.unicode = true;
  return info;
}

// ---------------------------------------------------------------------------------------------------------
// FileLock
// ---------------------------------------------------------------------------------------------------------

namespace {

// The locked byte lies far past the end of the file, so reading or writing the lock file is never blocked.
constexpr DWORD k_lock_offset_high = 0x7fffffff;

}  // namespace

struct FileLock::Impl {
  HANDLE file = INVALID_HANDLE_VALUE;
};

FileLock::~FileLock() {
  if (m_impl && m_impl->file != INVALID_HANDLE_VALUE) {
    OVERLAPPED ov{};
    ov.OffsetHigh = k_lock_offset_high;
    ::UnlockFileEx(m_impl->file, 0, 1, 0, &ov);
    ::CloseHandle(m_impl->file);
  }
}

std::unique_ptr<FileLock> FileLock::acquire(const fs::path& path, std::chrono::milliseconds wait, IoFailure* why) {
  // Not inheritable, so a child process never keeps the lock alive; the OS drops it when pdo dies.
  // FILE_FLAG_OPEN_REPARSE_POINT: a link at the lock's name is opened as itself, never followed, and refused
  // below with anything else that is not a regular disk file.
  const HANDLE file = ::CreateFileW(path.c_str(), GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                    nullptr, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
  if (file == INVALID_HANDLE_VALUE) {
    if (why) *why = io_failure_of(::GetLastError());
    return nullptr;
  }
  BY_HANDLE_FILE_INFORMATION info{};
  if (::GetFileType(file) != FILE_TYPE_DISK || !::GetFileInformationByHandle(file, &info) ||
      (info.dwFileAttributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_REPARSE_POINT))) {
    ::CloseHandle(file);
    if (why) *why = IoFailure::other;
    return nullptr;
  }
  if (why) *why = IoFailure::none;
  const auto deadline = std::chrono::steady_clock::now() + wait;
  for (;;) {
    OVERLAPPED ov{};
    ov.OffsetHigh = k_lock_offset_high;
    if (::LockFileEx(file, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ov)) break;
    if (std::chrono::steady_clock::now() >= deadline) {
      ::CloseHandle(file);
      return nullptr;
    }
    ::Sleep(10);
  }
  std::unique_ptr<FileLock> lock(new FileLock());
  lock->m_impl = std::make_unique<Impl>();
  lock->m_impl->file = file;
  return lock;
}

}  // namespace pdo::platform
