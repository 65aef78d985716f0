#include "app/report/report_record.hpp"

#include <string>
#include <vector>

#include "util/fs.hpp"
#include "util/own_state.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

namespace pdo::app {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t k_kept = 32;
constexpr std::size_t k_line = 64 + 1 + 64;     // content hash, a blank, path hash
constexpr std::size_t k_max_report = 64 << 20;  // a report is a few hundred KiB; anything bigger is not one

util::OwnFile record_file(const fs::path& gitdir) { return util::OwnFile::at(gitdir, util::OwnFile::Name::reports); }

/// The path's hash (a path may hold any byte, a hash none): of its path from the workspace's root when it
/// lies inside it, else of its absolute, lexically normal UTF-8 form (`legacy`: always that, the key pdo
/// recorded before reports were keyed from the root).
std::string path_key(const fs::path& root, const fs::path& target, bool legacy = false) {
  const fs::path absolute = util::absolute_path(target);
  if (!legacy) {
    const fs::path inside = absolute.lexically_relative(util::absolute_path(root));
    if (!inside.empty() && *inside.begin() != "..") {
      std::string key = "workspace:";
      for (const auto& part : inside) key += "/" + util::path_to_utf8(part);
      return util::sha256_hex(key);
    }
  }
  return util::sha256_hex(util::path_to_utf8(absolute));
}

/// The record's well-formed lines, oldest first (the file is workspace content: anything else is dropped).
std::vector<std::string> recorded(const fs::path& gitdir) {
  std::vector<std::string> out;
  const auto text = record_file(gitdir).read((k_line + 1) * k_kept * 2);
  if (!text || !*text) return out;
  for (const auto line : util::split_lines(**text)) {
    const auto l = util::chomp(line);
    if (l.size() == k_line && l[64] == ' ') out.emplace_back(l);
  }
  return out;
}

}  // namespace

Result<ReportTarget> report_target(const fs::path& gitdir, const fs::path& root, const fs::path& target) {
  // The record is pdo's own file: one that is a link or not a file stops the report before it is written.
  if (auto st = record_file(gitdir).check(); !st) return st.error();
  std::error_code ec;
  const auto st = fs::symlink_status(target, ec);
  if (st.type() == fs::file_type::not_found) return ReportTarget::absent;
  if (st.type() != fs::file_type::regular) return ReportTarget::foreign;
  const auto bytes = util::read_file_capped(target, k_max_report);
  if (!bytes) return ReportTarget::foreign;
  const std::string hash = util::sha256_hex(*bytes) + " ";
  const std::string key = hash + path_key(root, target), legacy = hash + path_key(root, target, true);
  for (const auto& line : recorded(gitdir)) {
    if (line == key || line == legacy) return ReportTarget::ours;
  }
  return ReportTarget::foreign;
}

void remember_report(const fs::path& gitdir, const fs::path& root, const fs::path& target, std::string_view bytes) {
  std::vector<std::string> lines = recorded(gitdir);
  const std::string path = path_key(root, target);
  // One line a path: the newest report there.
  std::vector<std::string> kept;
  for (auto& l : lines) {
    if (l.compare(65, std::string::npos, path) != 0) kept.push_back(std::move(l));
  }
  kept.push_back(util::sha256_hex(bytes) + " " + path);
  const std::size_t from = kept.size() > k_kept ? kept.size() - k_kept : 0;
  std::string text;
  for (std::size_t i = from; i < kept.size(); ++i) text += kept[i] + "\n";
  (void)record_file(gitdir).write(text);
}

}  // namespace pdo::app
