#include "workspace/render.hpp"

#include "util/embedded.hpp"

namespace pdo::workspace {

namespace {

using Scopes = std::vector<const Vars*>;

const Value* lookup(const Scopes& scopes, std::string_view name) {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
    const auto found = (*it)->values.find(name);
    if (found != (*it)->values.end()) return &found->second;
  }
  return nullptr;
}

bool truthy(const Value& v) {
  if (const auto* b = std::get_if<bool>(&v)) return *b;
  if (const auto* s = std::get_if<std::string>(&v)) return !s->empty();
  return !std::get<std::vector<Vars>>(v).empty();
}

/// Finds the {{/name}} closing the section opened just before `from`, honouring nesting.
std::size_t find_close(std::string_view t, std::size_t from, std::string_view name) {
  int depth = 1;
  std::size_t pos = from;
  while (true) {
    const auto open = t.find("{{", pos);
    if (open == std::string_view::npos) return std::string_view::npos;
    const auto close = t.find("}}", open);
    if (close == std::string_view::npos) return std::string_view::npos;
    const std::string_view tag = t.substr(open + 2, close - open - 2);
    if ((tag.front() == '#' || tag.front() == '^') && tag.substr(1) == name) ++depth;
    if (tag.front() == '/' && tag.substr(1) == name && --depth == 0) return open;
    pos = close + 2;
  }
}

Status render_into(std::string& out, std::string_view t, Scopes& scopes) {
  std::size_t pos = 0;
  while (pos < t.size()) {
    const auto open = t.find("{{", pos);
    if (open == std::string_view::npos) break;
    out.append(t.substr(pos, open - pos));
    const auto close = t.find("}}", open);
    if (close == std::string_view::npos || close == open + 2) return Error{Exit::failure, "template: unclosed {{"};
    const std::string_view tag = t.substr(open + 2, close - open - 2);
    const char sigil = tag.front();
    if (sigil == '!') {  // a comment: the template's own notes, never output
      pos = close + 2;
      // One over several lines, from a line's start, goes with its last line end (a one-line comment
      // alone on its line went with the standalone lines).
      const bool own_lines = (open == 0 || t[open - 1] == '\n') && tag.find('\n') != std::string_view::npos;
      if (own_lines && pos < t.size() && t[pos] == '\n') ++pos;
      continue;
    }
    const std::string_view name = (sigil == '#' || sigil == '^' || sigil == '/') ? tag.substr(1) : tag;
    const Value* v = lookup(scopes, name);
    if (!v) return Error{Exit::failure, "template: unknown name " + std::string(name)};
    if (sigil == '/') return Error{Exit::failure, "template: unexpected {{/" + std::string(name) + "}}"};
    if (sigil != '#' && sigil != '^') {
      const auto* s = std::get_if<std::string>(v);
      if (!s) return Error{Exit::failure, "template: " + std::string(name) + " is not text"};
      out.append(*s);
      pos = close + 2;
      continue;
    }
    const auto end = find_close(t, close + 2, name);
    if (end == std::string_view::npos) return Error{Exit::failure, "template: unclosed section " + std::string(name)};
    const std::string_view inner = t.substr(close + 2, end - close - 2);
    if (sigil == '^') {
      if (!truthy(*v)) {
        if (auto st = render_into(out, inner, scopes); !st) return st;
      }
    } else if (const auto* list = std::get_if<std::vector<Vars>>(v)) {
      for (const auto& item : *list) {
        scopes.push_back(&item);
        auto st = render_into(out, inner, scopes);
        scopes.pop_back();
        if (!st) return st;
      }
    } else if (truthy(*v)) {
      if (auto st = render_into(out, inner, scopes); !st) return st;
    }
    pos = end + 3 + name.size() + 2;
  }
  if (pos < t.size()) out.append(t.substr(pos));
  return ok();
}

/// Mustache's "standalone" rule: a line holding only a section tag or a comment disappears with its line end.
std::string strip_standalone_tags(std::string_view t) {
  std::string out;
  std::size_t start = 0;
  while (start < t.size()) {
    auto nl = t.find('\n', start);
    const std::size_t end = nl == std::string_view::npos ? t.size() : nl + 1;
    const std::string_view line = t.substr(start, end - start);
    std::string_view body = line;
    while (!body.empty() && (body.back() == '\n' || body.back() == '\r' || body.back() == ' ')) body.remove_suffix(1);
    const bool standalone = body.size() > 5 && body.substr(0, 2) == "{{" && body.substr(body.size() - 2) == "}}" &&
                            (body[2] == '#' || body[2] == '^' || body[2] == '/' || body[2] == '!') &&
                            body.find("{{", 2) == std::string_view::npos;
    out.append(standalone ? body : line);
    start = end;
  }
  return out;
}

}  // namespace

Result<std::string> render(std::string_view tmpl, const Vars& vars) {
  std::string out;
  Scopes scopes{&vars};
  const std::string cleaned = strip_standalone_tags(tmpl);
  if (auto st = render_into(out, cleaned, scopes); !st) return st.error();
  return out;
}

std::string render_embedded(std::string_view name, const Vars& vars) {
  const auto tmpl = util::embedded_file(name);
  if (!tmpl) throw Failure(Exit::failure, "internal: missing embedded template " + std::string(name));
  auto out = render(*tmpl, vars);
  if (!out) throw Failure(Exit::failure, "internal: template " + std::string(name) + ": " + out.error().message);
  return std::move(out).value();
}

}  // namespace pdo::workspace
