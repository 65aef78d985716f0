#pragma once
// A path inside the working tree, relative to its root and '/' separated, that only validation can make:
// every path pdo commits, writes, removes or reads back from its own records (the transaction journal,
// the index receipts, a remote's trees in pdo sync) is one, so a path that climbs out (`..`, absolute, on
// Windows a drive letter), reaches into `.git` (in any spelling Windows or macOS would take for it) or hides a
// separator (a backslash) cannot get that far. Links are checked where the path meets the disk (in()).
#include <filesystem>
#include <set>
#include <string>
#include <string_view>

#include "util/error.hpp"

namespace pdo::util {

class RelPath {
public:
  /// `text` as a working-tree path; a usage error naming it (controls escaped) and why, otherwise.
  static Result<RelPath> parse(std::string_view text);

  const std::string& str() const { return m_text; }
  operator const std::string&() const { return m_text; }  // NOLINT: reading a RelPath as text is always safe
  bool operator==(const RelPath& o) const { return m_text == o.m_text; }
  bool operator!=(const RelPath& o) const { return m_text != o.m_text; }
  bool operator<(const RelPath& o) const { return m_text < o.m_text; }

  /// Whether the path's last name may be a symbolic link (a link is committed as a link, never followed).
  enum class LastLink { refuse, allow };
  /// Folders under one root that in() found to be no link, shared by the calls of one check (a
  /// transaction's 10k exercise files share three folders).
  using CheckedFolders = std::set<std::string>;
  /// The path under `root` (the working tree), refused (usage error) when a folder on the way, or with
  /// LastLink::refuse the file itself, is a symbolic link: pdo never follows a link out of the workspace.
  Result<std::filesystem::path> in(const std::filesystem::path& root, LastLink last = LastLink::refuse,
                                   CheckedFolders* checked = nullptr) const;

private:
  explicit RelPath(std::string text) : m_text(std::move(text)) {}
  std::string m_text;
};

}  // namespace pdo::util
