#include "util/own_state.hpp"

#include <map>
#include <mutex>

#include "util/format.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"

namespace pdo::util {

namespace {

using platform::EntryKind;

// In the order of OwnFile::Name and OwnFile::TxnName.
constexpr const char* k_names[] = {"pdo.lock",    "pdo-txn",          "pdo-journal",        "pdo-started-lesson",
                                   "pdo-reports", "pdo-sync-pending", "pdo-index-receipts", "pdo-inflight"};
constexpr const char* k_txn_names[] = {"journal", "seed-0", "index", "index.lock", "fill"};
constexpr OwnFile::Name k_all_names[] = {OwnFile::Name::workspace_lock, OwnFile::Name::txn_folder,     OwnFile::Name::study_log_cache,
                                         OwnFile::Name::started_lesson, OwnFile::Name::reports,        OwnFile::Name::sync_pending,
                                         OwnFile::Name::index_receipts, OwnFile::Name::legacy_inflight};
constexpr OwnFile::TxnName k_all_txn_names[] = {OwnFile::TxnName::journal, OwnFile::TxnName::lock_seed, OwnFile::TxnName::scratch_index,
                                                OwnFile::TxnName::scratch_index_lock, OwnFile::TxnName::fill};
static_assert(std::size(k_names) == std::size(k_all_names) && std::size(k_txn_names) == std::size(k_all_txn_names));

fs::path txn_folder(const fs::path& gitdir) { return gitdir / k_names[static_cast<int>(OwnFile::Name::txn_folder)]; }

/// The transaction's folder, held: the one every living OwnFile of it already holds, else opened now (a
/// commit makes some 25 of them; one open serves them all).
std::shared_ptr<const platform::HeldFolder> held_txn_folder(const fs::path& gitdir) {
  static std::mutex guard;
  static std::map<fs::path, std::weak_ptr<const platform::HeldFolder>> living;
  const std::lock_guard<std::mutex> lock(guard);
  auto& slot = living[gitdir];
  if (auto held = slot.lock(); held && held->kind() == EntryKind::folder) return held;
  auto held = std::make_shared<const platform::HeldFolder>(txn_folder(gitdir));
  slot = held;
  return held;
}

/// What is at a name instead of what pdo keeps there, for the message; "" when it is what pdo keeps.
std::string wrong_kind(EntryKind kind, bool folder) {
  switch (kind) {
    case EntryKind::missing:
      return {};
    case EntryKind::regular:
      return folder ? tr("一个文件", "a file") : std::string();
    case EntryKind::folder:
      return folder ? std::string() : tr("一个文件夹", "a folder");
    case EntryKind::link:
      return tr("一个链接", "a link");
    case EntryKind::other:
      break;
  }
  return tr("一个 FIFO 管道、设备或套接字", "a FIFO, device or socket");
}

/// Exit 5 for `kind` at `path`, where pdo keeps a `folder` or a file: how to remove that name alone (a link
/// by rm, which never removes what it points to).
Error refused(const fs::path& path, EntryKind kind, bool folder) {
  const std::string name = path_to_utf8(path);
  const std::string remove = kind == EntryKind::folder ? trf("rm -r \"{}\"（Windows：rmdir /s）", "rm -r \"{}\" (Windows: rmdir /s)", name)
                                                       : trf("rm \"{}\"（Windows：del）", "rm \"{}\" (Windows: del)", name);
  return Error{Exit::busy,
               trf("pdo 在 {0} 放的是自己的{1}，现在那里却是{2}：pdo 不会通过它读写或删除任何东西，什么都没有改动。它可能来自"
                   "别的电脑、压缩包或同步文件夹，或者被改过。确定没有 pdo 在运行后，只删除这个名字（不是它指向的东西）：{3}，"
                   "再运行命令。",
                   "pdo keeps its own {1} at {0}, but {2} is there: pdo reads, writes and deletes nothing through it, and changed "
                   "nothing. It may come from another computer, an archive or a synced folder, or have been edited. Once you are "
                   "sure no pdo is running, delete that name alone (not what it points to): {3}, and run the command again.",
                   name, folder ? tr("文件夹", "folder") : tr("文件", "file"), wrong_kind(kind, folder), remove)};
}

}  // namespace

OwnFile::OwnFile(const fs::path& gitdir, const std::string& name_in_txn)
    : m_name(txn_folder(gitdir) / name_in_txn), m_held(held_txn_folder(gitdir)) {
  m_path = m_held->pinned() ? m_held->base() / name_in_txn : m_name;
}

OwnFile OwnFile::at(const fs::path& gitdir, Name name) {
  return OwnFile(gitdir / k_names[static_cast<int>(name)], name == Name::txn_folder);
}

OwnFile OwnFile::in_txn(const fs::path& gitdir, TxnName name) { return OwnFile(gitdir, std::string(k_txn_names[static_cast<int>(name)])); }

OwnFile OwnFile::backup(const fs::path& gitdir, std::size_t index) { return OwnFile(gitdir, "old-" + std::to_string(index)); }

Status OwnFile::check() const {
  // The folder a file of the transaction's is in: held since this OwnFile was made, or judged by its name.
  if (m_held && !m_held->pinned()) {
    const auto kind = platform::entry_kind(m_name.parent_path());
    if (!wrong_kind(kind, true).empty()) return refused(m_name.parent_path(), kind, true);
  }
  const auto kind = platform::entry_kind(m_path);
  if (wrong_kind(kind, m_folder).empty()) return ok();
  return refused(m_name, kind, m_folder);
}

Result<std::optional<std::string>> OwnFile::read(std::size_t max_bytes) const {
  if (auto st = check(); !st) return st.error();
  auto r = platform::read_regular_file_no_link(m_path, max_bytes);
  switch (r.outcome) {
    case platform::ReadOutcome::ok:
      return std::optional<std::string>(std::move(r.bytes));
    case platform::ReadOutcome::missing:
      return std::optional<std::string>();
    case platform::ReadOutcome::not_regular: {  // swapped in since check()
      const auto kind = platform::entry_kind(m_path);
      return refused(m_name, kind == EntryKind::regular || kind == EntryKind::missing ? EntryKind::other : kind, false);
    }
    case platform::ReadOutcome::too_large:
      return Error{Exit::usage,
                   trf("{}：文件太大（上限 {} 字节）", "{}: file too large (the limit is {} bytes)", path_to_utf8(m_name), max_bytes)};
    case platform::ReadOutcome::failed:
      break;
  }
  return Error{Exit::failure, tr("无法读取文件 ", "cannot read ") + path_to_utf8(m_name)};
}

Status OwnFile::write(std::string_view bytes) const {
  if (auto st = check(); !st) return st;
  auto st = write_file_atomic(m_path, bytes, Replace::allowed);
  if (!st && m_path != m_name) {  // a message names the file, not the handle it was reached through
    Error e = st.error();
    e.message = replace_all(e.message, path_to_utf8(m_path), path_to_utf8(m_name));
    return e;
  }
  return st;
}

Status OwnFile::remove() const {
  if (auto st = check(); !st) return st;
  std::error_code ec;
  if (!fs::remove(m_path, ec) && ec) return unwritable(platform::last_io_failure(), m_name);
  return ok();
}

Status OwnFile::make_folder() const {
  if (auto st = check(); !st) return st;
  std::error_code ec;
  fs::create_directory(m_path, ec);
  if (ec) return unwritable(platform::last_io_failure(), m_path);
  return check();  // created, or one that appeared meanwhile: a real folder either way
}

Status OwnFile::check_all(const fs::path& gitdir) {
  const auto held = held_txn_folder(gitdir);  // one open for the names below
  for (const auto name : k_all_names) {
    if (auto st = at(gitdir, name).check(); !st) return st;
  }
  for (const auto name : k_all_txn_names) {
    if (auto st = in_txn(gitdir, name).check(); !st) return st;
  }
  return ok();
}

}  // namespace pdo::util
