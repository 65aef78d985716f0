// The completion engine: walks the words typed so far through the CLI11 app the parser uses, the way
// CLI11 would read them (a command word enters that command, an option may take the next word, options
// fall through to the enclosing commands), then offers what may come next.
#include "cli/completion.hpp"

#include <algorithm>
#include <optional>
#include <ostream>

#include "cli/arg_info.hpp"
#include "cli/commands.hpp"
#include "cli/usage_errors.hpp"
#include "progress/file.hpp"
#include "util/embedded.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"
#include "workspace/settings.hpp"

namespace pdo::cli {

namespace fs = std::filesystem;
using util::tr;

namespace {

/// The option `name` ("--lesson", "-l") of `app` or of a command around it (CLI11's fallthrough).
const CLI::Option* find_option(const CLI::App* app, std::string_view name) {
  for (; app; app = app->get_parent()) {
    for (const CLI::Option* o : app->get_options()) {
      for (const auto& l : o->get_lnames()) {
        if ("--" + l == name) return o;
      }
      for (const auto& s : o->get_snames()) {
        if ("-" + s == name) return o;
      }
    }
  }
  return nullptr;
}

const CLI::App* find_subcommand(const CLI::App* app, const std::string& word) {
  for (const CLI::App* sub : visible_subcommands(app)) {
    if (sub->check_name(word)) return sub;
  }
  return nullptr;
}

/// The positional that the `index`-th positional word (0-based) of `app` fills, or nullptr.
const CLI::Option* positional_at(const CLI::App* app, std::size_t index) {
  for (const CLI::Option* o : app->get_options([](const CLI::Option* o) { return o->get_positional(); })) {
    const auto n = static_cast<std::size_t>(std::max(o->get_items_expected_max(), 1));
    if (index < n) return o;
    index -= n;
  }
  return nullptr;
}

/// Where the typed words have led: the command, how many positionals it got, what the last word is for.
struct Walk {
  const CLI::App* app = nullptr;
  std::size_t positionals = 0;
  const CLI::Option* pending = nullptr;  ///< the current word is this option's value
  bool only_positionals = false;         ///< after "--"
  std::vector<const CLI::Option*> used;
};

Walk walk(const CLI::App& root, const std::vector<std::string>& words) {
  Walk w;
  w.app = &root;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    const std::string& word = words[i];
    if (w.pending) {
      w.pending = nullptr;
      continue;
    }
    if (!w.only_positionals && word == "--") {
      w.only_positionals = true;
      continue;
    }
    if (!w.only_positionals && word.size() > 1 && word[0] == '-') {
      const bool is_long = util::starts_with(word, "--");
      const auto eq = word.find('=');
      const std::string name = is_long ? word.substr(0, eq) : word.substr(0, 2);
      if (const CLI::Option* o = find_option(w.app, name)) {
        w.used.push_back(o);
        const bool value_attached = is_long ? eq != std::string::npos : word.size() > 2;
        if (takes_value(o) && !value_attached) w.pending = o;
      }
      continue;
    }
    if (!w.only_positionals) {
      if (const CLI::App* sub = find_subcommand(w.app, word)) {
        w.app = sub;
        w.positionals = 0;
        continue;
      }
    }
    ++w.positionals;
  }
  return w;
}

bool named(const CLI::Option* o, const std::string& name) {
  if (o->get_positional()) return o->get_name() == name;
  const auto& l = o->get_lnames();
  return std::find(l.begin(), l.end(), name) != l.end();
}

std::string one_line(std::string s) {
  for (auto& c : s) {
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  }
  return s;
}

void add(Completion& c, const std::string& prefix, const std::string& value, const std::string& description) {
  if (util::starts_with(value, prefix)) c.candidates.push_back({value, one_line(description)});
}

void add_lessons(Completion& c, const course::Course& course, const std::string& cur) {
  // Numbers first ("03", or "3" becoming "03"); the folder names once the word matches no number.
  for (const auto& l : course.lessons) {
    if (util::starts_with(l.id, cur) || util::starts_with(std::to_string(l.number), cur)) {
      c.candidates.push_back({l.id, one_line(l.title + (l.published ? "" : tr("（未发布）", " (not yet published)")))});
    }
  }
  if (!c.candidates.empty()) return;
  for (const auto& l : course.lessons) add(c, cur, l.folder, l.title);
}

void add_steps(Completion& c, const std::string& cur) {
  for (const auto step : progress::k_steps) {
    add(c, cur, std::string(progress::step_id(step)), std::string(progress::step_label(step, util::current_lang())));
  }
  for (const auto step : progress::k_steps) {
    add(c, cur, std::string(progress::step_label(step, util::Lang::zh)), std::string(progress::step_id(step)));
  }
}

void add_items(Completion& c, const course::Course& course, std::optional<course::Route> route, const std::string& cur) {
  for (const auto& item : course.checks) {
    if (route && !course::in_route(item, *route)) continue;
    add(c, cur, item.id, util::tr_pick(item.title_zh, item.title));
  }
}

/// The values of option or positional `o` that start with `cur`; `prefix` ("--color=") goes before each.
Completion values(const CLI::App& root, const CLI::Option* o, const std::string& prefix, const std::string& cur,
                  const course::Course& course, std::optional<course::Route> route) {
  Completion c;
  const std::string type = base_type(o);
  if (const auto list = choices(o); !list.empty()) {
    for (const auto& v : list) add(c, cur, v, "");
  } else if (type == k_lesson_value || named(o, "lesson")) {
    add_lessons(c, course, cur);
  } else if (type == k_step_value || named(o, "step")) {
    add_steps(c, cur);
  } else if (type == k_item_value) {
    add_items(c, course, route, cur);
  } else if (type == k_command_value) {
    for (const CLI::App* sub : visible_subcommands(&root)) add(c, cur, sub->get_name(), sub->get_description());
  } else if (type == k_file_value || type == k_path_value) {
    c.fill = Fill::files;
  } else if (type == k_dir_value) {
    c.fill = Fill::dirs;
  }
  for (auto& cand : c.candidates) cand.value = prefix + cand.value;
  return c;
}

/// Option names of the command and the commands around it, without those given already (once is enough).
Completion option_names(const Walk& w, const std::string& cur) {
  Completion c;
  std::vector<std::string> seen;
  for (const CLI::App* app = w.app; app; app = app->get_parent()) {
    for (const CLI::Option* o : app->get_options()) {
      if (o->get_positional() || !visible(o)) continue;
      const bool repeatable = o->get_expected_max() > 1;
      if (!repeatable && std::find(w.used.begin(), w.used.end(), o) != w.used.end()) continue;
      std::vector<std::string> names;
      for (const auto& l : o->get_lnames()) names.push_back("--" + l);
      for (const auto& s : o->get_snames()) names.push_back("-" + s);
      for (const auto& n : names) {
        if (std::find(seen.begin(), seen.end(), n) != seen.end()) continue;
        seen.push_back(n);
        add(c, cur, n, o->get_description());
      }
    }
  }
  return c;
}

std::string unquoted(const std::string& w) {
  if (w.size() >= 2 && (w.front() == '"' || w.front() == '\'') && w.back() == w.front()) return w.substr(1, w.size() - 2);
  if (!w.empty() && (w.front() == '"' || w.front() == '\'')) return w.substr(1);  // still being typed
  return w;
}

/// The folder of `-C DIR` among the words before the current one, from `cwd`.
fs::path workspace_dir(const std::vector<std::string>& words, const fs::path& cwd) {
  fs::path dir = cwd;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    std::string value;
    if (words[i] == "-C" && i + 2 < words.size())
      value = words[i + 1];
    else if (util::starts_with(words[i], "-C") && words[i].size() > 2)
      value = words[i].substr(2);
    if (value.empty()) continue;
    if (util::starts_with(value, "~/")) {
      if (const auto home = platform::get_env("HOME")) value = *home + value.substr(1);
    }
    const fs::path p = util::path_from_utf8(value);
    dir = p.is_absolute() ? p : dir / p;
  }
  return dir;
}

