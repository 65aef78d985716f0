// .pdo/config.toml: parsed settings survive being written back and read again unchanged.
#include "fuzz.hpp"
#include "workspace/settings.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pdo::fuzz::require;
  auto settings = pdo::workspace::parse_settings(pdo::fuzz::text_of(data, size), "config.toml");
  if (!settings) return 0;
  auto again = pdo::workspace::parse_settings(pdo::workspace::settings_text(*settings), "config.toml");
  require(static_cast<bool>(again), "settings_text of parsed settings parses");
  require(again->course_id == settings->course_id && again->course_file == settings->course_file && again->route == settings->route &&
              again->lang == settings->lang,
          "settings survive settings_text");
  return 0;
}
