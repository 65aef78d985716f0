#include "app/hooks/trust.hpp"

#include <algorithm>

#include "app/display.hpp"
#include "course/course.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

namespace pdo::app {

using util::tr;

namespace {

/// One record per content hash: the course files (absolute paths, one a line) trusted with that content.
/// The path is part of the key too, so trusting a file in one workspace trusts nothing elsewhere.
std::optional<fs::path> record_path(const CourseSource& source) {
  const auto dir = trust_dir();
  if (!dir) return std::nullopt;
  return *dir / (source.sha256 + ".txt");
}

std::vector<std::string> record_lines(const fs::path& record) {
  std::vector<std::string> lines;
  auto text = util::read_file_capped(record, util::k_max_toml_bytes);
  if (!text) return lines;
  for (const auto line : util::split_lines(*text)) {
    if (!util::chomp(line).empty()) lines.emplace_back(util::chomp(line));
  }
  return lines;
}

}  // namespace

std::optional<fs::path> trust_dir() {
  if (auto own = platform::get_env(k_config_home_env); own && !own->empty()) return util::path_from_utf8(*own) / "trust";
  if (auto config = platform::user_config_dir()) return *config / "pdo" / "trust";
  return std::nullopt;
}

std::optional<CourseSource> course_source(const fs::path& root, const workspace::Settings& settings, const std::string& sha256) {
  const auto file = workspace::course_file_path(root, settings);
  if (!file) return std::nullopt;
  static const std::string builtin = util::sha256_hex(course::default_course_text());
  if (sha256 == builtin) return std::nullopt;  // the same bytes as pdo's own course
  return CourseSource{*file, sha256};
}

std::optional<CourseSource> course_source(const workspace::Workspace& ws) { return course_source(ws.root, ws.settings, ws.course_sha256); }

std::vector<std::string> course_command_lines(const course::Course& course, course::Route route) {
  std::vector<std::string> lines;
  for (const auto& item : course.checks) {
    if (!course::in_route(item, route) || !course::pdo_runs(item) || !item.probe.empty()) continue;
    if (const auto* cmd = course::command_for(item, platform::current_os())) {
      lines.push_back("  - " + for_display(item.id + ": " + checks::display_command(cmd->argv), util::Breaks::escape));
    }
  }
  return lines;
}

bool is_trusted(const CourseSource& source) {
  const auto record = record_path(source);
  if (!record) return false;
  const std::string me = util::path_to_utf8(source.file);
  for (const auto& line : record_lines(*record)) {
    if (line == me) return true;
  }
  return false;
}

Status trust(const CourseSource& source) {
  const auto record = record_path(source);
  if (!record) {
    return Error{Exit::unwritable, tr("找不到存放信任记录的用户配置目录（设置 PDO_CONFIG_HOME 或 HOME/APPDATA）",
                                      "no user configuration folder for the trust record (set PDO_CONFIG_HOME, or HOME/APPDATA)")};
  }
  if (is_trusted(source)) return ok();
  auto lines = record_lines(*record);
  lines.push_back(util::path_to_utf8(source.file));
  if (auto st = util::make_dirs(record->parent_path()); !st) return Error{Exit::unwritable, st.error().message};
  if (auto st = util::write_file_atomic(*record, util::join(lines, "\n") + "\n", util::Replace::allowed); !st) {
    return Error{Exit::unwritable, st.error().message};
  }
  return ok();
}

CommandGate::CommandGate(const workspace::Workspace& ws)
    : m_course(&ws.course), m_source(course_source(ws)), m_open(!m_source || is_trusted(*m_source)) {}

Status CommandGate::trust() {
  if (m_open) return ok();
  if (auto st = app::trust(*m_source); !st) return st;
  m_open = true;
  return ok();
}

std::optional<checks::TrustedCommand> CommandGate::command(const course::CheckItem& item, platform::Os os) const {
  if (!m_open) return std::nullopt;
  // Only the items of the course whose bytes were judged: an item from anywhere else gets nothing.
  const auto& items = m_course->checks;
  const bool ours = std::any_of(items.begin(), items.end(), [&](const course::CheckItem& c) { return &c == &item; });
  const course::CheckCommand* cmd = ours ? course::command_for(item, os) : nullptr;
  if (!cmd) return std::nullopt;
  return checks::TrustedCommand(cmd->argv);
}

checks::CommandSource CommandGate::commands() const {
  return [this](const course::CheckItem& item, platform::Os os) { return command(item, os); };
}

}  // namespace pdo::app
