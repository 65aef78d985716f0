#include "checks/confirmations.hpp"

#include <algorithm>

#include "util/i18n.hpp"
#include "util/toml_doc.hpp"

namespace pdo::checks {

using util::tr;

namespace {

Error bad_file(const std::string& problem) {
  return Error{Exit::usage, problem + tr("\n这个文件由 pdo check confirm 写入；请修正它，或删掉它后重新确认。",
                                         "\nThis file is written by pdo check confirm; fix it, or delete it and confirm again.")};
}

}  // namespace

Result<std::vector<Confirmation>> parse_confirmations(std::string_view text, const std::string& source_name) {
  util::TomlDoc doc(text, source_name);
  doc.check_schema();
  const util::TomlTable root = doc.root();
  if (!doc.failed()) root.keys({"schema", "confirmed"});
  std::vector<Confirmation> out;
  for (const util::TomlTable& t : root.tables("confirmed")) {
    if (doc.failed()) break;
    t.keys({"id", "result", "date", "note"});
    Confirmation c;
    c.id = t.string("id", util::Need::required);
    const std::string result = t.string("result", util::Need::required);
    c.date = t.string("date");
    c.note = t.string("note", util::Need::optional, util::TomlText::prose);
    if (!doc.failed() && result != "done" && result != "failed") {
      t.fail("result", tr("result 只能是 done 或 failed", "result must be done or failed"));
    }
    c.done = result == "done";
    out.push_back(std::move(c));
  }
  if (doc.newer_schema()) return Error{Exit::usage, doc.problem()};
  if (doc.failed()) return bad_file(doc.problem());
  return out;
}

std::string confirmations_text(const std::vector<Confirmation>& confirmations) {
  std::string out =
      "# Written by `pdo check confirm`: what you confirmed yourself. pdo did not observe these; check-env.md\n"
      "# shows them as \"confirmed by you\". 由 pdo check confirm 写入：你自己确认的结果，不是 pdo 观察到的。\n"
      "schema = " +
      std::to_string(util::k_toml_schema) + "\n";
  for (const auto& c : confirmations) {
    out += "\n[[confirmed]]\n";
    out += "id = " + util::toml_quote(c.id) + "\n";
    out += std::string("result = ") + (c.done ? "\"done\"" : "\"failed\"") + "\n";
    out += "date = " + util::toml_quote(c.date) + "\n";
    if (!c.note.empty()) out += "note = " + util::toml_quote(c.note) + "\n";
  }
  return out;
}

void record_confirmation(std::vector<Confirmation>& confirmations, Confirmation c) {
  confirmations.erase(std::remove_if(confirmations.begin(), confirmations.end(), [&](const Confirmation& x) { return x.id == c.id; }),
                      confirmations.end());
  confirmations.push_back(std::move(c));
}

}  // namespace pdo::checks
