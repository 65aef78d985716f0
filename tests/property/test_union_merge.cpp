// sync's union merge of one questions.md section, as a property (RapidCheck, issue 42): for a generated
// base and two sides made from it by generated edits (lines inserted, removed, changed, at any place,
// with or without a final line end), no line either side added is lost, and no marker line is written.
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "app/sync/sync_lines.hpp"
#include "app/sync/sync_merge.hpp"
#include "util/text.hpp"

using namespace pdo;

namespace {

const std::vector<std::string> k_lines = {
    "## 03 DDP", "",    "- why all_reduce?", "- 为什么要 barrier？", "- [2026-12-06] NCCL timeout", "text", "- a", "- b",
    "- c",       "- a", "  indented"};

std::vector<std::string> edited(std::vector<std::string> lines) {
  const int edits = *rc::gen::inRange(0, 5);
  for (int e = 0; e < edits; ++e) {
    const auto at = *rc::gen::inRange<std::size_t>(0, lines.size() + 1);
    switch (*rc::gen::inRange(0, 3)) {
      case 0:
        lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(at), *rc::gen::elementOf(k_lines) + " #" + std::to_string(e));
        break;
      case 1:
        if (at < lines.size()) lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(at));
        break;
      default:
        if (at < lines.size()) lines[at] = *rc::gen::elementOf(k_lines) + " changed #" + std::to_string(e);
        break;
    }
  }
  return lines;
}

std::string text_of(const std::vector<std::string>& lines, bool final_eol) {
  std::string s;
  for (std::size_t i = 0; i < lines.size(); ++i) s += lines[i] + (i + 1 < lines.size() || final_eol ? "\n" : "");
  return s;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  for (const auto line : util::split_lines(text)) out.emplace_back(util::chomp(line));
  return out;
}

bool added_lines_kept(const std::vector<std::string>& side, const std::vector<std::string>& base, const std::vector<std::string>& merged) {
  for (const auto& line : side) {
    if (!app::contains_line(base, line) && !app::contains_line(merged, line)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("the union merge of a questions.md section loses no added line and writes no marker", "[property]") {
  rc::prop("every line either side added is in the merge; no line is a conflict marker", [] {
    const auto base = *rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(k_lines));
    const auto ours = edited(base), theirs = edited(base);
    const auto merged = app::union_merge(text_of(base, *rc::gen::arbitrary<bool>()), text_of(ours, *rc::gen::arbitrary<bool>()),
                                         text_of(theirs, *rc::gen::arbitrary<bool>()));
    RC_ASSERT(static_cast<bool>(merged));
    const auto lines = lines_of(*merged);
    RC_ASSERT(added_lines_kept(ours, base, lines));
    RC_ASSERT(added_lines_kept(theirs, base, lines));
    RC_ASSERT(!app::has_conflict_markers(*merged));
  });
}
