#include "app/hooks/workspace_rules.hpp"

#include <algorithm>
#include <ostream>

#include "util/format.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

namespace pdo::app {

namespace fs = std::filesystem;
using util::tr;
using util::trf;

namespace {

/// Lines of a text by number, for findings in line order: each step goes on from the last one.
class LineCursor {
public:
  explicit LineCursor(std::string_view text) : m_text(text) {}
  /// The text of line `n` (1-based); "" past the end.
  std::string_view line(std::size_t n) {
    if (n < m_line) {
      m_line = 1;
      m_bol = 0;
    }
    while (m_line < n && m_bol <= m_text.size()) {
      const std::size_t nl = m_text.find('\n', m_bol);
      m_bol = nl == std::string_view::npos ? m_text.size() + 1 : nl + 1;
      ++m_line;
    }
    if (m_bol > m_text.size()) return {};
    return m_text.substr(m_bol, std::min(m_text.find('\n', m_bol), m_text.size()) - m_bol);
  }

private:
  std::string_view m_text;
  std::size_t m_line = 1;
  std::size_t m_bol = 0;
};

}  // namespace

Result<std::optional<WorkspaceRules>> load_workspace_rules(const fs::path& root) {
  const fs::path file = root / k_gitleaks_file;
  std::error_code ec;
  if (fs::status(file, ec).type() == fs::file_type::not_found) return std::optional<WorkspaceRules>{};
  auto text = util::read_file_capped(file, util::k_max_toml_bytes);
  if (!text) return text.error();
  auto config = secrets::parse_gitleaks(*text, k_gitleaks_file);
  if (!config) return config.error();
  WorkspaceRules rules{{util::absolute_path(file), util::sha256_hex(*text)}, std::move(*config), false};
  rules.trusted = is_trusted(rules.source);
  return std::optional<WorkspaceRules>{std::move(rules)};
}

SecretScan::SecretScan(std::optional<WorkspaceRules> workspace) : m_workspace(std::move(workspace)) {
  if (m_workspace && !m_workspace->config.ignored.empty()) {
    warn(trf("{}：pdo 没有实现这些 gitleaks 字段，已忽略它们：{}", "{}: pdo does not implement these gitleaks keys and ignores them: {}",
             k_gitleaks_file, m_workspace->config.ignored));
  }
}

std::set<std::string> SecretScan::stopped_rules() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_stopped;
}

void SecretScan::warn(std::string text) const {
  std::lock_guard<std::mutex> lock(m_mutex);
  m_warnings.push_back(std::move(text));
}

std::vector<std::string> SecretScan::warnings() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_warnings;
}

bool SecretScan::skipped(const secrets::Allowlist& a, const secrets::Candidate& c) const {
  if (!a.allows(c)) return false;
  if (m_workspace->trusted) return true;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_trust_noted) return false;
    m_trust_noted = true;
  }
  warn(
      trf("{} 第 {} 行的 allowlist 会跳过一处发现，但你还没有信任这个文件，所以它仍被报告。读过这个文件、确定它的 allowlist 没问题后："
          "pdo scan --trust-rules",
          "the allowlist at {} line {} would skip a finding, but you have not trusted that file, so the finding is still reported. Once "
          "you have read the file and agree with its allowlists: pdo scan --trust-rules",
          k_gitleaks_file, a.line));
  return false;
}

std::vector<secrets::Finding> SecretScan::run(std::string_view path, std::string_view content, Names names) const {
  const auto& builtin = secrets::default_scanner();
  auto out = names == Names::yes ? builtin.scan(path, content) : builtin.scan_content(path, content);
  if (!m_workspace) return out;
  const auto& config = m_workspace->config;
  const auto global = [&](const secrets::Candidate& c) {
    return std::any_of(config.allowlists.begin(), config.allowlists.end(), [&](const secrets::Allowlist& a) { return skipped(a, c); });
  };
  // pdo keeps no built-in finding's secret: a global allowlist's regexes and stopwords see its line.
  LineCursor lines(content);  // the scanner's findings come in line order
  const auto skip_builtin = [&](const secrets::Finding& f) {
    const std::string_view line = f.line > 0 ? lines.line(f.line) : path;
    return global({f.rule_id, path, line, line, line});
  };
  if (!config.allowlists.empty()) out.erase(std::remove_if(out.begin(), out.end(), skip_builtin), out.end());
  std::vector<std::string> stopped;
  for (auto& hit : secrets::scan_gitleaks(config, path, content, stopped, stopped_rules())) {
    if (names == Names::no && hit.finding.line == 0) continue;
    const secrets::Candidate c{hit.rule->id, path, hit.secret, hit.match, hit.line};
    const auto& own = hit.rule->allowlists;
    if (std::any_of(own.begin(), own.end(), [&](const secrets::Allowlist& a) { return skipped(a, c); }) || global(c)) continue;
    out.push_back(std::move(hit.finding));
  }
  for (const auto& id : stopped) {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      if (!m_stopped.insert(id).second) continue;
    }
    warn(trf(
        "{1} 的规则 {0} 在 {2} 里被停止了：它的正则表达式回溯太多（超过了 PCRE2 的匹配上限或每个文件 2 秒），这个文件的其余部分和这次扫描的其他文件都没有再用它检查。"
        "请改写它，例如去掉嵌套的重复（(a+)+）",
        "rule {} of {} was stopped in {}: its regex backtracked too much (past PCRE2's match limit or 2 seconds a file), so neither the "
        "rest of that file nor the other files of this scan were checked with it. Rewrite it, e.g. without nested repetition such as (a+)+",
        id, k_gitleaks_file, path));
  }
  std::stable_sort(out.begin(), out.end(), [](const secrets::Finding& a, const secrets::Finding& b) { return a.line < b.line; });
  return out;
}

std::vector<secrets::Finding> SecretScan::scan(std::string_view path, std::string_view content) const {
  return run(path, content, Names::yes);
}

std::vector<secrets::Finding> SecretScan::scan_content(std::string_view path, std::string_view content) const {
  return run(path, content, Names::no);
}

std::unique_ptr<SecretScan> workspace_scan(const fs::path& root) {
  auto rules = load_workspace_rules(root);
  if (!rules) throw Failure(rules.error());
  return std::make_unique<SecretScan>(std::move(*rules));
}

void print_warnings(const SecretScan& scan, std::ostream& err) {
  for (const auto& w : scan.warnings()) err << tr("pdo: 警告：", "pdo: warning: ") << w << "\n";
}

}  // namespace pdo::app
