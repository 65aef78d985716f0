#!/usr/bin/env python3
"""The mutation sites of scripts/mutate.sh: which lines of src/ can be mutated, how, and the mutation itself.

  mutate.py pick SEED COUNT [GLOB [LINES]]
                                       prints COUNT mutants, one per line: FILE<TAB>LINE<TAB>OPERATOR<TAB>N
                                       (the Nth site of that operator on that line), drawn uniformly over the
                                       mutable lines (then one site of the line), the same for the same seed;
                                       LINES, a file of FILE:LINE lines, keeps only those lines
  mutate.py apply FILE LINE OPERATOR N rewrites FILE with that one mutation
  mutate.py equivalent FILE LINE OPERATOR
                                       exits 0 when tests/MUTANTS.md lists that mutant as equivalent: an entry
                                       "- `FILE[:LINE]` · OPERATOR · `LINE'S TEXT` · why" under "## Equivalent",
                                       matched on the file, the operator and the unmutated line's text (not
                                       its number, which moves as the file changes), else 1
  mutate.py check [MUTANTS.md]         exits 1 naming each entry shaped like an equivalent one that mutate.sh
                                       would never match: one outside "## Equivalent", or one whose line
                                       text is no longer a line of its file (scripts/check-mutants.sh)

Sites are found on the text with comments and string/char literals blanked out, so nothing inside them
is mutated. clang-format puts spaces around binary operators, so " < " is a comparison and "vector<int>"
is not.
"""
import fnmatch
import random
import re
import sys
from pathlib import Path

# Not mutated: the Windows-only files (never built on Linux, where the suite runs) and anything generated.
EXCLUDED = {"src/util/platform_win32.cpp", "src/util/process_win32.cpp", "src/util/win32.hpp"}

SWAP_RELATIONAL = {" < ": " <= ", " <= ": " < ", " > ": " >= ", " >= ": " > "}
SWAP_EQUALITY = {" == ": " != ", " != ": " == "}
SWAP_LOGICAL = {" && ": " || ", " || ": " && "}
SWAP_BOOL = {"true": "false", "false": "true"}

CALL_STATEMENT = re.compile(r"^\s*(?:[A-Za-z_][\w:]*(?:\.|->))*[A-Za-z_][\w:]*(?:<[^;=]*>)?\(.*\);\s*$")
GUARD = re.compile(r"^\s*if \(.*\) (?:return\b|throw\b).*;\s*$")
CONDITION = re.compile(r"\b(?:if|while) \(")
INTEGER = re.compile(r"(?<![\w.'])\d+(?![\w.'])")
DECLARATION = re.compile(r"(?:const\s+)?[A-Za-z_][\w:<>,]*[\s*&]+[A-Za-z_]\w*\s*(?:=[^=]|\{)")
NOT_A_CALL = re.compile(r"^\s*(?:return|throw|case|delete|new|using|typedef|static_assert|else)\b")


