#include "checks/report.hpp"

#include <array>

#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"
#include "workspace/marked_block.hpp"

namespace pdo::checks {

using util::tr;

namespace {

/// Output shown inside the block must not be able to end the block or the code fence, nor carry an
/// escape sequence to the terminal that shows the same report.
std::string defused(std::string_view text) {
  std::string s = util::replace_all(util::escape_controls(text, util::Breaks::keep), "<!--", "&lt;!--");
  return util::replace_all(s, "```", "'''");
}

util::Tone tone(CheckStatus status) {
  switch (status) {
    case CheckStatus::pass:
      return util::Tone::good;
    case CheckStatus::fail:
      return util::Tone::bad;
    case CheckStatus::needs_you:
      return util::Tone::attention;
    case CheckStatus::unverified:
      break;
  }
  return util::Tone::muted;
}

std::string status_label(const ItemResult& r, const util::OutputStyle& style) {
  std::string label = util::paint(style, tone(r.status), status_name(r.status));
  if (r.source == Source::learner) return label + tr("（由你确认）", " (confirmed by you)");
  if (r.source == Source::observed) return label + tr("（pdo 观察到）", " (observed by pdo)");
  return label;
}

void add_line(std::string& out, const std::string& label, const std::string& text) {
  if (!text.empty()) out += "  - " + label + defused(text) + "\n";
}

void add_evidence(std::string& out, const ItemResult& r) {
  if (r.evidence.empty()) return;
  if (r.source == Source::learner) {
    add_line(out, "", r.evidence);
    return;
  }
  out += tr("  - 输出：\n", "  - output:\n");
  out += "    ```\n";
  const std::string text = defused(r.evidence);  // split_lines views into it: keep it alive
  for (const auto& line : util::split_lines(text)) out += "    " + std::string(util::chomp(line)) + "\n";
  out += "    ```\n";
}

void add_item(std::string& out, const ItemResult& r, const util::OutputStyle& style) {
  out += "- **" + defused(r.title) + "** `" + r.id + "` · " + course::check_kind_name(r.kind, util::current_lang()) + " · " +
         status_label(r, style) + " · " + r.date + "\n";
  if (!r.command.empty()) out += tr("  - 运行：`", "  - ran: `") + defused(r.command) + "`\n";
  add_evidence(out, r);
  if (r.status == CheckStatus::needs_you || (r.source == Source::learner)) {
    add_line(out, tr("怎么做：", "what to do: "), r.todo);
    add_line(out, tr("应看到：", "you should see: "), r.expect);
    if (!r.url.empty())
      out += tr("  - 网址：", "  - page: ") + r.url + tr("（打开：`pdo check --open ", " (open it: `pdo check --open ") + r.id +
             tr("`）\n", "`)\n");
  }
  if (r.status == CheckStatus::needs_you) {
    out += tr("  - 做完后：`pdo check confirm ", "  - when done: `pdo check confirm ") + r.id +
           tr("`；没看到预期结果：`pdo check confirm ", "`; if you saw something else: `pdo check confirm ") + r.id +
           tr(" --failed \"你看到的\"`\n", " --failed \"what you saw\"`\n");
  }
  add_line(out, tr("原因：", "reason: "), r.reason);
  const bool fixable = r.status == CheckStatus::fail || (r.status == CheckStatus::unverified && !r.evidence.empty());
  // A failure the learner reported is in their words, which the course's fix was not written for.
  if (fixable && r.source == Source::learner)
    add_line(out, tr("这一项通常的修复（不一定对应你看到的情况）：", "the usual fix for this item (it may not be what you saw): "), r.fix);
  else if (fixable)
    add_line(out, tr("修复：", "fix: "), r.fix);
}

void add_section(std::string& out, const std::vector<ItemResult>& items, CheckStatus status, const util::OutputStyle& style) {
  std::vector<const ItemResult*> of;
  for (const auto& r : items) {
    if (r.status == status) of.push_back(&r);
  }
  if (of.empty()) return;
  out += "\n#### " + util::paint(style, tone(status), status_name(status) + " (" + std::to_string(of.size()) + ")") + "\n\n";
  for (const auto* r : of) add_item(out, *r, style);
}

void add_summary(std::string& out, const std::vector<ItemResult>& items, const ReportInfo& info) {
  out += tr("\n#### 汇报\n", "\n#### Summary\n");
  std::string done, needs, open;
  for (const auto& r : items) {
    const std::string t = defused(r.title);
    if (r.status == CheckStatus::pass) {
      done += "- " + t +
              (r.source == Source::learner ? tr("（由你确认，", " (confirmed by you, ") + r.date + tr("）", ")")
                                           : tr("（pdo 观察到）", " (observed by pdo)")) +
              "\n";
    } else if (r.status == CheckStatus::fail && r.source == Source::learner) {
      // Only the learner's word clears the learner's record: pdo check does not run these items.
      needs += "- " + t +
               tr("：你记录了未通过；按上面的修复办法处理，再做一次，成功后运行 `pdo check confirm ",
                  ": you recorded a failure; apply the fix above, try again, and when it works run `pdo check confirm ") +
               r.id + "`\n";
    } else if (r.status == CheckStatus::fail) {
      needs += "- " + t +
               tr("：未通过，按上面的修复办法处理后重新运行 `pdo check`", ": failed; apply the fix above, then run `pdo check` again") +
               "\n";
    } else if (r.status == CheckStatus::needs_you) {
      needs += "- " + t + tr("：做完后 `pdo check confirm ", ": when done, `pdo check confirm ") + r.id + "`\n";
    } else {
      open += "- " + t + tr("：", ": ") + defused(r.reason) + "\n";
    }
  }
  if (!info.online) {
    open += tr("- 课节链接：没有联网核对（需要时运行 `pdo check --online`）\n",
               "- lesson links: not fetched (run `pdo check --online` when you want)\n");
  }
  const auto section = [&](const std::string& title, const std::string& body) {
    out += "\n**" + title + "**\n\n" + (body.empty() ? tr("- 无\n", "- nothing\n") : body);
  };
  section(tr("已完成", "Done"), done);
  section(tr("需要你操作", "Needs you"), needs);
  section(tr("尚未验证", "Not yet verified"), open);
}

}  // namespace

Counts count(const std::vector<ItemResult>& items) {
  Counts c;
  for (const auto& r : items) {
    switch (r.status) {
      case CheckStatus::pass:
        ++c.pass;
        break;
      case CheckStatus::fail:
        ++c.fail;
        break;
      case CheckStatus::needs_you:
        ++c.needs_you;
        break;
      case CheckStatus::unverified:
        ++c.unverified;
        break;
    }
  }
  return c;
}

std::string render_item(const ItemResult& item, const util::OutputStyle& style) {
  std::string out;
  add_item(out, item, style);
  return out;
}

std::string summary_line(const std::vector<ItemResult>& items) {
  const Counts c = count(items);
  return tr("共 ", "") + util::counted(items.size(), "项", "item", "items") + tr("：", ": ") + status_name(CheckStatus::pass) + " " +
         std::to_string(c.pass) + " · " + status_name(CheckStatus::fail) + " " + std::to_string(c.fail) + " · " +
         status_name(CheckStatus::needs_you) + " " + std::to_string(c.needs_you) + " · " + status_name(CheckStatus::unverified) + " " +
         std::to_string(c.unverified);
}

std::string commit_subject(const std::vector<ItemResult>& items, const std::string& confirmed, bool failed) {
  const Counts c = count(items);
  std::string what = "pdo check";
  if (!confirmed.empty()) what += " confirm " + confirmed + (failed ? tr("（未成功）", " (failed)") : tr("（已完成）", " (done)"));
  return what + tr("：通过 ", ": pass ") + std::to_string(c.pass) + tr("，未通过 ", ", fail ") + std::to_string(c.fail) +
         tr("，需要你操作 ", ", needs-you ") + std::to_string(c.needs_you) + tr("，未验证 ", ", unverified ") +
         std::to_string(c.unverified);
}

std::string render_report(const std::vector<ItemResult>& items, const ReportInfo& info, const util::OutputStyle& style) {
  std::string out = tr("### 自检结果 · ", "### Self-check · ") + info.date + tr(" · 路线：", " · route: ") +
                    course::route_name(info.route) + tr(" · 系统：", " · OS: ") + platform::os_name(info.os) + "\n\n";
  out += tr("摘要：", "Summary: ") + summary_line(items) + "\n";
  for (const auto status :
       std::array<CheckStatus, 4>{CheckStatus::fail, CheckStatus::needs_you, CheckStatus::unverified, CheckStatus::pass}) {
    add_section(out, items, status, style);
  }
  add_summary(out, items, info);
  return out;
}

std::map<std::string, CheckStatus> recorded_statuses(std::string_view text) {
  // An item line is "- **title** `id` · kind · status[（…）] · date" (add_item); failed before passed,
  // since "未通过" ends with "通过".
  static const std::vector<std::pair<std::string, CheckStatus>> names = {{"未通过", CheckStatus::fail},
                                                                         {"通过", CheckStatus::pass},
                                                                         {"需要你操作", CheckStatus::needs_you},
                                                                         {"未验证", CheckStatus::unverified},
                                                                         {"fail", CheckStatus::fail},
                                                                         {"pass", CheckStatus::pass},
                                                                         {"needs you", CheckStatus::needs_you},
                                                                         {"unverified", CheckStatus::unverified}};
  std::map<std::string, CheckStatus> out;
  const std::string begin = std::string("<!-- pdo:begin ") + k_block_name;
  const auto start = text.find(begin);
  if (start == std::string_view::npos) return out;
  for (const auto line : util::split_lines(text.substr(start))) {
    const std::string_view l = util::chomp(line);
    if (util::starts_with(l, std::string("<!-- pdo:end"))) break;
    if (!util::starts_with(l, std::string("- **"))) continue;
    const auto id_at = l.find("** `");
    if (id_at == std::string_view::npos) continue;
    const auto id_end = l.find('`', id_at + 4);
    if (id_end == std::string_view::npos) continue;
    const std::string id(l.substr(id_at + 4, id_end - id_at - 4));
    // Fields after the id: kind, status, date.
    const auto kind_at = l.find(" · ", id_end);
    const auto status_at = kind_at == std::string_view::npos ? kind_at : l.find(" · ", kind_at + 1);
    if (status_at == std::string_view::npos) continue;
    const std::string_view status = l.substr(status_at + std::string_view(" · ").size());
    for (const auto& [name, st] : names) {
      if (util::starts_with(status, name)) {
        out[id] = st;
        break;
      }
    }
  }
  return out;
}

std::optional<std::string> with_report(const std::string& text, const std::string& report, const std::string& fresh_file) {
  const std::string block = std::string("<!-- pdo:begin ") + k_block_name + " -->\n" + report + "<!-- pdo:end " + k_block_name + " -->\n";
  return workspace::replace_block(text.empty() ? fresh_file : text, block, k_block_name);
}

Result<FileUpdate> update_check_env(const std::filesystem::path& file, const std::string& report, const std::string& fresh_file) {
  const std::string block = std::string("<!-- pdo:begin ") + k_block_name + " -->\n" + report + "<!-- pdo:end " + k_block_name + " -->\n";
  std::error_code ec;
  const bool exists = std::filesystem::exists(file, ec);
  std::string old_text;
  if (exists) {
    auto read = util::read_file(file);
    if (!read) return read.error();
    old_text = std::move(*read);
  }
  const std::string base = exists ? old_text : fresh_file;
  const auto updated = workspace::replace_block(base, block, k_block_name);
  if (!updated) {
    if (exists) return FileUpdate::no_markers;
    return Error{Exit::failure, tr("check-env.md 的模板缺少 pdo 区块标记", "the check-env.md template lacks pdo's block markers")};
  }
  if (exists && *updated == old_text) return FileUpdate::unchanged;
  if (auto st = util::write_file_atomic(file, *updated, exists ? util::Replace::allowed : util::Replace::never); !st) return st.error();
  return exists ? FileUpdate::updated : FileUpdate::created;
}

}  // namespace pdo::checks
