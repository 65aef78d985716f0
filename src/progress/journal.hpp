#pragma once
// The study journal: which boxes changed in which commit, from pdo's trailers or, for commits the
// learner made by hand, from the two versions of progress.md. Pure: git history comes in as data.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "progress/file.hpp"

namespace pdo::progress {

/// One box changing state.
struct BoxChange {
  int lesson = 0;
  Step step = Step::read;
  bool done = false;
  bool operator==(const BoxChange& o) const { return lesson == o.lesson && step == o.step && done == o.done; }
};

/// Boxes whose state differs between two progress.md texts (boxes added ticked count as done).
std::vector<BoxChange> diff_boxes(std::string_view before, std::string_view after);

/// A box change at a moment in history.
struct Event {
  BoxChange change;
  std::string commit;
  long long time = 0;
  int offset_minutes = 0;
  bool by_pdo = false;
};

/// A day of study.
struct Day {
  std::string date;
  std::vector<Event> events;  ///< oldest first
};

/// The whole journal.
struct Journal {
  std::vector<Day> days;  ///< oldest first
  std::string first_day;
  std::string last_day;
  int days_studied = 0;
  int current_streak = 0;  ///< consecutive days ending today or yesterday
};

/// What the journal cache (.git/pdo-journal) holds: the events of every commit up to `head` that changed
/// `path`, newest commit first, so a later run reads only the commits added since.
struct JournalCache {
  std::string head;  ///< the commit id the events were read up to
  std::string path;  ///< the repo-relative progress.md they were read from
  std::vector<Event> events;
};

/// The cache file's text (line based, versioned, with the event count at the end).
std::string encode_cache(const JournalCache& cache);

/// Reads a cache file's text; nullopt for anything malformed, truncated or of another version.
std::optional<JournalCache> decode_cache(std::string_view text);

/// Groups events (any order) into days and computes the streak relative to `today`.
Journal build_journal(std::vector<Event> events, const std::string& today);

}  // namespace pdo::progress
