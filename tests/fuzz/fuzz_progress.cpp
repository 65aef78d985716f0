// progress.md (the learner's, or a sync remote's): its boxes, the course state read from them, and
// sync's masking of box lines, which must give the text back unchanged when each token is unmasked.
#include "course/course.hpp"
#include "fuzz.hpp"
#include "progress/file.hpp"
#include "progress/merge.hpp"
#include "progress/status.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pdo::progress;
  using pdo::fuzz::require;
  const auto text = pdo::fuzz::text_of(data, size);
  for (const auto& box : parse_boxes(text)) {
    require(box.offset < text.size(), "a box's offset is inside the text");
    require(text[box.offset] == ' ' || text[box.offset] == 'x' || text[box.offset] == 'X', "a box's offset is its mark");
    const auto ticked = set_box(std::string(text), box, !box.done);
    require(ticked.size() == text.size(), "set_box changes one byte");
  }
  (void)course_state(pdo::course::default_course(), text);
  const auto lines = box_lines(text);
  if (lines.doubled.empty()) {
    const auto back = unmask_boxes(mask_boxes(text), [&](const BoxKey& key) -> std::optional<std::string> {
      const auto it = lines.lines.find(key);
      if (it == lines.lines.end()) return std::nullopt;
      return it->second;
    });
    require(back == text, "unmask_boxes(mask_boxes(text)) gives the text back");
  }
  return 0;
}
