// The glossary as properties (RapidCheck, issue 43 item 7): glossary.md is filled a term at a time from
// the template's pieces, and terms are grouped by hash; both must say exactly what the slow, plain way
// says. The reference here renders each term through the template engine (pdo's way before the change)
// and groups definitions by comparing every normalized text, for any text in any field, in both languages.
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "course/course.hpp"
#include "generators.hpp"
#include "util/embedded.hpp"
#include "util/text.hpp"
#include "workspace/glossary.hpp"
#include "workspace/render.hpp"

using namespace pdo;

namespace {

/// Text at the edges of what glossary.md disarms and quotes, and of the fast path's markers (0x01–0x03).
rc::Gen<std::string> field_text() {
  return test::joined(rc::gen::oneOf(rc::gen::elementOf(std::vector<std::string>{"<!--",     "<!-- pdo:end glossary -->",
                                                                                 "{{term}}", "{{#terms}}",
                                                                                 "\x01",     "\x02",
                                                                                 "\x03",     "[",
                                                                                 "]",        "(",
                                                                                 ")",        "<",
                                                                                 ">",        " ",
                                                                                 "\n",       "\r\n",
                                                                                 "\n\n",     "> ",
                                                                                 "术语",     "Term",
                                                                                 "·"}),
                                     rc::gen::elementOf(test::edge_pieces())));
}

/// The old way: a term rendered through the template engine with a scope per term and per definition.
std::string reference_file_text(const course::Course& course, const std::vector<workspace::GlossaryTerm>& terms, util::Lang lang) {
  const std::string name = std::string("templates/") + std::string(util::lang_code(lang)) + "/glossary.md";
  const std::string tmpl(*util::embedded_file(name));
  const auto from = tmpl.find("{{#terms}}\n");
  const auto to = tmpl.find("{{/terms}}\n", from);
  const std::string each = tmpl.substr(from + 11, to - from - 11);
  std::string entries;
  std::vector<const course::Lesson*> seen;
  std::map<int, std::string> definitions;  // a reference link's target per lesson, in lesson order
  for (const auto& t : terms) {
    workspace::Vars tv;
    tv.set("term", util::replace_all(t.term, "<!--", "&lt;!--"));
    tv.set("several", t.definitions.size() > 1).set("count", std::to_string(t.definitions.size()));
    std::vector<workspace::Vars> defs;
    for (const auto& d : t.definitions) {
      std::string quoted;
      for (const auto line : util::split_lines(d.text)) {
        const std::string safe = util::replace_all(util::chomp(line), "<!--", "&lt;!--");
        quoted += safe.empty() ? ">\n" : "> " + safe + "\n";
      }
      if (!quoted.empty()) quoted.pop_back();
      std::vector<std::string> links;
      for (const auto& p : d.places) {
        if (std::find(seen.begin(), seen.end(), p.lesson) == seen.end()) seen.push_back(p.lesson);
        const std::string target =
            p.path.find_first_of(" ()<>") == std::string::npos ? p.path : "<" + util::replace_all(p.path, ">", "%3E") + ">";
        definitions.emplace(p.lesson->number, "[pdo-" + p.lesson->id + "]: " + target + "\n");
        links.push_back("[" + p.lesson->id + " " + util::replace_all(util::replace_all(p.lesson->title, "[", "\\["), "]", "\\]") +
                        "][pdo-" + p.lesson->id + "]");
      }
      workspace::Vars dv;
      dv.set("quoted", quoted).set("places", util::join(links, " · "));
      defs.push_back(std::move(dv));
    }
    tv.set("definitions", std::move(defs));
    entries += workspace::render(each, tv).value();
  }
  workspace::Vars v;
  v.set("course_title", course.title).set("terms", !terms.empty()).set("entries", entries);
  v.set("term_count", std::to_string(terms.size())).set("lesson_count", std::to_string(seen.size()));
  std::string links = definitions.empty() ? "" : "\n";
  for (const auto& [number, line] : definitions) links += line;
  v.set("links", links);
  return workspace::render(tmpl.substr(0, from) + "{{entries}}" + tmpl.substr(to + 11), v).value();
}

/// Definitions the same once blank runs are one space and the ends trimmed (the reference's comparison).
std::string normalized(const std::string& text) {
  std::string out;
  bool blank = false;
  for (const char c : util::trim(text)) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (space && !blank) out += ' ';
    if (!space) out += c;
    blank = space;
  }
  return out;
}

}  // namespace

