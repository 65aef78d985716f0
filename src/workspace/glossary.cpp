#include "workspace/glossary.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "util/embedded.hpp"
#include "util/json.hpp"
#include "util/text.hpp"
#include "workspace/render.hpp"

namespace pdo::workspace {

namespace {

constexpr std::size_t k_max_term_chars = 40;
constexpr std::string_view k_fullwidth_colon = "\xEF\xBC\x9A";     // ：
constexpr std::string_view k_fullwidth_question = "\xEF\xBC\x9F";  // ？
constexpr std::string_view k_keywords[] = {"名称解释", "术语", "glossary"};

std::size_t code_points(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

/// "**x**" -> "x".
std::string_view unbold(std::string_view s) {
  s = util::trim(s);
  if (s.size() >= 4 && util::starts_with(s, "**") && util::ends_with(s, "**")) s = util::trim(s.substr(2, s.size() - 4));
  return s;
}

/// Without one trailing ASCII or full-width colon.
std::string_view without_colon(std::string_view s) {
  s = util::trim(s);
  if (util::ends_with(s, ":")) return util::trim(s.substr(0, s.size() - 1));
  if (util::ends_with(s, k_fullwidth_colon)) return util::trim(s.substr(0, s.size() - k_fullwidth_colon.size()));
  return s;
}

bool is_heading(std::string_view line) {
  line = util::trim(line);
  std::size_t hashes = 0;
  while (hashes < line.size() && line[hashes] == '#') ++hashes;
  return hashes >= 1 && hashes <= 6 && (hashes == line.size() || line[hashes] == ' ' || line[hashes] == '\t');
}

char folded(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

/// a == b once Latin letters are folded as util::to_lower folds them, without copying either.
bool equal_folded(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return folded(x) == folded(y); });
}

bool is_keyword(std::string_view text) {
  return std::any_of(std::begin(k_keywords), std::end(k_keywords), [&](std::string_view k) { return equal_folded(text, k); });
}

/// A line that starts a glossary: the word itself (bold or not, with or without a colon), or a heading holding it.
bool starts_glossary(std::string_view line) {
  line = util::trim(line);
  if (is_heading(line)) {
    const std::string_view text = line.substr(std::min(line.find_first_not_of('#'), line.size()));
    return std::any_of(std::begin(k_keywords), std::end(k_keywords), [&](std::string_view k) {  // k is in lower case
      return std::search(text.begin(), text.end(), k.begin(), k.end(), [](char x, char y) { return folded(x) == y; }) != text.end();
    });
  }
  return is_keyword(unbold(without_colon(unbold(line))));
}

bool ends_glossary(std::string_view line) {
  line = util::trim(line);
  return is_heading(line) || util::ends_with(line, "?") || util::ends_with(line, k_fullwidth_question);
}

struct EntryLine {
  std::string_view term;
  std::string_view rest;
};

/// `Term：definition` or `**Term**：definition` (ASCII or full-width colon, a term of at most 40 characters),
/// also as a Markdown list item (`- Term：…`, `* Term: …`, `+ …`).
std::optional<EntryLine> entry_line(std::string_view line) {
  line = util::trim(line);
  if (line.size() > 2 && std::string_view("-*+").find(line.front()) != std::string_view::npos && line[1] == ' ')
    line = util::trim(line.substr(2));
  const auto ascii = line.find(':');
  const auto wide = line.find(k_fullwidth_colon);
  const std::size_t at = std::min(ascii, wide);
  if (at == std::string_view::npos || at == 0) return std::nullopt;
  const std::size_t after = at + (at == ascii ? 1 : k_fullwidth_colon.size());
  if (at == ascii && line.substr(after, 2) == "//") return std::nullopt;  // a URL, not a term
  std::string_view term = util::trim(line.substr(0, at));
  std::string_view rest = util::trim(line.substr(after));
  if (util::starts_with(term, "**") && !util::ends_with(term, "**")) {
    // `**Term：**definition`: the bold closes after the colon; any other half-bold is prose
    if (!util::starts_with(rest, "**")) return std::nullopt;
    term = util::trim(term.substr(2));
    rest = util::trim(rest.substr(2));
  }
  term = unbold(term);
  if (term.empty() || code_points(term) > k_max_term_chars) return std::nullopt;
  // List items, quotes, tables and headings are prose, not entries.
  if (std::string_view("-*+>|#").find(term.front()) != std::string_view::npos) return std::nullopt;
  return EntryLine{term, rest};
}

std::string strip_blank_ends(const std::vector<std::string_view>& lines) {
  std::size_t first = 0, last = lines.size();
  while (first < last && util::trim(lines[first]).empty()) ++first;
  while (last > first && util::trim(lines[last - 1]).empty()) --last;
  std::string out;
  for (std::size_t i = first; i < last; ++i) {
    if (i != first) out += '\n';
    out += lines[i];
  }
  return out;
}

/// Calls `f` with each character of the text trimmed and with each run of blanks as one space.
template <class F>
void each_normalized(std::string_view text, F f) {
  bool blank = false;
  for (const char c : util::trim(text)) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (space && !blank) f(' ');
    if (!space) f(c);
    blank = space;
  }
}

std::string normalized(std::string_view text) {
  std::string out;
  each_normalized(text, [&](char c) { out += c; });
  return out;
}

/// FNV-1a of the normalized text, without making it.
std::uint64_t normalized_hash(std::string_view text) {
  std::uint64_t h = 14695981039346656037ull;
  each_normalized(text, [&](char c) { h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull; });
  return h;
}

bool latin(const std::string& term) {
  const char c = term.empty() ? '\0' : term.front();
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/// Appends s with each `from` replaced by `to`.
void append_replaced(std::string& out, std::string_view s, std::string_view from, std::string_view to) {
  for (auto at = s.find(from); at != std::string_view::npos; at = s.find(from)) {
    out.append(s.substr(0, at)).append(to);
    s.remove_prefix(at + from.size());
  }
  out.append(s);
}

/// A definition inside glossary.md: a blockquote, with anything that could close pdo's block disarmed.
void append_quoted(std::string& out, std::string_view text) {
  bool first = true;
  for (const auto line : util::split_lines(text)) {
    if (!first) out += '\n';
    first = false;
    const std::string_view bare = util::chomp(line);
    out += bare.empty() ? ">" : "> ";
    append_replaced(out, bare, "<!--", "&lt;!--");
  }
}

/// Each place as a reference link to its lesson's notes, "[03 Title][pdo-03]": the notes' path is written once
/// per lesson below the terms (append_link_definitions), not once per definition.
void append_places(std::string& out, const GlossaryDefinition& d) {
  bool first = true;
  for (const auto& p : d.places) {
    out += first ? "[" : " · [";
    first = false;
    out.append(p.lesson->id).append(" ");
    for (const char c : p.lesson->title) {
      if (c == '[' || c == ']') out += '\\';
      out += c;
    }
    out.append("][pdo-").append(p.lesson->id).append("]");
  }
}

/// "[pdo-03]: lessons/03-…/notes.md", a line per lesson the places name, in lesson order, after a blank line.
std::string link_definitions(const std::vector<GlossaryTerm>& terms) {
  std::map<int, const GlossaryPlace*> lessons;
  for (const auto& t : terms) {
    for (const auto& d : t.definitions) {
      for (const auto& p : d.places) lessons.emplace(p.lesson->number, &p);
    }
  }
  std::string out = lessons.empty() ? "" : "\n";
  for (const auto& [number, p] : lessons) {
    out.append("[pdo-").append(p->lesson->id).append("]: ");
    if (p->path.find_first_of(" ()<>") == std::string::npos) {
      out += p->path;
    } else {
      out += '<';
      append_replaced(out, p->path, ">", "%3E");
      out += '>';
    }
    out += '\n';
  }
  return out;
}

template <class F>
std::string appended(F f) {
  std::string out;
  f(out);
  return out;
}

/// The template's text for one term, rendered through the template engine.
std::string render_term(std::string_view each, const GlossaryTerm& t, const std::string& name) {
  Vars tv;
  tv.set("term", util::replace_all(t.term, "<!--", "&lt;!--"));
  tv.set("several", t.definitions.size() > 1).set("count", std::to_string(t.definitions.size()));
  std::vector<Vars> defs;
  for (const auto& d : t.definitions) {
    Vars dv;
    dv.set("quoted", appended([&](std::string& o) { append_quoted(o, d.text); }));
    dv.set("places", appended([&](std::string& o) { append_places(o, d); }));
    defs.push_back(std::move(dv));
  }
  tv.set("definitions", std::move(defs));
  auto one = render(each, tv);
  if (!one) throw Failure(Exit::failure, "internal: template " + name + ": " + one.error().message);
  return std::move(one).value();
}

/// The text of a term with one definition, as four pieces of the template around its three fields (term,
/// quoted, places): the section rendered once with a marker in each field and cut at the markers. None when
/// the template does not hold each field once, in that order; each term is rendered through it then.
std::optional<std::array<std::string, 4>> one_definition_pieces(std::string_view each, const std::string& name) {
  Vars tv;
  tv.set("term", std::string("\x01")).set("several", false).set("count", std::string("1"));
  Vars dv;
  dv.set("quoted", std::string("\x02")).set("places", std::string("\x03"));
  tv.set("definitions", std::vector<Vars>{std::move(dv)});
  auto text = render(each, tv);
  if (!text) throw Failure(Exit::failure, "internal: template " + name + ": " + text.error().message);
  std::array<std::string, 4> pieces;
  std::size_t from = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const char marker = static_cast<char>(i + 1);
    const auto at = text->find(marker, from);
    if (at == std::string::npos || text->find(marker, at + 1) != std::string::npos) return std::nullopt;
    pieces[i] = text->substr(from, at - from);
    from = at + 1;
  }
  pieces[3] = text->substr(from);
  return pieces;
}

}  // namespace

