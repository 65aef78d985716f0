#include "app/sync/sync_lines.hpp"

#include <algorithm>
#include <utility>

#include "app/sync/sync_merge.hpp"
#include "git/repo.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

namespace pdo::app {

using util::tr;

bool contains_line(const std::vector<std::string>& lines, const std::string& line) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return util::chomp(l) == util::chomp(line); });
}

std::vector<std::string> union_of(const Region& r) {
  std::vector<std::string> removed, added, out;
  for (const auto& l : r.base) {
    if (!contains_line(r.theirs, l)) removed.push_back(l);
  }
  for (const auto& l : r.theirs) {
    if (!contains_line(r.base, l)) added.push_back(l);
  }
  for (const auto& l : r.ours) {
    if (!contains_line(removed, l)) out.push_back(l);
  }
  for (const auto& l : added) {
    if (!contains_line(out, l)) out.push_back(l);
  }
  return out;
}

Result<LineMerge> merge_lines(const std::string& base, const std::string& ours, const std::string& theirs) {
  auto merged = git::Repo::merge_text(base, ours, theirs);
  if (!merged) return merged.error();
  LineMerge out;
  if (merged->clean) {
    out.text = std::move(merged->text);
    return out;
  }
  // A line of the learner's that looks like a marker would be read as one: such a file is not merged.
  for (const auto* text : {&base, &ours, &theirs}) {
    for (const auto line : util::split_lines(*text)) {
      if (marker_of(util::chomp(line)) != Marker::none)
        return Error{Exit::failure, tr("文件里有一行像是合并标记", "a line of the file looks like a merge marker")};
    }
  }
  out.clean = false;
  std::optional<Region> region;
  std::vector<std::string>* section = nullptr;
  for (const auto raw : util::split_lines(merged->text)) {
    switch (marker_of(util::chomp(raw))) {
      case Marker::ours:
        region = Region{};
        section = &region->ours;
        continue;
      case Marker::base:
        if (region) section = &region->base;
        continue;
      case Marker::theirs:
        if (region) section = &region->theirs;
        continue;
      case Marker::end:
        if (region) out.pieces.push_back(Piece{{}, std::exchange(region, std::nullopt)});
        section = nullptr;
        continue;
      case Marker::none:
        break;
    }
    if (section) {
      section->emplace_back(raw);
    } else {
      out.pieces.push_back(Piece{std::string(raw), std::nullopt});
    }
  }
  return out;
}

std::string join_lines(const std::vector<std::string>& lines, std::string_view eol) {
  std::string text;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    text += lines[i];
    if (i + 1 < lines.size() && (lines[i].empty() || lines[i].back() != '\n')) text += eol;
  }
  return text;
}

std::string join_pieces(const std::vector<Piece>& pieces, std::string_view eol,
                        const std::function<std::vector<std::string>(const Region&)>& resolve) {
  std::vector<std::string> lines;
  for (const auto& p : pieces) {
    if (!p.region) {
      lines.push_back(p.line);
      continue;
    }
    for (auto& l : resolve(*p.region)) lines.push_back(std::move(l));
  }
  return join_lines(lines, eol);
}

}  // namespace pdo::app
