// The only translation unit that includes toml++; its configuration (TOML_HEADER_ONLY, TOML_EXCEPTIONS,
// ...) comes from the pdo_deps target in cmake/Dependencies.cmake, never from #defines here.
#include "util/toml_doc.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <limits>
#include <sstream>

#include "util/i18n.hpp"
#include "util/text.hpp"
#include "util/toml_guard.hpp"

namespace pdo::util {

namespace {

int line_of(const toml::source_region& region) { return static_cast<int>(region.begin.line); }

/// A syntax error as the learner reads it. toml++ describes it in English only: in Chinese, the place
/// (column and the line's text) says what its sentence would have said.
std::string syntax_error(std::string_view text, const toml::parse_error& e) {
  const auto at = e.source().begin;
  if (current_lang() == Lang::en) return std::string(e.description());
  std::string_view line;
  for (std::size_t n = 1, start = 0; start <= text.size(); ++n) {
    const auto end = std::min(text.find('\n', start), text.size());
    if (n == at.line) {
      std::size_t len = end - start;
      if (len > 120) {  // a long line is cut, at the start of a UTF-8 character
        len = 120;
        while (len > 0 && (static_cast<unsigned char>(text[start + len]) & 0xC0) == 0x80) --len;
      }
      line = text.substr(start, len);
      break;
    }
    start = end + 1;
  }
  return "TOML 格式有误（第 " + std::to_string(at.column) + " 列附近）：「" + escape_controls(trim(line)) + "」";
}

TomlNode convert(const toml::node& node) {
  TomlNode out;
  out.line = line_of(node.source());
  switch (node.type()) {
    case toml::node_type::table: {
      out.kind = TomlNode::Kind::table;
      // toml++ keeps keys sorted; messages and data tables (install.<os>) follow the file instead. The
      // order is found on pointers first, so no converted subtree is moved around (start-up parses the
      // embedded course on every run).
      std::vector<std::pair<const toml::key*, const toml::node*>> order;
      order.reserve(node.as_table()->size());
      for (const auto& [key, value] : *node.as_table()) order.emplace_back(&key, &value);
      std::stable_sort(order.begin(), order.end(),
                       [](const auto& a, const auto& b) { return line_of(a.first->source()) < line_of(b.first->source()); });
      out.fields.reserve(order.size());
      for (const auto& [key, value] : order) {
        // toml++ gives every key and node its position, implicit tables (command.linux = …) included.
        out.fields.push_back(TomlField{std::string(key->str()), line_of(key->source()), convert(*value)});
      }
      break;
    }
    case toml::node_type::array:
      out.kind = TomlNode::Kind::array;
      out.items.reserve(node.as_array()->size());
      for (const auto& item : *node.as_array()) out.items.push_back(convert(item));
      break;
    case toml::node_type::string:
      out.kind = TomlNode::Kind::string;
      out.text = node.as_string()->get();
      break;
    case toml::node_type::integer:
      out.kind = TomlNode::Kind::integer;
      out.integer = node.as_integer()->get();
      break;
    case toml::node_type::floating_point:
      out.kind = TomlNode::Kind::floating;
      out.floating = node.as_floating_point()->get();
      break;
    case toml::node_type::boolean:
      out.kind = TomlNode::Kind::boolean;
      out.boolean = node.as_boolean()->get();
      break;
    default:  // date, time, date-time: pdo reads none of them
      out.kind = TomlNode::Kind::date_time;
      break;
  }
  return out;
}

std::string key_list(std::initializer_list<std::string_view> keys) {
  std::string out;
  for (const auto k : keys) out += (out.empty() ? "" : ", ") + std::string(k);
  return out;
}

/// The first character in `s` that `text` does not allow: util::forbidden_char, the rule every command's
/// input is checked by (prose allows tab and line breaks).
std::optional<std::string> control_char(std::string_view s, TomlText text) { return util::forbidden_char(s, text == TomlText::prose); }

std::string number_text(double v) {
  if (v == static_cast<double>(static_cast<std::int64_t>(v))) return std::to_string(static_cast<std::int64_t>(v));
  std::ostringstream out;
  out << v;
  return out.str();
}

std::string integer_range(std::int64_t min, std::int64_t max) {
  if (max == std::numeric_limits<std::int64_t>::max()) {
    if (min == 0) return tr(" 必须是非负整数", " must be a non-negative integer");
    return tr(" 必须是不小于 ", " must be an integer of at least ") + std::to_string(min) + tr(" 的整数", "");
  }
  return tr(" 必须是 ", " must be an integer from ") + std::to_string(min) + tr(" 到 ", " to ") + std::to_string(max) + tr(" 的整数", "");
}

}  // namespace

std::string toml_quote(std::string_view value) {
  static const char* digits = "0123456789ABCDEF";
  std::string out = "\"";
  for (const char ch : value) {
    const auto c = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\u00";
      out += digits[c >> 4];
      out += digits[c & 15];
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

TomlDoc::TomlDoc(std::string_view text, std::string source) : m_source(std::move(source)) {
  if (const auto trap = toml_trap(text); trap && trap->table_header) {
    fail(static_cast<int>(trap->line), tr("表头 [ ] 里的名字要以字母、数字、_ 或 - 开头，或者整个写在引号里",
                                          "a table header's name in [ ] starts with a letter, digit, _ or -, or is quoted"));
    return;
  } else if (trap) {
    std::string cp = "U+";
    for (int shift = 12; shift >= 0; shift -= 4) cp += "0123456789ABCDEF"[(trap->code_point >> shift) & 0xF];  // all are below U+10000
    fail(static_cast<int>(trap->line),
         tr("字符 ", "character ") + cp +
             tr(" 放在这里无法读取：请把它写在引号里的字符串或 # 注释中（\"\"\" 字符串里也不要紧跟在反斜杠之后）",
                " cannot be read here: put it inside a quoted string or a # comment (in a \"\"\" string, not right after a backslash)"));
    return;
  }
  toml::parse_result parsed = toml::parse(text, m_source);
  if (!parsed) {
    fail(line_of(parsed.error().source()), syntax_error(text, parsed.error()));
    return;
  }
  m_root = convert(parsed.table());
  m_root.line = 0;  // a missing top-level key belongs to the whole file, not to line 1
}

TomlDoc::TomlDoc(Compiled, std::string_view bytes, std::string source) : m_source(std::move(source)) {
  auto tree = load_compiled_toml(bytes);
  if (!tree) {
    fail(0, tr("内置数据已损坏（编译后的 TOML）", "damaged built-in data (compiled TOML)"));
    return;
  }
  m_root = std::move(*tree);
}

TomlTable TomlDoc::root() { return TomlTable(*this, m_root); }

void TomlDoc::check_schema() {
  if (failed()) return;
  const auto version = root().integer("schema", 1, std::numeric_limits<std::int64_t>::max());
  if (version && *version > k_toml_schema) {
    m_newer_schema = true;
    fail(root().line_of("schema"), tr("这个文件由更新版本的 pdo 写成（schema = ", "written by a newer pdo (schema = ") +
                                       std::to_string(*version) + tr("，这个 pdo 只认识 schema = ", "; this pdo reads schema = ") +
                                       std::to_string(k_toml_schema) + tr("）：请升级 pdo", "): upgrade pdo"));
  }
}

void TomlDoc::fail(int line, const std::string& reason) {
  if (m_problem) return;
  m_problem = m_source + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + reason;
}

TomlTable::TomlTable(TomlDoc& doc, const TomlNode& node, std::string where) : m_doc(&doc), m_node(&node), m_where(std::move(where)) {}

const TomlField* TomlTable::field(std::string_view key) const {
  for (const auto& f : m_node->fields) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

const TomlNode* TomlTable::find(std::string_view key) const {
  const TomlField* f = field(key);
  return f ? &f->value : nullptr;
}

int TomlTable::line_of(std::string_view key) const {
  const TomlField* f = field(key);
  if (!f) return m_node->line;
  return f->value.line > 0 ? f->value.line : f->line;
}

std::vector<std::string> TomlTable::key_names() const {
  std::vector<std::string> out;
  for (const auto& f : m_node->fields) out.push_back(f.key);
  return out;
}

void TomlTable::fail_at(int line, const std::string& reason) const { m_doc->fail(line, m_where + reason); }

void TomlTable::fail(std::string_view key, const std::string& reason) const { fail_at(line_of(key), reason); }

void TomlTable::keys(std::initializer_list<std::string_view> known) const {
  for (const auto& f : m_node->fields) {
    if (std::find(known.begin(), known.end(), f.key) != known.end()) continue;
    fail_at(f.line, tr("未知字段 ", "unknown key ") + f.key + tr("（可用的字段：", " (known keys: ") + key_list(known) + tr("）", ")"));
    return;
  }
}

bool TomlTable::check_text(std::string_view key, int line, const std::string& value, TomlText text) const {
  if (m_doc->trusted()) return true;
  const auto bad = control_char(value, text);
  if (!bad) return true;
  fail_at(line, tr("字段 ", "field ") + std::string(key) + tr(" 含控制字符 ", " holds the control character ") + *bad +
                    (text == TomlText::prose
                         ? tr("（这里不能有 ESC 等控制字符）", " (no ESC or other control characters here)")
                         : tr("（这里不能有换行、制表符、ESC 等控制字符）", " (no newline, tab, ESC or other control characters here)")));
  return false;
}

std::string TomlTable::string(std::string_view key, Need need, TomlText text) const {
  const TomlField* f = field(key);
  if (!f) {
    if (need == Need::required) fail_at(m_node->line, tr("缺少字段 ", "missing field ") + std::string(key));
    return {};
  }
  if (f->value.kind != TomlNode::Kind::string) {
    fail_at(line_of(key), tr("字段 ", "field ") + std::string(key) + tr(" 应为字符串", " must be a string"));
    return {};
  }
  if (!check_text(key, line_of(key), f->value.text, text)) return {};
  if (need == Need::required && trim(f->value.text).empty()) {
    fail_at(line_of(key), tr("字段 ", "field ") + std::string(key) + tr(" 不能为空", " must not be empty"));
  }
  return f->value.text;
}

std::vector<std::string> TomlTable::strings(std::string_view key, TomlText text) const {
  std::vector<std::string> out;
  const TomlNode* node = find(key);
  if (!node) return out;
  if (node->kind != TomlNode::Kind::array) {
    fail(key, tr("字段 ", "field ") + std::string(key) + tr(" 应为字符串数组", " must be an array of strings"));
    return out;
  }
  for (const auto& item : node->items) {
    const int line = item.line > 0 ? item.line : line_of(key);
    if (item.kind != TomlNode::Kind::string) {
      fail_at(line, std::string(key) + tr(" 里只能有字符串", " may hold strings only"));
      return {};
    }
    if (!check_text(key, line, item.text, text)) return {};
    out.push_back(item.text);
  }
  return out;
}

std::optional<std::int64_t> TomlTable::integer(std::string_view key, std::int64_t min, std::int64_t max) const {
  const TomlNode* node = find(key);
  if (!node) return std::nullopt;
  if (node->kind != TomlNode::Kind::integer || node->integer < min || node->integer > max) {
    fail(key, std::string(key) + integer_range(min, max));
    return std::nullopt;
  }
  return node->integer;
}

std::optional<double> TomlTable::number(std::string_view key, double min, double max) const {
  const TomlNode* node = find(key);
  if (!node) return std::nullopt;
  const bool is_number = node->kind == TomlNode::Kind::integer || node->kind == TomlNode::Kind::floating;
  const double value = node->kind == TomlNode::Kind::integer ? static_cast<double>(node->integer) : node->floating;
  if (!is_number || !(value >= min && value <= max)) {
    fail(key, std::string(key) + tr(" 必须是 ", " must be a number from ") + number_text(min) + tr(" 到 ", " to ") + number_text(max) +
                  tr(" 之间的数", ""));
    return std::nullopt;
  }
  return value;
}

std::optional<bool> TomlTable::boolean(std::string_view key) const {
  const TomlNode* node = find(key);
  if (!node) return std::nullopt;
  if (node->kind != TomlNode::Kind::boolean) {
    fail(key, std::string(key) + tr(" 必须是 true 或 false", " must be true or false"));
    return std::nullopt;
  }
  return node->boolean;
}

std::optional<TomlTable> TomlTable::table(std::string_view key) const {
  const TomlNode* node = find(key);
  if (!node) return std::nullopt;
  if (node->kind != TomlNode::Kind::table) {
    fail(key, std::string(key) + tr(" 必须是表", " must be a table"));
    return std::nullopt;
  }
  return TomlTable(*m_doc, *node, m_where);
}

std::vector<TomlTable> TomlTable::tables(std::string_view key) const {
  std::vector<TomlTable> out;
  const TomlNode* node = find(key);
  if (!node) return out;
  const std::string k(key);
  const std::string reason = tr(k + " 必须是表 [[" + k + "]]", k + " must be tables ([[" + k + "]])");
  if (node->kind != TomlNode::Kind::array) {
    fail(key, reason);
    return {};
  }
  for (const auto& item : node->items) {
    if (item.kind != TomlNode::Kind::table) {
      fail_at(item.line > 0 ? item.line : line_of(key), reason);
      return {};
    }
    out.emplace_back(*m_doc, item, m_where);
  }
  return out;
}

}  // namespace pdo::util
