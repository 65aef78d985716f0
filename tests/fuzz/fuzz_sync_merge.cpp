// pdo sync's merges of three versions of a file (base, ours, theirs; cut at record separators, 0x1e):
// progress.md box by box, questions.md by sections, any other text by git's line merge. Each merges or
// gives an error, never a crash.
#include "app/sync/sync_merge.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pdo::app::Side;
  const auto t = pdo::fuzz::parts(pdo::fuzz::text_of(data, size), 3);
  const pdo::app::MergeLabels labels{"local", "remote"};
  (void)pdo::app::union_merge(t[0], t[1], t[2]);
  (void)pdo::app::merge_questions(t[0], t[1], t[2]);
  (void)pdo::app::text_merge(t[0], t[1], t[2], labels);
  (void)pdo::app::text_merge(t[0], t[1], t[2], labels, pdo::app::BaseFile::absent);
  const auto verdicts =
      pdo::app::decide_boxes(t[0], t[2], t[1], [](Side side, const pdo::progress::BoxKey&) { return side == Side::local ? 2LL : 1LL; });
  if (verdicts) (void)pdo::app::replay_progress(t[0], t[1], t[2], *verdicts, labels);
  return 0;
}
