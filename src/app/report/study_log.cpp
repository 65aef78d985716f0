#include "app/report/study_log.hpp"

#include <cstring>
#include <optional>
#include <utility>

#include "app/trailers.hpp"
#include "util/fs.hpp"
#include "util/own_state.hpp"

namespace pdo::app {

namespace {

constexpr std::size_t k_cache_cap = 256u * 1024 * 1024;

/// Reads the commits of HEAD not reachable from `stop_at` ("" for all) into events, newest first: pdo's
/// commits from their trailers, the others (and pdo commits without box trailers) from the file's two
/// versions. Runs on the walk's change stage, which may be a second thread (git::Repo::walk_changes).
Status walk_events(const git::Repo& repo, const std::string& path, const std::string& stop_at, std::vector<progress::Event>& out,
                   std::atomic<std::uint64_t>* commits_read) {
  // A linear history hands each blob over twice (before of one commit, after of the next, newest first):
  // the last `before` read is kept and becomes the next commit's `after`, so each is read once.
  std::pair<std::string, std::string> last_before;  // blob id, text
  return repo.walk_changes(
      path, stop_at,
      [&](const git::Repo::PathChangeView& v) {
        // Only a message naming a Pdo- key can carry pdo's trailers; the others skip the trailer parser.
        if (std::strstr(v.message, "Pdo-") != nullptr) {
          const auto boxes = read_trailers(v.message, v.id).boxes;
          if (!boxes.empty()) {
            for (const auto& c : boxes) out.push_back({c, v.id, v.time, v.offset_minutes, true});
            return true;
          }
        }
        std::string after = last_before.first == v.after_id ? std::move(last_before.second) : v.blobs->read(v.after_id);
        last_before = {v.before_id, v.blobs->read(v.before_id)};
        for (const auto& c : progress::diff_boxes(last_before.second, after)) out.push_back({c, v.id, v.time, v.offset_minutes, false});
        return true;
      },
      commits_read);
}

std::optional<progress::JournalCache> read_cache(const util::OwnFile& file) {
  auto text = file.read(k_cache_cap);
  if (!text || !*text) return std::nullopt;
  return progress::decode_cache(**text);
}

}  // namespace

Result<std::vector<progress::Event>> study_events(const git::Repo& repo, const std::string& progress_path,
                                                  std::atomic<std::uint64_t>* walked) {
  const std::string head = repo.head_id();
  std::vector<progress::Event> events;
  if (head.empty()) {
    if (auto read = walk_events(repo, progress_path, "", events, walked); !read) return read.error();
    return events;
  }
  const auto file = util::OwnFile::at(repo.gitdir(), util::OwnFile::Name::study_log_cache);
  auto cache = read_cache(file);
  // Usable only if it was read from the same file along a history HEAD still contains.
  if (cache && (cache->path != progress_path || !repo.is_ancestor(cache->head, head))) cache.reset();
  if (cache && cache->head == head) return std::move(cache->events);
  // No second try from the start when this fails: the cached commit is an ancestor of HEAD (checked above),
  // so a full walk reads it and whatever failed here too.
  if (auto read = walk_events(repo, progress_path, cache ? cache->head : "", events, walked); !read) return read.error();
  if (cache) events.insert(events.end(), std::make_move_iterator(cache->events.begin()), std::make_move_iterator(cache->events.end()));
  progress::JournalCache fresh{head, progress_path, std::move(events)};
  (void)file.write(progress::encode_cache(fresh));  // a cache: best effort (never through a link: OwnFile)
  return std::move(fresh.events);
}

}  // namespace pdo::app
