#include "app/context.hpp"

#include <algorithm>

#include <istream>
#include <ostream>

#include "util/text.hpp"

namespace pdo::app {

std::optional<std::string> ask(Context& ctx, const std::string& question) {
  ctx.out << question << std::flush;
  std::string line;
  if (!std::getline(ctx.in, line)) {
    ctx.out << "\n";
    return std::nullopt;
  }
  return std::string(util::trim(line));
}

const std::vector<std::string>& yes_words() {
  static const std::vector<std::string> words = {"y", "yes", "是", "好", "是的"};
  return words;
}

bool is_yes(const std::string& answer) {
  const std::string a = util::to_lower(util::trim(answer));
  const auto& w = yes_words();
  return std::find(w.begin(), w.end(), a) != w.end();
}

}  // namespace pdo::app
