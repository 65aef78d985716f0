#include "workspace/notes_link.hpp"

#include "course/course.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

namespace pdo::workspace {

namespace {

constexpr std::size_t k_head_lines = 12;
constexpr std::size_t k_max_notes_bytes = 64 * 1024;

bool ends_url(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u <= 0x20 || u >= 0x7f || std::string_view("<>\"'()[]`").find(c) != std::string_view::npos;
}

}  // namespace

std::optional<std::string> link_in_notes(std::string_view text) {
  std::size_t n = 0;
  for (const auto raw : util::split_lines(text)) {
    const auto line = util::chomp(raw);
    if (++n > k_head_lines || util::starts_with(util::trim(line), "<!--")) break;
    auto at = line.find("https://");
    if (at == std::string_view::npos) at = line.find("http://");
    if (at == std::string_view::npos) continue;
    std::size_t end = at;
    while (end < line.size() && !ends_url(line[end])) ++end;
    std::string url(line.substr(at, end - at));
    while (!url.empty() && std::string_view(".,;:!?").find(url.back()) != std::string_view::npos) url.pop_back();
    if (!course::url_problem(url)) return url;
  }
  return std::nullopt;
}

std::optional<std::string> notes_link(const std::filesystem::path& notes_file) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(std::filesystem::symlink_status(notes_file, ec))) return std::nullopt;
  const auto text = util::read_file_capped(notes_file, k_max_notes_bytes);
  return text ? link_in_notes(*text) : std::nullopt;
}

}  // namespace pdo::workspace
