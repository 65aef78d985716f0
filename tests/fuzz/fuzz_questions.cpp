// questions.md: the open questions the report lists, and a question added to any text.
#include "app/report/report_html.hpp"
#include "course/course.hpp"
#include "fuzz.hpp"
#include "workspace/questions.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = pdo::fuzz::text_of(data, size);
  (void)pdo::app::open_questions(text);
  const auto& lesson = pdo::course::default_course().lessons.front();
  const auto added = pdo::workspace::add_question(text, lesson, "2026-12-04", "为什么 NCCL 要 rank?");
  pdo::fuzz::require(added.find("为什么 NCCL 要 rank?") != std::string::npos, "the added question is in the text");
  return 0;
}
