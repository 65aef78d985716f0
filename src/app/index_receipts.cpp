#include "app/index_receipts.hpp"

#include <charconv>
#include <fstream>

#include "app/transaction.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

namespace pdo::app {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t k_keep = 64;
constexpr std::size_t k_cap = 64 * 1024;
constexpr const char* k_header = "pdo-index-receipts 1";

fs::path receipts_file(const fs::path& gitdir) { return gitdir / "pdo-index-receipts"; }

std::string format_stamp(const git::IndexStamp& s) {
  std::string out = s.oid;
  for (const auto n : {static_cast<std::int64_t>(s.mode), s.ctime_s, static_cast<std::int64_t>(s.ctime_ns), s.mtime_s,
                       static_cast<std::int64_t>(s.mtime_ns), static_cast<std::int64_t>(s.dev), static_cast<std::int64_t>(s.ino),
                       static_cast<std::int64_t>(s.uid), static_cast<std::int64_t>(s.gid), static_cast<std::int64_t>(s.size)}) {
    out += ' ' + std::to_string(n);
  }
  return out;
}

bool is_oid(const std::string& s) { return s.size() == 40 && s.find_first_not_of("0123456789abcdef") == std::string::npos; }

template <typename T>
bool number(const std::string& s, T& out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size() && !s.empty();
}

std::optional<git::IndexStamp> parse_stamp(const std::string& text) {
  const auto f = util::split(text, ' ');
  if (f.size() != 11 || !is_oid(f[0])) return std::nullopt;
  git::IndexStamp s;
  s.oid = f[0];
  const bool ok = number(f[1], s.mode) && number(f[2], s.ctime_s) && number(f[3], s.ctime_ns) && number(f[4], s.mtime_s) &&
                  number(f[5], s.mtime_ns) && number(f[6], s.dev) && number(f[7], s.ino) && number(f[8], s.uid) && number(f[9], s.gid) &&
                  number(f[10], s.size);
  if (!ok) return std::nullopt;
  return s;
}

}  // namespace

std::string format_receipts(const std::vector<git::IndexSwap>& swaps) {
  std::string out = std::string(k_header) + "\n";
  for (const auto& s : swaps) {
    if (s.path.empty() || s.path.find_first_of("\t\n\r") != std::string::npos || !is_oid(s.committed)) continue;
    out += s.path + '\t' + s.committed + '\t' + format_stamp(s.before) + '\t' + format_stamp(s.after) + '\n';
  }
  return out;
}

std::optional<std::vector<git::IndexSwap>> parse_receipts(const std::string& text) {
  // Receipts are appended: a line a kill cut short (no final newline) was never written.
  const std::string whole = text.substr(0, text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
  const auto lines = util::split_lines(whole);  // views into `whole`
  if (lines.empty() || util::chomp(lines.front()) != k_header) return std::nullopt;
  std::vector<git::IndexSwap> swaps;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto line = util::chomp(lines[i]);
    if (line.empty()) continue;
    const auto f = util::split(line, '\t');
    if (f.size() != 4 || f[0].empty() || !is_oid(f[1])) return std::nullopt;
    auto before = parse_stamp(f[2]);
    auto after = parse_stamp(f[3]);
    if (!before || !after) return std::nullopt;
    swaps.push_back({f[0], std::move(*before), std::move(*after), f[1]});
  }
  return swaps;
}

std::vector<git::IndexSwap> load_receipts(const fs::path& gitdir) {
  auto text = util::read_file_capped(receipts_file(gitdir), k_cap);
  if (!text) return {};
  auto all = parse_receipts(*text).value_or(std::vector<git::IndexSwap>{});
  if (all.size() > k_keep) all.erase(all.begin(), all.end() - static_cast<std::ptrdiff_t>(k_keep));
  return all;
}

void save_receipts(const fs::path& gitdir, const std::vector<git::IndexSwap>& swaps) {
  if (swaps.empty()) return;
  const fs::path file = receipts_file(gitdir);
  const auto text = util::read_file_capped(file, k_cap);
  // Appended to (no new file each commit), while it is whole and small; else rewritten with the newest.
  const bool whole = text && !text->empty() && text->back() == '\n' && parse_receipts(*text);
  if (whole && text->size() < k_cap / 2) {
    auto lines = format_receipts(swaps);
    lines.erase(0, lines.find('\n') + 1);  // the header is there already
    std::ofstream out(file, std::ios::binary | std::ios::app);
    out << lines;
    return;
  }
  auto all = load_receipts(gitdir);
  all.insert(all.end(), swaps.begin(), swaps.end());
  if (all.size() > k_keep) all.erase(all.begin(), all.end() - static_cast<std::ptrdiff_t>(k_keep));
  (void)util::write_file_atomic(file, format_receipts(all), util::Replace::allowed);
}

Result<std::vector<std::string>> heal_index(git::Repo& repo) {
  auto stale = repo.stale_entries(load_receipts(repo.gitdir()));
  if (!stale) return stale.error();
  if (stale->empty()) return stale;
  Transaction mend;
  mend.heal = Transaction::Heal::always;
  auto done = run(repo, mend);
  if (!done) return done.error();
  return stale;
}

}  // namespace pdo::app
