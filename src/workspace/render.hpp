#pragma once
// A small Mustache subset for pdo's templates: {{name}}, sections {{#list}}…{{/list}} over lists or
// true flags, inverted sections {{^flag}}…{{/flag}}, comments {{! …}}. Values are inserted as they are
// (Markdown, not HTML).
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "util/error.hpp"

namespace pdo::workspace {

struct Vars;

/// A template value: text, a flag, or a list of nested scopes.
using Value = std::variant<std::string, bool, std::vector<Vars>>;

/// One scope of template variables.
struct Vars {
  std::map<std::string, Value, std::less<>> values;
  /// Sets a value and returns *this for chaining.
  Vars& set(const std::string& key, Value v) {
    values[key] = std::move(v);
    return *this;
  }
};

/// Renders a template; names are looked up from the innermost scope outwards. Unknown names and
/// unbalanced sections are errors (a typo in a template must not silently produce an empty field).
Result<std::string> render(std::string_view tmpl, const Vars& vars);

/// Renders an embedded template file (path relative to the source tree, e.g. "templates/zh/README.md").
std::string render_embedded(std::string_view name, const Vars& vars);

}  // namespace pdo::workspace
