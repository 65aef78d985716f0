#pragma once
// The learner's own lessons (topics beyond the course, `pdo lesson add`): kept in .pdo/lessons.toml and
// merged into the workspace's course after its lessons, so every command treats them like any lesson.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "course/course.hpp"
#include "util/error.hpp"

namespace pdo::workspace {

/// Where the learner's own lessons live, relative to the course folder.
inline constexpr const char* k_own_lessons_path = ".pdo/lessons.toml";

/// Parses the text of .pdo/lessons.toml (schema 1, [[lessons]] with number, title, folder, optional url
/// and id); errors name the file, line and reason. The lessons come back marked `own`, in number order,
/// each with its stable id: the file's, or for an entry written before ids existed, one derived from its
/// folder (the same on every machine, and written into the file at its next write).
Result<std::vector<course::Lesson>> parse_own_lessons(std::string_view text, const std::string& source);

/// The workspace's own lessons (none when the file is absent); the file is read size-capped.
Result<std::vector<course::Lesson>> read_own_lessons(const std::filesystem::path& root);

/// The text of .pdo/lessons.toml holding these lessons (each with its id).
std::string own_lessons_text(const std::vector<course::Lesson>& lessons);

/// Adds the own lessons after the course's; an error (naming `source`) if a number or a folder is taken.
Status merge_own_lessons(course::Course& course, const std::vector<course::Lesson>& own, const std::string& source);

/// The course with the workspace's own lessons merged in.
Result<course::Course> with_own_lessons(const std::filesystem::path& root, course::Course course);

}  // namespace pdo::workspace
