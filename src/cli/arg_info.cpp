#include "cli/arg_info.hpp"

#include <algorithm>
#include <set>
#include <string_view>

#include "util/i18n.hpp"
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

std::string option_names(const CLI::Option* o) {
  std::vector<std::string> names;
  for (const auto& s : o->get_snames()) names.push_back("-" + s);
  for (const auto& l : o->get_lnames()) names.push_back("--" + l);
  return util::join(names, ", ");
}

namespace {

std::string relation(const std::set<CLI::Option*>& others, std::string_view zh, std::string_view en) {
  std::vector<std::string> names;
  names.reserve(others.size());
  for (const CLI::Option* other : others) names.push_back(option_names(other));
  if (names.empty()) return {};
  std::sort(names.begin(), names.end());
  return util::tr(zh, en) + util::join(names, ", ");
}

}  // namespace

std::string relations(const CLI::Option* o) {
  std::vector<std::string> notes;
  if (auto n = relation(o->get_needs(), "需要和这些一起使用：", "needs "); !n.empty()) notes.push_back(n);
  if (auto x = relation(o->get_excludes(), "不能和这些一起使用：", "not with "); !x.empty()) notes.push_back(x);
  if (notes.empty()) return {};
  return util::tr("（", " (") + util::join(notes, util::tr("；", "; ")) + util::tr("）", ")");
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
