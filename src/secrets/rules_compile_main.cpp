// pdo_rules_compile RULES_TOML OUT_INC: reads the built-in secret rules with parse_rules (the one strict
// reader of rules files, secrets/rules.cpp) and writes them as constexpr C++ tables, which
// src/secrets/builtin.cpp includes. So the rules a pdo process scans with are exactly what that parser
// read, and no pdo process parses them: a typo in the file stops the build with file:line.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "secrets/rules.hpp"
#include "util/tool_input.hpp"

namespace {

using pdo::secrets::Alphabet;
using pdo::secrets::Rule;
using pdo::secrets::RuleKind;
using pdo::secrets::RuleSet;
using pdo::secrets::Span;

/// A C++ string literal in plain ASCII: other bytes (UTF-8 of Chinese words) as three-digit octal escapes.
std::string cpp_string(std::string_view text) {
  std::string out = "\"";
  for (const char ch : text) {
    const auto b = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\' || ch == '?') {
      out += '\\';
      out += ch;
    } else if (b >= 0x20 && b < 0x7F) {
      out += ch;
    } else {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\%03o", b);
      out += esc;
    }
  }
  return out + "\"";
}

const char* kind_name(RuleKind kind) {
  switch (kind) {
    case RuleKind::prefix:
      return "prefix";
    case RuleKind::keyword:
      return "keyword";
    case RuleKind::assignment:
      return "assignment";
    case RuleKind::private_key:
      return "private_key";
    case RuleKind::url_password:
      return "url_password";
    case RuleKind::argument:
      return "argument";
  }
  return "prefix";
}

const char* check_name(pdo::secrets::ValueCheck check) {
  using pdo::secrets::ValueCheck;
  switch (check) {
    case ValueCheck::none:
      return "none";
    case ValueCheck::password:
      return "password";
    case ValueCheck::base64_credential:
      return "base64_credential";
    case ValueCheck::der_private_key:
      return "der_private_key";
    case ValueCheck::base64_private_key:
      return "base64_private_key";
    case ValueCheck::discord_token:
      return "discord_token";
    case ValueCheck::putty_key:
      return "putty_key";
  }
  return "none";
}

const char* flag(bool b) { return b ? "true" : "false"; }

/// The tables' declarations, in the order they are needed.
class Emitter {
public:
  /// A constexpr string_view array for a non-empty list; returns the Span expression.
  std::string list(Span<std::string_view> items) {
    if (items.empty()) return "{}";
    const std::string name = "k_list_" + std::to_string(m_lists++);
    std::string line = "constexpr std::string_view " + name + "[] = {";
    for (std::size_t i = 0; i < items.size(); ++i) line += (i ? ", " : "") + cpp_string(items[i]);
    m_decls.push_back(line + "};");
    return "span_of(" + name + ")";
  }

  /// The name of a constexpr alphabet with the same bytes (one per distinct alphabet).
  std::string alphabet(const Alphabet& a) {
    std::string bytes;
    for (std::size_t c = 0; c < a.size(); ++c) {
      if (a[c]) bytes += static_cast<char>(c);
    }
    const auto it = m_alphabets.find(bytes);
    if (it != m_alphabets.end()) return it->second;
    const std::string name = "k_alphabet_" + std::to_string(m_alphabets.size());
    m_decls.push_back("constexpr Alphabet " + name + " = alphabet_of(" + cpp_string(bytes) + ");");
    return m_alphabets[bytes] = name;
  }

  const std::vector<std::string>& decls() const { return m_decls; }

private:
  std::vector<std::string> m_decls;
  std::map<std::string, std::string> m_alphabets;
  std::size_t m_lists = 0;
};

