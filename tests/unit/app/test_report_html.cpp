// The report's open questions: read from questions.md with the one reading of a lesson heading
// (workspace::heading_lesson), listed in lesson order by number.
#include <catch2/catch.hpp>

#include "app/report/report_html.hpp"

using namespace pdo;

TEST_CASE("open questions come in lesson order by number, an own lesson of three digits included", "[app][report]") {
  const auto qs = app::open_questions(
      "# 问题\n\n- [ ] 不在任何课节下\n\n## 100 Own\n\n- [ ] a\n- [x] done\n\n## 99 X\n\n- [ ] b\n\n## 其他\n\n- [ ] c\n\n## 5 Five\n\n- [ ] d\n"
      "\n## 05 Again\n\n- [ ] e\n");
  std::vector<std::string> got;
  for (const auto& q : qs) got.push_back(q.lesson + ":" + q.text);
  CHECK(got == std::vector<std::string>{"05:d", "05:e", "99:b", "100:a", ":不在任何课节下", ":c"});
}
