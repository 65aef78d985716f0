#include "workspace/script.hpp"

#include "util/text.hpp"
#include "workspace/render.hpp"

namespace pdo::workspace {

namespace {

/// A POSIX shell single-quoted word: every byte kept, ' written as '\''.
std::string sq(std::string_view s) { return "'" + util::replace_all(s, "'", "'\\''") + "'"; }

/// A PowerShell single-quoted string: ' doubled (and the typographic quotes PowerShell also treats as quotes).
std::string psq(std::string_view s) {
  std::string out = util::replace_all(s, "'", "''");
  for (const char* q : {"\xE2\x80\x98", "\xE2\x80\x99", "\xE2\x80\x9A", "\xE2\x80\x9B"})
    out = util::replace_all(out, q, std::string(q) + q);
  return "'" + out + "'";
}

}  // namespace

std::string base64(std::string_view bytes) {
  static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  const auto byte = [&](std::size_t at) { return static_cast<unsigned>(static_cast<unsigned char>(bytes[at])); };
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = (byte(i) << 16U) | (byte(i + 1) << 8U) | byte(i + 2);
    out += {k[(v >> 18) & 63], k[(v >> 12) & 63], k[(v >> 6) & 63], k[v & 63]};
  }
  if (i + 1 == bytes.size()) {
    const unsigned v = byte(i) << 16U;
    out += {k[(v >> 18) & 63], k[(v >> 12) & 63], '=', '='};
  } else if (i + 2 == bytes.size()) {
    const unsigned v = (byte(i) << 16U) | (byte(i + 1) << 8U);
    out += {k[(v >> 18) & 63], k[(v >> 12) & 63], k[(v >> 6) & 63], '='};
  }
  return out;
}

std::string init_script(ScriptKind kind, const Plan& plan, const ScriptInfo& info) {
  // One list of steps, templates/scripts/init.sh.in and init.ps1.in; here only what each language quotes its
  // own way. PowerShell gets a file's bytes (and the commit message) as base64: no code page, BOM or
  // line-ending conversion can touch them.
  const bool sh = kind == ScriptKind::sh;
  const auto quote = sh ? sq : psq;
  std::vector<Vars> items;
  bool first_file = true;
  for (const auto& i : plan.items) {
    const bool dir = util::ends_with(i.path, "/");
    Vars item;
    item.set("dir", dir).set("path", quote(dir ? i.path.substr(0, i.path.size() - 1) : i.path));
    if (!dir) {
      item.set("content", sh ? sq(i.content) : base64(i.content)).set("sep", std::string(first_file ? "" : ", "));
      first_file = false;
    }
    items.push_back(std::move(item));
  }
  Vars vars;
  vars.set("zh", info.lang == util::Lang::zh)
      .set("title", info.course_title)
      .set("target", quote(info.target))
      .set("items", std::move(items))
      .set("message", sh ? sq(info.commit_message) : base64(info.commit_message));
  return render_embedded(sh ? "templates/scripts/init.sh.in" : "templates/scripts/init.ps1.in", vars);
}

}  // namespace pdo::workspace
