// The OS-independent part of util/platform.hpp.
#include "util/platform.hpp"

#include "util/text.hpp"

namespace pdo::platform {

std::string_view os_id(Os os) {
  switch (os) {
    case Os::gnu_linux:
      return "linux";
    case Os::windows:
      return "windows";
    case Os::macos:
      return "macos";
    case Os::other:
      break;
  }
  return "other";
}

std::string_view os_name(Os os) {
  switch (os) {
    case Os::gnu_linux:
      return "Linux";
    case Os::windows:
      return "Windows";
    case Os::macos:
      return "macOS";
    case Os::other:
      break;
  }
  return "";
}

std::string os_name(std::string_view id) {
  const auto os = parse_os(id);
  return std::string(os ? os_name(*os) : id);
}

std::optional<Os> parse_os(std::string_view id) {
  const std::string s = util::to_lower(util::trim(id));
  if (s == "linux") return Os::gnu_linux;
  if (s == "windows") return Os::windows;
  if (s == "macos") return Os::macos;
  return std::nullopt;
}

}  // namespace pdo::platform