std::optional<util::Lang> lang_word(const std::vector<std::string>& words) {
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    if (words[i] == "--lang" && i + 2 < words.size()) return util::parse_lang(words[i + 1]);
    if (util::starts_with(words[i], "--lang=")) return util::parse_lang(words[i].substr(7));
  }
  return std::nullopt;
}

}  // namespace

Completion complete(const CLI::App& app, const std::vector<std::string>& words, const course::Course& course,
                    std::optional<course::Route> route) {
  if (words.empty()) return {};
  const Walk w = walk(app, words);
  const std::string& cur = words.back();
  if (w.pending) return values(app, w.pending, "", cur, course, route);
  if (!w.only_positionals && util::starts_with(cur, "--") && cur.find('=') != std::string::npos) {
    const auto eq = cur.find('=');
    const CLI::Option* o = find_option(w.app, cur.substr(0, eq));
    if (!o || !takes_value(o)) return {};
    return values(app, o, cur.substr(0, eq + 1), cur.substr(eq + 1), course, route);
  }
  if (!w.only_positionals && util::starts_with(cur, "-")) return option_names(w, cur);
  Completion c;
  if (w.positionals == 0 && !w.only_positionals) {
    for (const CLI::App* sub : visible_subcommands(w.app)) add(c, cur, sub->get_name(), sub->get_description());
  }
  if (const CLI::Option* p = positional_at(w.app, w.positionals)) {
    Completion v = values(app, p, "", cur, course, route);
    c.fill = v.fill;
    c.candidates.insert(c.candidates.end(), v.candidates.begin(), v.candidates.end());
  }
  return c;
}

