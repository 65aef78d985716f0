// pdo scan [PATH…] / pdo scan --history: looks for secrets in files and folders (default: the workspace)
// or in every commit ever made (files, file names and commit messages). Folders skip .git/ and what git ignores (.env belongs there); a
// file named on the command line is always scanned. The workspace's .gitleaks.toml adds rules (app/workspace_rules);
// --trust-rules records the learner's trust in that file, so its allowlists apply. Otherwise it reports
// only; it changes nothing.
#include <algorithm>
#include <atomic>
#include <memory>
#include <numeric>
#include <optional>
#include <ostream>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "app/hooks/secret_guard.hpp"
#include "cli/commands.hpp"
#include "git/repo.hpp"
#include "util/format.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/progress.hpp"
#include "util/text.hpp"

namespace pdo::cli {

using util::tr;
using util::trf;
namespace fs = std::filesystem;

namespace {

struct ScanOptions {
  std::vector<std::string> paths;
  bool history = false;
  bool trust_rules = false;  ///< --trust-rules: trust the workspace's .gitleaks.toml as it is now
  unsigned jobs = 0;         ///< threads for files; 0: one per core, at most 8
};

struct ScanFile {
  fs::path path;
  std::string shown;   ///< as printed: relative to where pdo runs when below it
  bool named = false;  ///< named on the command line: always read
};

std::string shown_path(const fs::path& path, const fs::path& cwd) {
  const auto rel = util::absolute_path(path).lexically_relative(util::absolute_path(cwd));
  if (!rel.empty() && *rel.begin() != "..") return rel.generic_u8string();
  return util::absolute_path(path).generic_u8string();
}

/// The files below one folder as shown_path prints each (relative to where pdo runs when below it, else
/// absolute), by string work only: shown_path's normalising per file was a tenth of a scan of an installed
/// Python tree.
class ShownBelow {
public:
  ShownBelow(const fs::path& dir, const fs::path& cwd) : m_dir(dir), m_shown(shown_path(dir, cwd)) {
    const auto inside = util::absolute_path(cwd).lexically_relative(util::absolute_path(dir));
    if (!inside.empty() && *inside.begin() != ".." && inside != ".") {
      m_cwd = inside.generic_u8string();
      if (m_cwd.back() != '/') m_cwd += '/';
    }
  }
  std::string operator()(const fs::path& file) const {
    auto rel = file.native().substr(m_dir.native().size());
    rel.erase(0, rel.find_first_not_of(fs::path::preferred_separator));
    const std::string below = fs::path(rel).generic_u8string();
    if (!m_cwd.empty() && util::starts_with(below, m_cwd)) return below.substr(m_cwd.size());  // pdo runs in a folder below
    return m_shown == "." ? below : m_shown + (m_shown.back() == '/' ? "" : "/") + below;
  }

private:
  fs::path m_dir;
  std::string m_shown;  ///< the folder as shown_path prints it
  std::string m_cwd;    ///< where pdo runs, below the folder, with a final '/'; "" when it is not below it
};

void collect_folder(const fs::path& dir, const fs::path& cwd, std::vector<ScanFile>& files) {
  const ShownBelow shown(dir, cwd);
  std::optional<git::Repo> repo;
  if (auto found = git::Repo::find_open(dir); found && *found) repo = std::move(**found);
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    const bool is_dir = it->is_directory(ec);
    if (is_dir && p.filename() == ".git") {
      it.disable_recursion_pending();
      continue;
    }
    if (repo && repo->is_ignored(repo->relative(p) + (is_dir ? "/" : ""))) {
      if (is_dir) it.disable_recursion_pending();
      continue;
    }
    // A link is not followed, as git does not: its target may be outside the folder (or huge).
    if (it->is_symlink(ec)) continue;
    if (!is_dir && it->is_regular_file(ec)) files.push_back({p, shown(p)});
  }
}

std::vector<ScanFile> collect(const ScanOptions& opts, Context& ctx) {
  std::vector<fs::path> roots;
  for (const auto& p : opts.paths) {
    const fs::path path = util::path_from_utf8(p);
    roots.push_back(path.is_absolute() ? path : ctx.cwd / path);
  }
  if (roots.empty()) roots.push_back(git::Repo::discover(ctx.cwd).value_or(ctx.cwd));
  std::vector<ScanFile> files;
  for (const auto& root : roots) {
    std::error_code ec;
    if (fs::is_directory(root, ec)) {
      collect_folder(root, ctx.cwd, files);
    } else if (fs::is_regular_file(root, ec)) {
      files.push_back({root, shown_path(root, ctx.cwd), true});
    } else {
      throw Failure(Exit::usage, tr("找不到要扫描的文件或文件夹：", "no such file or folder to scan: ") + util::path_to_utf8(root));
    }
  }
  return files;
}

/// The files of one scan as its workers read them: each path's place in the list, and the identity (size,
/// mtime) each file had when it was read, published once it is.
class ReadFiles {
public:
  explicit ReadFiles(const std::vector<ScanFile>& files) : m_ids(files.size()), m_state(files.size()) {
    for (std::size_t i = 0; i < files.size(); ++i) m_index.emplace(files[i].path.native(), i);
  }
  /// File i is done: read with this identity, or (null) not read.
  void done(std::size_t i, const platform::FileIdentity* id) {
    if (id) m_ids[i] = *id;
    m_state[i].store(id ? k_read : k_unread, std::memory_order_release);
  }
  /// The identity of a file this scan read, as it was read; nullopt for a file it does not read or could not.
  /// Every file but a .pyc is handed out before the first .pyc, so one not done yet is being read by another
  /// worker: this waits for it.
  std::optional<platform::FileIdentity> identity(const fs::path& path) const {
    const auto at = m_index.find(path.native());
    if (at == m_index.end()) return std::nullopt;
    int state = k_pending;
    while ((state = m_state[at->second].load(std::memory_order_acquire)) == k_pending) std::this_thread::yield();
    return state == k_read ? std::optional<platform::FileIdentity>(m_ids[at->second]) : std::nullopt;
  }

private:
  static constexpr int k_pending = 0, k_read = 1, k_unread = 2;
  std::unordered_map<fs::path::string_type, std::size_t> m_index;
  std::vector<platform::FileIdentity> m_ids;
  std::vector<std::atomic<int>> m_state;
};

/// A .pyc that CPython would load for a source this scan reads: its strings are that source's names and
/// literals (adjacent literals joined, as the scan joins them), so its bytes are not read. Its 16-byte header
/// is, to compare with the source's mtime and size as the scan read it.
bool current_bytecode(const fs::path& file, const ReadFiles& read) {
  const auto source = app::bytecode_source(file);
  const auto id = source ? read.identity(*source) : std::nullopt;
  if (!id) return false;
  const auto head = util::read_file_head(file, 16);
  return head && app::bytecode_current(*head, id->mtime_ns / 1000000000, id->size);
}

/// A program, library or object file in a folder (ELF, PE, Mach-O, a static archive): as git grep -I,
/// git-secrets and gitleaks do, its bytes are not read; only a name machine code goes by costs a look at
/// the first 8 bytes. Named on the command line, it is read.
bool machine_code_file(const fs::path& file) {
  if (!app::machine_code_name(file)) return false;
  const auto head = util::read_file_head(file, 8);
  return head && app::machine_code(*head, file);
}

/// What one scan of files did besides its findings.
struct ScanCounts {
  std::uint64_t bytes = 0;
  std::size_t scanned = 0, bytecode = 0, programs = 0;
  std::vector<std::size_t> unreadable;  ///< files that could not be read (in list order)
};

/// Scans the files with `jobs` threads (0: every core): each worker takes the next file, results keep the
/// files' order. .pyc files go last, so that their sources' identities are known by then.
std::vector<std::vector<secrets::Finding>> scan_files(const std::vector<ScanFile>& files, const app::SecretScan& scanner, unsigned jobs,
                                                      ScanCounts& counts, util::Progress& progress) {
  std::vector<std::vector<secrets::Finding>> found(files.size());
  std::vector<char> failed(files.size(), 0);
  ReadFiles read(files);
  std::vector<std::size_t> order(files.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_partition(order.begin(), order.end(), [&](std::size_t i) { return files[i].path.extension() != ".pyc"; });
  std::atomic<std::size_t> next{0}, skipped{0}, machine{0}, scanned{0};
  std::atomic<std::uint64_t> total{0};
  const auto work = [&] {
    std::string buffer;  // one allocation a worker: a tree of large files does not fault fresh pages in for each
    for (std::size_t k = next++; k < order.size(); k = next++) {
      const std::size_t i = order[k];
      auto* unread = files[i].named                          ? nullptr
                     : current_bytecode(files[i].path, read) ? &skipped
                     : machine_code_file(files[i].path)      ? &machine
                                                             : nullptr;
      if (unread != nullptr) {
        ++*unread;
        read.done(i, nullptr);
      } else {
        auto r = platform::read_regular_file(files[i].path, util::k_unlimited_bytes, false, std::move(buffer));
        const bool ok = r.outcome == platform::ReadOutcome::ok;
        read.done(i, ok ? &r.identity : nullptr);
        if (ok) {
          ++scanned;
          total += r.bytes.size();
          found[i] = scanner.scan(files[i].shown, r.bytes);
        } else if (r.outcome != platform::ReadOutcome::missing) {  // one removed since the walk had nothing to scan
          failed[i] = 1;                                           // named under the summary
        }
        buffer = std::move(r.bytes);  // its memory, for the next file
      }
      progress.add();
    }
  };
  const unsigned n = jobs > 0 ? jobs : std::max(1u, std::min(std::thread::hardware_concurrency(), 8u));
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < n; ++t) workers.emplace_back(work);
  work();
  for (auto& w : workers) w.join();
  counts.bytes = total;
  counts.bytecode = skipped;
  counts.programs = machine;
  counts.scanned = scanned;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (failed[i] != 0) counts.unreadable.push_back(i);
  }
  return found;
}

