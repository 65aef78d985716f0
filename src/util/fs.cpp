#include "util/fs.hpp"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <iterator>

#include "util/format.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/sha256.hpp"

namespace pdo::util {

fs::path path_from_utf8(std::string_view utf8) {
#if defined(__cpp_char8_t)
  return fs::path(std::u8string(utf8.begin(), utf8.end()));
#else
  return fs::u8path(utf8.begin(), utf8.end());
#endif
}

std::string path_to_utf8(const fs::path& path) {
#if defined(__cpp_char8_t)
  const auto u8 = path.u8string();
  return std::string(u8.begin(), u8.end());
#else
  return path.u8string();
#endif
}

namespace {

std::string size_text(std::size_t bytes) {
  if (bytes % (1024 * 1024) == 0) return std::to_string(bytes / (1024 * 1024)) + " MiB";
  return std::to_string(bytes) + tr(" 字节", " bytes");
}

/// The one reader: platform::read_regular_file's outcome as pdo's messages.
Result<std::string> read_regular(const fs::path& path, std::size_t max_bytes, bool head = false) {
  auto r = platform::read_regular_file(path, max_bytes, head);
  const auto name = [&] { return path_to_utf8(path); };  // only for a message: a scan reads thousands of files
  switch (r.outcome) {
    case platform::ReadOutcome::ok:
      return std::move(r.bytes);
    case platform::ReadOutcome::missing:
      return Error{Exit::failure, tr("无法读取文件 ", "cannot read ") + name() + tr("：文件不存在", ": no such file")};
    case platform::ReadOutcome::not_regular:
      return Error{Exit::usage, name() + tr("：不是普通文件（是文件夹、FIFO 管道或设备），pdo 不读取它",
                                            ": not a regular file (a folder, FIFO or device); pdo does not read it")};
    case platform::ReadOutcome::too_large:
      return Error{Exit::usage, name() + tr("：文件太大（上限 ", ": file too large (the limit is ") + size_text(max_bytes) + ")"};
    case platform::ReadOutcome::failed:
      break;
  }
  return Error{Exit::failure, tr("无法读取文件 ", "cannot read ") + name()};
}

}  // namespace

Result<std::string> read_file(const fs::path& path) { return read_regular(path, k_unlimited_bytes); }

Result<std::string> read_file_capped(const fs::path& path, std::size_t max_bytes) { return read_regular(path, max_bytes); }

Result<std::string> read_file_head(const fs::path& path, std::size_t bytes) { return read_regular(path, bytes, true); }

bool path_is_inside(const fs::path& dir, const fs::path& path) {
  std::error_code ec;
  const fs::path d = fs::weakly_canonical(absolute_path(dir), ec);
  if (ec) return false;
  const fs::path p = fs::weakly_canonical(absolute_path(path), ec);
  if (ec) return false;
  auto pi = p.begin();
  for (auto di = d.begin(); di != d.end(); ++di, ++pi) {
    if (di->empty() && std::next(di) == d.end()) break;  // "dir/" ends with an empty element
    if (pi == p.end() || *pi != *di) return false;
  }
  return true;
}

namespace {

fs::path temp_sibling(const fs::path& path) {
  static std::atomic<unsigned> counter{0};
  return path.parent_path() / path_from_utf8(temp_prefix(path, platform::current_pid()) + std::to_string(counter++));
}

Error not_writable(const fs::path& target) {
  return Error{Exit::unwritable, tr("无法写入 ", "cannot write ") + path_to_utf8(target) +
                                     tr("：所在文件夹不可写（只读、权限不足或磁盘已满）。请检查文件夹权限后重试；什么都没有改动。",
                                        ": its folder is not writable (read-only, no permission, or disk full). Check the folder's "
                                        "permissions and try again; nothing was changed.")};
}

/// The temp file, created new (never through a link a stale or planted name holds; such a name is skipped).
Status write_whole(fs::path& tmp, const fs::path& target, std::string_view content) {
  for (int attempt = 0;; ++attempt) {
    const auto why = platform::create_exclusive(tmp, content);
    if (why == platform::IoFailure::none) return ok();
    if (why != platform::IoFailure::exists || attempt == 8) return not_writable(target);
    tmp = temp_sibling(target);
  }
}

/// The file that replaces `path` gets its permissions (an executable file stays executable), as
/// `sed -i` and editors keep them.
void keep_permissions(const fs::path& path, const fs::path& tmp) {
  std::error_code ec;
  const auto old = fs::symlink_status(path, ec);
  if (ec || !fs::is_regular_file(old)) return;
  const auto mine = fs::symlink_status(tmp, ec).permissions();
  if (!ec && mine != old.permissions()) fs::permissions(tmp, old.permissions(), ec);
}

}  // namespace

std::string temp_prefix(const fs::path& path, long pid) {
  // NAME.pdo-tmp-PID-: a long name (over 200 bytes) is replaced by its hash, so the temp file's name fits
  // every file system's 255 bytes (a 247-byte file could not be written at all).
  std::string name = path_to_utf8(path.filename());
  if (name.size() > 200) name = "~" + sha256_hex(name).substr(0, 16);
  return name + ".pdo-tmp-" + std::to_string(pid) + "-";
}

Error lock_held(const std::string& lock) {
  return Error{Exit::busy,
               trf("另一个 git 程序正在使用仓库（锁文件 {0} 存在，而且不能证明是被中断的 pdo 留下的）。请等它结束后重试；"
                   "如果确定没有 git 程序（包括编辑器里打开的 git commit）在运行，删除它：rm \"{0}\"（Windows：del）。pdo 不会删除它。",
                   "another git program is using the repository (lock file {0} exists, and pdo cannot prove that an "
                   "interrupted pdo left it). Wait for that program to finish and try again; if you are sure no git program "
                   "(including a git commit waiting in an editor) is running, delete it: rm \"{0}\" (Windows: del). pdo never "
                   "deletes it.",
                   lock)};
}

Error not_a_file(const fs::path& path) {
  return Error{Exit::usage, path_to_utf8(path) + tr("：不是普通文件（是文件夹、链接、FIFO 管道或设备）；pdo 不会替换它，加 --force 也不会。"
                                                    "请换一个文件名。",
                                                    ": not a regular file (a folder, link, FIFO or device); pdo never replaces it, "
                                                    "with --force or not. Choose another file name.")};
}

Status write_file_atomic(const fs::path& path, std::string_view content, Replace replace) {
  if (const auto kind = platform::entry_kind(path); kind != platform::EntryKind::missing && kind != platform::EntryKind::regular) {
    return not_a_file(path);
  }
  fs::path tmp = temp_sibling(path);
  if (auto st = write_whole(tmp, path, content); !st) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    return st;
  }
  if (replace == Replace::allowed) keep_permissions(path, tmp);
  const bool done = replace == Replace::allowed ? platform::rename_replace(tmp, path) : platform::rename_no_replace(tmp, path);
  if (!done) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    const bool exists = fs::exists(path, ignored);
    return Error{Exit::failure, (replace == Replace::never && exists ? tr("文件已存在，未覆盖：", "file exists, not replaced: ")
                                                                     : tr("无法写入文件：", "cannot write file: ")) +
                                    path_to_utf8(path)};
  }
  return ok();
}

