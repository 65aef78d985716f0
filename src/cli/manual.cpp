// Builds the manual from the app and renders it. Page-level prose (environment, exit codes, files) lives
// here once, in both languages; everything about commands comes from the app.
#include "cli/manual.hpp"

#include <algorithm>
#include <set>

#include "cli/arg_info.hpp"
#include "cli/commands.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

namespace pdo::cli {

using util::tr;

namespace {

// ---- reading the app ------------------------------------------------------------------------------------

bool many(const CLI::Option* o) { return o->get_expected_max() > 1; }

/// "…" in Chinese, "..." in English: the English page stays ASCII but for the Chinese step names.
std::string ellipsis() { return tr("…", "..."); }

ManualEntry entry(const CLI::Option* o) {
  ManualEntry e;
  if (o->get_positional()) {
    e.term = value_name(o) + (many(o) ? ellipsis() : "");
  } else {
    e.term = option_names(o) + (takes_value(o) ? " " + value_name(o) : "");
  }
  e.text = o->get_description() + relations(o);
  return e;
}

std::string usage(const CLI::App* app, const std::vector<std::string>& words) {
  std::string u = "pdo " + util::join(words, " ");
  bool options = false;
  for (const CLI::Option* o : app->get_options()) {
    if (!o->get_positional()) {
      options = options || (visible(o) && o != app->get_help_ptr());
      continue;
    }
    const std::string v = value_name(o) + (many(o) ? ellipsis() : "");
    u += " " + (o->get_required() ? v : "[" + v + "]");
  }
  const auto subs = visible_subcommands(app);
  if (!subs.empty() && app->get_options([](const CLI::Option* o) { return o->get_positional(); }).empty()) {
    u += " [" + tr("命令", "COMMAND") + "]";
  }
  if (options) u += tr(" [选项]", " [options]");
  return u;
}

void add_commands(const CLI::App* app, const std::vector<std::string>& words, std::vector<ManualCommand>& out) {
  for (const CLI::App* sub : visible_subcommands(app)) {
    ManualCommand c;
    c.words = words;
    c.words.push_back(sub->get_name());
    c.usage = usage(sub, c.words);
    c.description = sub->get_description();
    c.footer = sub->get_footer();
    for (const CLI::Option* o : sub->get_options()) {
      if (visible(o) && o != sub->get_help_ptr()) c.arguments.push_back(entry(o));
    }
    out.push_back(std::move(c));
    add_commands(sub, out.back().words, out);
  }
}

std::vector<ManualEntry> environment() {
  return {
      {"NO_COLOR", tr("设置且不为空时不使用颜色（--color=always 除外）", "When set and not empty: no colours (unless --color=always)")},
      {"FORCE_COLOR", tr("设置且不为空、不为 0 时，即使输出不是终端也使用颜色（NO_COLOR 优先）",
                         "When set, not empty and not 0: colours even when the output is not a terminal (NO_COLOR wins)")},
      {"TERM", tr("为 dumb 时不使用颜色和 Unicode 符号", "dumb: no colours and no Unicode glyphs")},
      {"PDO_PROGRESS_DELAY", tr("多少秒后才在终端上显示进度行（默认 1；0 表示立即）",
                                "Seconds before a progress line appears on a terminal (default 1; 0 shows it at once)")},
      {"PDO_CONFIG_HOME",
       tr("存放你对课程文件的信任记录的文件夹（默认 $XDG_CONFIG_HOME/pdo 或 ~/.config/pdo；Windows：%APPDATA%\\pdo）",
          "Where your trust in course files is recorded (default $XDG_CONFIG_HOME/pdo or ~/.config/pdo; Windows: %APPDATA%\\pdo)")},
      {"GIT_INDEX_FILE",
       tr("git 为钩子设置时，pdo hook pre-commit 检查这个暂存区", "Set by git for hooks: the index pdo hook pre-commit scans")},
  };
}

std::vector<ManualEntry> exit_status() {
  return {
      {"0", tr("完成", "done")},
      {"1", tr("不是你的输入造成的失败（读写、git），或 pdo check 有项目未通过",
               "a failure that is not your input (I/O, git), or a pdo check item failed")},
      {"2", tr("参数或输入文件有误", "bad arguments or a bad input file")},
      {"3", tr("要提交的内容里有疑似密钥", "a secret was found in what would be committed")},
      {"4", tr("你没有同意（或没有回答），什么都没有改", "you did not agree (or gave no answer); nothing was changed")},
      {"5", tr("忙：别的程序持有锁，或正在合并 / 变基", "busy: another program holds a lock, or a merge or rebase is in progress")},
      {"6", tr("工作区无法写入：只读、属于别的用户或磁盘已满，什么都没有改",
               "the workspace cannot be written: read-only, another user's, or the disk is full; nothing was changed")},
  };
}

std::vector<ManualEntry> files() {
  return {
      {".pdo/config.toml", tr("工作区设置：课程、路线、语言", "The workspace settings: course, route, language")},
      {"progress.md", tr("每课三步的勾选框，pdo track 修改它", "Every lesson's three boxes, changed by pdo track")},
      {"questions.md", tr("pdo ask 记下的问题", "The questions pdo ask records")},
      {"check-env.md", tr("pdo check 的结果（pdo 只改它的标记区块）", "pdo check's results (pdo changes only its marked block)")},
      {".git/hooks/pre-commit, commit-msg, pre-push", tr("pdo init 安装的密钥检查钩子", "The secret checks pdo init installs")},
      {".pre-commit-config.yaml", tr("pre-commit 框架的配置；其中的 pdo-secrets 钩子算作生效的密钥检查",
                                     "The pre-commit framework's configuration; its pdo-secrets hook counts as an active secret check")},
      {".git/pdo-journal", tr("pdo log 的缓存", "pdo log's cache")},
  };
}

// ---- text -----------------------------------------------------------------------------------------------

/// Punctuation that must not start a line (，。、；：！？）」』》).
bool no_break_before(unsigned long cp) {
  switch (cp) {
    case 0xFF0C:
    case 0x3002:
    case 0x3001:
    case 0xFF1B:
    case 0xFF1A:
    case 0xFF01:
    case 0xFF1F:
    case 0xFF09:
    case 0x300D:
    case 0x300F:
    case 0x300B:
      return true;
    default:
      return false;
  }
}

/// Splits text into units a line may break between: words at spaces, and single wide characters.
std::vector<std::pair<std::string, std::size_t>> units(std::string_view text) {
  std::vector<std::pair<std::string, std::size_t>> out;  // unit (with its leading space, if any) and width
  std::string cur;
  std::size_t width = 0;
  const auto flush = [&] {
    if (!cur.empty()) out.emplace_back(cur, width);
    cur.clear();
    width = 0;
  };
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t start = i;
    const unsigned long cp = util::next_code_point(text, i);
    const std::string_view bytes = text.substr(start, i - start);
    if (cp == ' ') {
      flush();
      cur = " ";
      width = 1;
    } else if (util::is_wide(cp) && !no_break_before(cp)) {
      if (cur != " ") flush();
      cur += bytes;
      width += 2;
      // the wide character stays alone (with a space before it, if one was there)
      flush();
    } else if (cur.empty() && !out.empty() && no_break_before(cp)) {
      out.back().first += bytes;  // closing punctuation stays with the character before it
      out.back().second += 2;
    } else {
      cur += bytes;
      width += util::is_wide(cp) ? 2u : 1u;
    }
  }
  flush();
  return out;
}

std::string wrap(std::string_view text, std::size_t indent, std::size_t width) {
  const std::string pad(indent, ' ');
  std::string out = pad;
  std::size_t col = indent;
  for (auto [unit, w] : units(text)) {
    if (col > indent && col + w > width) {
      out += "\n" + pad;
      col = indent;
      if (!unit.empty() && unit[0] == ' ') {
        unit.erase(0, 1);
        --w;
      }
    } else if (col == indent && !unit.empty() && unit[0] == ' ') {
      unit.erase(0, 1);
      --w;
    }
    out += unit;
    col += w;
  }
  return out + "\n";
}

std::string text_entries(const std::vector<ManualEntry>& entries, std::size_t width) {
  std::string out;
  for (const auto& e : entries) out += "    " + e.term + "\n" + wrap(e.text, 8, width);
  return out;
}

std::string section_text(const std::string& title, const std::string& body) { return title + "\n" + body + "\n"; }

// ---- roff -----------------------------------------------------------------------------------------------

/// Text for a roff text line: backslashes and hyphens escaped, a leading '.' or '\'' defused, and a
/// break point (\:) after each wide character, since groff never breaks a line inside a run of CJK text.
std::string roff(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t start = i;
    const unsigned long cp = util::next_code_point(text, i);
    if (cp == '\\') {
      out += "\\e";
    } else if (cp == '-') {
      out += "\\-";
    } else if (cp == '\n') {
      out += ' ';
    } else {
      out += text.substr(start, i - start);
      if (util::is_wide(cp) && i < text.size()) {
        std::size_t j = i;
        if (!no_break_before(util::next_code_point(text, j))) out += "\\:";
      }
    }
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

std::string roff_entries(const std::vector<ManualEntry>& entries, bool bold_term) {
  std::string out;
  for (const auto& e : entries) {
    out += ".TP\n" + std::string(bold_term ? "\\fB" : "") + roff(e.term) + (bold_term ? "\\fR" : "") + "\n" + roff(e.text) + "\n";
  }
  return out;
}

struct Titles {
  std::string name, synopsis, description, options, commands, environment, exit_status, files, see_also;
};

Titles titles() {
  return {tr("名称", "NAME"),     tr("概要", "SYNOPSIS"),        tr("描述", "DESCRIPTION"),   tr("全局选项", "GLOBAL OPTIONS"),
          tr("命令", "COMMANDS"), tr("环境变量", "ENVIRONMENT"), tr("退出码", "EXIT STATUS"), tr("文件", "FILES"),
          tr("另见", "SEE ALSO")};
}

std::string synopsis() { return tr("pdo [全局选项] 命令 [参数…]", "pdo [global options] COMMAND [ARGUMENTS...]"); }

}  // namespace

Manual build_manual(const CLI::App& app) {
  Manual m;
  // The description names the program already ("pdo: …"); the NAME line says "pdo - …".
  m.summary = app.get_description();
  for (const std::string lead : {"pdo：", "pdo: "}) {
    if (util::starts_with(m.summary, lead)) m.summary.erase(0, lead.size());
  }
  m.description = tr(
      "在课程文件夹（或它的任何子文件夹）里运行，或者用 -C 指定它；工作区的 .pdo/config.toml 记着课程、路线和语言，所以命令不需要更多参数。"
      "每一步学习都是一个 git 提交；每个提交、每次推送之前都会检查密钥。补全脚本：pdo completion bash|zsh|fish|powershell。",
      "Run it anywhere inside the course folder (or point at it with -C); the workspace's .pdo/config.toml names the course, "
      "route and language, so commands need no more flags. Every study step is a git commit, and every commit and push is "
      "checked for secrets first. Completion scripts: pdo completion bash|zsh|fish|powershell.");
  for (const CLI::Option* o : app.get_options()) {
    if (visible(o)) m.global_options.push_back(entry(o));
  }
  add_commands(&app, {}, m.commands);
  m.environment = environment();
  m.exit_status = exit_status();
  m.files = files();
  return m;
}

const ManualCommand* find_command(const Manual& manual, const std::vector<std::string>& words) {
  for (const auto& c : manual.commands) {
    if (c.words == words) return &c;
  }
  return nullptr;
}

std::string render_command_text(const ManualCommand& c, std::size_t width) {
  std::string out = c.usage + "\n" + wrap(c.description, 4, width);
  if (!c.footer.empty()) {
    for (const auto line : util::split_lines(c.footer)) out += wrap(util::chomp(line), 4, width);
  }
  if (!c.arguments.empty()) out += "\n" + text_entries(c.arguments, width);
  return out;
}

std::string render_text(const Manual& m, std::size_t width) {
  const Titles t = titles();
  std::string commands;
  for (const auto& c : m.commands) commands += render_command_text(c, width) + "\n";
  return section_text(t.name, wrap("pdo - " + m.summary, 4, width)) + section_text(t.synopsis, wrap(synopsis(), 4, width)) +
         section_text(t.description, wrap(m.description, 4, width)) + section_text(t.options, text_entries(m.global_options, width)) +
         t.commands + "\n" + commands + section_text(t.environment, text_entries(m.environment, width)) +
         section_text(t.exit_status, text_entries(m.exit_status, width)) + section_text(t.files, text_entries(m.files, width)) +
         t.see_also + "\n    git(1), githooks(5)\n";
}

std::string render_roff(const Manual& m) {
  const Titles t = titles();
  std::string out = "'\\\" -*- coding: UTF-8 -*-\n";
  out += ".\\\" Generated from pdo's command table by `pdo help --man`; do not edit.\n";
  out += ".TH PDO 1 \"\" \"pdo " PDO_VERSION "\" \"" + tr("pdo 手册", "pdo manual") + "\"\n";
  out += ".ad l\n.nh\n";
  out += ".SH " + t.name + "\npdo \\- " + roff(m.summary) + "\n";
  out += ".SH " + t.synopsis + "\n" + roff(synopsis()) + "\n";
  out += ".SH " + t.description + "\n" + roff(m.description) + "\n";
  out += ".SH " + t.options + "\n" + roff_entries(m.global_options, true);
  out += ".SH " + t.commands + "\n";
  for (const auto& c : m.commands) {
    out += ".SS\n" + roff(c.usage) + "\n" + roff(c.description) + "\n";
    if (!c.footer.empty()) {
      for (const auto line : util::split_lines(c.footer)) out += ".PP\n" + roff(util::chomp(line)) + "\n";
    }
    out += roff_entries(c.arguments, true);
  }
  out += ".SH " + t.environment + "\n" + roff_entries(m.environment, true);
  out += ".SH " + t.exit_status + "\n" + roff_entries(m.exit_status, true);
  out += ".SH " + t.files + "\n" + roff_entries(m.files, false);
  out += ".SH " + t.see_also + "\n.BR git (1),\n.BR githooks (5)\n";
  return out;
}

Manual build_manual(app::Context& ctx) {
  CLI::App all{"", "pdo"};
  build_cli(all, ctx);
  return build_manual(all);
}

}  // namespace pdo::cli
