#include "util/rel_path.hpp"

#include <vector>

#include "util/format.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"

namespace pdo::util {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t k_max_bytes = 4096;

/// Lower-case ASCII, without the code points macOS ignores in names (git's is_hfs_dotgit list:
/// U+200C-U+200F, U+202A-U+202E, U+206A-U+206F, U+FEFF), as a file system would compare the name.
std::string folded(std::string_view name) {
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c == 0xE2 && i + 2 < name.size()) {
      const auto b = static_cast<unsigned char>(name[i + 1]), d = static_cast<unsigned char>(name[i + 2]);
      if ((b == 0x80 && ((d >= 0x8C && d <= 0x8F) || (d >= 0xAA && d <= 0xAE))) || (b == 0x81 && d >= 0xAA && d <= 0xAF)) {
        i += 2;
        continue;
      }
    }
    if (c == 0xEF && name.substr(i, 3) == "\xEF\xBB\xBF") {
      i += 2;
      continue;
    }
    out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return out;
}

/// A name Windows or macOS would open as `.git`: any case, trailing dots and spaces (NTFS drops them),
/// the 8.3 short name GIT~1, ignorable code points (HFS+).
bool is_dotgit(std::string_view name) {
  const std::string f = folded(name);
  if (f == "git~1") return true;
  if (f.compare(0, 4, ".git") != 0) return false;
  return f.find_first_not_of(". ", 4) == std::string::npos;
}

/// Why `text` is not a working-tree path, or "" when it is one.
std::string why_not(std::string_view text) {
  if (text.empty()) return tr("路径是空的", "the path is empty");
  if (text.size() > k_max_bytes) return tr("路径太长", "the path is too long");
  if (text.front() == '/') return tr("是绝对路径", "it is absolute");
  const bool windows = platform::current_os() == platform::Os::windows;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7F) return tr("含有控制字符", "it holds a control character");
    // git allows both in a name elsewhere (a learner's a:b.py on Linux is one file), as pdo does.
    if (c == '\\' && windows) return tr("含有反斜杠（在 Windows 上是路径分隔符）", "it holds a backslash (a separator on Windows)");
    if (c == ':' && windows) return tr("含有冒号（在 Windows 上是盘符或数据流）", "it holds a colon (a drive letter or stream on Windows)");
  }
  for (const auto& name : split(text, '/')) {
    if (name.empty() || name == "." || name == "..") return tr("含有空的、. 或 .. 这一级", "it has an empty, . or .. part");
    if (is_dotgit(name)) return tr("指向 .git 文件夹", "it points into the .git folder");
  }
  return {};
}

}  // namespace

Result<RelPath> RelPath::parse(std::string_view text) {
  const std::string why = why_not(text);
  if (why.empty()) return RelPath(std::string(text));
  return Error{Exit::usage, trf("“{}”不是工作区里的路径：{}。pdo 不会读写它。",
                                "\"{}\" is not a path inside the workspace: {}. pdo does not read or write it.",
                                escape_controls(excerpt(text, 200)), why)};
}

Result<fs::path> RelPath::in(const fs::path& root, LastLink last, CheckedFolders* checked) const {
  fs::path p = root;
  const auto names = split(m_text, '/');
  std::size_t prefix = 0;  // bytes of m_text up to the current name
  for (std::size_t i = 0; i < names.size(); ++i) {
    p /= path_from_utf8(names[i]);
    prefix += names[i].size() + (i == 0 ? 0 : 1);
    const bool is_last = i + 1 == names.size();
    if (checked && !is_last && checked->count(m_text.substr(0, prefix)) != 0) continue;
    if (is_last && last == LastLink::allow) break;  // a link here is the file itself (committed as a link)
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(p, ec))) {
      if (checked && !is_last) checked->insert(m_text.substr(0, prefix));
      continue;
    }
    const std::string shown = escape_controls(path_to_utf8(p.lexically_relative(root)));
    if (is_last) {
      return Error{Exit::usage, trf("{} 是一个符号链接。pdo 不会替换链接，也不会写到链接指向的地方；请把它换成普通文件（复制内容）后重试。",
                                    "{} is a symbolic link. pdo never replaces a link or writes where it points; make it a regular file "
                                    "(copy its content) and try again.",
                                    shown)};
    }
    return Error{Exit::usage, trf("{} 是一个符号链接，pdo 不会顺着它走出工作区。请把它换成普通文件夹后重试。",
                                  "{} is a symbolic link, and pdo never follows a link out of the workspace. Make it a regular folder "
                                  "and try again.",
                                  shown)};
  }
  return p;
}

}  // namespace pdo::util