int finish(Context& ctx, std::size_t count, const std::string& summary) {
  ctx.out << summary;
  if (count == 0) return 0;
  ctx.out << "\n" << secret_advice() << "\n";
  return static_cast<int>(Exit::secret);
}

/// "扫描文件：12/345（每秒 67 个）": files of a large tree, or versions and commits of the history.
util::Progress::Label counter(const std::string& zh, const std::string& en, const std::string& zh_unit, const std::string& en_unit) {
  return [=](std::uint64_t done, std::uint64_t total, double rate) {
    return tr(zh, en) + util::grouped(done) + (total ? "/" + util::grouped(total) : "") + tr(zh_unit, en_unit) + tr("（每秒 ", " (") +
           util::rate_text(rate) + tr(" 个）", "/s)");
  };
}

/// The workspace whose .gitleaks.toml applies: the repository around where pdo runs, else that folder.
fs::path rules_root(const Context& ctx) { return git::Repo::discover(ctx.cwd).value_or(ctx.cwd); }

/// --trust-rules: records trust in the file's bytes as they are now and says what that changes.
void trust_rules(Context& ctx) {
  const auto rules = app::load_workspace_rules(rules_root(ctx)).take();
  if (!rules) {
    throw Failure(Exit::usage, trf("这个工作区没有 {}，没有要信任的规则。", "this workspace has no {}: there are no rules to trust.",
                                   app::k_gitleaks_file));
  }
  if (auto st = app::trust(rules->source); !st) throw Failure(st.error());
  const std::size_t own = std::accumulate(rules->config.rules.begin(), rules->config.rules.end(), std::size_t{0},
                                          [](std::size_t n, const secrets::GitleaksRule& r) { return n + r.allowlists.size(); });
  ctx.err << trf(
      "已信任 {}（sha256 {}…）：它的 {} 个 allowlist 现在生效（全局 {} 个，规则里 {} 个）。文件的内容一改，就需要重新信任。\n",
      "Trusted {} (sha256 {}…): its {} allowlists now apply ({} global, {} in rules). Any change to the file needs trust again.\n",
      app::k_gitleaks_file, rules->source.sha256.substr(0, 12), rules->config.allowlists.size() + own, rules->config.allowlists.size(),
      own);
}