std::vector<GlossaryEntry> glossary_entries(std::string_view notes) { return scan_glossary(notes).entries; }

GlossaryScan scan_glossary(std::string_view notes) {
  if (util::has_bom(notes)) notes.remove_prefix(util::k_bom.size());
  GlossaryScan scan;
  std::vector<GlossaryEntry>& out = scan.entries;
  bool inside = false;
  std::size_t section = 0, found = 0;  // the open section's line, and the entries before it
  const auto end_section = [&] {
    if (inside && out.size() == found) scan.empty_sections.push_back(section);
  };
  std::optional<GlossaryEntry> open;  // an entry taking the following lines
  std::vector<std::string_view> body;
  const auto close = [&] {
    if (open) {
      open->definition = strip_blank_ends(body);
      if (!open->definition.empty()) out.push_back(std::move(*open));
    }
    open.reset();
    body.clear();
  };
  std::size_t number = 0;
  for (const auto raw : util::split_lines(notes)) {
    ++number;
    std::string_view line = util::chomp(raw);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (inside) {
      // A blank line after one-line entries ends the glossary; blank lines before the first entry, or in
      // a definition written on the lines under its term, do not.
      const bool waiting = open || out.size() == found;
      if ((util::trim(line).empty() && !waiting) || ends_glossary(line)) {
        close();
        end_section();
        inside = false;
      }
    }
    if (!inside) {
      if (starts_glossary(line)) {
        inside = true;
        section = number;
        found = out.size();
      }
      continue;
    }
    if (auto e = entry_line(line)) {
      close();
      if (e->rest.empty() || equal_folded(unbold(e->rest), e->term)) {  // the term again: its definition follows
        open = GlossaryEntry{std::string(e->term), {}, number};
      } else {
        out.push_back({std::string(e->term), std::string(e->rest), number});
      }
      continue;
    }
    if (open) body.push_back(line);
  }
  close();
  end_section();
  return scan;
}

