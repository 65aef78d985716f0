#include "app/session/started_lesson.hpp"

#include "util/fs.hpp"
#include "util/own_state.hpp"
#include "util/text.hpp"

namespace pdo::app {

namespace {

namespace fs = std::filesystem;

/// A lesson id and an own lesson's stable id are at most ~50 bytes; anything longer was not written by pdo.
constexpr std::size_t k_max_record_bytes = 256;

util::OwnFile record(const git::Repo& repo) { return util::OwnFile::at(repo.gitdir(), util::OwnFile::Name::started_lesson); }

}  // namespace

// The record: the lesson's id ("03"), and for an own lesson a second line "own <its stable id>".
Status remember_started(const git::Repo& repo, const course::Lesson& lesson) {
  return record(repo).write(lesson.id + "\n" + (lesson.own && !lesson.own_id.empty() ? "own " + lesson.own_id + "\n" : ""));
}

const course::Lesson* last_started(const git::Repo& repo, const course::Course& course) {
  const auto text = record(repo).read(k_max_record_bytes);
  if (!text || !*text) return nullptr;
  const auto lines = util::split_lines(**text);
  if (lines.empty()) return nullptr;
  // An own lesson is found by its stable id, wherever a sync has moved it; one that is gone is no lesson
  // (not the lesson that has its number now).
  if (lines.size() > 1 && util::starts_with(lines[1], "own ")) {
    const auto own_id = util::trim(lines[1].substr(4));
    for (const auto& l : course.lessons) {
      if (l.own && l.own_id == own_id) return &l;
    }
    return nullptr;
  }
  const auto id = util::trim(lines[0]);
  return id.empty() ? nullptr : course::find_lesson(course, id);
}

}  // namespace pdo::app
