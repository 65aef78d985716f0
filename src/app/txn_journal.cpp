#include "app/txn_journal.hpp"

#include <algorithm>
#include <sstream>

#include <fstream>

#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

namespace pdo::app {

using util::tr;

namespace {

constexpr const char* k_stage_names[] = {"locking", "writing", "committing", "publishing"};
constexpr std::size_t k_journal_cap = 4 << 20;
constexpr std::string_view k_header = "pdo-transaction 1\n";

std::string hex(std::string_view bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (const char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

std::optional<std::string> unhex(std::string_view text) {
  if (text.size() % 2) return std::nullopt;
  std::string out;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    int v = 0;
    for (std::size_t k = 0; k < 2; ++k) {
      const char c = text[i + k];
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) return std::nullopt;
      v = v * 16 + d;
    }
    out += static_cast<char>(v);
  }
  return out;
}

std::optional<std::uint64_t> number(const std::string& s) {
  if (!util::is_digits(s) || s.size() > 19) return std::nullopt;
  return std::stoull(s);
}

std::optional<std::int64_t> signed_number(const std::string& s) {
  if (!s.empty() && s.front() == '-') {
    auto n = number(s.substr(1));
    return n ? std::optional<std::int64_t>(-static_cast<std::int64_t>(*n)) : std::nullopt;
  }
  auto n = number(s);
  return n ? std::optional<std::int64_t>(static_cast<std::int64_t>(*n)) : std::nullopt;
}

std::optional<Stage> parse_stage(const std::string& s) {
  for (std::size_t i = 0; i < std::size(k_stage_names); ++i) {
    if (s == k_stage_names[i]) return static_cast<Stage>(i);
  }
  return std::nullopt;
}

/// The file a lock stands for: index.lock -> index.
fs::path lock_target(const fs::path& gitdir, const std::string& name) {
  return gitdir / util::path_from_utf8(name.substr(0, name.size() - 5));
}

/// A path the journal may name: relative, with no "." or ".." part (transaction.cpp's check_path lets no
/// other through), by this system's path rules (on Windows "C:x" and "\\x" lead out too). Recovery renames
/// and removes what the journal names, and the journal is workspace content: a crafted one must not
/// reach outside the workspace (files) or .git (locks).
bool inside(const std::string& path) {
  const fs::path p = util::path_from_utf8(path);
  if (path.empty() || p.has_root_name() || p.has_root_directory()) return false;
  return std::none_of(p.begin(), p.end(), [](const fs::path& part) { return part == "." || part == ".."; });
}

bool parse_line(const std::vector<std::string>& w, Journal& j) {
  if (w.size() == 2 && w[0] == "pid") {
    auto n = number(w[1]);
    j.pid = n ? static_cast<long>(*n) : 0;
    return n.has_value();
  }
  if (w.size() == 2 && w[0] == "start") {
    auto n = number(w[1]);
    j.start = n.value_or(0);
    return n.has_value();
  }
  if (w.size() == 2 && w[0] == "stage") {
    auto s = parse_stage(w[1]);
    if (s) j.stage = *s;
    return s.has_value();
  }
  if (w.size() >= 2 && (w.size() - 2) % 4 == 0 && w[0] == "lock") {
    auto name = unhex(w[1]);
    if (!name || !inside(*name) || !util::ends_with(*name, ".lock") || name->size() < 6) {
      return false;
    }
    auto it = std::find_if(j.locks.begin(), j.locks.end(), [&](const LockRecord& l) { return l.name == *name; });
    if (it == j.locks.end()) it = j.locks.insert(j.locks.end(), LockRecord{*name, {}});
    for (std::size_t i = 2; i < w.size(); i += 4) {
      auto dev = number(w[i]), ino = number(w[i + 1]), size = number(w[i + 2]);
      auto mtime = signed_number(w[i + 3]);
      if (!dev || !ino || !size || !mtime) return false;
      it->identities.push_back(platform::FileIdentity{*dev, *ino, *size, *mtime});
    }
    return true;
  }
  if (w.size() == 5 && w[0] == "file") {
    auto path = unhex(w[3]);
    const bool removed = w[4] == "-";
    if (!path || !inside(*path) || (w[2] != "0" && w[2] != "1") || (w[4].size() != 64 && !removed) ||
        w[1] != std::to_string(j.files.size()))
      return false;
    if (removed && w[2] != "1") return false;  // only a file that was there is removed
    j.files.push_back({*path, w[2] == "1", removed ? std::string() : w[4], removed});
    return true;
  }
  if (w.size() == 3 && w[0] == "commit") {
    auto ref = unhex(w[1]);
    if (!ref) return false;
    j.ref = *ref;
    j.commit = w[2] == "-" ? "" : w[2];
    return true;
  }
  return false;
}

bool holds(const fs::path& file, const std::string& sha256) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(file, ec))) return false;
  auto bytes = util::read_file(file);
  return bytes && util::sha256_hex(*bytes) == sha256;
}

}  // namespace