std::vector<GlossaryTerm> collect_glossary(const std::vector<LessonNotes>& notes) {
  // Each term and each definition is folded once and found by hash: a notes file of 80k entries is
  // gathered in one pass, not by comparing every entry with every term gathered so far.
  struct Gathered {
    GlossaryTerm term;
    std::string folded;
    std::vector<std::uint64_t> hashes;  // each definition's normalized text, hashed (a map a term cost more than the term)
  };
  std::vector<Gathered> terms;
  std::unordered_map<std::string, std::size_t> by_folded;
  for (const auto& n : notes) {
    for (auto& e : glossary_entries(n.text)) {
      std::string folded = util::to_lower(e.term);
      const auto [at, added] = by_folded.try_emplace(folded, terms.size());
      if (added) terms.push_back({GlossaryTerm{e.term, {}}, std::move(folded), {}});
      Gathered& g = terms[at->second];
      const GlossaryPlace place{n.lesson, n.path, e.line};
      // Normalized texts are made only to tell apart two definitions of a term with the same hash.
      const std::uint64_t hash = normalized_hash(e.definition);
      std::size_t same = 0;
      while (same < g.hashes.size() && (g.hashes[same] != hash || normalized(g.term.definitions[same].text) != normalized(e.definition)))
        ++same;
      if (same == g.hashes.size()) {
        g.hashes.push_back(hash);
        g.term.definitions.push_back({std::move(e.definition), {place}});
      } else {
        g.term.definitions[same].places.push_back(place);
      }
    }
  }
  // Latin terms first, by their folded form, then the rest by code point (UTF-8 byte order).
  std::sort(terms.begin(), terms.end(), [](const Gathered& a, const Gathered& b) {
    const bool la = latin(a.term.term), lb = latin(b.term.term);
    if (la != lb) return la;
    if (la && a.folded != b.folded) return a.folded < b.folded;
    return a.term.term < b.term.term;
  });
  std::vector<GlossaryTerm> out;
  out.reserve(terms.size());
  for (auto& g : terms) out.push_back(std::move(g.term));
  return out;
}

