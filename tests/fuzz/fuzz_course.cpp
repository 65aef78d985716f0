// A course file (`pdo init --course FILE`): any bytes give a course or an error, never a crash.
#include "course/course.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto course = pdo::course::parse_course(pdo::fuzz::text_of(data, size), "fuzz.toml");
  if (course) pdo::fuzz::require(!course->lessons.empty(), "a parsed course has lessons");
  return 0;
}
