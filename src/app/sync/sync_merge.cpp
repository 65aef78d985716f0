#include "app/sync/sync_merge.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "app/sync/sync_lines.hpp"
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

/// Both sides' lines of a conflict: inserted at the same place of an existing file, all of them (the
/// remote's first); otherwise this machine's and the remote's between marker lines. `same` says which
/// lines of this machine's already stand among the remote's (box tokens: kept once).
std::vector<std::string> keep_both(const Region& r, const MergeLabels& labels, const std::string& eol, BaseFile base_file,
                                   const std::function<bool(const std::string&)>& once, bool& marked) {
  std::vector<std::string> local;
  for (const auto& l : r.theirs) {
    if (!(once(l) && contains_line(r.ours, l))) local.push_back(l);
  }
  std::vector<std::string> out;
  if (r.base.empty() && base_file == BaseFile::exists) {
    out = r.ours;
    out.insert(out.end(), local.begin(), local.end());
    return out;
  }
  marked = true;
  out.push_back("<<<<<<< " + labels.local + eol);
  out.insert(out.end(), local.begin(), local.end());
  out.push_back("=======" + eol);
  out.insert(out.end(), r.ours.begin(), r.ours.end());
  out.push_back(">>>>>>> " + labels.remote + eol);
  return out;
}

Result<MergedText> merge_keeping_both(const std::string& base, const std::string& ours, const std::string& theirs,
                                      const MergeLabels& labels, BaseFile base_file, const std::function<bool(const std::string&)>& once) {
  auto merged = merge_lines(base, ours, theirs);
  if (!merged) return merged.error();
  if (merged->clean) return MergedText{std::move(merged->text), false};
  const std::string eol(util::detect_eol(ours.empty() ? theirs : ours));
  MergedText out;
  out.text = join_pieces(merged->pieces, eol, [&](const Region& r) { return keep_both(r, labels, eol, base_file, once, out.marked); });
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

bool has_conflict_markers(std::string_view text) {
  for (const auto line : util::split_lines(text)) {
    if (util::starts_with(line, "<<<<<<< ") || util::starts_with(line, ">>>>>>> ")) return true;
  }
  return false;
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

Result<MergedText> replay_progress(const std::string& base, const std::string& ours, const std::string& theirs, const BoxVerdicts& verdicts,
                                   const MergeLabels& labels) {
  const auto p = progress::box_lines(base), t = progress::box_lines(ours), c = progress::box_lines(theirs);
  auto skeleton = merge_keeping_both(progress::mask_boxes(base), progress::mask_boxes(ours), progress::mask_boxes(theirs), labels,
                                     BaseFile::exists, [](const std::string& l) { return progress::is_box_token(util::chomp(l)); });
  if (!skeleton) return skeleton.error();
  MergedText out;
  out.marked = skeleton->marked;
  out.text = progress::unmask_boxes(skeleton->text, [&](const progress::BoxKey& k) -> std::optional<std::string> {
    const auto it = verdicts.find(k);
    const bool local = it != verdicts.end() && it->second.side == Side::local;
    if (local && line_in(p, k) != line_in(c, k)) return line_in(c, k);  // this commit's change, kept
    if (auto now = line_in(t, k)) return now;
    return line_in(c, k);
  });
  const auto after = progress::box_lines(out.text);
  if (!after.doubled.empty()) return doubled(*after.doubled.begin());
  return out;
}

Result<std::string> union_merge(const std::string& base, const std::string& ours, const std::string& theirs) {
  auto merged = merge_lines(base, ours, theirs);
  if (!merged) return merged.error();
  if (merged->clean) return std::move(merged->text);
  return join_pieces(merged->pieces, util::detect_eol(ours.empty() ? theirs : ours), [](const Region& r) { return union_of(r); });
}

Result<MergedText> text_merge(const std::string& base, const std::string& ours, const std::string& theirs, const MergeLabels& labels,
                              BaseFile base_file) {
  return merge_keeping_both(base, ours, theirs, labels, base_file, [](const std::string&) { return false; });
}

}  // namespace pdo::app
