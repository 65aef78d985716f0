#include "app/sync/sync_pending.hpp"

#include <algorithm>

#include "app/display.hpp"
#include "app/sync/sync_merge.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/own_state.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

namespace pdo::app {

using util::tr;
namespace fs = std::filesystem;

namespace {

/// The longest name copy_name gives, in bytes.
constexpr std::size_t k_max_copy_name_bytes = 200;

util::OwnFile record(const git::Repo& repo) { return util::OwnFile::at(repo.gitdir(), util::OwnFile::Name::sync_pending); }
constexpr std::size_t k_max_record_bytes = 256 * 1024;
constexpr std::size_t k_max_text_bytes = 16 * 1024 * 1024;

/// A path as the record may hold it: relative, '/' separated, no "." or ".." part, no control character.
bool plain_rel_path(std::string_view p) {
  if (p.empty() || p.front() == '/' || p.size() > 4096) return false;
  if (std::any_of(p.begin(), p.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '\\'; })) return false;
  for (const auto& part : util::split(p, '/')) {
    if (part.empty() || part == "." || part == "..") return false;
  }
  return true;
}

/// The file inside the working tree (no link on the way), if it is a regular file.
std::optional<fs::path> worktree_file(const git::Repo& repo, const std::string& rel) {
  const fs::path file = repo.workdir() / util::path_from_utf8(rel);
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(file, ec)) || !util::path_is_inside(repo.workdir(), file)) return std::nullopt;
  return file;
}

bool still_waits(const git::Repo& repo, const PendingFile& f) {
  if (f.kind == PendingFile::Kind::copy) return worktree_file(repo, f.copy).has_value();
  if (f.kind != PendingFile::Kind::marked) return false;
  const auto file = worktree_file(repo, f.path);
  if (!file) return false;
  const auto text = util::read_file_capped(*file, k_max_text_bytes);
  return text && has_conflict_markers(*text);
}

std::vector<PendingFile> read_record(const git::Repo& repo) {
  std::vector<PendingFile> out;
  const auto text = record(repo).read(k_max_record_bytes);
  if (!text || !*text) return out;
  for (const auto line : util::split_lines(**text)) {
    const auto fields = util::split(util::chomp(line), '\t');
    if (fields.size() == 2 && fields[0] == "marked" && plain_rel_path(fields[1])) {
      out.push_back({PendingFile::Kind::marked, std::string(fields[1]), {}});
    } else if (fields.size() == 3 && fields[0] == "copy" && plain_rel_path(fields[1]) && plain_rel_path(fields[2])) {
      out.push_back({PendingFile::Kind::copy, std::string(fields[1]), std::string(fields[2])});
    }
  }
  return out;
}

}  // namespace

std::vector<PendingFile> pending_files(const git::Repo& repo) {
  auto files = read_record(repo);
  files.erase(std::remove_if(files.begin(), files.end(), [&](const PendingFile& f) { return !still_waits(repo, f); }), files.end());
  return files;
}

void record_pending(const git::Repo& repo, const std::vector<PendingFile>& files) {
  auto all = read_record(repo);
  for (const auto& f : files) {
    if (std::find(all.begin(), all.end(), f) == all.end()) all.push_back(f);
  }
  std::string text;
  for (const auto& f : all) {
    if (!still_waits(repo, f)) continue;
    text += f.kind == PendingFile::Kind::copy ? "copy\t" + f.path + "\t" + f.copy + "\n" : "marked\t" + f.path + "\n";
  }
  (void)(text.empty() ? record(repo).remove() : record(repo).write(text));
}

std::string copy_name(const std::string& path, int n) {
  const auto slash = path.rfind('/');
  const std::size_t name_at = slash == std::string::npos ? 0 : slash + 1;
  auto dot = path.rfind('.');
  if (dot == std::string::npos || dot <= name_at) dot = path.size();
  const std::string word = " (" + tr("远程", "remote") + (n > 1 ? " " + std::to_string(n) : "") + ")";
  std::string stem = path.substr(name_at, dot - name_at), ext = path.substr(dot);
  // A name fits every file system pdo runs on (255 bytes a name, less the temp files' suffix git and pdo
  // add): a longer stem is cut at a character's start and told apart by its path's hash, a long extension
  // dropped into the stem's place.
  if (stem.size() + word.size() + ext.size() > k_max_copy_name_bytes) {
    if (ext.size() > 16) ext.clear();
    const std::string mark = "~" + util::sha256_hex(path).substr(0, 8);
    std::size_t keep = k_max_copy_name_bytes - std::min(k_max_copy_name_bytes, word.size() + ext.size() + mark.size());
    while (keep > 0 && keep < stem.size() && (static_cast<unsigned char>(stem[keep]) & 0xC0) == 0x80) --keep;
    stem = stem.substr(0, std::min(keep, stem.size())) + mark;
  }
  return path.substr(0, name_at) + stem + word + ext;
}

std::vector<PendingFile> waiting_among(const git::Repo& repo, const std::vector<std::string>& paths) {
  std::vector<PendingFile> out;
  for (const auto& p : paths) {
    if (!plain_rel_path(p)) continue;
    const PendingFile marked{PendingFile::Kind::marked, p, {}};
    if (still_waits(repo, marked)) out.push_back(marked);
    // A copy another machine's sync made: "name (远程).ext" (either language, any number) beside "name.ext".
    for (const char* word : {" (远程", " (remote"}) {
      const auto at = p.rfind(word);
      const auto close = at == std::string::npos ? std::string::npos : p.find(')', at);
      if (close == std::string::npos || p.find('/', at) != std::string::npos) continue;
      const std::string number = p.substr(at + std::string(word).size(), close - at - std::string(word).size());
      if (!number.empty() && !(number.front() == ' ' && util::is_digits(number.substr(1)))) continue;
      const std::string original = p.substr(0, at) + p.substr(close + 1);
      if (worktree_file(repo, original)) out.push_back({PendingFile::Kind::copy, original, p});
    }
  }
  return out;
}

std::string pending_text(const PendingFile& f) {
  std::string path = for_display(f.path, util::Breaks::escape);
  switch (f.kind) {
    case PendingFile::Kind::marked:
      return path +
             tr("：两台机器改了同一处，两种写法都留在文件里（<<<<<<< 本机 … ======= … >>>>>>> 远程 之间）。留下要的内容、删掉标记行，再提交。",
                ": both machines changed the same lines; both versions are in the file (between <<<<<<< this machine … "
                "======= … >>>>>>> remote). Keep what you want, delete the marker lines, then commit.");
    case PendingFile::Kind::copy:
      return path +
             tr("：两台机器都改了这个二进制文件，两份都留着：本机的在原处，远程的是 ",
                ": both machines changed this binary file; both are kept: this machine's in place, the remote's as ") +
             for_display(f.copy, util::Breaks::escape) +
             tr("。留下要的那份、删掉另一份，再提交。", ". Keep one, delete the other, then commit.");
    case PendingFile::Kind::kept:
      return path + tr("：一台机器删掉了它，另一台改了它；改过的版本留下了。确实不要的话再删一次并提交。",
                       ": one machine deleted it and the other changed it; the changed version was kept. If you meant to delete it, "
                       "delete it again and commit.");
  }
  return path;
}

}  // namespace pdo::app
