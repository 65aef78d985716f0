#include "app/init/init.hpp"

#include <algorithm>

#include "app/hooks/secret_guard.hpp"
#include "app/trailers.hpp"
#include "checks/readiness.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"
#include "workspace/marked_block.hpp"
#include "workspace/own_lessons.hpp"

namespace pdo::app {

using util::tr;
namespace fs = std::filesystem;

namespace {

std::string commit_message(const InitSetup& s, bool first) {
  std::string msg = first
                        ? tr("pdo init：创建「", "pdo init: create the study workspace for \"") + s.course.title + tr("」学习工作区", "\"")
                        : tr("pdo init：更新「", "pdo init: update the study workspace for \"") + s.course.title + tr("」学习工作区", "\"");
  msg += "\n\n" + std::to_string(s.course.lessons.size()) + tr(" 课，路线：", " lessons, route: ") +
         std::string(course::route_id(s.settings.route)) + "\n\n";
  Trailers t;
  t.action = Action::init;
  t.id = new_action_id();
  t.course = s.course.id;
  return msg + write_trailers(t);
}

}  // namespace

std::optional<workspace::Settings> existing_settings(const fs::path& root) {
  auto text = util::read_file_capped(root / workspace::k_settings_path, util::k_max_toml_bytes);
  if (!text) return std::nullopt;
  auto s = workspace::parse_settings(*text, workspace::k_settings_path);
  return s ? std::optional<workspace::Settings>(*s) : std::nullopt;
}

void load_init_course(InitSetup& s, const std::string& course_file, const std::optional<workspace::Settings>& existing) {
  if (!course_file.empty()) {
    const fs::path file = util::absolute_path(util::path_from_utf8(course_file));
    s.course_text = util::read_file_capped(file, util::k_max_toml_bytes).take();
    s.course = course::parse_course(s.course_text, util::path_to_utf8(file)).take();
  } else if (existing) {
    s.course = workspace::load_course(s.root, *existing).take();
    if (!existing->course_file.empty()) s.course_text = workspace::course_file_text(s.root, *existing).take();
  } else {
    s.course = course::default_course();
  }
}

void settle_init(InitSetup& s, const std::string& course_file, std::optional<course::Route> route, std::optional<util::Lang> lang,
                 std::optional<workspace::ScriptKind> script) {
  const auto existing = existing_settings(s.root);
  s.settings_reused = existing.has_value();
  if (course_file.empty()) load_init_course(s, course_file, existing);
  s.course = workspace::with_own_lessons(s.root, std::move(s.course)).take();  // a re-run keeps the learner's own lessons
  s.settings.course_id = s.course.id;
  s.settings.course_file = s.course_text.empty() ? "" : workspace::k_course_copy_path;
  s.settings.route = route ? *route : existing ? existing->route : s.course.route;
  s.settings.lang = lang ? *lang : existing ? existing->lang : *util::parse_lang(s.course.language);
  util::set_lang(s.settings.lang);
  s.machine = checks::detect_machine();
  // The README's commands are for the OS the workspace is made on: the one detected (as the plan is), or
  // the script's shell's; an existing workspace keeps its own.
  if (script == workspace::ScriptKind::powershell) {
    s.settings.os = platform::Os::windows;
  } else if (script == workspace::ScriptKind::sh) {
    s.settings.os = s.machine.os == platform::Os::windows ? platform::Os::gnu_linux : s.machine.os;
  } else {
    s.settings.os = existing && existing->os ? existing->os : s.machine.os;
  }
}

std::optional<std::string> email_problem(const std::string& email) {
  const auto at = email.find('@');
  const std::string domain = at == std::string::npos ? "" : email.substr(at + 1);
  const auto dot = domain.find('.');
  const bool ok = at != std::string::npos && at > 0 && domain.find('@') == std::string::npos && dot != std::string::npos && dot > 0 &&
                  domain.back() != '.' && email.find_first_of(" \t") == std::string::npos;
  if (ok) return std::nullopt;
  return tr("「", "\"") + email +
         tr("」不像邮箱地址（要有 @，@ 后面的域名里要有一个点，例如 you@example.com）。",
            "\" does not look like an email address (it needs an @ and a domain with a dot, e.g. you@example.com).");
}

workspace::Plan init_plan(const InitSetup& s, const fs::path& root, platform::Os os) {
  return workspace::make_plan(root, s.course, s.settings, s.course_text, os, checks::steps_off_route(s.course, s.settings.route, os))
      .take();
}

std::vector<std::string> untracked_scaffold(const InitSetup& s, const git::Repo* repo) {
  std::vector<std::string> paths;
  const auto written = s.plan.written_files();
  for (const auto& rel : s.plan.scaffold_files()) {
    if (std::find(written.begin(), written.end(), rel) != written.end()) continue;
    const std::string in_repo = repo ? repo->relative(s.root / util::path_from_utf8(rel)) : rel;
    if (!repo || !repo->head_blob(in_repo)) paths.push_back(in_repo);
  }
  return paths;
}

Transaction init_transaction(const InitSetup& s, const git::Repo& repo) {
  Transaction txn;
  for (const auto& item : s.plan.items) {
    if (util::ends_with(item.path, "/") || item.action == workspace::Action::keep || item.action == workspace::Action::no_markers) continue;
    auto path = util::RelPath::parse(repo.relative(s.root / util::path_from_utf8(item.path))).take();
    // pdo's block in a committed file (README.md) is refreshed as an edit: the commit gets the committed
    // text with the new block, the working file the new block amid the learner's uncommitted lines, which
    // stay uncommitted.
    const auto block = item.action == workspace::Action::update_block ? workspace::find_block(item.content, "readme") : std::nullopt;
    if (block && repo.head_blob(path.str())) {
      txn.changes.push_back(Change::edited(std::move(path), [fresh = util::replace_all(*block, "\r\n", "\n")](const std::string& t) {
        return Result<std::string>(workspace::replace_block(t, fresh, "readme").value_or(t));
      }));
      continue;
    }
    txn.changes.push_back(item.before ? Change::put_file(std::move(path), item.content, Change::Before::bytes, *item.before)
                                      : Change::put_file(std::move(path), item.content, Change::Before::absent));
  }
  for (const auto& path : untracked_scaffold(s, &repo)) txn.changes.push_back(Change::whole_file(util::RelPath::parse(path).take()));
  txn.message = commit_message(s, !s.repo);
  txn.check = secret_commit_check();
  return txn;
}

std::string init_script_text(const InitSetup& s, workspace::ScriptKind kind, const std::string& target) {
  // A path that cannot exist, so every item is `create` with its full content whatever is on this machine.
  const fs::path nowhere = fs::temp_directory_path() / ("pdo-script-" + std::to_string(platform::current_pid()) + "-absent") / "none";
  // The script runs on another machine: the commands it lists are that system's, and the folder is the
  // text typed, for the script to resolve there (C:\…, %USERPROFILE% or ~ mean nothing on this one).
  const auto os = kind == workspace::ScriptKind::powershell ? platform::Os::windows : platform::current_os();
  const auto plan = init_plan(s, nowhere, os);
  workspace::ScriptInfo info;
  info.target = target;
  info.course_title = s.course.title;
  InitSetup fresh = s;
  fresh.repo.reset();
  info.commit_message = commit_message(fresh, true);
  info.lang = s.settings.lang;
  return workspace::init_script(kind, plan, info);
}

}  // namespace pdo::app
