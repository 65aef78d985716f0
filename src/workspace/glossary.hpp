#pragma once
// The learner's glossary, gathered from their notes in the shape seed 001 uses: a glossary starts at a
// line that is (or is a heading holding) 名称解释 / 术语 / Glossary; an entry is `Term：definition` or
// `**Term**：definition`, also as a list item (`- Term：…`); an entry with nothing after the colon, or only
// the term again, takes the following lines up to the next entry; the glossary ends at a heading, a line
// ending in ？ or ?, or a blank line after a one-line entry (blank lines before the first entry, or in a
// definition written under its term, do not end it). pdo only gathers: it never writes or changes a definition, and never edits a note.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "course/course.hpp"
#include "util/i18n.hpp"
#include "util/json.hpp"

namespace pdo::workspace {

/// One entry of a notes file's glossary.
struct GlossaryEntry {
  std::string term;
  std::string definition;  ///< its lines joined with '\n', blank lines at either end dropped
  std::size_t line = 0;    ///< 1-based line of the term
};

/// The glossary entries of one notes text, in file order (entries without any definition are left out).
std::vector<GlossaryEntry> glossary_entries(std::string_view notes);

/// The entries, and the lines of the glossaries in the text that gave none (for a hint on their format).
struct GlossaryScan {
  std::vector<GlossaryEntry> entries;
  std::vector<std::size_t> empty_sections;
};
GlossaryScan scan_glossary(std::string_view notes);

/// Where a definition was written.
struct GlossaryPlace {
  const course::Lesson* lesson = nullptr;
  std::string path;  ///< course-relative, e.g. lessons/01-01-…/notes.md
  std::size_t line = 0;
};

/// One definition of a term, with every place it was written in the same words.
struct GlossaryDefinition {
  std::string text;
  std::vector<GlossaryPlace> places;
};

/// A term with its definitions (two when two notes define it differently).
struct GlossaryTerm {
  std::string term;  ///< as first written
  std::vector<GlossaryDefinition> definitions;
};

/// A lesson's notes, as read.
struct LessonNotes {
  const course::Lesson* lesson = nullptr;
  std::string path;  ///< course-relative
  std::string text;
};

/// Every term of every lesson's notes, grouped (case-insensitively for Latin letters) and sorted: terms
/// starting with a Latin letter A–Z first, then the others by code point.
std::vector<GlossaryTerm> collect_glossary(const std::vector<LessonNotes>& notes);

/// glossary.md as first written (a heading, a line on where the terms come from, pdo's block).
std::string glossary_file_text(const course::Course& course, const std::vector<GlossaryTerm>& terms, util::Lang lang);

/// The terms as JSON for scripts: {"terms":[{"term","definitions":[{"text","places":[{"lesson","title","path","line"}]}]}]}.
util::Json glossary_json(const std::vector<GlossaryTerm>& terms);

}  // namespace pdo::workspace
