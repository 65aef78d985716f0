#pragma once
// The self-check: each course check item for the workspace's route and this OS gets exactly one of four
// statuses. A pass is only ever what pdo observed (a command's output, a probe) or what the learner
// confirmed themselves, and the two are kept apart. Nothing that installs, logs in, costs money or
// touches a cloud service is run; commands for another OS are neither run nor shown.
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "course/course.hpp"
#include "util/platform.hpp"

namespace pdo::app {
class CommandGate;
}  // namespace pdo::app

namespace pdo::checks {

namespace fs = std::filesystem;

/// The four statuses of check-env.md.
enum class CheckStatus { pass, fail, needs_you, unverified };

/// Who saw the result.
enum class Source { observed, learner, none };

/// The status in the current language ("通过" / "pass"…).
std::string status_name(CheckStatus status);

/// The result of one item.
struct ItemResult {
  std::string id;
  std::string title;
  course::CheckKind kind = course::CheckKind::manual;
  CheckStatus status = CheckStatus::unverified;
  Source source = Source::none;
  std::string date;      ///< YYYY-MM-DD of the observation or the learner's confirmation
  std::string command;   ///< the command as run on this OS (display form), if any
  std::string evidence;  ///< the output pdo observed, or the learner's own words
  std::string reason;    ///< why it is not a pass (fail / needs-you / unverified)
  std::string todo;      ///< what the learner does (needs-you items)
  std::string expect;    ///< what the learner should see (needs-you items)
  std::string fix;       ///< what to do when it fails
  std::string url;       ///< the page the item is about
};

/// What a probe (a check pdo does in-process, e.g. reading .gitignore) saw.
struct ProbeOutcome {
  CheckStatus status = CheckStatus::unverified;
  std::string evidence;
  std::string reason;
  std::string fix;  ///< replaces the item's fix when not empty
};

/// A named in-process check.
using Probe = std::function<ProbeOutcome()>;

/// An auto item's command that may run. Only app::CommandGate (app/hooks/trust.cpp) makes one: the built-in
/// course's commands, or a course file's once the learner trusted its exact bytes. The runner starts no
/// course command but these, so an untrusted one has no way to reach it.
class TrustedCommand {
public:
  /// The argv as the course gives it ({python}, {script} still to fill in).
  const std::vector<std::string>& argv() const { return m_argv; }

private:
  friend class app::CommandGate;
  explicit TrustedCommand(std::vector<std::string> argv) : m_argv(std::move(argv)) {}
  std::vector<std::string> m_argv;
};

/// An item's command on an OS if it may run (app::CommandGate::commands()), else nullopt.
using CommandSource = std::function<std::optional<TrustedCommand>(const course::CheckItem&, platform::Os)>;

/// Runs a program (platform::run_process, or a fake in unit tests).
using ProcessRunner = std::function<platform::ProcessResult(const std::vector<std::string>&, const platform::ProcessOptions&)>;

/// The learner's own word on a needs-you item (`pdo check confirm`).
struct Confirmation {
  std::string id;
  bool done = true;  ///< false: `--failed`
  std::string date;
  std::string note;  ///< what they saw (for --failed)
};

/// Everything one run needs.
struct RunInput {
  const course::Course* course = nullptr;
  course::Route route = course::Route::browser;
  platform::Os os = platform::current_os();
  fs::path cwd;                    ///< the workspace root (commands run in a private temporary folder, never here)
  std::optional<fs::path> python;  ///< the detected Python for {python}
  std::map<std::string, Probe> probes;
  std::vector<Confirmation> confirmations;
  std::string today;
  ProcessRunner run = platform::run_process;
  /// Where the auto items' commands come from. Unset, or nullopt for an item: its command is shown, not
  /// run (unverified, with the hint `pdo check --trust`).
  CommandSource commands;
};

/// Runs every item of the route, in course order.
std::vector<ItemResult> run_checks(const RunInput& input);

/// An argv as one display line (quoted where needed); for showing, never for a shell.
std::string display_command(const std::vector<std::string>& argv);

}  // namespace pdo::checks
