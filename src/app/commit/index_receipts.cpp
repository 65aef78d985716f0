#include "app/commit/index_receipts.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <limits>

#include "app/commit/transaction.hpp"
#include "util/fs.hpp"
#include "util/own_state.hpp"
#include "util/text.hpp"

namespace pdo::app {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t k_keep = 64;
constexpr std::size_t k_cap = 64 * 1024;
constexpr const char* k_header = "pdo-index-receipts 1";

util::OwnFile receipts_file(const fs::path& gitdir) { return util::OwnFile::at(gitdir, util::OwnFile::Name::index_receipts); }

std::string format_stamp(const git::IndexStamp& s) {
  std::string out = s.oid;
  for (const auto n : {static_cast<std::int64_t>(s.mode), s.ctime_s, static_cast<std::int64_t>(s.ctime_ns), s.mtime_s,
                       static_cast<std::int64_t>(s.mtime_ns), static_cast<std::int64_t>(s.dev), static_cast<std::int64_t>(s.ino),
                       static_cast<std::int64_t>(s.uid), static_cast<std::int64_t>(s.gid), static_cast<std::int64_t>(s.size)}) {
    out += ' ' + std::to_string(n);
  }
  return out;
}

/// The next `sep`-separated field of `rest` (which loses it and the separator): parsed as views, with no
/// allocation per field, since every pdo commit reads the whole file.
std::string_view next_field(std::string_view& rest, char sep) {
  const auto end = rest.find(sep);
  const std::string_view field = rest.substr(0, end);
  rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  return field;
}

template <typename T>
bool number(std::string_view s, T& out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size() && !s.empty();
}

std::optional<git::IndexStamp> parse_stamp(std::string_view text) {
  if (text.empty() || text.back() == ' ') return std::nullopt;  // eleven fields, no empty last one
  git::IndexStamp s;
  const auto oid = next_field(text, ' ');
  if (!util::is_object_id(oid)) return std::nullopt;
  s.oid = std::string(oid);
  const bool ok = number(next_field(text, ' '), s.mode) && number(next_field(text, ' '), s.ctime_s) &&
                  number(next_field(text, ' '), s.ctime_ns) && number(next_field(text, ' '), s.mtime_s) &&
                  number(next_field(text, ' '), s.mtime_ns) && number(next_field(text, ' '), s.dev) &&
                  number(next_field(text, ' '), s.ino) && number(next_field(text, ' '), s.uid) && number(next_field(text, ' '), s.gid) &&
                  number(next_field(text, ' '), s.size);
  if (!ok || !text.empty()) return std::nullopt;
  return s;
}

}  // namespace

std::string format_receipts(const std::vector<git::IndexSwap>& swaps) {
  std::string out = std::string(k_header) + "\n";
  for (const auto& s : swaps) {
    if (!util::is_object_id(s.committed)) continue;  // a RelPath holds no tab or line break
    out += s.path.str() + '\t' + s.committed + '\t' + format_stamp(s.before) + '\t' + format_stamp(s.after) + '\n';
  }
  return out;
}

namespace {

/// The receipts of the newest `newest` lines of `text` (a file's first line is its header, checked
/// always); nullopt if one of them is malformed. Lines older than those are not read: the file keeps
/// only the newest k_keep when it is next rewritten.
std::optional<std::vector<git::IndexSwap>> parse_newest(std::string_view text, std::size_t newest) {
  // Receipts are appended: a line a kill cut short (no final newline) was never written.
  const auto last = text.rfind('\n');
  std::string_view rest = last == std::string_view::npos ? std::string_view() : text.substr(0, last + 1);
  if (util::chomp(next_field(rest, '\n')) != k_header) return std::nullopt;
  std::size_t start = rest.size();  // where the newest `newest` lines begin
  for (std::size_t lines = 0; start > 0 && lines <= newest;) {
    if (rest[start - 1] == '\n' && ++lines > newest) break;
    --start;
  }
  rest = rest.substr(start);
  std::vector<git::IndexSwap> swaps;
  swaps.reserve(static_cast<std::size_t>(std::count(rest.begin(), rest.end(), '\n')));
  while (!rest.empty()) {
    std::string_view line = util::chomp(next_field(rest, '\n'));
    if (line.empty()) continue;
    if (line.back() == '\t') return std::nullopt;              // four fields, no empty last one
    auto path = util::RelPath::parse(next_field(line, '\t'));  // a receipt's path is input too: never one out of the tree
    const auto committed = next_field(line, '\t');
    if (!path || !util::is_object_id(committed)) return std::nullopt;
    auto before = parse_stamp(next_field(line, '\t'));
    auto after = parse_stamp(next_field(line, '\t'));
    if (!before || !after || !line.empty()) return std::nullopt;
    swaps.push_back({std::move(path).value(), std::move(*before), std::move(*after), std::string(committed)});
  }
  return swaps;
}

}  // namespace

std::optional<std::vector<git::IndexSwap>> parse_receipts(const std::string& text) {
  return parse_newest(text, std::numeric_limits<std::size_t>::max());
}

ReceiptsFile read_receipts(const fs::path& gitdir) {
  ReceiptsFile out;
  auto read = receipts_file(gitdir).read(k_cap);
  if (!read || !*read) return out;
  const std::string* text = &**read;
  auto swaps = parse_newest(*text, k_keep);
  if (!swaps) return out;
  // Appended to while it is whole and small (no new file each commit); else rewritten with the newest.
  out.appendable = !text->empty() && text->back() == '\n' && text->size() < k_cap / 2;
  out.swaps = std::move(*swaps);
  if (out.swaps.size() > k_keep) out.swaps.erase(out.swaps.begin(), out.swaps.end() - static_cast<std::ptrdiff_t>(k_keep));
  return out;
}

std::vector<git::IndexSwap> load_receipts(const fs::path& gitdir) { return read_receipts(gitdir).swaps; }

void save_receipts(const fs::path& gitdir, const std::vector<git::IndexSwap>& swaps, bool appendable) {
  if (swaps.empty()) return;
  const util::OwnFile file = receipts_file(gitdir);
  if (!file.check()) return;  // never through a link: the next command names it
  if (appendable) {
    auto lines = format_receipts(swaps);
    lines.erase(0, lines.find('\n') + 1);  // the header is there already
    std::ofstream out(file.path(), std::ios::binary | std::ios::app);
    out << lines;
    return;
  }
  auto all = load_receipts(gitdir);
  all.insert(all.end(), swaps.begin(), swaps.end());
  if (all.size() > k_keep) all.erase(all.begin(), all.end() - static_cast<std::ptrdiff_t>(k_keep));
  (void)file.write(format_receipts(all));
}

void save_receipts(const fs::path& gitdir, const std::vector<git::IndexSwap>& swaps) {
  save_receipts(gitdir, swaps, read_receipts(gitdir).appendable);
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
