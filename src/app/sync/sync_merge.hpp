#pragma once
// How pdo sync merges one file when a commit of this machine is replayed on top of the remote's:
// progress.md box by box (three-way over the whole sync: a box changed on one side takes that side's
// line, changed differently on both the later change wins), questions.md by keeping every question of
// both sides in its lesson's section, any other text by git's own line merge, where lines inserted at the
// same place on both sides are all kept and lines changed differently on both sides are kept twice,
// between conflict markers naming the two machines, for the learner to choose. What cannot be merged at
// all is an error naming why; the caller then stops with nothing changed.
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

/// The names of the two sides on conflict marker lines, in the workspace's language.
struct MergeLabels {
  std::string local;   ///< e.g. "本机 (laptop)"
  std::string remote;  ///< e.g. "远程 (origin)"
};

/// A merged text, and whether it holds conflict markers for the learner.
struct MergedText {
  std::string text;
  bool marked = false;
};

/// Whether the file existed at the merge's base (inserting into an existing file is a union; two files
/// made anew at one path are a conflict).
enum class BaseFile { exists, absent };

/// Decides each box three-way from progress.md at the merge base, on the remote and here. A box changed
/// on both sides to different lines goes to the later change, by `time_of(side, key)`. An error when a
/// box was removed on one side and changed on the other (a lesson removed there, ticked here).
Result<BoxVerdicts> decide_boxes(std::string_view base, std::string_view remote, std::string_view local,
                                 const std::function<long long(Side, const progress::BoxKey&)>& time_of);

/// progress.md of one replayed commit: `base` is the commit's parent's, `ours` the new line's so far,
/// `theirs` the commit's. The commit's box changes apply where the verdict is local; the rest of the file
/// merges as text_merge() does. Errors: a box left on two lines.
Result<MergedText> replay_progress(const std::string& base, const std::string& ours, const std::string& theirs, const BoxVerdicts& verdicts,
                                   const MergeLabels& labels);

/// questions.md of one replayed commit: git's line merge; where it conflicts, the file is merged section
/// by section ("## NN" headings): every question of both sides is kept under its lesson, what one side
/// removed stays removed, and every heading follows a blank line.
Result<std::string> merge_questions(const std::string& base, const std::string& ours, const std::string& theirs);

/// git's line merge where each conflict keeps the new line's lines (minus the ones the commit removed)
/// and adds the lines the commit added: no line of either side is lost (one questions.md section).
Result<std::string> union_merge(const std::string& base, const std::string& ours, const std::string& theirs);

/// Any other text (`ours` the remote's side, `theirs` this machine's): git's line merge; lines both sides
/// inserted at the same place of an existing file are all kept (the remote's first); lines changed
/// differently on both sides are kept twice between marker lines ("<<<<<<< " labels.local, "=======",
/// ">>>>>>> " labels.remote), this machine's first. An error when a line looks like merge_text()'s own
/// markers.
Result<MergedText> text_merge(const std::string& base, const std::string& ours, const std::string& theirs, const MergeLabels& labels,
                              BaseFile base_file = BaseFile::exists);

/// True if the text holds a conflict marker line pdo (or git) writes: "<<<<<<< " or ">>>>>>> " at a line's start.
bool has_conflict_markers(std::string_view text);

/// The line of one conflict region that merge_text() marks.
enum class Marker { none, ours, base, theirs, end };

/// Which marker line `line` (without its line end) is.
Marker marker_of(std::string_view line);

}  // namespace pdo::app
