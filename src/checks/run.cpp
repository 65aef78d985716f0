// The runner behind `pdo check`: decides per item whether it may run at all, runs auto items with a
// timeout, and turns what it saw into one of the four statuses. It never falls back to a shell.
#include <algorithm>
#include <regex>

#include "checks/check.hpp"
#include "util/embedded.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

namespace pdo::checks {

using util::tr;

namespace {

constexpr std::size_t k_max_evidence = 4000;

std::string combined_output(const platform::ProcessResult& r) {
  std::string out(util::trim(r.out));
  const std::string_view err = util::trim(r.err);
  if (!err.empty()) out += (out.empty() ? "" : "\n") + std::string(err);
  return out;
}

/// What check-env.md keeps of an output: its first 4000 bytes, cut between characters.
std::string evidence_of(const std::string& output) { return util::excerpt(output, k_max_evidence, "\n[…]"); }

bool output_matches(const course::CheckItem& item, const std::string& output) {
  if (!item.expect_contains.empty() && output.find(item.expect_contains) == std::string::npos) return false;
  if (!item.expect_regex.empty()) {
    const std::regex re(item.expect_regex, std::regex::ECMAScript | std::regex::multiline);
    if (!std::regex_search(output, re)) return false;
  }
  return !item.expect_contains.empty() || !item.expect_regex.empty();
}

std::string expectation_text(const course::CheckItem& item) {
  std::vector<std::string> parts;
  if (!item.expect_contains.empty()) parts.push_back(tr("包含「", "contains \"") + item.expect_contains + tr("」", "\""));
  if (!item.expect_regex.empty()) parts.push_back(tr("匹配正则 ", "matches the regex ") + item.expect_regex);
  return util::join(parts, tr("，且", ", and "));
}

/// The item's fix plus the install commands of its tools for this route and OS (listed, never run).
std::string fix_text(const RunInput& in, const course::CheckItem& item) {
  std::string fix = util::tr_pick(item.fix_zh, item.fix);
  for (const auto& tool_id : item.tools) {
    for (const auto& tool : in.course->tools) {
      if (tool.id != tool_id) continue;
      if (!tool.routes.empty() && !course::lists_route(tool.routes, in.route)) continue;
      for (const auto& [os, command] : tool.install) {
        if (os != platform::os_id(in.os)) continue;
        fix += tr(" 安装 ", " Install ") + tool.name +
               tr("（本系统的命令，pdo 不会替你运行）：`", " (the command for this OS; pdo never runs it): `") + command + "`";
      }
    }
  }
  return fix;
}

ItemResult base_result(const RunInput& in, const course::CheckItem& item) {
  ItemResult r;
  r.id = item.id;
  r.title = util::tr_pick(item.title_zh, item.title);
  r.kind = item.kind;
  r.date = in.today;
  r.url = item.url;
  r.fix = fix_text(in, item);
  return r;
}

/// Browser, notebook and manual items, and anything needing an account or money: the learner's to do.
ItemResult learner_item(const RunInput& in, const course::CheckItem& item) {
  ItemResult r = base_result(in, item);
  r.todo = util::tr_pick(item.action_zh, item.action);
  r.expect = util::tr_pick(item.expect_zh, item.expect);
  const auto conf =
      std::find_if(in.confirmations.rbegin(), in.confirmations.rend(), [&](const Confirmation& c) { return c.id == item.id; });
  if (conf != in.confirmations.rend()) {
    r.source = Source::learner;
    r.date = conf->date;
    r.status = conf->done ? CheckStatus::pass : CheckStatus::fail;
    r.evidence = conf->done ? tr("你在 ", "you confirmed on ") + conf->date + tr(" 确认已完成", "")
                            : tr("你看到的：", "what you saw: ") + conf->note;
    if (!conf->done) r.reason = tr("你记录了未通过", "you recorded a failure");
    return r;
  }
  r.status = CheckStatus::needs_you;
  if (item.paid) {
    r.reason = tr("可能产生费用：pdo 从不替你做", "may cost money: pdo never does this for you");
  } else if (item.needs_login) {
    r.reason = tr("需要登录你的账号：pdo 从不替你登录", "needs your account: pdo never logs in for you");
  } else if (item.kind == course::CheckKind::browser) {
    r.reason = tr("浏览器操作：由你在浏览器里完成", "a browser action: yours to do in the browser");
  } else if (item.kind == course::CheckKind::notebook) {
    r.reason =
        tr("在线 notebook 单元：在 notebook 里运行，不要粘贴进终端", "an online notebook cell: run it in the notebook, not in a terminal");
  } else {
    r.reason = tr("人工检查：由你来看", "a manual check: yours to look at");
  }
  return r;
}

/// What the commands of one run share: a private temporary folder (their working folder and the home of
/// {script} files, removed afterwards) and the Python version, asked once.
class Runtime {
public:
  Runtime() = default;
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;
  ~Runtime() {
    if (m_dir) {
      std::error_code ec;
      fs::remove_all(*m_dir, ec);
    }
  }
  /// The folder, made on first use; nullopt if it cannot be made.
  const std::optional<fs::path>& dir() {
    if (!m_dir && !m_tried) {
      m_tried = true;
      m_dir = platform::make_private_dir("pdo-check-");
    }
    return m_dir;
  }
  /// Python's (major, minor), asked once with `-E --version` in the private folder; nullopt if unknown.
  std::optional<std::pair<int, int>> python_version(const RunInput& in) {
    if (m_asked_python || !in.python || !dir()) return m_python;
    m_asked_python = true;
    platform::ProcessOptions opts;
    opts.cwd = *dir();
    opts.timeout = std::chrono::seconds(10);
    opts.env = isolated_env();
    const auto r = in.run({util::path_to_utf8(*in.python), "-E", "--version"}, opts);
    static const std::regex version(R"(Python ([0-9]+)\.([0-9]+))");
    std::smatch m;
    const std::string text = r.out + r.err;
    if (r.exit_code == 0 && std::regex_search(text, m, version)) m_python = std::make_pair(std::stoi(m[1].str()), std::stoi(m[2].str()));
    return m_python;
  }
  /// Variables that make an interpreter load code from somewhere other than its own installation: removed
  /// for every command (the learner's user site-packages stay visible).
  static std::vector<std::pair<std::string, std::string>> isolated_env() {
    std::vector<std::pair<std::string, std::string>> env = {
        {"PYTHONIOENCODING", "utf-8"}, {"PYTHONUNBUFFERED", "1"}, {"PYTHONDONTWRITEBYTECODE", "1"}, {"PYTHONSAFEPATH", "1"}};
    for (const char* name :
         {"PYTHONPATH",       "PYTHONHOME", "PYTHONSTARTUP", "PYTHONINSPECT", "PYTHONEXECUTABLE", "PYTHONPLATLIBDIR", "PYTHONBREAKPOINT",
          "PYTHONNOUSERSITE", "PERL5LIB",   "PERLLIB",       "PERL5OPT",      "RUBYLIB",          "RUBYOPT",          "NODE_OPTIONS",
          "NODE_PATH",        "BASH_ENV",   "ENV",           "LUA_PATH",      "LUA_INIT",         "R_PROFILE_USER"}) {
      env.emplace_back(name, "");
    }
    return env;
  }

private:
  std::optional<fs::path> m_dir;
  bool m_tried = false;
  bool m_asked_python = false;
  std::optional<std::pair<int, int>> m_python;
};

/// Python started so that nothing of the folder it runs in, or of PYTHON* variables, is imported: -E
/// ignores the variables, -P (3.11+) keeps the script's or current folder off sys.path; older versions
/// get the same from a first statement of the -c code. -B, -u and -X utf8 replace the variables -E drops.
void isolate_python(std::vector<std::string>& argv, std::size_t at, std::optional<std::pair<int, int>> version) {
  const bool safe_path = version && *version >= std::make_pair(3, 11);
  std::vector<std::string> flags = {"-E", "-B", "-u", "-X", "utf8"};
  if (safe_path) flags.push_back("-P");
  if (!safe_path) {
    for (std::size_t i = at + 1; i + 1 < argv.size(); ++i) {
      if (argv[i] != "-c") continue;
      argv[i + 1] = "import sys; sys.path[:] = [p for p in sys.path if p not in ('', '.')]\n" + argv[i + 1];
      break;
    }
  }
  argv.insert(argv.begin() + static_cast<std::ptrdiff_t>(at) + 1, flags.begin(), flags.end());
}

/// Writes an embedded script into the private folder, exclusively (a name that exists is never reused).
std::optional<std::string> write_script(const fs::path& dir, const std::string& script, std::string_view data, fs::path& file) {
  file = dir / util::path_from_utf8(script).filename();
  if (platform::create_exclusive(file) != platform::IoFailure::none ||
      platform::overwrite_existing(file, data) != platform::IoFailure::none) {
    return tr("无法在私有临时目录里写入脚本：", "could not write the script into the private temporary folder: ") +
           util::path_to_utf8(file);
  }
  return std::nullopt;
}

/// The argv with {python} and {script} filled in, or the reason it cannot run (a fail: something is missing).
std::optional<std::string> resolve_argv(const RunInput& in, const course::CheckItem& item, std::vector<std::string>& argv, Runtime& rt) {
  std::optional<std::size_t> python_at;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    auto& arg = argv[i];
    if (arg == "{python}") {
      if (!in.python) return tr("PATH 上找不到 Python（找过 python3、python、py）", "no Python on PATH (looked for python3, python, py)");
      arg = util::path_to_utf8(*in.python);
      if (i == 0) python_at = i;
    } else if (arg == "{script}") {
      const auto data = util::embedded_file(item.script);
      if (!data) return tr("pdo 里没有这个脚本：", "pdo has no embedded script ") + item.script;
      if (!rt.dir()) return tr("无法创建私有临时目录", "could not create a private temporary folder");
      fs::path file;
      if (auto problem = write_script(*rt.dir(), item.script, *data, file)) return problem;
      arg = util::path_to_utf8(file);
    }
  }
  if (!platform::find_program(argv.front())) return tr("PATH 上找不到 ", "not found on PATH: ") + argv.front();
  if (python_at) isolate_python(argv, *python_at, rt.python_version(in));
  return std::nullopt;
}

void judge_process(const course::CheckItem& item, const platform::ProcessResult& p, ItemResult& r) {
  r.source = Source::observed;
  const std::string output = combined_output(p);  // judged whole; kept cut
  r.evidence = evidence_of(output);
  if (!p.started) {
    r.status = CheckStatus::fail;
    r.reason = tr("程序无法启动", "the program could not be started");
  } else if (p.timed_out) {
    r.status = CheckStatus::unverified;
    r.reason = tr("超时：", "timed out: ") + std::to_string(item.timeout_seconds) +
               tr(" 秒后 pdo 结束了它（上面是它在此之前的输出）", " s passed, so pdo stopped it (above is what it printed before)");
  } else if (p.exit_code != 0) {
    r.status = CheckStatus::fail;
    r.reason = tr("退出码 ", "exit code ") + std::to_string(p.exit_code);
  } else if (!output_matches(item, output)) {
    r.status = CheckStatus::fail;
    r.reason = tr("输出不符合预期：应", "the output is not what was expected: it should ") + expectation_text(item);
  } else {
    r.status = CheckStatus::pass;
  }
}

ItemResult probe_item(const RunInput& in, const course::CheckItem& item) {
  ItemResult r = base_result(in, item);
  const auto probe = in.probes.find(item.probe);
  if (probe == in.probes.end()) {
    r.reason = tr("这个版本的 pdo 不认识检查 ", "this pdo does not know the probe ") + item.probe;
    return r;
  }
  const ProbeOutcome o = probe->second();
  r.status = o.status;
  r.source = o.status == CheckStatus::pass || o.status == CheckStatus::fail ? Source::observed : Source::none;
  r.evidence = o.evidence;
  r.reason = o.reason;
  if (!o.fix.empty()) r.fix = o.fix;
  return r;
}

ItemResult auto_item(const RunInput& in, const course::CheckItem& item, Runtime& rt) {
  if (!item.probe.empty()) return probe_item(in, item);  // pdo's own code: no trust needed
  ItemResult r = base_result(in, item);
  const course::CheckCommand* cmd = course::command_for(item, in.os);
  if (!cmd) {
    r.reason = tr("课程文件没有给出本系统（", "the course file gives no command for this OS (") + std::string(platform::os_id(in.os)) +
               tr("）的命令", ")");
    return r;
  }
  const auto trusted = in.commands ? in.commands(item, in.os) : std::nullopt;
  if (!trusted) {
    r.command = display_command(cmd->argv);  // shown, so the learner can judge it; never run
    r.reason =
        tr("没有运行：你还没有信任这个课程文件的命令（读过 pdo check 列出的命令后运行 pdo check --trust）",
           "not run: you have not trusted this course file's commands (read the commands pdo check lists, then run pdo check --trust)");
    r.fix.clear();
    return r;
  }
  std::vector<std::string> argv = trusted->argv();
  if (auto missing = resolve_argv(in, item, argv, rt)) {
    if (!platform::find_program(argv.front()) && course::lists_route(item.optional_routes, in.route)) {
      // Absent and not needed on this route: nothing was seen, so neither a pass nor a fail.
      r.reason = *missing + tr("；", "; ") + util::tr_pick(item.optional_note_zh, item.optional_note);
      return r;
    }
    r.status = CheckStatus::fail;
    r.source = Source::observed;
    r.reason = *missing;
    return r;
  }
  r.command = display_command(argv);
  platform::ProcessOptions opts;
  opts.cwd = rt.dir();  // never the workspace: nothing in it is imported or run implicitly
  opts.timeout = std::chrono::seconds(item.timeout_seconds);
  opts.env = Runtime::isolated_env();
  const platform::ProcessResult p = in.run(argv, opts);
  judge_process(item, p, r);
  return r;
}

}  // namespace

