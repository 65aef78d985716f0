#!/usr/bin/env python3
"""Checks the benchmark corpus and scores the scanners.

  score.py verify CORPUS_DIR
      Before anything is timed: every planted key in planted.tsv must really be in its file, at its line
      (the file decoded by its shape: UTF-8, BOM, UTF-16 LE/BE, NUL byte; notebooks JSON-escaped), the
      counts per format must be the generator's (manifest.tsv), and every format must be planted at least
      3 times. Exits 1 otherwise.

  score.py report CORPUS_DIR TIMES_TSV RESULT...
      TIMES_TSV rows: mode, round, pair, tool, seconds (each pair is pdo and one peer timed back to back).
      Each RESULT is TOOL:MODE=OUTPUT_FILE=FORMAT with FORMAT "pdo" (path:line: rule …), "unix"
      (secretlint --format unix: path:line:col: …) or "grep" (path:line:…). Prints MB/s (median over
      rounds), the median of the per-pair speed ratios, planted keys found per family, per format and per
      file shape, and "other lines" (lines flagged that hold no planted key: false positives).
"""
import collections
import json
import os
import re
import statistics
import sys

LINE_RE = {
    "pdo": re.compile(r"^(?P<path>[^\s:][^:]*):(?P<line>\d+): [a-z0-9-]+ \("),
    "unix": re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):\d+: "),
    "grep": re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):"),
}
MIN_PER_FORMAT = 3
WHOLE_FILE_FORMATS = {"service-account-json"}


def normalise(path):
    i = path.find("files/")
    return path[i + len("files/"):] if i >= 0 else path


def load_planted(corpus):
    rows = []
    with open(os.path.join(corpus, "planted.tsv"), encoding="utf-8") as f:
        for row in f:
            rel, line, fmt, family, shape, first = row.rstrip("\n").split("\t", 5)
            rows.append({"rel": rel, "line": int(line), "format": fmt, "family": family, "shape": shape, "first": first})
    return rows


def decode(data, shape):
    if shape == "utf-16-le-bom":
        return data[2:].decode("utf-16-le")
    if shape == "utf-16-be-bom":
        return data[2:].decode("utf-16-be")
    if shape == "utf-8-bom":
        assert data.startswith(b"\xef\xbb\xbf")
        return data[3:].decode("utf-8")
    if shape == "nul-byte":
        assert b"\0" in data[:8000]
    return data.decode("utf-8")


def verify(corpus):
    rows = load_planted(corpus)
    manifest = {}
    with open(os.path.join(corpus, "manifest.tsv"), encoding="utf-8") as f:
        for row in f:
            parts = row.rstrip("\n").split("\t")
            if parts[0] == "format":
                manifest[parts[1]] = (parts[2], int(parts[3]))
    lines_of = {}
    bad = []
    for r in rows:
        if r["rel"] not in lines_of:
            with open(os.path.join(corpus, "files", r["rel"]), "rb") as f:
                lines_of[r["rel"]] = decode(f.read(), r["shape"]).split("\n")
        lines = lines_of[r["rel"]]
        want = r["first"]
        if r["rel"].endswith(".ipynb"):
            want = json.dumps(want, ensure_ascii=False)[1:-1]
        if r["line"] > len(lines) or want not in lines[r["line"] - 1]:
            bad.append(f"{r['rel']}:{r['line']}: {r['format']} is not there")
    counts = collections.Counter(r["format"] for r in rows)
    for fmt, (family, n) in manifest.items():
        if counts[fmt] != n:
            bad.append(f"{fmt}: the generator wrote {n}, planted.tsv lists {counts[fmt]}")
        if counts[fmt] < MIN_PER_FORMAT:
            bad.append(f"{fmt}: planted {counts[fmt]} times, fewer than {MIN_PER_FORMAT} (make the corpus bigger)")
    if bad:
        print("corpus check FAILED:\n  " + "\n  ".join(bad[:20]), file=sys.stderr)
        sys.exit(1)
    families = collections.Counter(r["family"] for r in rows)
    shapes = collections.Counter(r["shape"] for r in rows)
    print(f"corpus check: {len(rows)} planted keys verified in {len(lines_of)} files: {len(manifest)} formats "
          f"(each >= {min(counts.values())}), {len(families)} families ("
          + ", ".join(f"{k} {v}" for k, v in sorted(families.items())) + "); shapes: "
          + ", ".join(f"{k} {v}" for k, v in sorted(shapes.items())))