bool LockRecord::proves(const std::optional<platform::FileIdentity>& now) const {
  return now && std::find(identities.begin(), identities.end(), *now) != identities.end();
}

fs::path txn_dir(const fs::path& gitdir) { return gitdir / "pdo-txn"; }

fs::path backup_path(const fs::path& dir, std::size_t index) { return dir / ("old-" + std::to_string(index)); }

Status JournalLog::begin(long pid, std::uint64_t start) {
  const fs::path file = m_dir / "journal";
  const auto fail = [&] { return Error{Exit::failure, tr("无法写入 ", "cannot write ") + util::path_to_utf8(file)}; };
  m_out.close();
  const std::string head = std::string(k_header) + "pid " + std::to_string(pid) + "\nstart " + std::to_string(start) + "\n";
  // The journal is idle here (recovery ran under the workspace lock): sized to this header first (no
  // handle of ours open, which Windows would need shared), then written over from the start. A kill in
  // between leaves the header and zero bytes: no whole record.
  std::error_code ec;
  if (fs::exists(file, ec)) fs::resize_file(file, head.size(), ec);
  if (ec) return fail();
  m_out.open(file, std::ios::binary | std::ios::in | std::ios::out);
  if (!m_out.is_open()) m_out.open(file, std::ios::binary | std::ios::out | std::ios::trunc);
  m_out.write(head.data(), static_cast<std::streamsize>(head.size()));
  m_out.flush();
  if (!m_out) return fail();
  return ok();
}

Status JournalLog::append(const std::string& line) {
  const std::string record = line + "\n";
  m_out.write(record.data(), static_cast<std::streamsize>(record.size()));  // one write: the record whole, or cut short
  m_out.flush();
  if (!m_out) return Error{Exit::failure, tr("无法写入 ", "cannot write ") + util::path_to_utf8(m_dir / "journal")};
  return ok();
}

Status JournalLog::lock_identity(const std::string& name, const platform::FileIdentity& id) {
  return append("lock " + hex(name) + " " + std::to_string(id.device) + " " + std::to_string(id.inode) + " " + std::to_string(id.size) +
                " " + std::to_string(id.mtime_ns));
}

Status JournalLog::file(std::size_t index, const FileRecord& r) {
  return append("file " + std::to_string(index) + " " + (r.existed ? "1 " : "0 ") + hex(r.path) + " " + (r.removed ? "-" : r.new_sha256));
}

Status JournalLog::stage(Stage stage) { return append(std::string("stage ") + k_stage_names[static_cast<int>(stage)]); }

Status JournalLog::commit(const std::string& ref, const std::string& commit) {
  return append("commit " + hex(ref) + " " + (commit.empty() ? "-" : commit));
}

void JournalLog::clear() {
  m_out.close();
  clear_txn_dir(m_dir);
}

