// The glossary rules of issue 14 on small notes: where a glossary starts and ends, the two entry shapes,
// definitions on the following lines, grouping and the sort order.
#include <catch2/catch.hpp>

#include "course/course.hpp"
#include "workspace/glossary.hpp"

using namespace pdo;
using workspace::glossary_entries;

namespace {

std::vector<std::string> terms_of(const std::string& notes) {
  std::vector<std::string> out;
  for (const auto& e : glossary_entries(notes)) out.push_back(e.term + "=" + e.definition);
  return out;
}

}  // namespace

TEST_CASE("glossary entries: inline, bold, full-width or ASCII colon, and definitions on the next lines", "[workspace]") {
  CHECK(terms_of("名称解释：\nTensor：多维数组\n**DDP**: 数据并行\nNCCL：\nNVIDIA 的\n集合通信库\nSPMD：SPMD\n单程序多数据\n") ==
        std::vector<std::string>{"Tensor=多维数组", "DDP=数据并行", "NCCL=NVIDIA 的\n集合通信库", "SPMD=单程序多数据"});
  CHECK(terms_of("## 术语\n\n**FSDP：** 全分片\n") == std::vector<std::string>{"FSDP=全分片"});
  CHECK(terms_of("Glossary\nZeRO: shards optimizer state\n") == std::vector<std::string>{"ZeRO=shards optimizer state"});
  CHECK(terms_of("**名称解释**\nA：甲\n") == std::vector<std::string>{"A=甲"});
  CHECK(terms_of("### My glossary (术语)\nB: beta\n") == std::vector<std::string>{"B=beta"});
}

TEST_CASE("no glossary line, no terms, the glossary ends at a heading, a question or two blank lines", "[workspace]") {
  CHECK(terms_of("Tensor：多维数组\n").empty());
  CHECK(terms_of("名称解释：\nA：甲\n## 下一节\nB：乙\n") == std::vector<std::string>{"A=甲"});
  CHECK(terms_of("名称解释：\nA：\n甲\nPyTorch 是什么？\nB：乙\n") == std::vector<std::string>{"A=甲"});
  CHECK(terms_of("Glossary:\nA: alpha\nWhy?\nB: beta\n") == std::vector<std::string>{"A=alpha"});
  CHECK(terms_of("名称解释：\nA：甲\n\n\nB：乙\n") == std::vector<std::string>{"A=甲"});
  CHECK(terms_of("名称解释：\nA：\n甲\n\n更多\n\nB：乙\n") == std::vector<std::string>{"A=甲\n\n更多", "B=乙"});
  // A heading that is itself a glossary line starts the next one.
  CHECK(terms_of("名称解释：\nA：甲\n## Glossary\nB: beta\n") == std::vector<std::string>{"A=甲", "B=beta"});
}

TEST_CASE("prose is not an entry: lists, links, long terms, empty definitions", "[workspace]") {
  CHECK(terms_of("名称解释：\n> Tensor：负责显存\n见 https://example.com/x\nA：甲\n").size() == 1);
  CHECK(terms_of("Glossary:\nhttps://pytorch.org: the site\n").empty());
  const std::string long_term(41, 'x');
  CHECK(terms_of("Glossary:\n" + long_term + ": too long\n").empty());
  CHECK(terms_of("Glossary:\n" + std::string(40, 'x') + ": fine\n").size() == 1);
  CHECK(terms_of("名称解释：\nA：\nB：乙\n") == std::vector<std::string>{"B=乙"});  // A has no definition
  CHECK(glossary_entries("\xEF\xBB\xBF名称解释：\r\nA：甲\r\n").at(0).line == 2);
}