def blank(text):
    """The text with comments and string/char literals (raw strings too) replaced by spaces, newlines kept."""
    out = list(text)
    i, n = 0, len(text)

    def wipe(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            wipe(i, end)
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            wipe(i, end)
            i = end
        elif c == "R" and i + 1 < n and text[i + 1] == '"' and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_") or text[i - 1] in "u8LU"):
            open_paren = text.find("(", i + 2)
            delim = text[i + 2:open_paren]
            end = text.find(")" + delim + '"', open_paren)
            end = n if end < 0 else end + len(delim) + 2
            wipe(i + 1, end)
            i = end
        elif c in "\"'" and not (c == "'" and i > 0 and text[i - 1].isalnum()):  # 1'000 is a digit separator
            k = i + 1
            while k < n and text[k] != c and text[k] != "\n":
                k += 2 if text[k] == "\\" else 1
            wipe(i + 1, min(k, n))
            i = k + 1
        else:
            i += 1
    return "".join(out)


def matching_paren(line, open_at):
    depth = 0
    for k in range(open_at, len(line)):
        if line[k] == "(":
            depth += 1
        elif line[k] == ")":
            depth -= 1
            if depth == 0:
                return k
    return -1


def sites_of_line(masked):
    """[(operator, start, end, replacement)] for one line of blanked text (positions index the line)."""
    stripped = masked.strip()
    if not stripped or stripped.startswith("#"):
        return []
    sites = []
    for table, name in ((SWAP_RELATIONAL, "swap <,<=,>,>="), (SWAP_EQUALITY, "swap ==,!="), (SWAP_LOGICAL, "swap &&,||")):
        for op, repl in table.items():
            for m in re.finditer(re.escape(op), masked):
                sites.append((name, m.start(), m.end(), repl))
    for m in re.finditer(r"\b(true|false)\b", masked):
        sites.append(("replace true/false", m.start(), m.end(), SWAP_BOOL[m.group(1)]))
    for m in CONDITION.finditer(masked):
        close = matching_paren(masked, m.end() - 1)
        start = masked.rfind(";", m.end(), close) + 1 or m.end()  # if (init; condition)
        if close > 0 and not DECLARATION.match(masked[start:close].strip()):  # if (auto x = f()) declares x
            sites.append(("negate condition", start, close, None))
    balanced = masked.count("(") == masked.count(")")
    if balanced and (GUARD.match(masked) or (CALL_STATEMENT.match(masked) and not NOT_A_CALL.match(masked))):
        sites.append(("delete statement", 0, len(masked), None))
    for m in INTEGER.finditer(masked):
        sites.append(("integer +1", m.start(), m.end(), None))
        if int(m.group()) > 0:
            sites.append(("integer -1", m.start(), m.end(), None))
    return sites


def mutable_lines(root, glob):
    lines = []
    for path in sorted((root / "src").rglob("*")):
        rel = path.relative_to(root).as_posix()
        # GLOB may be several, comma-separated ("src/app/a.cpp,src/git/*.cpp"): a file matching any of them.
        if path.suffix not in (".cpp", ".hpp") or rel in EXCLUDED or (glob and not any(fnmatch.fnmatch(rel, g) for g in glob.split(","))):
            continue
        masked = blank(path.read_text(encoding="utf-8")).split("\n")
        for number, text in enumerate(masked, start=1):
            if sites_of_line(text):
                lines.append((rel, number))
    return lines


def pick(root, seed, count, glob, only=""):
    rng = random.Random(seed)
    lines = mutable_lines(root, glob)
    if only:
        keep = set(Path(only).read_text(encoding="utf-8").split())
        lines = [(rel, number) for rel, number in lines if f"{rel}:{number}" in keep]
    for rel, number in rng.sample(lines, min(count, len(lines))):
        masked = blank((root / rel).read_text(encoding="utf-8")).split("\n")[number - 1]
        sites = sites_of_line(masked)
        operator = rng.choice(sorted({s[0] for s in sites}))  # each operator the line offers, equally likely
        nth = rng.randrange(sum(1 for s in sites if s[0] == operator))
        print(f"{rel}\t{number}\t{operator}\t{nth}")


def mutated(text, number, operator, nth):
    """The text with the nth site of `operator` on line `number` mutated."""
    lines = text.split("\n")
    line = lines[number - 1]
    _, start, end, repl = [s for s in sites_of_line(blank(text).split("\n")[number - 1]) if s[0] == operator][nth]
    if operator == "negate condition":
        start += len(line[start:end]) - len(line[start:end].lstrip())
        repl = "!(" + line[start:end] + ")"
    elif operator.startswith("integer"):
        repl = str(int(line[start:end]) + (1 if operator == "integer +1" else -1))
    elif operator == "delete statement":
        repl = " " * (len(line) - len(line.lstrip())) + ";"  # an empty statement: still the body of an if above
    lines[number - 1] = line[:start] + repl + line[end:]
    return "\n".join(lines)


def apply(root, rel, number, operator, nth):
    path = root / rel
    text = mutated(path.read_text(encoding="utf-8"), number, operator, nth)
    path.write_text(text, encoding="utf-8")
    print(text.split("\n")[number - 1].strip())


EQUIVALENT_ENTRY = re.compile(r"^- `([^`:]+)(?::\d+)?` · ([^·`]+?) · `(.+)` · .+$")


def equivalent(root, rel, number, operator):
    """Whether tests/MUTANTS.md's "## Equivalent" section lists this mutant (see the module's docstring)."""
    text = (root / rel).read_text(encoding="utf-8").split("\n")[number - 1].strip()
    section = ""
    for entry in (root / "tests" / "MUTANTS.md").read_text(encoding="utf-8").split("\n"):
        if entry.startswith("## "):
            section = entry
        m = EQUIVALENT_ENTRY.match(entry)
        if section == "## Equivalent" and m and m.groups() == (rel, operator, text):
            return True
    return False


def check(root, listing):
    """The entries of `listing` that `equivalent` can never match, one message each."""
    problems = []
    section = ""
    for number, entry in enumerate(listing.read_text(encoding="utf-8").split("\n"), 1):
        if entry.startswith("## "):
            section = entry
        m = EQUIVALENT_ENTRY.match(entry)
        if not m:
            continue
        rel, _, text = m.groups()
        if section != "## Equivalent":
            problems.append(f"{listing.name}:{number}: an equivalent entry under {section!r}, not '## Equivalent'")
        elif not (root / rel).is_file():
            problems.append(f"{listing.name}:{number}: {rel} does not exist")
        elif text not in (line.strip() for line in (root / rel).read_text(encoding="utf-8").split("\n")):
            problems.append(f"{listing.name}:{number}: {rel} has no line `{text}` any more: move the entry with it")
    return problems


def main(argv):
    root = Path(__file__).resolve().parent.parent
    if len(argv) >= 3 and argv[0] == "pick":
        pick(root, int(argv[1]), int(argv[2]), argv[3] if len(argv) > 3 else "", argv[4] if len(argv) > 4 else "")
    elif len(argv) == 5 and argv[0] == "apply":
        apply(root, argv[1], int(argv[2]), argv[3], int(argv[4]))
    elif len(argv) <= 2 and argv[:1] == ["check"]:
        problems = check(root, Path(argv[1]) if len(argv) == 2 else root / "tests" / "MUTANTS.md")
        print("\n".join(problems), file=sys.stderr) if problems else None
        sys.exit(1 if problems else 0)
    elif len(argv) == 4 and argv[0] == "equivalent":
        sys.exit(0 if equivalent(root, argv[1], int(argv[2]), argv[3]) else 1)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
