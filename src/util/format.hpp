#pragma once
// Messages with values in them: tr()'s two languages, each a fmt format string whose {} take the values
// in order, so a sentence reads as one string in each language (not as pieces joined by +).
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "util/i18n.hpp"

namespace pdo::util {

/// The message for the current language with its {} filled in: trf("已勾选 {}", "ticked {}", box).
template <class... Args>
std::string trf(std::string_view zh, std::string_view en, const Args&... args) {
  return fmt::format(fmt::runtime(tr(zh, en)), args...);
}

}  // namespace pdo::util