int complete_words(Context& ctx, const std::vector<std::string>& args) {
  if (args.empty() || std::find(k_shells.begin(), k_shells.end(), args.front()) == k_shells.end()) {
    ctx.err << error_prefix()
            << tr("用法：pdo __complete bash|zsh|fish|powershell 词…", "usage: pdo __complete bash|zsh|fish|powershell WORD…") << "\n";
    return static_cast<int>(Exit::usage);
  }
  const std::string& shell = args.front();
  std::vector<std::string> words;
  for (auto it = args.begin() + 1; it != args.end(); ++it) {
    // PowerShell 5.1 drops an empty argument to a program: its script sends every word behind a '_'.
    words.push_back(shell == "powershell" ? it->substr(it->empty() ? 0 : 1) : unquoted(*it));
  }
  if (words.empty()) words.emplace_back();
  // The workspace's course, route and language; outside a workspace, the built-in course in Chinese.
  auto ws = workspace::open_workspace(workspace_dir(words, ctx.cwd));
  util::set_lang(lang_word(words).value_or(ws ? ws->settings.lang : util::Lang::zh));
  CLI::App app{"", "pdo"};
  build_cli(app, ctx);
  const Completion c = complete(app, words, ws ? ws->course : course::default_course(),
                                ws ? std::optional<course::Route>(ws->settings.route) : std::nullopt);
  ctx.out << (c.fill == Fill::files ? "files" : c.fill == Fill::dirs ? "dirs" : "none") << "\n";
  const std::string& cur = words.back();
  // bash's current word starts after the '=' of "--option=value" (COMP_WORDBREAKS).
  const std::size_t cut = shell == "bash" && util::starts_with(cur, "--") && cur.find('=') != std::string::npos ? cur.find('=') + 1 : 0;
  for (const auto& cand : c.candidates) {
    ctx.out << cand.value.substr(std::min(cut, cand.value.size()));
    if (shell != "bash") ctx.out << "\t" << cand.description;
    ctx.out << "\n";
  }
  return 0;
}

std::string completion_script(std::string_view shell) {
  static const std::vector<std::pair<std::string, std::string>> k_files = {{"bash", "templates/completion/pdo.bash"},
                                                                           {"zsh", "templates/completion/_pdo"},
                                                                           {"fish", "templates/completion/pdo.fish"},
                                                                           {"powershell", "templates/completion/pdo.ps1"}};
  for (const auto& [name, file] : k_files) {
    if (name == shell) {
      const auto text = util::embedded_file(file);
      return util::replace_all(text ? *text : std::string_view(), "@PDO_VERSION@", PDO_VERSION);
    }
  }
  return {};
}

}  // namespace pdo::cli
