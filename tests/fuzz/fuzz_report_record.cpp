// .git/pdo-reports (which reports pdo wrote, by SHA-256) is workspace content: whatever bytes it holds,
// it is read without harm, and a report pdo then writes and records is known as pdo's (replaceable) while
// a file it never wrote is not.
#include <filesystem>
#include <fstream>

#include "app/report/report_record.hpp"
#include "fuzz.hpp"
#include "util/platform.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pdo::app::ReportTarget;
  using pdo::fuzz::require;
  static const auto dir = pdo::platform::make_private_dir("pdo-fuzz-reports");
  if (!dir) return 0;
  const auto gitdir = *dir / ".git";
  std::filesystem::create_directories(gitdir);
  {
    std::ofstream out(gitdir / "pdo-reports", std::ios::binary | std::ios::trunc);
    out << pdo::fuzz::text_of(data, size);
  }
  const auto report = *dir / "report.html";
  std::filesystem::remove(report);
  require(*pdo::app::report_target(gitdir, *dir, report) == ReportTarget::absent, "no file is absent");
  const std::string page = "<html>pdo's report</html>\n";
  std::ofstream(report, std::ios::binary | std::ios::trunc) << page;
  pdo::app::remember_report(gitdir, *dir, report, page);
  require(*pdo::app::report_target(gitdir, *dir, report) == ReportTarget::ours, "a report pdo wrote and recorded is pdo's");
  std::ofstream(report, std::ios::binary | std::ios::app) << "the learner's line\n";
  require(*pdo::app::report_target(gitdir, *dir, report) == ReportTarget::foreign, "a report the learner changed is the learner's");
  return 0;
}
