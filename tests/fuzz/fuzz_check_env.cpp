// check-env.md: the statuses a self-check recorded, read back from any text, and a fresh report put in.
#include "checks/report.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(pdo::fuzz::text_of(data, size));
  (void)pdo::checks::recorded_statuses(text);
  (void)pdo::checks::with_report(text, "| id | status |\n", "# check-env\n");
  return 0;
}
