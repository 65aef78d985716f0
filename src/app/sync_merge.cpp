#include "app/sync_merge.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "git/repo.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

namespace pdo::app {

using util::tr;

namespace {

std::optional<std::string> line_in(const progress::BoxLines& b, const progress::BoxKey& k) {
  const auto it = b.lines.find(k);
  return it == b.lines.end() ? std::nullopt : std::optional<std::string>(it->second);
}

Error doubled(const progress::BoxKey& k) {
  return Error{Exit::failure, tr("progress.md 里勾选框 ", "progress.md has the box ") + progress::key_text(k) +
                                  tr(" 出现在不止一行；请只保留一行后再同步。", " on more than one line; keep one and sync again.")};
}

/// One conflict region of merge_text()'s output.
struct Region {
  std::vector<std::string> ours, base, theirs;
};

bool contains(const std::vector<std::string>& lines, const std::string& line) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return util::chomp(l) == util::chomp(line); });
}

/// Keeps ours, drops what theirs removed from the base, adds what theirs added (once).
std::vector<std::string> union_of(const Region& r) {
  std::vector<std::string> removed, added, out;
  for (const auto& l : r.base) {
    if (!contains(r.theirs, l)) removed.push_back(l);
  }
  for (const auto& l : r.theirs) {
    if (!contains(r.base, l)) added.push_back(l);
  }
  for (const auto& l : r.ours) {
    if (!contains(removed, l)) out.push_back(l);
  }
  for (const auto& l : added) {
    if (!contains(out, l)) out.push_back(l);
  }
  return out;
}

}  // namespace

Marker marker_of(std::string_view line) {
  const std::size_t n = git::k_merge_marker_size;
  if (line.size() < n) return Marker::none;
  const char c = line.front();
  if (c != '<' && c != '|' && c != '=' && c != '>') return Marker::none;
  if (line.find_first_not_of(c) < n) return Marker::none;
  if (line.size() > n && line[n] != ' ') return Marker::none;
  return c == '<' ? Marker::ours : c == '|' ? Marker::base : c == '=' ? Marker::theirs : Marker::end;
}

Result<BoxVerdicts> decide_boxes(std::string_view base, std::string_view remote, std::string_view local,
                                 const std::function<long long(Side, const progress::BoxKey&)>& time_of) {
  const auto b = progress::box_lines(base), r = progress::box_lines(remote), l = progress::box_lines(local);
  for (const auto* side : {&r, &l}) {
    if (!side->doubled.empty()) return doubled(*side->doubled.begin());
  }
  std::vector<progress::BoxKey> keys;
  for (const auto* side : {&b, &r, &l}) {
    for (const auto& [k, line] : side->lines) keys.push_back(k);
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  BoxVerdicts out;
  for (const auto& k : keys) {
    const auto bl = line_in(b, k), rl = line_in(r, k), ll = line_in(l, k);
    BoxVerdict v;
    if (ll == bl) {
      v.side = Side::remote;
      v.kept = rl.value_or("");
    } else if (rl == bl || rl == ll) {
      v.side = Side::local;
      v.kept = ll.value_or("");
    } else if (!rl || !ll) {
      return Error{Exit::failure, tr("勾选框 ", "the box ") + progress::key_text(k) +
                                      tr(" 在一台机器上被删掉（删了那一课？），在另一台机器上被改动了",
                                         " was removed on one machine (its lesson removed?) and changed on the other")};
    } else {
      const long long tr_ = time_of(Side::remote, k), tl = time_of(Side::local, k);
      v.clash = true;
      v.side = tl >= tr_ ? Side::local : Side::remote;
      v.kept = v.side == Side::local ? *ll : *rl;
      v.lost = v.side == Side::local ? *rl : *ll;
      v.when = std::max(tl, tr_);
    }
    out.emplace(k, std::move(v));
  }
  return out;
}

Result<std::string> replay_progress(const std::string& base, const std::string& ours, const std::string& theirs,
                                    const BoxVerdicts& verdicts) {
  const auto p = progress::box_lines(base), t = progress::box_lines(ours), c = progress::box_lines(theirs);
  auto skeleton = text_merge(progress::mask_boxes(base), progress::mask_boxes(ours), progress::mask_boxes(theirs));
  if (!skeleton) return skeleton.error();
  const std::string merged = progress::unmask_boxes(*skeleton, [&](const progress::BoxKey& k) -> std::optional<std::string> {
    const auto it = verdicts.find(k);
    const bool local = it != verdicts.end() && it->second.side == Side::local;
    if (local && line_in(p, k) != line_in(c, k)) return line_in(c, k);  // this commit's change, kept
    if (auto now = line_in(t, k)) return now;
    return line_in(c, k);
  });
  const auto after = progress::box_lines(merged);
  if (!after.doubled.empty()) return doubled(*after.doubled.begin());
  return merged;
}

Result<std::string> union_merge(const std::string& base, const std::string& ours, const std::string& theirs) {
  // A line of the learner's that looks like a marker would be read as one: merge such a file by hand.
  for (const auto* text : {&base, &ours, &theirs}) {
    for (const auto line : util::split_lines(*text)) {
      if (marker_of(util::chomp(line)) != Marker::none)
        return Error{Exit::failure, tr("文件里有一行像是合并标记", "a line of the file looks like a merge marker")};
    }
  }
  auto merged = git::Repo::merge_text(base, ours, theirs);
  if (!merged) return merged.error();
  if (merged->clean) return std::move(merged->text);
  const std::string eol(util::detect_eol(ours.empty() ? theirs : ours));
  std::vector<std::string> out;
  std::optional<Region> region;
  std::vector<std::string>* section = nullptr;
  for (const auto raw : util::split_lines(merged->text)) {
    const std::string line(raw);
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
        if (region) {
          for (auto& l : union_of(*region)) out.push_back(std::move(l));
        }
        region.reset();
        section = nullptr;
        continue;
      case Marker::none:
        break;
    }
    if (section) {
      section->push_back(line);
    } else {
      out.push_back(line);
    }
  }
  std::string text;
  for (std::size_t i = 0; i < out.size(); ++i) {
    text += out[i];
    if (i + 1 < out.size() && (out[i].empty() || out[i].back() != '\n')) text += eol;
  }
  return text;
}

Result<std::string> text_merge(const std::string& base, const std::string& ours, const std::string& theirs) {
  auto merged = git::Repo::merge_text(base, ours, theirs);
  if (!merged) return merged.error();
  if (!merged->clean) return Error{Exit::failure, tr("两台机器改了同一处", "both machines changed the same lines")};
  return std::move(merged->text);
}

}  // namespace pdo::app
