#pragma once
// The pre-commit framework (https://pre-commit.com): a team that manages its git hooks with
// .pre-commit-config.yaml runs pdo's check through the hooks pdo's .pre-commit-hooks.yaml declares
// (pdo-secrets: `pdo hook pre-commit`; pdo-secrets-commit-msg: `pdo hook commit-msg`). This recognises the
// hook file `pre-commit install` writes and whether its configuration runs pdo's check, so `pdo check`,
// the tamper warning and `pdo init` treat it as pdo's check being active. It only reads files.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace pdo::app {

/// A git hook written by the pre-commit framework.
struct FrameworkHook {
  std::filesystem::path config;  ///< the configuration it runs (--config=…, relative to the work tree)
  std::string config_shown;      ///< as written in the hook (".pre-commit-config.yaml")
  std::string runs;              ///< what runs pdo's check: "pdo-secrets" (a hook id), an entry, or the legacy hook; "" if nothing
};

/// The id of pdo's hook in .pre-commit-hooks.yaml for git hook `name` ("" for a hook pdo declares none for).
std::string_view framework_hook_id(std::string_view name);

/// If `hook_text` (the file at <hooks dir>/<name>) is the pre-commit framework's hook, what it runs;
/// `hooks_dir` holds the <name>.legacy hook the framework runs first (pdo's own hook, moved aside by
/// `pre-commit install`).
std::optional<FrameworkHook> framework_hook(std::string_view hook_text, std::string_view name, const std::filesystem::path& workdir,
                                            const std::filesystem::path& hooks_dir);

/// True if a pre-commit configuration text runs pdo's check for git hook `name`: a hook with pdo's id, or
/// a (local) hook whose entry is `pdo hook NAME`. Comments are ignored.
bool config_runs_pdo(std::string_view config_text, std::string_view name);

}  // namespace pdo::app