TEST_CASE("glossary.md from the template's pieces is the template rendered term by term, for any text", "[property][glossary]") {
  rc::prop("fast path == template engine", [&] {
    // The course's own titles, and any text in them (a title's brackets are escaped in the links).
    course::Course course = course::default_course();
    for (auto& lesson : course.lessons) lesson.title = *rc::gen::oneOf(rc::gen::just(lesson.title), field_text());
    // A lesson's notes are one file: its path, as pdo finds it or any text, is the same in all its places.
    std::vector<std::string> paths;
    for (const auto& lesson : course.lessons)
      paths.push_back(*rc::gen::oneOf(rc::gen::just("lessons/" + lesson.folder + "/notes.md"), field_text()));
    const auto lang = *rc::gen::element(util::Lang::zh, util::Lang::en);
    const auto terms = *rc::gen::container<std::vector<workspace::GlossaryTerm>>(rc::gen::exec([&] {
      workspace::GlossaryTerm t;
      t.term = *field_text();
      // Nearly every term has one definition (the fast path); some have two or three (the engine's).
      const auto count = *rc::gen::weightedElement<std::size_t>({{6, 1}, {1, 2}, {1, 3}});
      for (std::size_t i = 0; i < count; ++i) {
        workspace::GlossaryDefinition d;
        d.text = *field_text();
        const auto places = *rc::gen::inRange<std::size_t>(1, 4);
        for (std::size_t k = 0; k < places; ++k) {
          const auto at = *rc::gen::inRange<std::size_t>(0, course.lessons.size());
          d.places.push_back({&course.lessons[at], paths[at], *rc::gen::inRange<std::size_t>(1, 100000)});
        }
        t.definitions.push_back(std::move(d));
      }
      return t;
    }));
    RC_ASSERT(workspace::glossary_file_text(course, terms, lang) == reference_file_text(course, terms, lang));
  });
}

TEST_CASE("glossary terms are grouped as comparing every folded term and normalized definition would group them", "[property][glossary]") {
  const course::Course& course = course::default_course();
  rc::prop("hash grouping == pairwise grouping", [&] {
    // Few terms and definitions, in case and blank variants, so that terms and definitions repeat.
    const auto term = rc::gen::elementOf(std::vector<std::string>{"GPU", "gpu", "Gpu", "NCCL", "nccl", "梯度", "Ab", "aB", "x"});
    const auto definition =
        rc::gen::elementOf(std::vector<std::string>{"one word", "one  word", " one\tword ", "one word.", "两个 词", "两个\t词", "a", "A"});
    std::vector<workspace::LessonNotes> notes;
    const auto files = *rc::gen::inRange<std::size_t>(1, 4);
    for (std::size_t f = 0; f < files; ++f) {
      std::string text = "名称解释：\n";
      for (const auto& [t, d] : *rc::gen::container<std::vector<std::pair<std::string, std::string>>>(rc::gen::pair(term, definition))) {
        text += t + "：" + d + "\n";
      }
      notes.push_back({&course.lessons[f], "lessons/" + course.lessons[f].folder + "/notes.md", text});
    }
    // The model: every entry compared with every term and definition gathered so far.
    struct Model {
      std::string term;
      std::vector<std::pair<std::string, std::size_t>> definitions;  // normalized text, places
    };
    std::vector<Model> model;
    for (const auto& n : notes) {
      for (const auto& e : workspace::glossary_entries(n.text)) {
        auto m = std::find_if(model.begin(), model.end(), [&](const Model& x) { return util::to_lower(x.term) == util::to_lower(e.term); });
        if (m == model.end()) m = model.insert(model.end(), Model{e.term, {}});
        auto d =
            std::find_if(m->definitions.begin(), m->definitions.end(), [&](const auto& x) { return x.first == normalized(e.definition); });
        if (d == m->definitions.end()) {
          m->definitions.emplace_back(normalized(e.definition), 1);
        } else {
          ++d->second;
        }
      }
    }
    const auto terms = workspace::collect_glossary(notes);
    RC_ASSERT(terms.size() == model.size());
    for (const auto& t : terms) {
      const auto m = std::find_if(model.begin(), model.end(), [&](const Model& x) { return x.term == t.term; });
      RC_ASSERT(m != model.end());
      RC_ASSERT(t.definitions.size() == m->definitions.size());
      for (std::size_t i = 0; i < t.definitions.size(); ++i) {
        RC_ASSERT(normalized(t.definitions[i].text) == m->definitions[i].first);
        RC_ASSERT(t.definitions[i].places.size() == m->definitions[i].second);
      }
    }
  });
}
