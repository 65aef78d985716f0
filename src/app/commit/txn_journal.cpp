#include "app/commit/txn_journal.hpp"

#include <algorithm>
#include <charconv>

#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

namespace pdo::app {

using util::tr;

namespace {

constexpr const char* k_stage_names[] = {"locking", "writing", "committing", "publishing"};
constexpr std::size_t k_journal_cap = 16 << 20;  // 10k paths of a big exercise folder fit many times
constexpr std::string_view k_header = "pdo-transaction 3\n";

/// A decimal number as std::to_string writes it, over the type's whole range (a device or inode number of
/// 20 digits is a u64 too): what the writer writes, the reader reads.
template <class T>
std::optional<T> number(std::string_view s) {
  T value{};
  const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (s.empty() || s.front() == '+' || error != std::errc() || end != s.data() + s.size()) return std::nullopt;
  if (s.size() > 1 && (s.front() == '0' || (s[0] == '-' && s[1] == '0'))) return std::nullopt;  // one spelling a value
  return value;
}

/// A 40-hex object id, or "-" for none.
std::optional<std::string> id_or_none(std::string_view s) {
  if (s == "-") return std::string();
  return util::is_object_id(s) ? std::optional<std::string>(s) : std::nullopt;
}

std::string parse_lock(const std::vector<std::string>& w, Journal& j) {
  const auto dev = number<std::uint64_t>(w[1]), ino = number<std::uint64_t>(w[2]), size = number<std::uint64_t>(w[3]);
  const auto mtime = number<std::int64_t>(w[4]);
  if (!dev || !ino || !size || !mtime)
    return tr("锁记录不是“设备 inode 大小 时间”", "a lock record that is not device, inode, size and time");
  if (!j.lock) j.lock.emplace();
  j.lock->identities.push_back(platform::FileIdentity{*dev, *ino, *size, *mtime});
  return {};
}

std::string parse_file(const std::vector<std::string>& w, std::string_view tail, Journal& j) {
  if (j.stage != Stage::locking || j.commit) return tr("文件记录出现在写文件之后", "a file record after the files were written");
  auto path = util::RelPath::parse(tail);
  if (!path) return path.error().message;
  const bool removed = w[3] == "-";
  const bool sha =
      w[3].size() == 64 && std::all_of(w[3].begin(), w[3].end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
  if (w[1] != std::to_string(j.files.size()) || (w[2] != "0" && w[2] != "1") || !(sha || removed) || (removed && w[2] != "1")) {
    return tr("文件记录格式不对", "a malformed file record");
  }
  j.files.push_back({std::move(path).value(), w[2] == "1", removed ? std::string() : w[3], removed});
  return {};
}

std::string parse_commit(const std::vector<std::string>& w, Journal& j) {
  if (j.commit || j.stage > Stage::writing) return tr("第二个提交记录", "a second commit record");
  auto old_id = id_or_none(w[2]), commit = id_or_none(w[3]);
  if (!git::Repo::is_branch_ref(w[1]) || !old_id || !commit) return tr("提交记录格式不对", "a malformed commit record");
  j.commit = CommitRecord{w[1], *old_id, *commit, {}};
  j.stage = Stage::committing;
  return {};
}

/// Reads one record into `j`: "" when it is one pdo writes at this point of a transaction, else why not.
/// A record is words separated by spaces, then a path or a message after a tab.
std::string parse_line(std::string_view line, Journal& j) {
  const auto tab = line.find('\t');
  const auto w = util::split(line.substr(0, tab), ' ');
  const std::string_view tail = tab == std::string_view::npos ? std::string_view() : line.substr(tab + 1);
  if (w.size() == 5 && w[0] == "lock" && tab == std::string_view::npos) return parse_lock(w, j);
  if (w.size() == 4 && w[0] == "file" && tab != std::string_view::npos) return parse_file(w, tail, j);
  if (w.size() == 4 && w[0] == "commit" && tab == std::string_view::npos) return parse_commit(w, j);
  if (w.size() == 1 && w[0] == "path" && tab != std::string_view::npos) {
    if (!j.commit || j.stage != Stage::committing) return tr("路径记录不在提交记录之后", "a path outside a commit record");
    auto path = util::RelPath::parse(tail);
    if (!path) return path.error().message;
    j.commit->paths.push_back(std::move(path).value());
    return {};
  }
  if (w.size() == 2 && w[0] == "stage" && tab == std::string_view::npos) {
    // The two stages pdo records itself (committing comes with the commit record).
    const bool writing = w[1] == "writing" && j.stage == Stage::locking;
    const bool publishing = w[1] == "publishing" && j.stage == Stage::committing && j.commit && !j.commit->commit.empty();
    if (!writing && !publishing) return tr("阶段顺序不对", "a stage out of order");
    j.stage = writing ? Stage::writing : Stage::publishing;
    return {};
  }
  return tr("未知的记录", "an unknown record");
}

using util::OwnFile;

OwnFile journal_file(const fs::path& gitdir) { return OwnFile::in_txn(gitdir, OwnFile::TxnName::journal); }

/// Whether `file` is a regular file (never through a link: opened without following one) of exactly the
/// bytes with that hash.
bool holds(const fs::path& file, const std::string& sha256) {
  const auto r = platform::read_regular_file_no_link(file, util::k_unlimited_bytes);
  return r.outcome == platform::ReadOutcome::ok && util::sha256_hex(r.bytes) == sha256;
}

/// Puts a backup back at `file`: its old inode under its name by a rename, which needs no free space (a full
/// disk); where the journal folder is on another file system than the working tree (a git dir elsewhere,
/// `gitdir:` in .git), which no rename crosses, its bytes by a copy.
void put_back(const OwnFile& backup, const fs::path& file, util::Replace replace) {
  if (!backup.check()) return;  // no longer what pdo kept there: nothing goes back through it
  const bool renamed =
      replace == util::Replace::allowed ? platform::rename_replace(backup.path(), file) : platform::rename_no_replace(backup.path(), file);
  if (renamed) return;
  if (const auto bytes = backup.read(util::k_unlimited_bytes); bytes && *bytes) (void)util::write_file_atomic(file, **bytes, replace);
}

}  // namespace

OwnFile witness(const fs::path& gitdir, bool filled) {
  return OwnFile::in_txn(gitdir, filled ? OwnFile::TxnName::scratch_index : OwnFile::TxnName::lock_seed);
}

fs::path lock_path(const git::Repo& repo) { return repo.index_path().concat(".lock"); }

Status JournalLog::begin(long pid, std::uint64_t start) {
  const OwnFile journal = journal_file(m_gitdir);
  const fs::path& file = journal.path();
  const auto fail = [&] { return Error{Exit::failure, tr("无法写入 ", "cannot write ") + util::path_to_utf8(journal.name())}; };
  m_out.close();
  m_files = 0;
  // Only a regular file (or none) is opened, which follows no link: the folder and the journal are checked.
  if (auto st = journal.check(); !st) return st;
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

Status JournalLog::append(const std::string& lines) {
  m_out.write(lines.data(), static_cast<std::streamsize>(lines.size()));  // one write: the records whole, or cut short
  m_out.flush();
  if (!m_out) return Error{Exit::failure, tr("无法写入 ", "cannot write ") + util::path_to_utf8(journal_file(m_gitdir).name())};
  return ok();
}

Status JournalLog::lock_identity(const platform::FileIdentity& id) {
  return append("lock " + std::to_string(id.device) + " " + std::to_string(id.inode) + " " + std::to_string(id.size) + " " +
                std::to_string(id.mtime_ns) + "\n");
}

Status JournalLog::file(std::size_t index, const FileRecord& r) {
  m_files = std::max(m_files, index + 1);  // counted first: a record cut short may still have its backup
  return append("file " + std::to_string(index) + (r.existed ? " 1 " : " 0 ") + (r.removed ? "-" : r.new_sha256) + "\t" + r.path.str() +
                "\n");
}

Status JournalLog::stage(Stage stage) { return append(std::string("stage ") + k_stage_names[static_cast<int>(stage)] + "\n"); }

Status JournalLog::commit(const CommitRecord& r) {
  std::string lines = "commit " + r.ref + " " + (r.old_id.empty() ? "-" : r.old_id) + " " + (r.commit.empty() ? "-" : r.commit) + "\n";
  for (const auto& p : r.paths) lines += "path\t" + p.str() + "\n";
  return append(lines);
}

void JournalLog::clear() {
  m_out.close();
  clear_txn_dir(m_gitdir, m_files);  // the count stays: only begin() starts a new one
}

Result<std::optional<Journal>> load_journal(const fs::path& gitdir) {
  const auto refuse = [&](const std::string& why) { return Error{Exit::busy, why}; };
  auto read = journal_file(gitdir).read(k_journal_cap);
  if (!read) return refuse(read.error().message);
  if (!*read) return std::optional<Journal>();
  const std::string* text = &**read;
  // Only whole records count: a line a kill cut short (no final newline) never happened.
  const auto end = text->rfind('\n');
  const auto lines = util::split_lines(std::string_view(*text).substr(0, end == std::string::npos ? 0 : end + 1));
  // A header alone (or an older pdo's), or begin()'s one write cut short before its pid and start lines were
  // whole (a full disk): nothing was done yet, since records are appended only after it.
  if (lines.size() <= 1 || (lines.size() <= 2 && util::chomp(lines.front()) == util::chomp(k_header))) return std::optional<Journal>();
  if (util::chomp(lines.front()) != util::chomp(k_header))
    return refuse(tr("第 1 行不是这个版本的 pdo 写的", "line 1 is not this pdo version's"));
  Journal j;
  // Plain numbers, "none" for a missing one (a start pdo never writes: no process start time is 2^64 - 1): an
  // optional here makes MinGW's g++ -O3 warn that it may be read uninitialised.
  constexpr std::uint64_t none = ~std::uint64_t{0};
  const std::uint64_t pid = lines.size() > 2 && util::starts_with(lines[1], "pid ")
                                ? number<std::uint64_t>(util::chomp(lines[1].substr(4))).value_or(none)
                                : none;
  const std::uint64_t start = lines.size() > 2 && util::starts_with(lines[2], "start ")
                                  ? number<std::uint64_t>(util::chomp(lines[2].substr(6))).value_or(none)
                                  : none;
  if (pid == none || start == none || pid == 0 || pid > 0x7fffffff)
    return refuse(tr("没有进程号和启动时间", "no process id and start time"));
  j.pid = static_cast<long>(pid);
  j.start = start;
  for (std::size_t i = 3; i < lines.size(); ++i) {
    if (const auto why = parse_line(util::chomp(lines[i]), j); !why.empty()) {
      return refuse(tr("第 ", "line ") + std::to_string(i + 1) + tr(" 行：", ": ") + why);
    }
  }
  return std::optional<Journal>(std::move(j));
}

bool journal_has_records(const fs::path& gitdir) {
  const OwnFile journal = journal_file(gitdir);
  const fs::path& file = journal.path();
  if (platform::entry_kind(file) != platform::EntryKind::regular) return false;  // a link is no journal of pdo's
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  return !ec && size > k_header.size();
}

std::string journal_without_files(const fs::path& gitdir) {
  const auto text = journal_file(gitdir).read(k_journal_cap);
  std::string kept;
  for (const auto line : util::split_lines(text && *text ? **text : std::string_view())) {
    if (!util::starts_with(line, "file ")) kept += line;
  }
  return kept;
}

void roll_back(const git::Repo& repo, const Journal& j) {
  const fs::path& gitdir = repo.gitdir();
  const fs::path workdir = repo.workdir();
  for (std::size_t i = 0; j.stage >= Stage::writing && i < j.files.size(); ++i) {
    const auto at = j.files[i].path.in(workdir);
    if (!at) continue;  // recover() refused the journal already
    const fs::path& file = *at;
    std::error_code ec;
    if (j.files[i].removed) {
      // A removed file comes back unless something new was put at its name since.
      const OwnFile backup = OwnFile::backup(gitdir, i);
      if (!fs::exists(fs::symlink_status(file, ec)) && platform::entry_kind(backup.path()) == platform::EntryKind::regular) {
        put_back(backup, file, util::Replace::never);
      }
      continue;
    }
    // Only a file that still holds exactly pdo's bytes goes back; a later edit by the learner stays.
    if (!holds(file, j.files[i].new_sha256)) continue;
    if (j.files[i].existed) {
      put_back(OwnFile::backup(gitdir, i), file, util::Replace::allowed);
    } else {
      fs::remove(file, ec);
    }
  }
  std::error_code ec;
  if (j.lock && j.lock->held) fs::remove(lock_path(repo), ec);
}

void remove_temp_files(const fs::path& workdir, const Journal& j) {
  for (const auto& f : j.files) {
    const auto file = f.path.in(workdir);
    if (!file) continue;
    const std::string prefix = util::temp_prefix(*file, j.pid);
    std::error_code ec;
    for (auto it = fs::directory_iterator(file->parent_path(), ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
      if (util::starts_with(util::path_to_utf8(it->path().filename()), prefix)) {
        std::error_code rec;
        fs::remove(it->path(), rec);
      }
    }
  }
}

void clear_txn_dir(const fs::path& gitdir, std::size_t files) {
  // What is not a regular file is left where it is (OwnFile::remove refuses it): the next command names it.
  for (std::size_t i = 0; i < files; ++i) (void)OwnFile::backup(gitdir, i).remove();
  for (const auto name : {OwnFile::TxnName::scratch_index, OwnFile::TxnName::scratch_index_lock, OwnFile::TxnName::fill}) {
    (void)OwnFile::in_txn(gitdir, name).remove();
  }
  // Cut back to the header line (an old pdo's empty journal stays empty): never emptied, see JournalLog.
  const OwnFile journal = journal_file(gitdir);
  std::error_code ec;
  if (journal.check() && platform::entry_kind(journal.path()) == platform::EntryKind::regular &&
      fs::file_size(journal.path(), ec) > k_header.size()) {
    fs::resize_file(journal.path(), k_header.size(), ec);
  }
}

}  // namespace pdo::app
