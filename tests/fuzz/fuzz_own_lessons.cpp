// .pdo/lessons.toml (the learner's own lessons): what parses is written back and parses the same.
#include "fuzz.hpp"
#include "workspace/own_lessons.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pdo::fuzz::require;
  auto lessons = pdo::workspace::parse_own_lessons(pdo::fuzz::text_of(data, size), "lessons.toml");
  if (!lessons) return 0;
  auto again = pdo::workspace::parse_own_lessons(pdo::workspace::own_lessons_text(*lessons), "lessons.toml");
  require(static_cast<bool>(again), "own_lessons_text of parsed lessons parses");
  require(again->size() == lessons->size(), "own lessons survive own_lessons_text");
  for (std::size_t i = 0; i < lessons->size(); ++i)
    require((*again)[i].number == (*lessons)[i].number && (*again)[i].title == (*lessons)[i].title &&
                (*again)[i].folder == (*lessons)[i].folder,
            "each own lesson survives own_lessons_text");
  return 0;
}
