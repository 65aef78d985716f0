#include "workspace/marked_block.hpp"

#include "util/text.hpp"

namespace pdo::workspace {

std::optional<std::string_view> find_block(std::string_view text, std::string_view name) {
  const std::string begin = "<!-- pdo:begin " + std::string(name);
  const std::string end = "<!-- pdo:end " + std::string(name) + " -->";
  const auto b = text.find(begin);
  if (b == std::string_view::npos) return std::nullopt;
  const auto e = text.find(end, b);
  if (e == std::string_view::npos) return std::nullopt;
  return text.substr(b, e + end.size() - b);
}

std::optional<std::string> replace_block(std::string_view text, std::string_view fresh, std::string_view name) {
  const auto old_block = find_block(text, name);
  const auto new_block = find_block(fresh, name);
  if (!old_block || !new_block) return std::nullopt;
  const auto start = static_cast<std::size_t>(old_block->data() - text.data());
  const auto eol = util::detect_eol(text);
  // One allocation of the result's size (a block can be MBs: glossary.md), no intermediate copy with LF.
  std::string out;
  out.reserve(text.size() - old_block->size() + new_block->size());
  out.append(text.substr(0, start));
  if (eol == "\n") {
    out.append(*new_block);
  } else {
    out += util::with_eol(*new_block, eol);
  }
  out.append(text.substr(start + old_block->size()));
  return out;
}

}  // namespace pdo::workspace