void emit_rule(Emitter& e, const Rule& r, std::size_t i, std::ostream& body) {
  char entropy[40];
  std::snprintf(entropy, sizeof entropy, "%.17g", r.min_entropy);  // reads back as the same double
  body << "  r = &rules[" << i << "];\n"
       << "  r->id = " << cpp_string(r.id) << ";\n"
       << "  r->description = " << cpp_string(r.description) << ";\n"
       << "  r->description_zh = " << cpp_string(r.description_zh) << ";\n"
       << "  r->kind = RuleKind::" << kind_name(r.kind) << ";\n"
       << "  r->anchors = " << e.list(r.anchors) << ";\n"
       << "  r->case_insensitive = " << flag(r.case_insensitive) << ";\n"
       << "  r->min_length = " << r.min_length << ";\n"
       << "  r->max_length = " << r.max_length << ";\n"
       << "  r->max_distance = " << r.max_distance << ";\n"
       << "  r->cross_lines = " << flag(r.cross_lines) << ";\n"
       << "  r->min_entropy = " << entropy << ";\n"
       << "  r->require_random = " << flag(r.require_random) << ";\n"
       << "  r->header_contains = " << cpp_string(r.header_contains) << ";\n"
       << "  r->check = ValueCheck::" << check_name(r.check) << ";\n"
       << "  r->generic_prefix = " << flag(r.generic_prefix) << ";\n";
  if (r.kind == RuleKind::private_key) return;
  body << "  r->alphabet = &" << e.alphabet(*r.alphabet) << ";\n";
  if (r.token_alphabet != nullptr) body << "  r->token_alphabet = &" << e.alphabet(*r.token_alphabet) << ";\n";
}

std::string emit(const RuleSet& set, const std::string& origin) {
  Emitter e;
  std::ostringstream body, paths;
  for (std::size_t i = 0; i < set.rules.size(); ++i) emit_rule(e, set.rules[i], i, body);
  for (const auto& p : set.path_rules) {
    paths << "    {" << cpp_string(p.id) << ", " << cpp_string(p.description) << ", " << cpp_string(p.description_zh) << ", "
          << e.list(p.patterns) << ", " << e.list(p.exceptions) << ", " << e.list(p.public_blocks) << "},\n";
  }
  const std::string extra = e.list(set.extra_allow_markers);
  const std::string examples = e.list(set.example_markers);
  const std::string publics = e.list(set.public_prefixes);
  const std::string public_ids = e.list(set.public_id_names);
  const std::string context = e.list(set.example_context);
  const std::size_t n = set.rules.size();
  std::ostringstream out;
  out << "// Generated by pdo_rules_compile (src/secrets/rules_compile_main.cpp) from " << origin << ". Do not edit.\n"
      << "// Included by src/secrets/builtin.cpp.\nnamespace pdo::secrets::builtin {\n\n";
  for (const auto& d : e.decls()) out << d << "\n";
  out << "\nconstexpr std::array<Rule, " << n << "> make_rules() {\n  std::array<Rule, " << n << "> rules{};\n  Rule* r = nullptr;\n"
      << body.str() << "  return rules;\n}\n"
      << "constexpr std::array<Rule, " << n << "> k_rules = make_rules();\n";
  if (!set.path_rules.empty()) out << "constexpr PathRule k_path_rules[] = {\n" << paths.str() << "};\n";
  out << "constexpr RuleSet k_rule_set{{k_rules.data(), k_rules.size()}, " << (set.path_rules.empty() ? "{}" : "span_of(k_path_rules)")
      << ", " << cpp_string(set.allow_marker) << ", " << extra << ", " << examples << ", " << publics << ", " << public_ids << ", "
      << context << "};\n\n}  // namespace pdo::secrets::builtin\n";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: pdo_rules_compile RULES_TOML OUT_INC NAME (NAME: the file's name in messages)\n";
    return 2;
  }
  const auto text = pdo::util::read_tool_input(argv[1]);
  if (!text) {
    std::cerr << "pdo_rules_compile: cannot read " << argv[1] << "\n";
    return 1;
  }
  const auto parsed = pdo::secrets::parse_rules(*text, argv[3]);
  if (!parsed) {
    std::cerr << "pdo_rules_compile: " << parsed.error().message << "\n";
    return 1;
  }
  std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
  out << emit(parsed->set(), argv[3]);
  out.close();
  if (!out) {
    std::cerr << "pdo_rules_compile: cannot write " << argv[2] << "\n";
    return 1;
  }
  return 0;
}
