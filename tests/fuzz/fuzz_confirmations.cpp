// .pdo/checks.toml (the learner's confirmations): what parses is written back and parses the same.
#include "checks/confirmations.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pdo::fuzz::require;
  auto list = pdo::checks::parse_confirmations(pdo::fuzz::text_of(data, size), "checks.toml");
  if (!list) return 0;
  auto again = pdo::checks::parse_confirmations(pdo::checks::confirmations_text(*list), "checks.toml");
  require(static_cast<bool>(again), "confirmations_text of parsed confirmations parses");
  require(again->size() == list->size(), "confirmations survive confirmations_text");
  for (std::size_t i = 0; i < list->size(); ++i)
    require((*again)[i].id == (*list)[i].id && (*again)[i].done == (*list)[i].done && (*again)[i].date == (*list)[i].date &&
                (*again)[i].note == (*list)[i].note,
            "each confirmation survives confirmations_text");
  return 0;
}
