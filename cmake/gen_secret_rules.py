#!/usr/bin/env python3
"""Turns templates/secrets/rules.toml into constexpr C++ tables (src/secrets/builtin.cpp includes them), so
no pdo process parses the built-in rules: the scanner starts from tables in the binary.

Usage: gen_secret_rules.py RULES_TOML OUT_INC

This is a translation, not the validation: the unit test "built-in rules are rules.toml" parses the same
file with the runtime parser (secrets::parse_rules, strict about every key) and checks that it yields
exactly these tables. The defaults below mirror parse_rules'; a difference fails that test. Runs with the
build machine's python3 (3.11's tomllib, or the tomli package), so it works for cross builds too.
"""
import os
import sys

try:
    import tomllib
except ModuleNotFoundError:  # python < 3.11
    import tomli as tomllib

KINDS = {"prefix", "keyword", "assignment", "private_key", "url_password"}
ROOT_KEYS = {"schema", "allow_marker", "extra_allow_markers", "example_markers", "alphabets", "rule", "path_rule"}
RULE_KEYS = {"id", "description", "kind", "anchors", "alphabet", "case_insensitive", "min_length", "max_length",
             "max_distance", "min_entropy", "cross_lines", "require_random", "header_contains", "token_alphabet"}
PATH_RULE_KEYS = {"id", "description", "patterns", "except"}


def fail(message):
    sys.exit(f"gen_secret_rules: {message}")


def cpp_string(text):
    """A C++ string literal in plain ASCII: other bytes (UTF-8 of Chinese words) as three-digit octal escapes."""
    out = []
    for b in text.encode("utf-8"):
        c = chr(b)
        if c in '"\\?':
            out.append("\\" + c)
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append(f"\\{b:03o}")
    return '"' + "".join(out) + '"'


def ascii_lower(text):
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


class Emitter:
    def __init__(self):
        self.lines = []
        self.lists = 0

    def list_of(self, items):
        """A constexpr string_view array for a non-empty list; returns the Span expression."""
        if not items:
            return "{}"
        name = f"k_list_{self.lists}"
        self.lists += 1
        self.lines.append(f"constexpr std::string_view {name}[] = {{{', '.join(cpp_string(i) for i in items)}}};")
        return f"span_of({name})"


def main():
    src, out = sys.argv[1], sys.argv[2]
    with open(src, "rb") as f:
        doc = tomllib.load(f)
    if set(doc) - ROOT_KEYS:
        fail(f"{src}: unknown keys {sorted(set(doc) - ROOT_KEYS)}")
    e = Emitter()
    alphabets = {}
    for i, (name, chars) in enumerate(doc.get("alphabets", {}).items()):
        alphabets[name] = f"k_alphabet_{i}"
        e.lines.append(f"constexpr Alphabet k_alphabet_{i} = alphabet_of({cpp_string(chars)});  // {name}")

    body = []
    rules = doc.get("rule", [])
    for i, r in enumerate(rules):
        unknown = set(r) - RULE_KEYS
        if unknown or r.get("kind") not in KINDS or "id" not in r:
            fail(f"{src}: rule {r.get('id', i)}: unknown keys {sorted(unknown)} or kind {r.get('kind')!r}")
        body.append(f"  r = &rules[{i}];")
        body.append(f"  r->id = {cpp_string(r['id'])};")
        body.append(f"  r->description = {cpp_string(r.get('description') or r['id'])};")
        body.append(f"  r->kind = RuleKind::{r['kind']};")
        body.append(f"  r->anchors = {e.list_of(r.get('anchors', []))};")
        body.append(f"  r->case_insensitive = {'true' if r.get('case_insensitive', False) else 'false'};")
        body.append(f"  r->min_length = {int(r.get('min_length', 1))};")
        body.append(f"  r->max_length = {int(r.get('max_length', 256))};")
        body.append(f"  r->max_distance = {int(r.get('max_distance', 0))};")
        body.append(f"  r->cross_lines = {'true' if r.get('cross_lines', False) else 'false'};")
        body.append(f"  r->min_entropy = {float(r.get('min_entropy', 0.0))!r};")
        body.append(f"  r->require_random = {'true' if r.get('require_random', False) else 'false'};")
        body.append(f"  r->header_contains = {cpp_string(r.get('header_contains', ''))};")
        if r["kind"] != "private_key":
            for key in ("alphabet", "token_alphabet"):
                if key in r and r[key] not in alphabets:
                    fail(f"{src}: rule {r['id']}: unknown alphabet {r[key]!r}")
            body.append(f"  r->alphabet = &{alphabets[r['alphabet']]};")
            if r.get("token_alphabet"):
                body.append(f"  r->token_alphabet = &{alphabets[r['token_alphabet']]};")

    path_rules = []
    for r in doc.get("path_rule", []):
        if set(r) - PATH_RULE_KEYS or "id" not in r:
            fail(f"{src}: path_rule {r.get('id')}: unknown keys {sorted(set(r) - PATH_RULE_KEYS)}")
        path_rules.append(f"    {{{cpp_string(r['id'])}, {cpp_string(r.get('description') or r['id'])}, "
                          f"{e.list_of(r.get('patterns', []))}, {e.list_of(r.get('except', []))}}},")

    extra = e.list_of(doc.get("extra_allow_markers", []))
    examples = e.list_of([ascii_lower(m) for m in doc.get("example_markers", [])])
    text = [
        f"// Generated by cmake/gen_secret_rules.py from {os.path.basename(src)}. Do not edit.",
        "// Included by src/secrets/builtin.cpp.",
        "namespace pdo::secrets::builtin {",
        "",
        *e.lines,
        "",
        f"constexpr std::array<Rule, {len(rules)}> make_rules() {{",
        f"  std::array<Rule, {len(rules)}> rules{{}};",
        "  Rule* r = nullptr;",
        *body,
        "  return rules;",
        "}",
        f"constexpr std::array<Rule, {len(rules)}> k_rules = make_rules();",
        *([f"constexpr PathRule k_path_rules[] = {{", *path_rules, "};"] if path_rules else []),
        "constexpr RuleSet k_rule_set{{k_rules.data(), k_rules.size()}, "
        f"{'span_of(k_path_rules)' if path_rules else '{}'}, "
        f"{cpp_string(doc.get('allow_marker') or 'pdo:allow')}, {extra}, {examples}}};",
        "",
        "}  // namespace pdo::secrets::builtin",
        "",
    ]
    with open(out + ".tmp", "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(text))
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    main()
