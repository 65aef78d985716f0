#!/usr/bin/env python3
"""Times two commands pair by pair (A, B, A, B, ...) and prints the median of the per-pair wall-time
ratios A/B (and of their user+system CPU times from wait4, steadier on a busy machine), each side's median wall time and each side's median peak memory (the largest resident set of
the process and the children it waited for, from /usr/bin/time). Alternating keeps the ratio honest when the
machine's speed drifts; a median of ratios is not the ratio of medians.

usage: pair.py NAME RUNS WARMUP 'COMMAND A' 'COMMAND B' [--setup 'COMMAND'] [--names A,B]
Each command runs under /bin/sh -c with its output thrown away; --setup runs before each A and each B
(untimed), e.g. to drop a cache for a cold run; --names labels the two sides (default pdo,git). Exit 1 if
a command fails.
"""
import os
import statistics
import subprocess
import sys
import time


def run(cmd):
    # Peak memory through /usr/bin/time: a process started by python itself would report python's own
    # resident set as its floor (Linux keeps the high-water mark across exec).
    peak_file = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"pdo-bench-peak.{os.getpid()}")
    argv = ["/usr/bin/time", "-f", "%M", "-o", peak_file, "/bin/sh", "-c", "{ " + cmd + "\n} > /dev/null"]
    start = time.monotonic()
    child = subprocess.Popen(argv)
    # CPU time from wait4's rusage (microseconds; it counts every process the child waited for):
    # /usr/bin/time's %U %S have a resolution of 10 ms, coarser than a whole `pdo track`.
    _, raw_status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    child.returncode = os.waitstatus_to_exitcode(raw_status)
    if child.returncode != 0:
        sys.exit(f"bench: command failed ({child.returncode}): {cmd}")
    with open(peak_file) as f:
        peak_kib = f.read().split()[-1]
    os.unlink(peak_file)
    return wall, int(peak_kib) / 1024.0, usage.ru_utime + usage.ru_stime


def main():
    args = sys.argv[1:]
    setup = None
    if "--setup" in args:
        i = args.index("--setup")
        setup = args[i + 1]
        del args[i : i + 2]
    names = ["pdo", "git"]
    if "--names" in args:
        i = args.index("--names")
        names = args[i + 1].split(",", 1)
        del args[i : i + 2]
    name, runs, warmup, a, b = args[0], int(args[1]), int(args[2]), args[3], args[4]

    def one(cmd):
        if setup:
            subprocess.run(["/bin/sh", "-c", setup], check=True, stdout=subprocess.DEVNULL)
        return run(cmd)

    for _ in range(warmup):
        one(a)
        one(b)
    ratios, cpu_ratios, wa, wb, ma, mb = [], [], [], [], [], []
    for _ in range(runs):
        ta, pa, ca = one(a)
        tb, pb, cb = one(b)
        ratios.append(ta / tb)
        cpu_ratios.append(ca / cb if cb > 0 else float("nan"))
        wa.append(ta)
        wb.append(tb)
        ma.append(pa)
        mb.append(pb)
    med = statistics.median
    print(
        f"{name:<28} {names[0]} {med(wa) * 1000:9.1f} ms  {names[1]} {med(wb) * 1000:9.1f} ms  ratio {med(ratios):5.2f}"
        f"  (pairs {runs}, min {min(ratios):.2f} max {max(ratios):.2f}; cpu ratio {med(cpu_ratios):.2f})"
        f"  peak {names[0]} {med(ma):6.1f} MiB {names[1]} {med(mb):6.1f} MiB ({med(ma) / med(mb):.2f}x)"
    )


main()
