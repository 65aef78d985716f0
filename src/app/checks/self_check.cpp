#include "app/checks/self_check.hpp"

#include "app/checks/check_probes.hpp"
#include "app/commit/transaction.hpp"
#include "app/hooks/secret_guard.hpp"
#include "app/hooks/trust.hpp"
#include "app/trailers.hpp"
#include "checks/confirmations.hpp"
#include "checks/report.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/time.hpp"
#include "workspace/layout.hpp"

namespace pdo::app {

using util::tr;

std::vector<checks::Confirmation> load_confirmations(const std::filesystem::path& root) {
  auto text = util::read_file_capped(root / checks::k_confirmations_path, util::k_max_toml_bytes);
  if (!text) return {};
  return checks::parse_confirmations(*text, checks::k_confirmations_path).take();
}

namespace {

std::string message_for(const std::vector<checks::ItemResult>& results) {
  // The same subject as `pdo check`'s commit: the history reads the same whoever ran it.
  const std::string msg = checks::commit_subject(results) + "\n\n";
  Trailers t;
  t.action = Action::check;
  t.id = new_action_id();
  return msg + write_trailers(t);
}

}  // namespace

SelfCheckRun run_self_check(const workspace::Workspace& ws, git::Repo& repo, const std::optional<std::filesystem::path>& python) {
  SelfCheckRun rec;
  const CommandGate gate(ws);  // the same gate as pdo check's: an untrusted course file's commands do not run
  checks::RunInput in;
  in.course = &ws.course;
  in.route = ws.settings.route;
  in.cwd = ws.root;
  in.python = python;
  in.probes = workspace_probes(&repo, ws.root);
  in.confirmations = load_confirmations(ws.root);
  in.today = util::today();
  in.commands = gate.commands();
  rec.results = checks::run_checks(in);
  const checks::ReportInfo info{in.today, ws.settings.route, std::string(platform::os_id(platform::current_os())), false};
  rec.report = checks::render_report(rec.results, info);

  const auto current = util::read_file(ws.root / "check-env.md");
  if (current && !checks::with_report(*current, rec.report, "")) {
    rec.note = tr("check-env.md 里 pdo 区块的标记已被删除，自检结果没有写进去。",
                  "check-env.md's pdo block markers were removed, so the results were not written into it.");
    return rec;
  }
  Transaction txn;
  const std::string fresh = workspace::check_env_text(ws.course, ws.settings);
  const std::string report = rec.report;
  txn.changes.push_back(Change::edited(
      util::RelPath::parse(repo.relative(ws.root / "check-env.md")).take(),
      [report, fresh](const std::string& text) -> Result<std::string> { return checks::with_report(text, report, fresh).value_or(text); }));
  txn.message = message_for(rec.results);
  txn.check = secret_commit_check();
  auto committed = app::run(repo, txn);
  if (!committed) {
    rec.note = tr("自检结果没有提交：", "the self-check results were not committed: ") + committed.error().message;
    return rec;
  }
  rec.commit = *committed;
  return rec;
}

}  // namespace pdo::app
