#pragma once
// The learner's own secret rules: the workspace's .gitleaks.toml (gitleaks' format, secrets/gitleaks.hpp),
// read by every scan (pdo scan, the git hooks, pdo's own commits). They only add findings: an allowlist
// in that file (which a cloned workspace could use to switch the hook off) takes effect only once the
// learner trusted the file's exact bytes (`pdo scan --trust-rules`, app/trust's records); until then a
// finding it would skip is still reported, with a note saying so.
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "app/hooks/trust.hpp"
#include "secrets/gitleaks.hpp"
#include "secrets/scanner.hpp"

namespace pdo::app {

/// The file, relative to the workspace root.
inline constexpr const char* k_gitleaks_file = ".gitleaks.toml";

/// The workspace's rules as read for one run.
struct WorkspaceRules {
  CourseSource source;  ///< the file and the sha256 of its bytes (what trust is given to)
  secrets::GitleaksConfig config;
  bool trusted = false;  ///< the learner trusted these bytes: the allowlists apply
};

/// Reads `root`/.gitleaks.toml (at most 1 MiB); nullopt if there is none, Exit::usage naming file:line
/// if it cannot be used.
Result<std::optional<WorkspaceRules>> load_workspace_rules(const std::filesystem::path& root);

/// The scanner of one run: the built-in rules plus, when given, the workspace's. Safe to share between
/// threads; it collects warnings (unimplemented keys, rules stopped at a limit, allowlists waiting for
/// trust), each once.
class SecretScan {
public:
  /// The built-in rules only.
  SecretScan() = default;
  explicit SecretScan(std::optional<WorkspaceRules> workspace);
  SecretScan(const SecretScan&) = delete;
  SecretScan& operator=(const SecretScan&) = delete;

  /// secrets::Scanner::scan with the workspace's rules added.
  std::vector<secrets::Finding> scan(std::string_view path, std::string_view content) const;
  /// secrets::Scanner::scan_content with the workspace's rules added (their path rules do not apply).
  std::vector<secrets::Finding> scan_content(std::string_view path, std::string_view content) const;
  /// The warnings so far, in the order they arose.
  std::vector<std::string> warnings() const;
  /// The workspace's rules, if any.
  const std::optional<WorkspaceRules>& workspace() const { return m_workspace; }

private:
  enum class Names { yes, no };
  std::vector<secrets::Finding> run(std::string_view path, std::string_view content, Names names) const;
  bool skipped(const secrets::Allowlist& a, const secrets::Candidate& c) const;
  void warn(std::string text) const;
  std::set<std::string> stopped_rules() const;

  std::optional<WorkspaceRules> m_workspace;
  mutable std::mutex m_mutex;
  mutable std::vector<std::string> m_warnings;
  mutable bool m_trust_noted = false;
  mutable std::set<std::string> m_stopped;  ///< rules stopped in one file: not run on the others
};

/// The workspace's scanner: SecretScan with root's .gitleaks.toml; throws Failure if that file is invalid.
std::unique_ptr<SecretScan> workspace_scan(const std::filesystem::path& root);

/// Prints each warning as "pdo: warning: …" on `err`.
void print_warnings(const SecretScan& scan, std::ostream& err);

}  // namespace pdo::app
