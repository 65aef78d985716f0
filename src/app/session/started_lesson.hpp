#pragma once
// The lesson the learner is on: the one `pdo start` last showed, remembered on this machine in
// .git/pdo-started-lesson (outside the work tree, so it is never committed and a clone starts without it).
// `pdo ask` files a question there when no --lesson is given. The file is untrusted input: it is read
// only if it is a small regular file, and only a lesson of the workspace's course is taken from it. An
// own lesson is remembered by its stable id too, so the record follows it when a sync renumbers it.
#include <string>

#include "course/course.hpp"
#include "git/repo.hpp"

namespace pdo::app {

/// Remembers `lesson` as the one last started. Best effort: a repository that cannot be written only
/// means `pdo ask` falls back to the lesson of the next step.
Status remember_started(const git::Repo& repo, const course::Lesson& lesson);

/// The lesson `pdo start` last showed on this machine, if the record names a lesson of `course`.
const course::Lesson* last_started(const git::Repo& repo, const course::Course& course);

}  // namespace pdo::app
