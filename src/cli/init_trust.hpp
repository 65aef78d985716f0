#pragma once
// pdo init's part in the gate and the hooks' bounds: the course file's commands in the plan and whether
// the self-check will run them (--trust puts the trust into the plan's question), and the separate
// question a hooks folder outside this repository needs.
#include <ostream>
#include <vector>

#include "app/context.hpp"
#include "app/hooks/hook_install.hpp"
#include "cli/init_view.hpp"
#include "git/repo.hpp"
#include "workspace/settings.hpp"

namespace pdo::cli {

/// What init's self-check will do with the course file's commands.
enum class CommandTrust {
  builtin,      ///< pdo's own course: they run
  trusted,      ///< the learner trusted these bytes before: they run
  asked,        ///< --trust: agreeing to the plan trusts them, then they run
  not_trusted,  ///< they are listed and do not run
};

/// Whether the plan's course commands will run: pdo's own course, trusted before, trusted by --trust
/// (`trust_flag`), or not.
CommandTrust command_trust(const InitSetup& s, bool trust_flag);

/// The plan's part on the course file's commands: each one, and whether the self-check runs it. Nothing
/// for the built-in course or a course without commands on this route and OS.
void print_course_commands(std::ostream& out, const InitSetup& s, CommandTrust trust);

/// --trust, agreed: trusts the workspace's course file, if its bytes are the ones whose commands the plan
/// listed (else says so and trusts nothing).
void trust_course(app::Context& ctx, const InitSetup& s, const workspace::Workspace& ws);

/// The separate yes a hooks folder outside this repository (core.hooksPath) needs: asked on its own,
/// after the plan's question, and never implied by --yes (`yes`), since every repository using the folder
/// would run what pdo writes there. SharedHooks::skip when there is no such folder to write.
app::SharedHooks shared_hooks_answer(bool yes, app::Context& ctx, const std::vector<app::HookPlan>& hooks);

/// Installs the hooks and prints init's report lines (or the note saying what failed).
void install_and_report_hooks(app::Context& ctx, const git::Repo& repo, app::SharedHooks shared);

}  // namespace pdo::cli
