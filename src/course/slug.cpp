#include "course/slug.hpp"

#include <vector>

#include "util/text.hpp"

namespace pdo::course {

namespace {

constexpr std::size_t k_words = 5;
constexpr std::size_t k_max_slug = 45;

bool ascii_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

}  // namespace

std::optional<std::string> slug_from_title(std::string_view title) {
  std::vector<std::string> words;
  std::string word;
  for (std::size_t i = 0; i <= title.size() && words.size() < k_words; ++i) {
    if (i < title.size() && ascii_alnum(title[i])) {
      word += title[i];
    } else if (!word.empty()) {
      words.push_back(util::to_lower(word));
      word.clear();
    }
  }
  if (words.empty()) return std::nullopt;
  std::string slug = util::join(words, "-");
  if (slug.size() > k_max_slug) slug.resize(k_max_slug);
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug;
}

std::string lesson_folder(int number, std::string_view slug) {
  const std::string id = util::pad2(number);
  return id + "-" + id + "-" + std::string(slug);
}

}  // namespace pdo::course
