#include "app/started_lesson.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

namespace pdo::app {

namespace {

namespace fs = std::filesystem;

/// A lesson id or folder name is at most ~100 bytes; anything longer was not written by pdo.
constexpr std::size_t k_max_record_bytes = 256;

fs::path record_path(const git::Repo& repo) { return repo.gitdir() / "pdo-started-lesson"; }

}  // namespace

void remember_started(const git::Repo& repo, const course::Lesson& lesson) {
  // The rename replaces a link at that name instead of writing through it.
  (void)util::write_file_atomic(record_path(repo), lesson.id + "\n", util::Replace::allowed);
}

const course::Lesson* last_started(const git::Repo& repo, const course::Course& course) {
  const fs::path file = record_path(repo);
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(file, ec))) return nullptr;
  const auto text = util::read_file_capped(file, k_max_record_bytes);
  if (!text) return nullptr;
  const auto id = util::trim(*text);
  return id.empty() ? nullptr : course::find_lesson(course, id);
}

}  // namespace pdo::app