int run_scan_files(const ScanOptions& opts, Context& ctx) {
  const auto files = collect(opts, ctx);
  const auto scanner = app::workspace_scan(rules_root(ctx));
  ScanCounts counts;
  util::Progress progress(ctx.err, app::show_progress(ctx), counter("扫描文件：", "Scanning files: ", " 个", ""), files.size());
  const auto found = scan_files(files, *scanner, opts.jobs, counts, progress);
  progress.finish();
  app::print_warnings(*scanner, ctx.err);
  const auto style = app::style(ctx, platform::StdStream::out);
  std::size_t count = 0;
  for (const auto& list : found) {
    for (const auto& f : list) {
      ctx.out << format_finding(f, style) << "\n";
      ++count;
    }
  }
  const std::uint64_t bytes = counts.bytes;
  const std::string mb = std::to_string(bytes / (1024 * 1024)) + "." + std::to_string(bytes % (1024 * 1024) * 10 / (1024 * 1024));
  const std::string skipped = counts.bytecode == 0
                                  ? std::string()
                                  : tr("有 ", "") + util::counted(counts.bytecode, "个 .pyc", ".pyc file", ".pyc files") +
                                        tr(" 没有读取：它们和编译它们的源文件一致，源文件扫描过了。\n",
                                           " not read: each matches the source it was compiled from, which was scanned.\n");
  const std::string machine =
      counts.programs == 0
          ? std::string()
          : tr("有 ", "") + util::counted(counts.programs, "个程序或库文件", "program or library", "programs or libraries") +
                tr("没有读取（机器码：ELF、PE、Mach-O、.a）；要扫描其中一个，在命令里写出它的文件名：pdo scan 文件\n",
                   " not read (machine code: ELF, PE, Mach-O, .a); to scan one, name it: pdo scan FILE\n");
  // A file pdo could not read was not scanned: it is named, and the scan does not pass.
  std::string unreadable;
  if (!counts.unreadable.empty()) {
    unreadable = tr("有 ", "") + util::counted(counts.unreadable.size(), "个文件", "file", "files") +
                 tr("无法读取，没有扫描（没有读取权限，或者扫描时被替换了）：",
                    " could not be read, so not scanned (no permission to read, or replaced during the scan):");
    for (std::size_t k = 0; k < counts.unreadable.size() && k < 10; ++k) unreadable += "\n  " + files[counts.unreadable[k]].shown;
    if (counts.unreadable.size() > 10) unreadable += tr("\n  ……还有 ", "\n  … and ") + std::to_string(counts.unreadable.size() - 10);
    unreadable += "\n";
  }
  const int code =
      finish(ctx, count,
             tr("扫描了 ", "Scanned ") + util::counted(counts.scanned, "个文件", "file", "files") + tr("（", " (") + mb +
                 tr(" MB），发现 ", " MB), found ") + util::counted(count, "处疑似密钥", "possible secret", "possible secrets") +
                 tr("。\n", ".\n") + skipped + machine + unreadable);
  return code == 0 && !counts.unreadable.empty() ? static_cast<int>(Exit::failure) : code;
}