def found_lines(out_file, fmt):
    found = set()
    with open(out_file, encoding="utf-8", errors="replace") as f:
        for text in f:
            m = LINE_RE[fmt].match(text)
            if m:
                found.add((normalise(m.group("path")), int(m.group("line"))))
    return found


def report(corpus, times_file, specs):
    rows = load_planted(corpus)
    planted = {(r["rel"], r["line"]): r for r in rows}
    size = 0
    n_files = 0
    for root, _, names in os.walk(os.path.join(corpus, "files")):
        for name in names:
            size += os.path.getsize(os.path.join(root, name))
            n_files += 1
    mb = size / 1048576

    times = collections.defaultdict(list)        # (mode, tool) -> seconds
    pairs = collections.defaultdict(dict)        # (mode, round, pair) -> tool -> seconds
    with open(times_file) as f:
        for row in f:
            mode, rnd, pair, tool, secs = row.split()
            times[(mode, tool)].append(float(secs))
            pairs[(mode, rnd, pair)][tool] = float(secs)
    modes = sorted({m for m, _ in times}, key=lambda m: (len(m), m))
    tools = []
    for _, tool in times:
        if tool not in tools:
            tools.append(tool)

    n_rounds = len({rnd for (_, rnd, _) in pairs})
    print(f"\ncorpus: {n_files} files, {mb:.1f} MB, {len(planted)} planted keys; "
          f"{n_rounds} rounds, tools alternated pair by pair\n")
    print(f"{'mode':<16}{'tool':<14}{'median s':>10}{'MB/s':>9}{'runs':>6}")
    for mode in modes:
        for tool in tools:
            if (mode, tool) in times:
                t = statistics.median(times[(mode, tool)])
                print(f"{mode:<16}{tool:<14}{t:>10.3f}{mb / t:>9.1f}{len(times[(mode, tool)]):>6}")
    print()
    for mode in modes:
        for peer in tools:
            ratios = [p[peer] / p["pdo"] for (m, _, name), p in pairs.items() if m == mode and name == peer and "pdo" in p]
            if ratios:
                print(f"{mode}: pdo is {statistics.median(ratios):.1f}x faster than {peer} "
                      f"(median of {len(ratios)} per-pair ratios, range {min(ratios):.1f}-{max(ratios):.1f})")

    # A service-account key file is one secret: a tool that reports the file (secretlint: line 1) found
    # the keys in it, and its other lines are not false positives.
    whole_file = collections.defaultdict(set)
    for r in rows:
        if r["format"] in WHOLE_FILE_FORMATS:
            whole_file[r["rel"]].add((r["rel"], r["line"]))
    results = []
    for spec in specs:
        name, out_file, fmt = spec.split("=")
        found = found_lines(out_file, fmt)
        hits = found & planted.keys()
        for rel, line in found:
            if rel in whole_file:
                hits |= whole_file[rel]
        other = {f for f in found - planted.keys() if f[0] not in whole_file}
        results.append((name, hits, len(other)))

    w = max(16, 2 + max(len(n) for n, _, _ in results))

    def table(title, key):
        groups = collections.Counter(key(r) for r in rows)
        print(f"\nplanted keys found per {title}:")
        print(f"{title:<28}{'planted':>8}" + "".join(f"{n:>{w}}" for n, _, _ in results))
        worse = []
        for g in sorted(groups):
            cells = [sum(1 for h in hits if key(planted[h]) == g) for _, hits, _ in results]
            print(f"{g:<28}{groups[g]:>8}" + "".join(f"{c:>{w}}" for c in cells))
            pdo_cells = [c for (n, _, _), c in zip(results, cells) if n.startswith("pdo")]
            peer_cells = [c for (n, _, _), c in zip(results, cells) if not n.startswith("pdo")]
            if pdo_cells and peer_cells and min(pdo_cells) < max(peer_cells):
                worse.append(g)
        print(f"{'total':<28}{len(rows):>8}" + "".join(f"{len(h):>{w}}" for _, h, _ in results))
        print(f"{'other lines (not planted)':<28}{'':>8}" + "".join(f"{o:>{w}}" for _, _, o in results))
        print(f"pdo finds at least as many as every peer in every {title}: "
              + ("yes" if not worse else "NO: " + ", ".join(worse)))

    table("family", lambda r: r["family"])
    table("format", lambda r: r["format"])
    table("shape", lambda r: r["shape"])


def main():
    if sys.argv[1] == "verify":
        verify(sys.argv[2])
    elif sys.argv[1] == "report":
        report(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
