#include "app/started_lesson.hpp"

#include "util/fs.hpp"
#include "util/own_state.hpp"
#include "util/text.hpp"

namespace pdo::app {

namespace {

namespace fs = std::filesystem;

/// A lesson id or folder name is at most ~100 bytes; anything longer was not written by pdo.
constexpr std::size_t k_max_record_bytes = 256;

util::OwnFile record(const git::Repo& repo) { return util::OwnFile::at(repo.gitdir(), util::OwnFile::Name::started_lesson); }

}  // namespace

Status remember_started(const git::Repo& repo, const course::Lesson& lesson) { return record(repo).write(lesson.id + "\n"); }

const course::Lesson* last_started(const git::Repo& repo, const course::Course& course) {
  const auto text = record(repo).read(k_max_record_bytes);
  if (!text || !*text) return nullptr;
  const auto id = util::trim(**text);
  return id.empty() ? nullptr : course::find_lesson(course, id);
}

}  // namespace pdo::app