int run_scan_history(Context& ctx) {
  git::tune_for_reading();                     // every object is read once (a parent's tree is kept), none needs its hash checked
  auto found = git::Repo::find_open(ctx.cwd);  // a repository owned by another user counts as none, as before
  if (!found || !*found) {
    throw Failure(Exit::usage, tr("这里不是 git 仓库，没有历史可以扫描。", "not inside a git repository: no history to scan."));
  }
  const git::Repo repo = std::move(**found);
  const auto scan = app::workspace_scan(repo.workdir());
  const auto& scanner = *scan;
  const auto style = app::style(ctx, platform::StdStream::out);
  std::size_t count = 0, blobs = 0;
  // A finding is printed as it is found: the progress line steps aside for it.
  const auto print = [&](util::Progress& progress, const std::string& commit, const secrets::Finding& f) {
    const auto paused = progress.pause();
    ctx.out << util::paint(style, util::Tone::place, commit.substr(0, 12)) << " " << format_finding(f, style) << "\n" << std::flush;
    ++count;
  };
  // One walk reads both; the findings in commit messages are printed after those in files, as before.
  std::vector<std::pair<std::string, secrets::Finding>> in_messages;
  {
    util::Progress progress(ctx.err, app::show_progress(ctx), counter("扫描历史：", "Scanning history: ", " 个文件版本", " file versions"));
    repo.for_each_history(
            [&](const git::Repo::OutgoingCommit& c) {
              for (const auto& [label, text] : {std::pair{tr("(提交说明)", "(commit message)"), c.message},
                                                std::pair{tr("(作者或提交者)", "(author or committer)"), c.identities}}) {
                for (auto f : scanner.scan_content(label, text)) {
                  f.path = label;
                  in_messages.emplace_back(c.commit, std::move(f));
                }
              }
            },
            [&](const git::Repo::HistoryBlob& blob) {
              ++blobs;
              progress.add();
              for (const auto& f : scanner.scan(blob.path, blob.content)) print(progress, blob.commit, f);
            })
        .take();
    for (const auto& [commit, f] : in_messages) print(progress, commit, f);
    // Branch and tag names, and annotated tags' messages and taggers (every tag of a tag of a tag), are
    // history a push sends too.
    const auto scan_ref_text = [&](const std::string& label, const std::string& text) {
      for (auto f : scanner.scan_content(label, text)) {
        f.path = label;
        print(progress, tr("引用", "ref"), f);  // not the name: it may be the key
      }
    };
    for (const auto& ref : repo.ref_texts().take()) {
      scan_ref_text(tr("(引用名)", "(ref name)"), ref.name);
      for (const auto& tag : ref.tags) {
        scan_ref_text(tr("(标签说明)", "(tag message)"), tag.message);
        scan_ref_text(tr("(标签作者)", "(tagger)"), tag.tagger);
      }
    }
  }
  const std::string shallow =
      repo.is_shallow()
          ? tr("这是浅克隆（git clone --depth）：只扫描了本地有的提交，更早的历史不在这里。\n",
               "This is a shallow clone (git clone --depth): only the commits it has were scanned; older history is not here.\n")
          : "";
  app::print_warnings(scanner, ctx.err);
  return finish(ctx, count,
                shallow + tr("扫描了历史中的 ", "Scanned ") + util::counted(blobs, "个文件版本", "file version", "file versions") +
                    tr("，发现 ", " in history, found ") + util::counted(count, "处疑似密钥", "possible secret", "possible secrets") +
                    tr("。", ".") +
                    (count ? tr("已提交的密钥请先到服务商网站作废；改写历史（git filter-repo）不能让它变安全。\n",
                                " A committed key must be revoked on the provider's site; rewriting history does not make it safe.\n")
                           : "\n"));
}

}  // namespace

