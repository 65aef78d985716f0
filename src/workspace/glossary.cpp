#include "workspace/glossary.hpp"

#include <algorithm>
#include <optional>
#include <sstream>
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

bool is_keyword(std::string_view text) {
  const std::string lower = util::to_lower(text);
  return std::any_of(std::begin(k_keywords), std::end(k_keywords), [&](std::string_view k) { return lower == k; });
}

/// A line that starts a glossary: the word itself (bold or not, with or without a colon), or a heading holding it.
bool starts_glossary(std::string_view line) {
  line = util::trim(line);
  if (is_heading(line)) {
    const std::string lower = util::to_lower(line.substr(std::min(line.find_first_not_of('#'), line.size())));
    return std::any_of(std::begin(k_keywords), std::end(k_keywords),
                       [&](std::string_view k) { return lower.find(k) != std::string::npos; });
  }
  return is_keyword(unbold(without_colon(unbold(line))));
}

bool ends_glossary(std::string_view line) {
  line = util::trim(line);
  return is_heading(line) || util::ends_with(line, "?") || util::ends_with(line, k_fullwidth_question);
}

struct EntryLine {
  std::string term;
  std::string rest;
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
  return EntryLine{std::string(term), std::string(rest)};
}

std::string strip_blank_ends(const std::vector<std::string>& lines) {
  std::size_t first = 0, last = lines.size();
  while (first < last && util::trim(lines[first]).empty()) ++first;
  while (last > first && util::trim(lines[last - 1]).empty()) --last;
  std::string out;
  for (std::size_t i = first; i < last; ++i) out += (i == first ? "" : "\n") + lines[i];
  return out;
}

std::string normalized(std::string_view text) {
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

bool latin(const std::string& term) {
  const char c = term.empty() ? '\0' : term.front();
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/// A definition inside glossary.md: a blockquote, with anything that could close pdo's block disarmed.
std::string quoted(const std::string& text) {
  std::string out;
  for (const auto line : util::split_lines(text)) {
    const std::string safe = util::replace_all(util::chomp(line), "<!--", "&lt;!--");
    out += safe.empty() ? ">\n" : "> " + safe + "\n";
  }
  if (!out.empty()) out.pop_back();
  return out;
}

std::string link_target(const std::string& path) {
  return path.find_first_of(" ()<>") == std::string::npos ? path : "<" + util::replace_all(path, ">", "%3E") + ">";
}

std::string places_text(const GlossaryDefinition& d) {
  std::vector<std::string> links;
  for (const auto& p : d.places) {
    links.push_back("[" + p.lesson->id + " " + util::replace_all(util::replace_all(p.lesson->title, "[", "\\["), "]", "\\]") + "](" +
                    link_target(p.path) + ")");
  }
  return util::join(links, " · ");
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
  std::vector<std::string> body;
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
    std::string line(util::chomp(raw));
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
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
      const bool repeats = util::to_lower(unbold(e->rest)) == util::to_lower(e->term);
      if (e->rest.empty() || repeats) {
        open = GlossaryEntry{e->term, {}, number};
      } else {
        out.push_back({e->term, e->rest, number});
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
    std::vector<std::size_t> hashes;  // each definition's normalized text, hashed (a map a term cost more than the term)
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
      const std::string text = normalized(e.definition);
      const std::size_t hash = std::hash<std::string>{}(text);
      std::size_t same = 0;
      while (same < g.hashes.size() && (g.hashes[same] != hash || normalized(g.term.definitions[same].text) != text)) ++same;
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
  // The template's {{#terms}} section is rendered a term at a time into one string: the whole list as
  // template scopes cost a map per term and per definition (32 MiB of heap for 20k terms).
  const std::string name = std::string("templates/") + std::string(util::lang_code(lang)) + "/glossary.md";
  const auto tmpl = util::embedded_file(name);
  constexpr std::string_view open = "{{#terms}}\n", close = "{{/terms}}\n";
  const auto from = tmpl ? tmpl->find(open) : std::string_view::npos;
  const auto to = from == std::string_view::npos ? from : tmpl->find(close, from);
  if (to == std::string_view::npos) throw Failure(Exit::failure, "internal: template " + name + " has no {{#terms}} section");
  const std::string_view each = tmpl->substr(from + open.size(), to - from - open.size());
  std::string entries;
  std::unordered_set<const course::Lesson*> seen;
  for (const auto& t : terms) {
    Vars tv;
    tv.set("term", util::replace_all(t.term, "<!--", "&lt;!--"));
    tv.set("several", t.definitions.size() > 1).set("count", std::to_string(t.definitions.size()));
    std::vector<Vars> defs;
    for (const auto& d : t.definitions) {
      Vars dv;
      dv.set("quoted", quoted(d.text)).set("places", places_text(d));
      defs.push_back(std::move(dv));
      for (const auto& p : d.places) seen.insert(p.lesson);
    }
    tv.set("definitions", std::move(defs));
    auto one = render(each, tv);
    if (!one) throw Failure(Exit::failure, "internal: template " + name + ": " + one.error().message);
    entries += *one;
  }
  Vars v;
  v.set("course_title", course.title).set("terms", !terms.empty()).set("entries", std::move(entries));
  v.set("term_count", std::to_string(terms.size())).set("lesson_count", std::to_string(seen.size()));
  auto out = render(std::string(tmpl->substr(0, from)) + "{{entries}}" + std::string(tmpl->substr(to + close.size())), v);
  if (!out) throw Failure(Exit::failure, "internal: template " + name + ": " + out.error().message);
  return std::move(out).value();
}

std::string glossary_json(const std::vector<GlossaryTerm>& terms) {
  std::ostringstream o;
  o << "{\"terms\":[";
  for (std::size_t i = 0; i < terms.size(); ++i) {
    o << (i ? "," : "") << "{\"term\":" << util::json_str(terms[i].term) << ",\"definitions\":[";
    for (std::size_t k = 0; k < terms[i].definitions.size(); ++k) {
      const auto& d = terms[i].definitions[k];
      o << (k ? "," : "") << "{\"text\":" << util::json_str(d.text) << ",\"places\":[";
      for (std::size_t p = 0; p < d.places.size(); ++p) {
        const auto& pl = d.places[p];
        o << (p ? "," : "") << "{\"lesson\":" << util::json_str(pl.lesson->id) << ",\"title\":" << util::json_str(pl.lesson->title)
          << ",\"path\":" << util::json_str(pl.path) << ",\"line\":" << pl.line << "}";
      }
      o << "]}";
    }
    o << "]}";
  }
  o << "]}\n";
  return o.str();
}

}  // namespace pdo::workspace
