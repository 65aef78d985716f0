#pragma once
// pdo's one TOML reader. toml_doc.cpp is the only file that includes toml++: it parses into a small tree
// that keeps line numbers, and TomlTable reads that tree with checked getters. Every problem reads
// "file:line: reason" and the first one wins; each reader declares the keys a table may hold, so a typo
// (min_lenght = 6) is an error instead of a silent default. Writing is left to templates and the files
// pdo owns; toml_quote() gives them a string value that reads back exactly.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pdo::util {

struct TomlField;

/// One parsed TOML value and the line it starts on (0 when unknown).
struct TomlNode {
  enum class Kind { table, array, string, integer, floating, boolean, date_time };
  Kind kind = Kind::table;
  int line = 0;
  std::string text;               ///< Kind::string
  std::int64_t integer = 0;       ///< Kind::integer
  double floating = 0.0;          ///< Kind::floating
  bool boolean = false;           ///< Kind::boolean
  std::vector<TomlNode> items;    ///< Kind::array
  std::vector<TomlField> fields;  ///< Kind::table, in the order of their lines
};

/// A key of a table with the line the key is on, and its value.
struct TomlField {
  std::string key;
  int line = 0;
  TomlNode value;
};

/// Whether a field must be there.
enum class Need { optional, required };

/// Which characters a string may hold: never ESC, DEL or other control characters; prose also keeps
/// newlines and tabs.
enum class TomlText { line, prose };

/// The schema version this pdo reads; files without `schema` are read as this version.
inline constexpr std::int64_t k_toml_schema = 1;

class TomlTable;

/// pdo's compact binary form of a parsed tree: made at build time by pdo_toml_compile (the same parser,
/// src/util/toml_compile_main.cpp) from the embedded course and rules, so start-up parses no TOML.
std::string compile_toml(const TomlNode& root);
/// The tree again; nullopt if `bytes` is not a whole, well-formed compiled tree.
std::optional<TomlNode> load_compiled_toml(std::string_view bytes);

/// `value` as a TOML basic string ("…" with \\, \" and control characters escaped): reads back byte for byte.
std::string toml_quote(std::string_view value);

/// A parsed TOML file and the first problem found in it (a syntax error or one a reader reported).
class TomlDoc {
public:
  /// Parses `text`; `source` names the file in every message.
  TomlDoc(std::string_view text, std::string source);
  /// Tag for the constructor that reads a compiled tree.
  struct Compiled {};
  /// Reads a tree compile_toml() made from the file `source` (a damaged one is a problem at line 0).
  TomlDoc(Compiled, std::string_view bytes, std::string source);
  /// The parsed tree (for pdo_toml_compile and its tests).
  const TomlNode& tree() const { return m_root; }
  /// The root table (empty if the text did not parse).
  TomlTable root();
  /// Checks the root's `schema`: absent or k_toml_schema is fine, a higher one was written by a newer pdo.
  /// Call it before anything else, so a newer file is not reported as having unknown keys.
  void check_schema();
  /// Records a problem at a line unless one is already recorded.
  void fail(int line, const std::string& reason);
  /// True if check_schema() found a file written for a newer pdo (then "fix the file" is the wrong advice).
  bool newer_schema() const { return m_newer_schema; }
  /// True once a problem is recorded.
  bool failed() const { return m_problem.has_value(); }
  /// Marks the document as pdo's own, checked in full by a unit test: its strings are not scanned for
  /// control characters again at every start.
  void trust() { m_trusted = true; }
  bool trusted() const { return m_trusted; }
  /// The first problem as "file:line: reason" (only when failed()).
  const std::string& problem() const { return *m_problem; }

private:
  std::string m_source;
  TomlNode m_root;
  std::optional<std::string> m_problem;
  bool m_newer_schema = false;
  bool m_trusted = false;
};

/// A table of a TomlDoc, read with checked getters. A getter that finds a problem records it in the
/// document and returns an empty value; `where` (e.g. "lesson 3: ") starts its messages.
class TomlTable {
public:
  TomlTable(TomlDoc& doc, const TomlNode& node, std::string where = {});
  /// The same table with another message prefix.
  TomlTable with_where(std::string where) const { return TomlTable(*m_doc, *m_node, std::move(where)); }
  /// Records an error for every key not in `known` (at the key's line): the table's accepted keys.
  void keys(std::initializer_list<std::string_view> known) const;
  /// True if the key is present.
  bool has(std::string_view key) const { return find(key) != nullptr; }
  /// The line of a key's value, or the table's own line if the key is absent.
  int line_of(std::string_view key) const;
  /// The table's line (its [header], or the line of its first key).
  int line() const { return m_node->line; }
  /// The keys in file order (for tables whose keys are data, such as install.<os>).
  std::vector<std::string> key_names() const;
  /// Records a problem at a key's line (prefixed by `where`).
  void fail(std::string_view key, const std::string& reason) const;
  /// A string; a required one must be present and not blank.
  std::string string(std::string_view key, Need need = Need::optional, TomlText text = TomlText::line) const;
  /// An array of strings (absent: empty).
  std::vector<std::string> strings(std::string_view key, TomlText text = TomlText::line) const;
  /// An integer within [min, max]; nullopt if absent or wrong.
  std::optional<std::int64_t> integer(std::string_view key, std::int64_t min, std::int64_t max) const;
  /// A number (integer or float) within [min, max]; nullopt if absent or wrong.
  std::optional<double> number(std::string_view key, double min, double max) const;
  /// true or false; nullopt if absent or wrong.
  std::optional<bool> boolean(std::string_view key) const;
  /// A sub-table ([key] or key.x = ...); nullopt if absent or not a table.
  std::optional<TomlTable> table(std::string_view key) const;
  /// The tables of an array of tables ([[key]]); empty if absent, an error if not all tables.
  std::vector<TomlTable> tables(std::string_view key) const;

private:
  const TomlNode* find(std::string_view key) const;
  const TomlField* field(std::string_view key) const;
  void fail_at(int line, const std::string& reason) const;
  bool check_text(std::string_view key, int line, const std::string& value, TomlText text) const;

  TomlDoc* m_doc;
  const TomlNode* m_node;
  std::string m_where;
};

}  // namespace pdo::util