void setup_scan(Args cmd, Context& ctx) {
  auto opts = std::make_shared<ScanOptions>();
  cmd.option("paths", opts->paths, tr("要检查的文件或文件夹（默认：整个工作区）", "Files or folders to scan (default: the workspace)"))
      .type_name(k_path_value);
  cmd.flag("--trust-rules", opts->trust_rules,
           tr("信任工作区 .gitleaks.toml 现在的内容，让它的 allowlist 生效，然后扫描",
              "Trust the workspace's .gitleaks.toml as it is now, so its allowlists apply, then scan"));
  cmd.flag("--history", opts->history,
           tr("改为检查仓库的每个提交（显示提交和路径）", "Scan every commit of the repository instead (shows commit and path)"));
  // Checked in the callback, not with a CLI11 validator: every pdo process (each git hook) sets this up.
  cmd.option("-j,--jobs", opts->jobs,
             tr("同时扫描文件的线程数（默认：每个 CPU 核一个，最多 8 个）", "Threads that scan files (default: one per core, at most 8)"));
  cmd.callback([opts, &ctx] {
    if (opts->history && !opts->paths.empty()) throw Failure(Exit::usage, tr("--history 不接受路径参数。", "--history takes no paths."));
    if (opts->jobs > 64) throw Failure(Exit::usage, tr("--jobs 最多 64。", "--jobs is at most 64."));
    if (opts->trust_rules) trust_rules(ctx);
    ctx.exit_code = opts->history ? run_scan_history(ctx) : run_scan_files(*opts, ctx);
  });
}

}  // namespace pdo::cli
