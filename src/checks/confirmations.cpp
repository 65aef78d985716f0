#include "checks/confirmations.hpp"

#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#include <toml++/toml.h>

#include <algorithm>

#include "util/i18n.hpp"

namespace pdo::checks {

using util::tr;

namespace {

/// A TOML basic string: quotes, backslashes and control characters escaped.
std::string toml_string(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    const auto ch = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (ch < 0x20 || ch == 0x7f) {
      static const char* hex = "0123456789ABCDEF";
      out += "\\u00";
      out += hex[ch >> 4];
      out += hex[ch & 0xf];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

Error bad_file(const std::string& source, const std::string& why) {
  return Error{Exit::usage, source + ": " + why +
                                tr("\n这个文件由 pdo check confirm 写入；请修正它，或删掉它后重新确认。",
                                   "\nThis file is written by pdo check confirm; fix it, or delete it and confirm again.")};
}

}  // namespace

Result<std::vector<Confirmation>> parse_confirmations(std::string_view text, const std::string& source_name) {
  toml::parse_result parsed = toml::parse(text, source_name);
  if (!parsed) {
    return bad_file(source_name + ":" + std::to_string(parsed.error().source().begin.line), std::string(parsed.error().description()));
  }
  std::vector<Confirmation> out;
  const toml::node* node = parsed.table().get("confirmed");
  if (!node) return out;
  const toml::array* arr = node->as_array();
  if (!arr) return bad_file(source_name, tr("confirmed 必须是 [[confirmed]] 表", "confirmed must be [[confirmed]] tables"));
  for (const auto& item : *arr) {
    const toml::table* t = item.as_table();
    if (!t) return bad_file(source_name, tr("confirmed 必须是 [[confirmed]] 表", "confirmed must be [[confirmed]] tables"));
    Confirmation c;
    c.id = t->get("id") ? t->get("id")->value_or(std::string()) : std::string();
    const std::string result = t->get("result") ? t->get("result")->value_or(std::string()) : std::string();
    c.date = t->get("date") ? t->get("date")->value_or(std::string()) : std::string();
    c.note = t->get("note") ? t->get("note")->value_or(std::string()) : std::string();
    if (c.id.empty() || (result != "done" && result != "failed")) {
      return bad_file(source_name, tr("每条记录需要 id 和 result（done 或 failed）", "every record needs an id and a result (done or failed)"));
    }
    c.done = result == "done";
    out.push_back(std::move(c));
  }
  return out;
}

std::string confirmations_text(const std::vector<Confirmation>& confirmations) {
  std::string out =
      "# Written by `pdo check confirm`: what you confirmed yourself. pdo did not observe these; check-env.md\n"
      "# shows them as \"confirmed by you\". 由 pdo check confirm 写入：你自己确认的结果，不是 pdo 观察到的。\n";
  for (const auto& c : confirmations) {
    out += "\n[[confirmed]]\n";
    out += "id = " + toml_string(c.id) + "\n";
    out += std::string("result = ") + (c.done ? "\"done\"" : "\"failed\"") + "\n";
    out += "date = " + toml_string(c.date) + "\n";
    if (!c.note.empty()) out += "note = " + toml_string(c.note) + "\n";
  }
  return out;
}

void record_confirmation(std::vector<Confirmation>& confirmations, Confirmation c) {
  confirmations.erase(std::remove_if(confirmations.begin(), confirmations.end(),
                                     [&](const Confirmation& x) { return x.id == c.id; }),
                      confirmations.end());
  confirmations.push_back(std::move(c));
}

}  // namespace pdo::checks
