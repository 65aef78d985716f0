#include "cli/init_view.hpp"

#include <algorithm>

#include "checks/report.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"

namespace pdo::cli {

using util::tr;
namespace fs = std::filesystem;

namespace {

std::string action_name(workspace::Action a) {
  switch (a) {
    case workspace::Action::create:
      return tr("新建", "create");
    case workspace::Action::keep:
      return tr("复用（不改动）", "reuse (untouched)");
    case workspace::Action::update_block:
      return tr("更新 pdo 区块（区块外不改动）", "refresh pdo's block (rest untouched)");
    case workspace::Action::append:
      return tr("在末尾追加", "append at the end");
    case workspace::Action::replace:
      return tr("更新 pdo 设置", "update pdo settings");
    case workspace::Action::no_markers:
      return tr("保持原样（pdo 区块标记已被删除）", "left as is (pdo's block markers were removed)");
  }
  return {};
}

std::string install_line(const checks::ToolNeed& t) {
  std::string line = tool_name(*t.tool) + tr("：", ": ") +
                     (t.install.empty() ? tr("本系统没有给出安装命令", "no install command given for this OS") : t.install);
  const std::string note = util::tr_pick(t.tool->note_zh, t.tool->note);
  if (!note.empty()) line += tr("（", " (") + note + tr("）", ")");
  return line;
}

/// A course's sentence without its final full stop, for pdo to go on after it ("…。。" otherwise).
std::string clause(std::string text) {
  for (const std::string stop : {"。", "."}) {
    if (util::ends_with(text, stop)) text.erase(text.size() - stop.size());
  }
  return text;
}

}  // namespace

std::string tool_name(const course::Tool& tool) { return util::tr_pick(tool.name_zh, tool.name); }

void print_machine(std::ostream& out, const InitSetup& s) {
  out << tr("\n本机情况（只检测，不运行任何程序）：\n", "\nThis machine (detection only, nothing run):\n");
  out << tr("  操作系统：", "  OS: ") << s.machine.os_description << "\n";
  const auto show = [&](const std::string& label, const auto& found) {
    out << "  " << label << tr("：", ": ")
        << (found ? tr("已有 ", "found ") + util::path_to_utf8(fs::path(*found)) : tr("未找到", "not found")) << "\n";
  };
  show("git", s.machine.git);
  show(tr("浏览器", "browser"), s.machine.browser);
  show("Python", s.machine.python);
  const auto expected = platform::parse_os(s.course.expected_os);
  if (expected && *expected != s.machine.os) {
    out << tr("  注意：课程设定你使用 ", "  Note: the course expects ") << platform::os_name(*expected)
        << tr("，但 pdo 检测到的是 ", ", but pdo detected ") << platform::os_name(s.machine.os)
        << tr("；下面的方案按检测到的系统调整。\n", "; the plan below is for the detected system.\n");
  }
}

void print_plan(std::ostream& out, const InitSetup& s, const std::vector<checks::ToolNeed>& tools) {
  out << tr("\n方案：\n", "\nPlan:\n");
  std::size_t kept_files = 0, kept_folders = 0;
  // A new lesson folder's contents go on its own line ("lessons/03-…/: notes.md, exercises/…"), so
  // the plan stays one screen long yet names every path.
  struct Line {
    std::string path;
    workspace::Action action;
    std::vector<std::string> children;
  };
  std::vector<Line> lines;
  for (const auto& item : s.plan.items) {
    if (item.action == workspace::Action::keep) {
      ++(util::ends_with(item.path, "/") ? kept_folders : kept_files);
      continue;
    }
    auto parent = std::find_if(lines.begin(), lines.end(), [&](const Line& line) {
      return item.action == workspace::Action::create && line.action == workspace::Action::create && util::ends_with(line.path, "/") &&
             std::count(line.path.begin(), line.path.end(), '/') >= 2 && util::starts_with(item.path, line.path);
    });
    if (parent != lines.end()) {
      parent->children.push_back(item.path.substr(parent->path.size()));
    } else {
      lines.push_back({item.path, item.action, {}});
    }
  }
  for (const auto& line : lines) {
    out << "  [" << action_name(line.action) << "] " << line.path;
    for (std::size_t i = 0; i < line.children.size(); ++i) out << (i == 0 ? tr("：", ": ") : tr("、", ", ")) << line.children[i];
    out << "\n";
  }
  // Counted as the summary counts them (print_reused): files and folders apart.
  if (kept_files + kept_folders > 0) {
    out << tr("  已存在、原样保留：", "  existing, kept as they are: ")
        << util::counted(kept_files, "个文件", "file", "files") + tr("、", ", ") +
               util::counted(kept_folders, "个文件夹", "folder", "folders")
        << "\n";
  }
  out << tr("  git：", "  git: ");
  if (s.repo) {
    out << tr("复用已有仓库 ", "reuse the existing repository at ") << util::path_to_utf8(*s.repo) << "\n";
  } else {
    out << tr("在这里新建仓库 ", "create a new repository at ") << util::path_to_utf8(s.root) << "\n";
  }
  out << tr("  要安装的软件（路线：", "  software to install (route: ") << course::route_name(s.settings.route) << tr("）：", "): ");
  const bool none = std::all_of(tools.begin(), tools.end(), [](const checks::ToolNeed& t) { return t.found.has_value(); });
  if (none) {
    out << tr("无\n", "none\n");
    return;
  }
  out << tr("pdo 只列出，不会自己安装：\n", "listed only; pdo installs nothing itself:\n");
  for (const auto& t : tools) {
    if (t.found) continue;
    out << "    - " << install_line(t)
        << (t.detectable ? "" : tr("（无法只靠检测确认是否已装）", " (cannot be confirmed by detection alone)")) << "\n";
  }
}

namespace {

/// What init found and kept: the workspace's settings, its repository, the files left as they were.
void print_reused(std::ostream& out, const InitSetup& s) {
  std::vector<std::string> reused;
  if (s.settings_reused) {
    reused.push_back(tr("工作区设置 .pdo/config.toml（课程 ", "the workspace settings in .pdo/config.toml (course ") + s.course.id +
                     tr("，路线 ", ", route ") + std::string(course::route_id(s.settings.route)) + tr("，语言 ", ", language ") +
                     std::string(util::lang_code(s.settings.lang)) + tr("）", ")"));
  }
  if (s.repo) reused.push_back(tr("git 仓库 ", "the git repository at ") + util::path_to_utf8(*s.repo));
  const auto kept = static_cast<std::size_t>(std::count_if(s.plan.items.begin(), s.plan.items.end(), [](const workspace::PlanItem& i) {
    return !util::ends_with(i.path, "/") && i.action == workspace::Action::keep;
  }));
  if (kept > 0)
    reused.push_back(util::counted(kept, "个已有文件（原样保留）", "existing file (kept as it was)", "existing files (kept as they were)"));
  if (!reused.empty()) out << tr("  沿用：", "  reused: ") << util::join(reused, tr("；", "; ")) << "\n";
}

}  // namespace

void print_report(std::ostream& out, const InitSetup& s, const std::optional<std::string>& commit, const app::SelfCheckRun& check,
                  const std::vector<checks::ToolNeed>& tools) {
  out << tr("\n== 已完成 ==\n", "\n== Done ==\n");
  out << tr("  课程目录：", "  course folder: ") << util::path_to_utf8(s.root) << "\n";
  out << tr("  新建或更新的文件：", "  files created or updated: ") << s.plan.written_files().size() << tr(" 个；", "; ")
      << s.course.lessons.size() << tr(" 个课节文件夹（含 notes.md 和 exercises/）\n", " lesson folders (with notes.md and exercises/)\n");
  print_reused(out, s);
  if (commit) {
    out << tr("  git 提交：", "  git commit: ") << commit->substr(0, 12) << tr("（只包含课程文件）\n", " (course files only)\n");
  } else {
    out << tr("  课程文件没有需要提交的改动（没有新的 init 提交）\n", "  no course file to commit (no new init commit)\n");
  }
  out << tr("  自检已运行一次：", "  self-check run once: ") << checks::summary_line(check.results);
  if (check.commit)
    out << tr("；结果已写进 check-env.md（提交 ", "; results written to check-env.md (commit ") << check.commit->substr(0, 12)
        << tr("）", ")");
  else if (check.note.empty())
    out << tr("；check-env.md 里的结果与上次相同", "; check-env.md already holds the same results");
  out << "\n";
  for (const auto& r : check.results) {
    if (r.status != checks::CheckStatus::pass) continue;
    out << "  - " << r.title << tr("：通过", ": pass")
        << (r.source == checks::Source::learner ? tr("（由你在 ", " (confirmed by you on ") + r.date + tr(" 确认）", ")")
                                                : tr("（pdo 观察到）", " (observed by pdo)"))
        << "\n";
  }

  out << tr("\n== 需要你操作 ==\n", "\n== Needs you ==\n");
  std::size_t n = 0;
  const auto line = [&](const std::string& text) {
    out << "  - " << text << "\n";
    ++n;
  };
  if (!check.note.empty()) line(check.note);
  for (const auto& item : s.plan.items) {
    if (item.action == workspace::Action::no_markers) {
      line(item.path + tr("：pdo 区块的标记被删掉了，pdo 没有改动它。想让 pdo 更新它，请把标记加回去。",
                          ": pdo's block markers were removed, so pdo left it alone. Put the markers back if you want pdo to refresh it."));
    }
  }
  for (const auto& t : tools) {
    if (!t.found) line(tr("安装（pdo 不会替你安装）", "install (pdo never does it for you) ") + install_line(t));
  }
  for (const auto& r : check.results) {
    if (r.status == checks::CheckStatus::fail) {
      const bool learner = r.source == checks::Source::learner;
      line(r.title + tr("：未通过（", ": failed (") + r.reason + tr("）", ")") +
           (r.fix.empty() ? ""
            : learner
                ? tr("。这一项通常的修复（不一定对应你看到的情况）：", ". The usual fix for this item (it may not be what you saw): ") +
                      clause(r.fix)
                : tr("。修复：", ". Fix: ") + clause(r.fix)) +
           (learner ? tr("。修好后运行 pdo check confirm ", ". When it works, run pdo check confirm ") + r.id
                    : tr("。修好后运行 pdo check", ". Then run pdo check")));
    } else if (r.status == checks::CheckStatus::needs_you) {
      line(r.title + tr("（", " (") + r.reason + tr("）：", "): ") + r.todo +
           (r.expect.empty() ? "" : tr(" 应看到：", " You should see: ") + r.expect) +
           tr(" 做完后运行 pdo check confirm ", " When done, run pdo check confirm ") + r.id);
    }
  }
  if (n == 0) out << tr("  无\n", "  nothing\n");

  out << tr("\n== 尚未验证 ==\n", "\n== Not yet verified ==\n");
  for (const auto& r : check.results) {
    if (r.status == checks::CheckStatus::unverified) out << "  - " << r.title << tr("：", ": ") << r.reason << "\n";
  }
  out << tr("  - 课节链接只是记录下来，pdo 没有打开或下载它们（需要时运行 pdo check --online）。\n",
            "  - the lesson links are recorded only; pdo did not open or download them (run pdo check --online when you want).\n");
}

}  // namespace pdo::cli