std::optional<Journal> load_journal(const fs::path& dir) {
  std::error_code ec;
  const fs::path file = dir / "journal";
  if (!fs::is_regular_file(fs::symlink_status(file, ec)) || fs::file_size(file, ec) > k_journal_cap) return std::nullopt;
  auto text = util::read_file(file);
  if (!text || text->empty()) return std::nullopt;
  // Only whole records count: a line a kill cut short (no final newline) never happened.
  const std::string whole = text->substr(0, text->rfind('\n') == std::string::npos ? 0 : text->rfind('\n') + 1);
  const auto lines = util::split_lines(whole);
  if (lines.size() < 2 || util::chomp(lines.front()) != util::chomp(k_header)) return std::nullopt;
  Journal j;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (!parse_line(util::split(util::chomp(lines[i]), ' '), j)) return std::nullopt;
  }
  return j;
}

bool journal_has_records(const fs::path& dir) {
  std::error_code ec;
  const auto size = fs::file_size(dir / "journal", ec);
  return !ec && size > k_header.size();
}

std::vector<std::string> roll_back(const fs::path& gitdir, const fs::path& workdir, const fs::path& dir, const Journal& j) {
  if (j.stage >= Stage::writing) {
    for (std::size_t i = 0; i < j.files.size(); ++i) {
      const fs::path file = workdir / util::path_from_utf8(j.files[i].path);
      std::error_code ec;
      if (j.files[i].removed) {
        // A removed file comes back unless something new was put at its name since.
        if (!fs::exists(fs::symlink_status(file, ec)) && fs::exists(fs::symlink_status(backup_path(dir, i), ec))) {
          (void)platform::rename_no_replace(backup_path(dir, i), file);
        }
        continue;
      }
      // Only a file that still holds exactly pdo's bytes goes back; a later edit by the learner stays.
      if (!holds(file, j.files[i].new_sha256)) continue;
      if (j.files[i].existed) {
        // The old inode comes back under its name: a rename needs no free space, so this works on a full disk.
        (void)platform::rename_replace(backup_path(dir, i), file);
      } else {
        fs::remove(file, ec);
      }
    }
  }
  std::vector<std::string> unproven;
  for (const auto& l : j.locks) {
    const fs::path lock = gitdir / util::path_from_utf8(l.name);
    const auto now = platform::file_identity(lock);
    if (!now) continue;
    std::error_code ec;
    if (l.proves(now)) {
      fs::remove(lock, ec);
    } else {
      unproven.push_back(util::path_to_utf8(lock));
    }
  }
  return unproven;
}

std::vector<std::string> roll_forward(const fs::path& gitdir, const Journal& j) {
  std::vector<std::string> unproven;
  for (const auto& l : j.locks) {
    const fs::path lock = gitdir / util::path_from_utf8(l.name);
    const auto now = platform::file_identity(lock);
    if (!now) continue;
    if (l.proves(now) && platform::rename_replace(lock, lock_target(gitdir, l.name))) continue;
    unproven.push_back(util::path_to_utf8(lock));
  }
  return unproven;
}

void remove_temp_files(const fs::path& workdir, const Journal& j) {
  const std::string marker = ".pdo-tmp-" + std::to_string(j.pid) + "-";
  for (const auto& f : j.files) {
    const fs::path file = workdir / util::path_from_utf8(f.path);
    const std::string prefix = util::path_to_utf8(file.filename()) + marker;
    std::error_code ec;
    for (auto it = fs::directory_iterator(file.parent_path(), ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
      if (util::starts_with(util::path_to_utf8(it->path().filename()), prefix)) {
        std::error_code rec;
        fs::remove(it->path(), rec);
      }
    }
  }
}

void clear_txn_dir(const fs::path& dir) {
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::error_code rec;
    const std::string name = util::path_to_utf8(it->path().filename());
    if (name == "journal") {
      // Cut back to the header line (an old pdo's empty journal stays empty): never emptied, see JournalLog.
      if (fs::file_size(it->path(), rec) > k_header.size()) fs::resize_file(it->path(), k_header.size(), rec);
    } else if (util::starts_with(name, "seed-")) {
      // Kept for the next lock (transaction.cpp's take_lock checks it before it links it).
    } else {
      fs::remove_all(it->path(), rec);
    }
  }
}

}  // namespace pdo::app
