#pragma once
// `pdo check --lessons`: whether each lesson's code can run on the learner's route and machine, from
// what the course file says the lesson needs (min_gpus, needs, published) and the free notebooks it
// lists. Facts from the course file only; nothing is run to decide.
#include <optional>
#include <string>
#include <vector>

#include "course/course.hpp"

namespace pdo::checks {

/// One lesson's readiness.
struct LessonReadiness {
  const course::Lesson* lesson = nullptr;
  bool runs_here = false;  ///< on this route as set up (this machine, or the free notebooks for browser)
  std::string verdict;     ///< one sentence in the current language
};

/// Readiness per lesson. `local_gpus`: GPUs seen on this machine (nullopt: not known).
std::vector<LessonReadiness> lesson_readiness(const course::Course& course, const std::string& route,
                                              std::optional<int> local_gpus);

/// The readiness list as text, marked as course-file facts.
std::string render_readiness(const course::Course& course, const std::string& route, const std::vector<LessonReadiness>& lessons);

}  // namespace pdo::checks
