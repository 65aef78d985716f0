#include "app/context.hpp"

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

bool is_yes(const std::string& answer) {
  const std::string a = util::to_lower(util::trim(answer));
  return a == "y" || a == "yes" || a == "是" || a == "好" || a == "是的";
}

}  // namespace pdo::app