TEST_CASE("terms are grouped across lessons and sorted Latin A-Z then by code point", "[workspace]") {
  const auto& course = course::default_course();
  const std::vector<workspace::LessonNotes> notes{
      {&course.lessons[0], "lessons/a/notes.md", "名称解释：\n张量：多维数组\nnccl：通信库\nTensor：张量\nDTensor：分布式张量\n"},
      {&course.lessons[3], "lessons/d/notes.md", "Glossary:\nNCCL: NVIDIA's library\nTensor:  张量 \n2D: two dims\n"}};
  const auto terms = workspace::collect_glossary(notes);
  std::vector<std::string> order;
  order.reserve(terms.size());
  for (const auto& t : terms) order.push_back(t.term);
  CHECK(order == std::vector<std::string>{"DTensor", "nccl", "Tensor", "2D", "张量"});
  const auto& nccl = terms[1];
  REQUIRE(nccl.definitions.size() == 2);
  CHECK(nccl.definitions[0].places.at(0).lesson == &course.lessons[0]);
  CHECK(nccl.definitions[1].places.at(0).lesson == &course.lessons[3]);
  const auto& tensor = terms[2];
  REQUIRE(tensor.definitions.size() == 1);  // the same words (blanks aside) in two lessons: one definition, two places
  CHECK(tensor.definitions[0].places.size() == 2);
  const std::string md = workspace::glossary_file_text(course, terms, util::Lang::en);
  CHECK_THAT(
      md,
      Catch::Contains(
          "### nccl\n\nYour notes define this term in 2 different ways:\n\n> 通信库\n\nSource: [01 PyTorch Distributed Overview][pdo-01]\n\n> NVIDIA's library\n\nSource: [04 "));
  CHECK_THAT(md, Catch::Contains("<!-- pdo:begin glossary -->") && Catch::Contains("<!-- pdo:end glossary -->") &&
                     Catch::Contains("\n5 terms, from the notes of 2 lessons.\n\n[pdo-01]: lessons/a/notes.md\n[pdo-04]: ") &&
                     !Catch::Contains("No terms found yet"));
  // No term: the template's empty text, in both languages, and nothing of the terms' section.
  for (const auto lang : {util::Lang::en, util::Lang::zh}) {
    const std::string empty = workspace::glossary_file_text(course, {}, lang);
    CHECK_THAT(empty, (Catch::Contains("No terms found yet") || Catch::Contains("还没有找到术语")) && !Catch::Contains("### ") &&
                          !Catch::Contains("{{") && Catch::Contains("<!-- pdo:end glossary -->"));
  }
  CHECK_THAT(util::json_text(workspace::glossary_json(terms)),
             Catch::StartsWith(R"({"terms":[{"term":"DTensor","definitions":[{"text":"分布式张量","places":[{"lesson":"01",)"));
}

TEST_CASE("many entries: each term once, whatever its case, its first spelling kept, definitions grouped", "[workspace]") {
  // The shape of a large notes file: every term again in another lesson in another case, the same words
  // (blanks aside) or other words. collect_glossary finds each term and definition by its folded form.
  const auto& course = course::default_course();
  constexpr int k_terms = 3000;
  std::string first = "名称解释：\n", again = "Glossary:\n", other = "术语：\n";
  for (int i = k_terms - 1; i >= 0; --i) {  // written backwards: the sort must put them in order
    const std::string n = std::to_string(10000 + i).substr(1);
    first += "Term" + n + "：meaning " + n + "\n";
    again += "TERM" + n + ":  meaning  " + n + " \n";
    if (i % 3 == 0) other += "term" + n + ": another meaning\n";
  }
  const std::vector<workspace::LessonNotes> notes{{&course.lessons[0], "lessons/a/notes.md", first},
                                                  {&course.lessons[1], "lessons/b/notes.md", again},
                                                  {&course.lessons[2], "lessons/c/notes.md", other}};
  const auto terms = workspace::collect_glossary(notes);
  REQUIRE(terms.size() == static_cast<std::size_t>(k_terms));
  for (int i = 0; i < k_terms; ++i) {
    const auto& t = terms[static_cast<std::size_t>(i)];
    const std::string n = std::to_string(10000 + i).substr(1);
    INFO(t.term);
    REQUIRE(t.term == "Term" + n);
    REQUIRE(t.definitions.size() == (i % 3 == 0 ? 2u : 1u));
    CHECK(t.definitions[0].text == "meaning " + n);
    CHECK(t.definitions[0].places.size() == 2);
    CHECK(t.definitions[0].places[1].lesson == &course.lessons[1]);
    if (i % 3 == 0) CHECK(t.definitions[1].places.at(0).lesson == &course.lessons[2]);
  }
}

// Found by fuzzing (tests/fuzz/fuzz_glossary): a heading of nothing but '#' threw std::out_of_range.
TEST_CASE("a heading of nothing but # starts no glossary and throws nothing", "[workspace]") {
  CHECK(workspace::glossary_entries("###\nterm: definition\n\n#\n").empty());
}

// Issue 43 item 6: entries written as Markdown list items were ignored without a hint, and "下一节：…" after
// one blank line became a term.
TEST_CASE("glossary entries as list items, a blank line after one-line entries ends it, empty glossaries named", "[workspace]") {
  CHECK(terms_of("名称解释：\n- Tensor：张量\n* DDP: 数据并行\n+ FSDP：全分片\n") ==
        std::vector<std::string>{"Tensor=张量", "DDP=数据并行", "FSDP=全分片"});
  CHECK(terms_of("名称解释：\nA：甲\n\n下一节：讲 FSDP\n") == std::vector<std::string>{"A=甲"});
  CHECK(terms_of("## 术语\n\n\nA：甲\nB：乙\n\nC：丙\n") == std::vector<std::string>{"A=甲", "B=乙"});
  CHECK(terms_of("名称解释：\n-Tensor：no space after the dash is prose\n").empty());
  CHECK(workspace::scan_glossary("# 01\n名称解释：\n1. Tensor 是张量\n\n正文\n").empty_sections == std::vector<std::size_t>{2});
  CHECK(workspace::scan_glossary("名称解释：\nA：甲\n").empty_sections.empty());
  CHECK(workspace::scan_glossary("名称解释：\nA：甲\n## Glossary\nnothing here\n").empty_sections == std::vector<std::size_t>{3});
}
