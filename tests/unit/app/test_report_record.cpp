// The reports pdo report wrote, kept in .git/pdo-reports so that a report is replaced without --force only
// where pdo wrote it: the 32 newest paths are remembered, the 33rd newest is forgotten.
#include <catch2/catch.hpp>

#include <string>

#include "app/report/report_record.hpp"
#include "support/temp_dir.hpp"

using namespace pdo;
namespace fs = std::filesystem;

TEST_CASE("the report record keeps the 32 newest report paths and forgets the 33rd", "[app][report]") {
  test::TempDir tmp("report record");
  const fs::path root = tmp.path(), gitdir = root / ".git";
  fs::create_directories(gitdir);
  const auto report = [&](int i) { return root / ("report-" + std::to_string(i) + ".html"); };
  const auto write = [&](int i) {
    const std::string bytes = "<html>" + std::to_string(i) + "</html>";
    test::write_file(report(i), bytes);
    app::remember_report(gitdir, root, report(i), bytes);
  };
  for (int i = 1; i <= 32; ++i) write(i);
  CHECK(app::report_target(gitdir, root, report(1)).take() == app::ReportTarget::ours);
  CHECK(app::report_target(gitdir, root, report(32)).take() == app::ReportTarget::ours);
  write(33);
  CHECK(app::report_target(gitdir, root, report(1)).take() == app::ReportTarget::foreign);  // forgotten
  CHECK(app::report_target(gitdir, root, report(2)).take() == app::ReportTarget::ours);
  CHECK(app::report_target(gitdir, root, report(33)).take() == app::ReportTarget::ours);
  write(2);  // written again: the newest, not a second line
  write(34);
  CHECK(app::report_target(gitdir, root, report(2)).take() == app::ReportTarget::ours);
  CHECK(app::report_target(gitdir, root, report(3)).take() == app::ReportTarget::foreign);
  CHECK(app::report_target(gitdir, root, root / "absent.html").take() == app::ReportTarget::absent);
}
