#include "app/txn_journal.hpp"

#include <algorithm>
#include <sstream>

#include "util/fs.hpp"
#include "util/text.hpp"

namespace pdo::app {

namespace {

constexpr const char* k_stage_names[] = {"locking", "locked", "writing", "written", "index-written", "moving", "moved"};
constexpr std::size_t k_journal_cap = 1 << 20;

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
    if (!name || name->size() < 6 || !util::ends_with(*name, ".lock") || name->find('/') != std::string::npos) return false;
    LockRecord r{*name, {}};
    for (std::size_t i = 2; i < w.size(); i += 4) {
      auto dev = number(w[i]), ino = number(w[i + 1]), size = number(w[i + 2]);
      auto mtime = signed_number(w[i + 3]);
      if (!dev || !ino || !size || !mtime) return false;
      r.identities.push_back(platform::FileIdentity{*dev, *ino, *size, *mtime});
    }
    j.locks.push_back(r);
    return true;
  }
  if (w.size() == 3 && w[0] == "file") {
    auto path = unhex(w[2]);
    if (!path || (w[1] != "0" && w[1] != "1")) return false;
    j.files.push_back({*path, w[1] == "1"});
    return true;
  }
  if (w.size() == 2 && w[0] == "ref") {
    auto ref = unhex(w[1]);
    if (ref) j.ref = *ref;
    return ref.has_value();
  }
  if (w.size() == 2 && w[0] == "commit") {
    j.commit = w[1] == "-" ? "" : w[1];
    return true;
  }
  return false;
}

bool same_bytes(const fs::path& file, const fs::path& backup) {
  auto a = util::read_file(file);
  auto b = util::read_file(backup);
  return a && b && *a == *b;
}

}  // namespace

bool LockRecord::proves(const std::optional<platform::FileIdentity>& now) const {
  return now && std::find(identities.begin(), identities.end(), *now) != identities.end();
}

fs::path txn_dir(const fs::path& gitdir) { return gitdir / "pdo-txn"; }

fs::path backup_path(const fs::path& dir, std::size_t index, bool new_bytes) {
  return dir / ((new_bytes ? "new-" : "old-") + std::to_string(index));
}

Status save_journal(const fs::path& dir, const Journal& j) {
  std::ostringstream out;
  out << "pdo-transaction 1\npid " << j.pid << "\nstart " << j.start << "\nstage " << k_stage_names[static_cast<int>(j.stage)] << "\n";
  for (const auto& l : j.locks) {
    out << "lock " << hex(l.name);
    for (const auto& id : l.identities) out << " " << id.device << " " << id.inode << " " << id.size << " " << id.mtime_ns;
    out << "\n";
  }
  for (const auto& f : j.files) out << "file " << (f.existed ? "1" : "0") << " " << hex(f.path) << "\n";
  if (!j.ref.empty()) out << "ref " << hex(j.ref) << "\n";
  out << "commit " << (j.commit.empty() ? "-" : j.commit) << "\n";
  return util::write_file_atomic(dir / "journal", out.str(), util::Replace::allowed);
}

std::optional<Journal> load_journal(const fs::path& dir) {
  std::error_code ec;
  const fs::path file = dir / "journal";
  if (!fs::is_regular_file(fs::symlink_status(file, ec)) || fs::file_size(file, ec) > k_journal_cap) return std::nullopt;
  auto text = util::read_file(file);
  if (!text) return std::nullopt;
  const auto lines = util::split_lines(*text);
  if (lines.empty() || util::chomp(lines.front()) != "pdo-transaction 1") return std::nullopt;
  Journal j;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (!parse_line(util::split(util::chomp(lines[i]), ' '), j)) return std::nullopt;
  }
  return j;
}

std::vector<std::string> roll_back(const fs::path& gitdir, const fs::path& workdir, const fs::path& dir, const Journal& j) {
  if (j.stage >= Stage::writing) {
    for (std::size_t i = 0; i < j.files.size(); ++i) {
      const fs::path file = workdir / util::path_from_utf8(j.files[i].path);
      // Only a file that still holds exactly pdo's bytes goes back; a later edit by the learner stays.
      if (!same_bytes(file, backup_path(dir, i, true))) continue;
      std::error_code ec;
      if (j.files[i].existed) {
        // A rename needs no free space: this works on a full disk too (the backup is never needed again).
        if (!platform::rename_replace(backup_path(dir, i, false), file)) {
          if (auto old = util::read_file(backup_path(dir, i, false))) (void)util::write_file_atomic(file, *old, util::Replace::allowed);
        }
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

void remove_txn_dir(const fs::path& dir) {
  std::error_code ec;
  fs::remove_all(dir, ec);
}

}  // namespace pdo::app
