#include "app/study_log.hpp"

#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "app/trailers.hpp"
#include "util/fs.hpp"

namespace pdo::app {

namespace {

constexpr std::size_t k_cache_cap = 256u * 1024 * 1024;

/// A commit the walk found, copied out of it: by its message, pdo's (trailers to read) or hand-made
/// (then the file's two versions, read by the walk, which alone touches the repository).
struct Found {
  std::string id;
  std::string message;
  long long time = 0;
  int offset_minutes = 0;
  std::string before_id, after_id;
  std::string before, after;  ///< the blobs, for a hand-made commit
  bool pdo_message = false;
};

/// A Pdo- message without box trailers: diffed by the walk's thread afterwards, at this place.
struct Later {
  std::size_t at = 0;  ///< events before it
  Found found;
};

/// Reads the found commits in the order found, on a second thread once the history is long enough (the
/// walk's inflating and pdo's trailer reading each took about half of a cold `pdo log`). Only pure work
/// happens there: the repository is the walk's alone.
class Reader {
public:
  ~Reader() { finish(); }
  void add(Found f) {
    std::unique_lock<std::mutex> lock(m_mutex);
    // The walk waits when the reader falls far behind (each unread commit holds its message or blobs).
    // (Only once the reader's thread runs: before it, nothing would ever make room.)
    m_room.wait(lock, [this] { return !m_thread.joinable() || m_queue.size() < k_backlog; });
    m_queue.push_back(std::move(f));
    ++m_added;
    if (!m_thread.joinable() && m_added >= k_start_after) m_thread = std::thread([this] { work(); });
    if (m_queue.size() >= k_batch) m_wake.notify_one();
  }
  /// Stops the reader once it has read everything.
  void finish() {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_done = true;
    }
    m_wake.notify_one();
    if (m_thread.joinable()) m_thread.join();
    for (auto& f : m_queue) read(f);  // short histories: no thread
    m_queue.clear();
  }
  std::vector<progress::Event>& events() { return m_events; }
  std::vector<Later>& later() { return m_later; }

private:
  static constexpr std::size_t k_start_after = 64;  // fewer commits are read inline at the end
  static constexpr std::size_t k_batch = 64;
  static constexpr std::size_t k_backlog = 128;

  void read(Found& f) {
    std::vector<progress::BoxChange> boxes;
    bool by_pdo = false;
    if (f.pdo_message) {
      boxes = read_trailers(f.message, f.id).boxes;
      by_pdo = !boxes.empty();
      if (!by_pdo) {
        m_later.push_back({m_events.size(), std::move(f)});
        return;
      }
    } else {
      boxes = progress::diff_boxes(f.before, f.after);
    }
    for (const auto& c : boxes) m_events.push_back({c, f.id, f.time, f.offset_minutes, by_pdo});
  }

  void work() {
    std::vector<Found> batch;
    std::unique_lock<std::mutex> lock(m_mutex);
    for (;;) {
      m_wake.wait(lock, [this] { return m_done || m_queue.size() >= k_batch; });
      if (m_queue.empty() && m_done) return;
      batch.assign(std::make_move_iterator(m_queue.begin()), std::make_move_iterator(m_queue.end()));
      m_queue.clear();
      lock.unlock();
      m_room.notify_one();
      for (auto& f : batch) read(f);
      batch.clear();
      lock.lock();
    }
  }

  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::condition_variable m_room;
  std::deque<Found> m_queue;
  std::size_t m_added = 0;
  bool m_done = false;
  std::thread m_thread;
  // Written by the reader's thread (or inline by finish()); read after finish().
  std::vector<progress::Event> m_events;
  std::vector<Later> m_later;
};

/// Reads the commits of HEAD not reachable from `stop_at` ("" for all) into events, newest first.
Status walk_events(const git::Repo& repo, const std::string& path, const std::string& stop_at, std::vector<progress::Event>& out,
                   std::atomic<std::uint64_t>* commits_read) {
  // A linear history hands each blob over twice (after of one commit, before of the next): keep the last.
  std::pair<std::string, std::string> last_blob;
  const auto blob = [&](const std::string& id) -> std::string {
    if (last_blob.first != id) last_blob = {id, repo.read_blob(id)};
    return last_blob.second;
  };
  Reader reader;
  Status walked = repo.walk_changes(
      path, stop_at,
      [&](const git::Repo::PathChangeView& v) {
        Found f;
        f.id = v.id;
        f.time = v.time;
        f.offset_minutes = v.offset_minutes;
        // Only a message naming a Pdo- key can carry pdo's trailers; the others skip the trailer parser.
        f.pdo_message = std::strstr(v.message, "Pdo-") != nullptr;
        if (f.pdo_message) {
          f.message = v.message;
          f.before_id = v.before_id;
          f.after_id = v.after_id;
        } else {
          f.before = blob(v.before_id);
          f.after = blob(v.after_id);
        }
        reader.add(std::move(f));
        return true;
      },
      commits_read);
  reader.finish();
  if (!walked) return walked;
  auto& events = reader.events();
  std::size_t from = 0;
  for (auto& l : reader.later()) {
    out.insert(out.end(), std::make_move_iterator(events.begin() + static_cast<std::ptrdiff_t>(from)),
               std::make_move_iterator(events.begin() + static_cast<std::ptrdiff_t>(l.at)));
    from = l.at;
    for (const auto& c : progress::diff_boxes(blob(l.found.before_id), blob(l.found.after_id))) {
      out.push_back({c, l.found.id, l.found.time, l.found.offset_minutes, false});
    }
  }
  out.insert(out.end(), std::make_move_iterator(events.begin() + static_cast<std::ptrdiff_t>(from)), std::make_move_iterator(events.end()));
  return ok();
}

std::optional<progress::JournalCache> read_cache(const std::filesystem::path& file) {
  auto text = util::read_file_capped(file, k_cache_cap);
  if (!text) return std::nullopt;
  return progress::decode_cache(*text);
}

}  // namespace

std::filesystem::path journal_cache_path(const git::Repo& repo) { return repo.gitdir() / "pdo-journal"; }

Result<std::vector<progress::Event>> study_events(const git::Repo& repo, const std::string& progress_path, UseCache use,
                                                  std::atomic<std::uint64_t>* walked) {
  const std::string head = repo.head_id();
  std::vector<progress::Event> events;
  if (use == UseCache::no || head.empty()) {
    if (auto read = walk_events(repo, progress_path, "", events, walked); !read) return read.error();
    return events;
  }
  const auto file = journal_cache_path(repo);
  auto cache = read_cache(file);
  // Usable only if it was read from the same file along a history HEAD still contains.
  if (cache && (cache->path != progress_path || !repo.is_ancestor(cache->head, head))) cache.reset();
  if (cache && cache->head == head) return std::move(cache->events);
  if (auto read = walk_events(repo, progress_path, cache ? cache->head : "", events, walked); !read) {
    if (!cache) return read.error();
    events.clear();  // the cached commit is unreadable (pruned): read everything again
    if (auto again = walk_events(repo, progress_path, "", events, walked); !again) return again.error();
    cache.reset();
  }
  if (cache) events.insert(events.end(), std::make_move_iterator(cache->events.begin()), std::make_move_iterator(cache->events.end()));
  progress::JournalCache fresh{head, progress_path, std::move(events)};
  (void)util::write_file_atomic(file, progress::encode_cache(fresh), util::Replace::allowed);  // a cache: best effort
  return std::move(fresh.events);
}

}  // namespace pdo::app
