#pragma once
// The course model: a course TOML file (the embedded default or the learner's own) parsed and
// validated into lessons, tools and check items. It knows nothing about files on disk.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "course/kinds.hpp"
#include "util/error.hpp"
#include "util/platform.hpp"
#include "util/toml_doc.hpp"

namespace pdo::course {

/// One lesson, in the course's official order.
struct Lesson {
  int number = 0;
  std::string id;  ///< two-digit number as used in folder names and commands: "03"
  std::string title;
  std::string url;
  std::string folder;  ///< folder under lessons/, exactly as the learner's tree names it
  bool published = true;
  bool own = false;                   ///< the learner's own topic (pdo lesson add, kept in .pdo/lessons.toml), not the course's
  bool url_from_notes = false;        ///< an own lesson's url read from the top of its notes.md, not kept in lessons.toml
  std::string own_id;                 ///< an own lesson's stable id in .pdo/lessons.toml (its number may change in a sync)
  int own_line = 0;                   ///< an own lesson's line in .pdo/lessons.toml (its [[lessons]]), for messages
  std::string needs;                  ///< what the page says its code needs (facts, not advice), English
  std::string needs_zh;               ///< the same in Chinese, if the course file gives it
  bool code = true;                   ///< the page has code to run (false: an overview to read, nothing to run)
  int min_gpus = 0;                   ///< GPUs the page's code assumes (0: runs on CPU)
  int nodes = 1;                      ///< machines the page's code runs on at once
  std::string cluster;                ///< a job scheduler the code needs ("slurm"), or ""
  std::vector<std::string> os;        ///< OS ids the code runs on (empty: any)
  bool nightly = false;               ///< needs nightly (pre-release) builds
  std::string torch;                  ///< oldest PyTorch version the page names ("2.4"), or ""
  std::vector<std::string> packages;  ///< packages beyond PyTorch ("torchvision", "ray[train]")
};

/// Software a study route needs, with per-OS install commands that pdo only lists.
struct Tool {
  std::string id;
  std::string name;
  std::string name_zh;                                       ///< the name in Chinese, if the course gives it
  std::string note, note_zh;                                 ///< what to know about installing it (admin rights, reboot…)
  std::vector<Route> routes;                                 ///< the routes that need it (none: no route lists it)
  std::vector<std::string> programs;                         ///< executables whose presence means "installed"
  std::vector<std::pair<std::string, std::string>> install;  ///< os id -> command
};

/// The argv of an `auto` check on one OS (run without a shell).
struct CheckCommand {
  std::string os;                 ///< "linux" / "windows" / "macos", or "any"
  std::vector<std::string> argv;  ///< "{python}" = the detected Python, "{script}" = the item's script file
};

/// A self-check item for check-env.md (run by `pdo check`).
struct CheckItem {
  std::string id;
  std::string title;
  CheckKind kind = CheckKind::manual;
  std::vector<Route> routes;  ///< the routes it belongs to (none: every route)
  std::string action;         ///< what the learner does (non-auto kinds)
  std::string expect;         ///< what they should see
  std::string url;            ///< the page a browser item is about
  std::string fix;
  std::string title_zh, action_zh, expect_zh, fix_zh;  ///< Chinese texts, if the course gives them
  std::vector<std::string> os;                         ///< OS ids it applies to (empty: every OS)
  std::vector<CheckCommand> commands;                  ///< auto: the command per OS
  std::string probe;                                   ///< auto: a check pdo does itself instead of a command
  std::string script;                                  ///< embedded data file passed to the command as {script}
  std::string expect_regex;                            ///< auto: the output must match this (ECMAScript regex, searched)
  std::string expect_contains;                         ///< auto: the output must contain this text
  int timeout_seconds = 30;                            ///< auto: the command is killed after this long
  std::vector<std::string> after;                      ///< ids of items that must pass before this one runs
  std::vector<std::string> tools;                      ///< ids of [[tools]] whose install command is the fix
  bool needs_login = false;                            ///< needs an account: never run by pdo
  bool paid = false;                                   ///< may cost money: never run by pdo
  std::vector<Route> optional_routes;                  ///< routes where a missing program is unverified, not a fail
  std::string optional_note, optional_note_zh;         ///< why it is not needed there
  int gates_gpus = -1;                                 ///< a failure blocks running lessons that need at least this many GPUs (-1: none)
};

/// A free online notebook service, as the course file describes it (for lesson readiness).
struct NotebookOffer {
  std::string name;
  int max_gpus = 0;  ///< most GPUs one free notebook gets
  std::string gpus;  ///< how the course file describes them, e.g. "2×T4"
};

/// A whole course.
struct Course {
  std::string id;
  std::string title;
  std::string entry_url;
  std::string language = "zh";
  Route route = Route::browser;  ///< the route a new workspace gets unless --route says otherwise
  std::string expected_os;       ///< the OS the course author expects the learner on, if any
  std::string workspace_folder;  ///< suggested name of the course folder
  std::string materials_note;    ///< what may be saved (licence) — pdo records links only
  std::vector<Lesson> lessons;
  std::vector<Tool> tools;
  std::vector<CheckItem> checks;
  std::vector<NotebookOffer> notebooks;
};

/// True if `route` is one of `routes`.
bool lists_route(const std::vector<Route>& routes, Route route);

/// True if the item belongs to the route (no routes listed: every route).
bool in_route(const CheckItem& item, Route route);

/// The item's command for this OS ("any" if no OS-specific one), or nullptr.
const CheckCommand* command_for(const CheckItem& item, platform::Os os);

/// True if pdo runs the item itself: an automatic item that needs no account and costs nothing. Every
/// other item is the learner's to do and confirm.
bool pdo_runs(const CheckItem& item);

/// How much of a course file to check beyond its structure.
enum class Validation {
  full,      ///< any course file a learner gives: compile every expect_regex, only the commands of course/command.hpp
  embedded,  ///< pdo's own course in full, except that its inline Python is pdo's code (a unit test)
  trusted,   ///< skip regex compilation and the control-character scan: the embedded course at start-up, checked by that unit test
};

/// Parses and validates a course file; errors name the source, line and reason.
Result<Course> parse_course(std::string_view toml_text, const std::string& source_name, Validation validation = Validation::full);
/// The same for a document already read (e.g. a compiled tree).
Result<Course> parse_course(util::TomlDoc& doc, Validation validation = Validation::full);

/// The course compiled into pdo (PyTorch Distributed Overview).
const Course& default_course();
/// The same, built for a caller that keeps its own (a workspace): no copy of a shared one.
Course make_default_course();

/// The embedded default course file's text.
std::string_view default_course_text();

/// Finds a lesson by "3", "03" or its folder name.
const Lesson* find_lesson(const Course& course, std::string_view key);

/// The longest lesson folder name, in UTF-8 bytes: with the course folder and lessons/NN/exercises/...
/// it stays well inside Windows' 260-character path limit.
inline constexpr std::size_t k_max_folder_bytes = 100;

/// The longest title of a learner's own lesson, in UTF-8 bytes.
inline constexpr std::size_t k_max_title_bytes = 200;

/// Why an own lesson's title (already trimmed) cannot be stored: empty or blank, a character util::forbidden_char
/// names, longer than k_max_title_bytes; nullopt if it can.
std::optional<std::string> title_problem(std::string_view title);

/// Why a lesson link cannot be used (not http:// or https://, no host, blanks, a character
/// util::forbidden_char names), or nullopt.
std::optional<std::string> url_problem(std::string_view url);

/// Why a lesson folder name is unsafe, or nullopt if it is fine on every OS.
std::optional<std::string> folder_name_problem(std::string_view name);

}  // namespace pdo::course
