// The values a lesson command stores (issue 41): any bytes the input validation accepts as an own lesson's
// title, link or folder are written to .pdo/lessons.toml as pdo writes it and load back, the same (what a
// command accepted, every later command reads); what the loader refuses, the validation refused too.
#include "course/course.hpp"
#include "fuzz.hpp"
#include "util/text.hpp"
#include "workspace/own_lessons.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pdo::fuzz::require;
  const std::string value(pdo::fuzz::text_of(data, size));
  pdo::course::Lesson l;
  l.own = true;
  l.number = 18;
  l.id = "18";
  l.own_id = "own-lesson-18";
  l.title = "Ring attention";
  l.folder = "ring-attention";
  const std::string title(pdo::util::trim(value));
  if (!pdo::course::title_problem(title)) l.title = title;
  if (const std::string url = "https://example.com/" + value; !pdo::course::url_problem(url)) l.url = url;
  if (!pdo::course::folder_name_problem(value)) l.folder = value;
  const auto back = pdo::workspace::parse_own_lessons(pdo::workspace::own_lessons_text({l}), "lessons.toml");
  require(static_cast<bool>(back), "every title, link and folder the input validation accepts loads back");
  require(back->size() == 1 && back->front().title == l.title && back->front().url == l.url && back->front().folder == l.folder,
          "a stored value loads back unchanged");
  return 0;
}
