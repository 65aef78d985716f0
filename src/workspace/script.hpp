#pragma once
// `pdo init --script sh|powershell`: the init plan as one self-contained script for a machine without pdo.
// It creates the same tree with the same bytes, never overwrites an existing file, runs no self-check,
// installs no hook, and uses git only when it is there (init + a commit of the new scaffold files).
#include <string>

#include "util/i18n.hpp"
#include "workspace/plan.hpp"

namespace pdo::workspace {

/// The two script languages.
enum class ScriptKind { sh, powershell };

/// What the script needs besides the plan.
struct ScriptInfo {
  std::string target;  ///< the course folder the script creates by default (its first argument overrides it)
  std::string course_title;
  std::string commit_message;  ///< the message of the commit it makes when git is there
  util::Lang lang = util::Lang::zh;
};

/// The script for a plan made on a missing folder (every item `create`). The PowerShell script runs on
/// Windows PowerShell 5.1 and PowerShell 7 (save it as UTF-8 with a BOM) and writes UTF-8 without a BOM.
std::string init_script(ScriptKind kind, const Plan& plan, const ScriptInfo& info);

/// Standard base64 (RFC 4648, with padding).
std::string base64(std::string_view bytes);

}  // namespace pdo::workspace
