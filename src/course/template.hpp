#pragma once
// The built-in course as a course file of the learner's own (`pdo course template`): the same lessons,
// tools, notebooks and checks, except that a check running inline Python (`{python} -c …`, which only
// the built-in course may run: its code is pdo's) becomes one the learner runs and confirms.
#include <string>

namespace pdo::course {

/// The template's text; it loads with Validation::full (a unit test and `pdo course template` check).
std::string course_template();

}  // namespace pdo::course