std::string status_name(CheckStatus status) {
  switch (status) {
    case CheckStatus::pass:
      return tr("通过", "pass");
    case CheckStatus::fail:
      return tr("未通过", "fail");
    case CheckStatus::needs_you:
      return tr("需要你操作", "needs you");
    case CheckStatus::unverified:
      break;
  }
  return tr("未验证", "unverified");
}

std::vector<ItemResult> run_checks(const RunInput& in) {
  std::vector<ItemResult> results;
  Runtime rt;
  for (const auto& item : in.course->checks) {
    if (!course::in_route(item, in.route)) continue;
    if (!item.os.empty() && std::find(item.os.begin(), item.os.end(), platform::os_id(in.os)) == item.os.end()) {
      ItemResult r = base_result(in, item);
      r.reason = tr("只适用于 ", "applies only on ") + util::join(item.os, ", ") + tr("，本系统（", "; not run on this OS (") +
                 std::string(platform::os_id(in.os)) + tr("）不运行", ")");
      r.fix.clear();
      results.push_back(std::move(r));
      continue;
    }
    if (!course::pdo_runs(item)) {
      results.push_back(learner_item(in, item));
      continue;
    }
    std::vector<std::string> waiting;
    for (const auto& dep : item.after) {
      const auto found = std::find_if(results.begin(), results.end(), [&](const ItemResult& x) { return x.id == dep; });
      if (found != results.end() && found->status != CheckStatus::pass) waiting.push_back(found->title);
    }
    if (!waiting.empty()) {
      ItemResult r = base_result(in, item);
      r.reason = tr("没有运行：需要先通过 ", "not run: first needs a pass of ") + util::join(waiting, tr("、", ", "));
      results.push_back(std::move(r));
      continue;
    }
    results.push_back(auto_item(in, item, rt));
  }
  return results;
}

std::string display_command(const std::vector<std::string>& argv) {
  std::vector<std::string> parts;
  for (const auto& a : argv) {
    const bool plain = !a.empty() && a.find_first_of(" \t\"'`;&|<>()$") == std::string::npos;
    parts.push_back(plain ? a : "\"" + util::replace_all(a, "\"", "\\\"") + "\"");
  }
  return util::join(parts, " ");
}

}  // namespace pdo::checks
