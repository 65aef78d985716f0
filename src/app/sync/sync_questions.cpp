// questions.md as pdo sync merges it when git's line merge conflicts: section by section, so that every
// question stays under its lesson's heading and every heading keeps its blank line before it.
#include <algorithm>
#include <map>

#include "app/sync/sync_lines.hpp"
#include "app/sync/sync_merge.hpp"
#include "util/text.hpp"
#include "workspace/questions.hpp"

namespace pdo::app {

namespace {

/// One "## " section: its key (the lesson number, or the heading itself), heading line and body.
struct Section {
  std::string key;
  std::string heading;  ///< without its line end
  std::vector<std::string> body;
};

/// The text before the first "## " heading, and the sections after it.
struct Sections {
  std::vector<std::string> preamble;
  std::vector<Section> sections;
};

std::string key_of(std::string_view heading) {
  if (const auto lesson = workspace::heading_lesson(heading)) return std::to_string(*lesson);
  return "#" + std::string(util::trim(heading.substr(3)));
}

Sections sections_of(std::string_view text) {
  Sections out;
  std::map<std::string, int> seen;
  for (const auto raw : util::split_lines(text)) {
    const auto line = util::chomp(raw);
    if (util::starts_with(line, "## ")) {
      std::string key = key_of(line);
      if (const int n = seen[key]++; n > 0) key += "\n" + std::to_string(n);  // a heading written twice stays twice
      out.sections.push_back({key, std::string(line), {}});
      continue;
    }
    (out.sections.empty() ? out.preamble : out.sections.back().body).emplace_back(raw);
  }
  return out;
}

bool blank(const std::string& line) { return util::trim(line).empty(); }

/// Lines without the blank lines at either end, as one text ending in a line end.
std::string body_text(std::vector<std::string> lines, std::string_view eol) {
  while (!lines.empty() && blank(lines.back())) lines.pop_back();
  const auto first = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return !blank(l); });
  lines.erase(lines.begin(), first);
  std::string text = join_lines(lines, eol);
  if (!text.empty() && text.back() != '\n') text += eol;
  return text;
}

const Section* find(const Sections& s, const std::string& key) {
  for (const auto& sec : s.sections) {
    if (sec.key == key) return &sec;
  }
  return nullptr;
}

/// A section only one side has: kept, unless the other side removed it and this side left it as it was.
bool keep_one_sided(const Section& sec, const Sections& base, std::string_view eol) {
  const Section* b = find(base, sec.key);
  return !b || body_text(b->body, eol) != body_text(sec.body, eol);
}

}  // namespace

Result<std::string> merge_questions(const std::string& base, const std::string& ours, const std::string& theirs) {
  auto plain = merge_lines(base, ours, theirs);
  // Either way the result has one section per lesson, in lesson order (two machines that each asked a
  // first question of a lesson made a section each).
  if (plain && plain->clean) return workspace::sections_in_lesson_order(plain->text);
  const std::string eol(util::detect_eol(ours.empty() ? theirs : ours));
  const Sections b = sections_of(base), o = sections_of(ours), t = sections_of(theirs);
  std::vector<std::pair<std::string, std::string>> merged;  // heading, body
  for (const auto& sec : o.sections) {
    const Section* other = find(t, sec.key);
    if (!other) {
      if (keep_one_sided(sec, b, eol)) merged.emplace_back(sec.heading, body_text(sec.body, eol));
      continue;
    }
    const Section* was = find(b, sec.key);
    auto body = union_merge(was ? body_text(was->body, eol) : std::string(), body_text(sec.body, eol), body_text(other->body, eol));
    if (!body) return body.error();
    merged.emplace_back(sec.heading, *body);
  }
  for (const auto& sec : t.sections) {
    if (!find(o, sec.key) && keep_one_sided(sec, b, eol)) merged.emplace_back(sec.heading, body_text(sec.body, eol));
  }
  auto preamble = union_merge(body_text(b.preamble, eol), body_text(o.preamble, eol), body_text(t.preamble, eol));
  if (!preamble) return preamble.error();
  std::string text = *preamble;
  for (const auto& [heading, body] : merged) {
    if (!text.empty()) text += eol;
    text += heading + eol;
    if (!body.empty()) text += eol + body;
  }
  return workspace::sections_in_lesson_order(text);
}

}  // namespace pdo::app