std::string glossary_file_text(const course::Course& course, const std::vector<GlossaryTerm>& terms, util::Lang lang) {
  // The template's {{#terms}} section is filled a term at a time, straight into the file's text: through
  // the template engine, a scope (a map) per term and per definition and the text copied per term were
  // most of the time and memory of a 20k-term glossary. A term of one definition, nearly every term, is
  // the section's pieces around its three fields; any other is rendered through the engine.
  const std::string name = std::string("templates/") + std::string(util::lang_code(lang)) + "/glossary.md";
  const auto tmpl = util::embedded_file(name);
  constexpr std::string_view open = "{{#terms}}\n", close = "{{/terms}}\n";
  const auto from = tmpl ? tmpl->find(open) : std::string_view::npos;
  const auto to = from == std::string_view::npos ? from : tmpl->find(close, from);
  if (to == std::string_view::npos) throw Failure(Exit::failure, "internal: template " + name + " has no {{#terms}} section");
  const std::string_view each = tmpl->substr(from + open.size(), to - from - open.size());
  const auto pieces = one_definition_pieces(each, name);
  std::unordered_set<const course::Lesson*> seen;
  std::size_t per_term = each.size();  // about the entries' size, so that the text grows once
  if (pieces) per_term = pieces->at(0).size() + pieces->at(1).size() + pieces->at(2).size() + pieces->at(3).size();
  std::size_t size = 0;
  for (const auto& t : terms) {
    size += per_term + t.term.size();
    for (const auto& d : t.definitions) {
      size += d.text.size() + d.text.size() / 8;
      for (const auto& p : d.places) {
        seen.insert(p.lesson);
        size += 2 * p.lesson->id.size() + p.lesson->title.size() + 12;
      }
    }
  }
  Vars v;
  v.set("course_title", course.title).set("terms", !terms.empty());
  v.set("term_count", std::to_string(terms.size())).set("lesson_count", std::to_string(seen.size()));
  v.set("links", link_definitions(terms));
  // Before and after the section: each rendered on its own (neither may open a section the other closes).
  const auto head = render(tmpl->substr(0, from), v);
  const auto tail = render(tmpl->substr(to + close.size()), v);
  if (!head || !tail) throw Failure(Exit::failure, "internal: template " + name + ": " + (head ? tail : head).error().message);
  std::string out;
  out.reserve(head->size() + size + tail->size());
  out += *head;
  for (const auto& t : terms) {
    if (pieces && t.definitions.size() == 1) {
      const auto& p = *pieces;
      out += p[0];
      append_replaced(out, t.term, "<!--", "&lt;!--");
      out += p[1];
      append_quoted(out, t.definitions.front().text);
      out += p[2];
      append_places(out, t.definitions.front());
      out += p[3];
    } else {
      out += render_term(each, t, name);
    }
  }
  out += *tail;
  return out;
}

util::Json glossary_json(const std::vector<GlossaryTerm>& terms) {
  util::Json out = util::Json::array();
  for (const auto& t : terms) {
    util::Json definitions = util::Json::array();
    for (const auto& d : t.definitions) {
      util::Json places = util::Json::array();
      for (const auto& p : d.places) {
        places.push_back({{"lesson", p.lesson->id}, {"title", p.lesson->title}, {"path", p.path}, {"line", p.line}});
      }
      definitions.push_back({{"text", d.text}, {"places", std::move(places)}});
    }
    out.push_back({{"term", t.term}, {"definitions", std::move(definitions)}});
  }
  return {{"terms", std::move(out)}};
}

}  // namespace pdo::workspace
