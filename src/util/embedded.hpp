#pragma once
// Data files compiled into the binary (templates/, hooks/, .gitignore.template); see cmake/embed.cmake.
#include <optional>
#include <string_view>

namespace pdo::util {

/// The bytes of an embedded file named by its path in the source tree, or nullopt if none.
std::optional<std::string_view> embedded_file(std::string_view name);

}  // namespace pdo::util
