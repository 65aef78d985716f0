#pragma once
// How pdo sync merges one file when a commit of this machine is replayed on top of the remote's:
// progress.md box by box (three-way over the whole sync: a box changed on one side takes that side's
// line, changed differently on both the later change wins), questions.md by keeping every question of
// both sides, any other text by git's own line merge. What cannot be merged is an error naming why; the
// caller then stops with nothing changed.
#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "progress/merge.hpp"
#include "util/error.hpp"

namespace pdo::app {

/// The two sides of a sync.
enum class Side { remote, local };

/// Where a box's line ends up after the sync, and why.
struct BoxVerdict {
  Side side = Side::remote;
  bool clash = false;  ///< changed differently on both sides: the later change won
  std::string kept;    ///< the line kept ("" when the box is gone on that side)
  std::string lost;    ///< with a clash, the other side's line
  long long when = 0;  ///< with a clash, the time of the change that won
};

/// Every box's verdict, by key.
using BoxVerdicts = std::map<progress::BoxKey, BoxVerdict>;

/// Decides each box three-way from progress.md at the merge base, on the remote and here. A box changed
/// on both sides to different lines goes to the later change, by `time_of(side, key)`. An error when a
/// box was removed on one side and changed on the other (a lesson removed there, ticked here).
Result<BoxVerdicts> decide_boxes(std::string_view base, std::string_view remote, std::string_view local,
                                 const std::function<long long(Side, const progress::BoxKey&)>& time_of);

/// progress.md of one replayed commit: `base` is the commit's parent's, `ours` the new line's so far,
/// `theirs` the commit's. The commit's box changes apply where the verdict is local; the rest of the file
/// merges line by line. Errors: a conflict outside the boxes, or a box left on two lines.
Result<std::string> replay_progress(const std::string& base, const std::string& ours, const std::string& theirs,
                                    const BoxVerdicts& verdicts);

/// questions.md of one replayed commit: git's line merge, where each conflict keeps the new line's
/// lines (minus the ones the commit removed) and adds the lines the commit added: no question is lost.
Result<std::string> union_merge(const std::string& base, const std::string& ours, const std::string& theirs);

/// Any other text: git's line merge; an error when both sides changed the same lines.
Result<std::string> text_merge(const std::string& base, const std::string& ours, const std::string& theirs);

/// The line of one conflict region that merge_text() marks.
enum class Marker { none, ours, base, theirs, end };

/// Which marker line `line` (without its line end) is.
Marker marker_of(std::string_view line);

}  // namespace pdo::app
