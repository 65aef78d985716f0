#pragma once
// The self-check report: one Markdown text that is both what the terminal shows and what goes into
// check-env.md's marked block (failures first, then the three-part summary), and the block update.
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check.hpp"
#include "util/color.hpp"
#include "util/error.hpp"

namespace pdo::checks {

/// What the report says about the run as a whole.
struct ReportInfo {
  std::string date;
  course::Route route = course::Route::browser;
  std::string os;       ///< os id ("linux")
  bool online = false;  ///< lesson pages were fetched (--online)
};

/// How many items got each status.
struct Counts {
  std::size_t pass = 0, fail = 0, needs_you = 0, unverified = 0;
};

/// Counts the statuses.
Counts count(const std::vector<ItemResult>& items);

/// One item as the report shows it (its line, what was run or seen, what to do, the reason and the fix).
std::string render_item(const ItemResult& item, const util::OutputStyle& style = {});

/// "通过 2 · 未通过 1 · 需要你操作 3 · 未验证 0" in the current language.
std::string summary_line(const std::vector<ItemResult>& items);

/// The subject of the commit recording a self-check, in the current language: "pdo check: pass 3, …", or for
/// `pdo check confirm ID` (failed: with --failed) "pdo check confirm ID (done): pass 4, …".
std::string commit_subject(const std::vector<ItemResult>& items, const std::string& confirmed = "", bool failed = false);

/// The whole report (Markdown, LF line ends). With a colour style (the terminal's copy, never the file's)
/// each status and section heading is coloured: pass green, fail red, needs-you yellow, unverified dim.
std::string render_report(const std::vector<ItemResult>& items, const ReportInfo& info, const util::OutputStyle& style = {});

/// What happened to check-env.md.
enum class FileUpdate { created, updated, unchanged, no_markers };

/// `text` (a check-env.md) with `report` in its pdo block, every other byte kept; an empty text becomes
/// `fresh_file` with the report; nullopt when the markers are gone.
std::optional<std::string> with_report(const std::string& text, const std::string& report, const std::string& fresh_file);

/// Puts `report` into check-env.md's pdo block; every byte outside it is kept. A missing file is created
/// from `fresh_file` (the file as pdo init writes it); a file whose markers are gone is left alone.
Result<FileUpdate> update_check_env(const std::filesystem::path& file, const std::string& report, const std::string& fresh_file);

/// The statuses a report recorded, by item id, read back from check-env.md's text (either language);
/// empty when no self-check has run (the block still holds init's table).
std::map<std::string, CheckStatus> recorded_statuses(std::string_view check_env_text);

/// The marked block name in check-env.md.
inline constexpr const char* k_block_name = "check-env";

}  // namespace pdo::checks