Status make_dirs(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return ok();
  fs::create_directories(path, ec);
  if (ec || !fs::is_directory(path)) {
    return Error{Exit::failure, tr("无法创建目录 ", "cannot create folder ") + path_to_utf8(path) + ": " + ec.message()};
  }
  return ok();
}

fs::path absolute_path(const fs::path& path) {
  fs::path abs = platform::full_path(path);
  // "dir/." normalises to "dir/"; drop the trailing separator so the path names the folder itself.
  if (!abs.has_filename() && abs.has_relative_path()) abs = abs.parent_path();
  return abs;
}

namespace {

std::string to_lower_ascii(std::string s) {
  for (auto& c : s) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return s;
}

}  // namespace

std::string expand_home(std::string_view typed, const EnvLookup& env) {
  std::string s(typed);
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && blank(s.back())) s.pop_back();
  std::size_t start = 0;
  while (start < s.size() && blank(s[start])) ++start;
  s.erase(0, start);
  if (s.size() >= 2 && ((s.front() == '"' && s.back() == '"') || (s.front() == '\'' && s.back() == '\''))) s = s.substr(1, s.size() - 2);
  const auto home = [&]() -> std::optional<std::string> {
    auto h = env("HOME");
    if (!h || h->empty()) h = env("USERPROFILE");
    return h && !h->empty() ? h : std::nullopt;
  };
  const auto rest_ok = [&](std::size_t n) { return s.size() == n || s[n] == '/' || s[n] == '\\'; };
  std::size_t n = 0;
  std::optional<std::string> base;
  if (!s.empty() && s[0] == '~' && rest_ok(1)) {
    n = 1;
    base = home();
  } else if (s.rfind("${HOME}", 0) == 0 && rest_ok(7)) {
    n = 7;
    base = home();
  } else if (s.rfind("$HOME", 0) == 0 && rest_ok(5)) {
    n = 5;
    base = home();
  } else if (s.size() >= 13 && to_lower_ascii(s.substr(0, 13)) == "%userprofile%" && rest_ok(13)) {
    n = 13;
    base = env("USERPROFILE");
    if (!base || base->empty()) base = home();
  }
  if (n == 0 || !base) return s;
  return *base + s.substr(n);
}

Error unwritable(platform::IoFailure why, const fs::path& where) {
  const std::string place = path_to_utf8(where);
  switch (why) {
    case platform::IoFailure::no_space:
      return Error{Exit::unwritable,
                   trf("工作区无法写入：磁盘已满（{}）。请腾出空间后重试；什么都没有改动。",
                       "the workspace cannot be written: the disk is full ({}). Free some space and try again; nothing was "
                       "changed.",
                       place)};
    case platform::IoFailure::read_only:
    case platform::IoFailure::denied:
      return Error{Exit::unwritable,
                   trf("工作区无法写入：{} 是只读的，或属于另一个用户。请用有写权限的账户运行，或修改权限；什么都没有改动。",
                       "the workspace cannot be written: {} is read-only or belongs to another user. Run pdo as a user who "
                       "may write there, or change the permissions; nothing was changed.",
                       place)};
    default:
      return Error{Exit::failure, trf("无法写入 {}；什么都没有改动。", "cannot write {}; nothing was changed.", place)};
  }
}

Error write_error(const Error& e, const fs::path& where) {
  if (e.code == Exit::unwritable) return e;
  const auto why = platform::last_io_failure();
  if (why == platform::IoFailure::no_space || why == platform::IoFailure::read_only || why == platform::IoFailure::denied) {
    return unwritable(why, where);
  }
  return e;
}

std::optional<std::string> read_if_file(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(file, ec))) return std::nullopt;
  auto text = read_file(file);
  if (!text) return std::nullopt;
  return std::move(text).value();
}

}  // namespace pdo::util
