#include "app/study_log.hpp"

#include <cstring>
#include <optional>
#include <utility>

#include "app/trailers.hpp"
#include "util/fs.hpp"

namespace pdo::app {

namespace {

constexpr std::size_t k_cache_cap = 256u * 1024 * 1024;

/// Reads the commits of HEAD not reachable from `stop_at` ("" for all) into events, newest first.
Status walk_events(const git::Repo& repo, const std::string& path, const std::string& stop_at, std::vector<progress::Event>& out) {
  // A linear history hands each blob over twice (after of one commit, before of the next): keep the last.
  std::pair<std::string, std::string> last_blob;
  const auto blob = [&](const char* id) -> std::string {
    if (last_blob.first != id) last_blob = {id, repo.read_blob(id)};
    return last_blob.second;
  };
  return repo.walk_changes(path, stop_at, [&](const git::Repo::PathChangeView& v) {
    // Only a message naming a Pdo- key can carry pdo's trailers; the others skip the trailer parser.
    std::vector<progress::BoxChange> boxes;
    bool by_pdo = false;
    if (std::strstr(v.message, "Pdo-") != nullptr) {
      boxes = read_trailers(v.message, v.id).boxes;
      by_pdo = !boxes.empty();
    }
    if (!by_pdo) {
      const std::string before = blob(v.before_id);
      boxes = progress::diff_boxes(before, blob(v.after_id));
    }
    for (const auto& c : boxes) out.push_back({c, v.id, v.time, v.offset_minutes, by_pdo});
    return true;
  });
}

std::optional<progress::JournalCache> read_cache(const std::filesystem::path& file) {
  auto text = util::read_file_capped(file, k_cache_cap);
  if (!text) return std::nullopt;
  return progress::decode_cache(*text);
}

}  // namespace

std::filesystem::path journal_cache_path(const git::Repo& repo) { return repo.gitdir() / "pdo-journal"; }

Result<std::vector<progress::Event>> study_events(const git::Repo& repo, const std::string& progress_path, UseCache use) {
  const std::string head = repo.head_id();
  std::vector<progress::Event> events;
  if (use == UseCache::no || head.empty()) {
    if (auto walked = walk_events(repo, progress_path, "", events); !walked) return walked.error();
    return events;
  }
  const auto file = journal_cache_path(repo);
  auto cache = read_cache(file);
  // Usable only if it was read from the same file along a history HEAD still contains.
  if (cache && (cache->path != progress_path || !repo.is_ancestor(cache->head, head))) cache.reset();
  if (cache && cache->head == head) return std::move(cache->events);
  if (auto walked = walk_events(repo, progress_path, cache ? cache->head : "", events); !walked) {
    if (!cache) return walked.error();
    events.clear();  // the cached commit is unreadable (pruned): read everything again
    if (auto again = walk_events(repo, progress_path, "", events); !again) return again.error();
    cache.reset();
  }
  if (cache) events.insert(events.end(), std::make_move_iterator(cache->events.begin()), std::make_move_iterator(cache->events.end()));
  progress::JournalCache fresh{head, progress_path, std::move(events)};
  (void)util::write_file_atomic(file, progress::encode_cache(fresh), util::Replace::allowed);  // a cache: best effort
  return std::move(fresh.events);
}

}  // namespace pdo::app
