#!/usr/bin/env python3
"""Scores the scanners' outputs against the planted keys: how many planted keys each found (by file and
line), per format, and how many other lines each flagged (look-alikes, i.e. false positives).

Usage: score.py CORPUS_DIR MB RESULTS...   where each RESULT is NAME=SECONDS=OUTPUT_FILE=FORMAT and FORMAT
is "pdo" (path:line: rule …), "unix" (secretlint --format unix: path:line:col: …) or "grep" (path:line:…).
"""
import collections
import os
import re
import sys

LINE_RE = {
    "pdo": re.compile(r"^(?P<path>[^\s:][^:]*):(?P<line>\d+): [a-z0-9-]+ \("),
    "unix": re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):\d+: "),
    "grep": re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):"),
}


def normalise(path):
    i = path.find("files/")
    return path[i + len("files/"):] if i >= 0 else path


def main():
    corpus, mb = sys.argv[1], float(sys.argv[2])
    planted = {}
    for row in open(os.path.join(corpus, "planted.tsv")):
        rel, line, fmt = row.rstrip("\n").split("\t")
        planted[(rel, int(line))] = fmt
    by_format = collections.Counter(planted.values())
    results = []
    for spec in sys.argv[3:]:
        name, seconds, out_file, fmt = spec.split("=")
        found = set()
        for text in open(out_file, encoding="utf-8", errors="replace"):
            m = LINE_RE[fmt].match(text)
            if m:
                found.add((normalise(m.group("path")), int(m.group("line"))))
        hits = found & planted.keys()
        per_format = collections.Counter(planted[h] for h in hits)
        results.append((name, float(seconds), len(hits), len(found - planted.keys()), per_format))

    print(f"\ncorpus: {mb:.0f} MB, {len(planted)} planted keys in {len(by_format)} formats\n")
    print(f"{'scanner':<14}{'seconds':>9}{'MB/s':>9}{'planted found':>16}{'other lines':>13}")
    for name, secs, hits, extra, _ in results:
        print(f"{name:<14}{secs:>9.2f}{mb / secs:>9.1f}{hits:>9}/{len(planted):<6}{extra:>13}")
    base = results[0]
    for name, secs, *_ in results[1:]:
        print(f"speed: {base[0]} is {secs / base[1]:.1f}x faster than {name}")
    print("\nplanted keys found per format:")
    print(f"{'format':<22}{'planted':>8}" + "".join(f"{r[0]:>14}" for r in results))
    for fmt in sorted(by_format):
        print(f"{fmt:<22}{by_format[fmt]:>8}" + "".join(f"{r[4][fmt]:>14}" for r in results))


if __name__ == "__main__":
    main()
