// .pre-commit-config.yaml and a hook file the pre-commit framework may have written: read, never run.
#include <filesystem>

#include "app/hooks/hook_framework.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = pdo::fuzz::text_of(data, size);
  (void)pdo::app::config_runs_pdo(text, "pre-commit");
  (void)pdo::app::config_runs_pdo(text, "commit-msg");
  (void)pdo::app::framework_hook(text, "pre-commit", "/nonexistent-pdo-fuzz", "/nonexistent-pdo-fuzz/hooks");
  return 0;
}
