#pragma once
// The study journal: which boxes changed in which commit, from pdo's trailers or, for commits the
// learner made by hand, from the two versions of progress.md. Pure: git history comes in as data.
#include <algorithm>
#include <array>
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

/// A commit id as the journal keeps it: up to 40 characters in place, so a journal of 100,000 events
/// makes no allocation per event (longer text is cut at 40; git's ids are 40 hex digits).
class CommitId {
public:
  CommitId() = default;
  CommitId(std::string_view id) { assign(id); }    // NOLINT(google-explicit-constructor): ids arrive as text
  CommitId(const char* id) { assign(id); }         // NOLINT(google-explicit-constructor)
  CommitId(const std::string& id) { assign(id); }  // NOLINT(google-explicit-constructor)
  std::string_view view() const { return {m_text.data(), m_size}; }
  friend bool operator==(const CommitId& a, const CommitId& b) { return a.view() == b.view(); }

private:
  void assign(std::string_view id) {
    m_size = static_cast<unsigned char>(std::min(id.size(), m_text.size()));
    id.copy(m_text.data(), m_size);
  }
  std::array<char, 40> m_text{};
  unsigned char m_size = 0;
};

/// A box change at a moment in history.
struct Event {
  BoxChange change;
  CommitId commit;
  long long time = 0;
  int offset_minutes = 0;
  bool by_pdo = false;
  bool still_done = false;  ///< the tick that left its box done: no later change in history (build_journal sets it)
};

/// A day of study.
struct Day {
  std::string date;
  std::vector<Event> events;  ///< oldest first
  int steps_done = 0;         ///< events that are still_done: the steps this day finished and that stayed finished
};

/// The whole journal.
struct Journal {
  std::vector<Day> days;  ///< oldest first
  std::string first_day;
  std::string last_day;
  int days_studied = 0;
  int current_streak = 0;  ///< consecutive days ending today or yesterday
  int steps_done = 0;      ///< boxes ticked in history and not unticked since: what status counts in progress.md
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

/// Groups events (newest commit first, as app::study_events gives them) into days and computes the streak
/// relative to `today`. A step counts as done once, on the day of the tick that left its box ticked: a box
/// ticked, unticked and ticked again counts on the last tick's day, and an unticked (or undone) one nowhere,
/// so the journal's steps agree with the boxes `pdo status` counts.
Journal build_journal(std::vector<Event> events, const std::string& today);

}  // namespace pdo::progress
