#include "cli/arg_info.hpp"

#include "util/text.hpp"

namespace pdo::cli {

std::string base_type(const CLI::Option* o) {
  const std::string t = o->get_type_name();
  return t.substr(0, t.find(':'));
}

std::vector<std::string> choices(const CLI::Option* o) {
  const std::string t = o->get_type_name();
  const auto open = t.find(":{");
  if (open == std::string::npos || t.back() != '}') return {};
  return util::split(std::string_view(t).substr(open + 2, t.size() - open - 3), ',');
}

std::string value_name(const CLI::Option* o) {
  if (auto list = choices(o); !list.empty()) return util::join(list, "|");
  std::string type = base_type(o);
  if (!o->get_positional() || (!type.empty() && type != "TEXT")) return type;
  std::string name = o->get_name();
  for (auto& c : name) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return name;
}

bool takes_value(const CLI::Option* o) {
  // A flag expects no value (CLI11 sets expected(0) for add_flag), whatever its type size.
  return !o->get_positional() && o->get_expected_max() > 0 && o->get_type_size_max() > 0;
}

bool visible(const CLI::Option* o) { return !o->get_group().empty(); }

std::vector<const CLI::App*> visible_subcommands(const CLI::App* app) {
  return app->get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
}

}  // namespace pdo::cli
