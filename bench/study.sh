#!/usr/bin/env bash
# Benchmarks of the study loop against plain git doing the same work, on generated histories whose
# commits really tick and untick boxes of progress.md (the script checks that before it measures):
#   kind "pdo":  commits with pdo's trailers (what `pdo track` writes)
#   kind "hand": commits without trailers (the learner ticks in an editor and runs `git commit`)
# For each history size and kind:
#   track        pdo track done+todo              vs  sed + git add + git commit, twice (hooks off)
#   log cold     pdo log, no journal cache        vs  git log --format='%H %ct %an%n%B' -- progress.md
#                (hand kind: vs git log -p ... -- progress.md, since pdo must read the diffs too)
#   log warm     pdo log, journal cache in .git/  vs  the path-limited git log
#   status       pdo status                       vs  git status
#   undo         pdo undo                         vs  git revert --no-edit HEAD (hooks off), each run after
#                a tick committed as pdo commits one (untimed; a fresh Pdo-Id each time)
#   scan         pdo scan --history               vs  the same with an older pdo ($PDO_BENCH_OLD, if set;
#                pdo-made histories only)
# Runs alternate pair by pair (A, B, A, B, ...; bench/pair.py); each line gives the median of the
# per-pair ratios and both sides' median peak memory.
# Usage: bench/study.sh [path/to/pdo]    PDO_BENCH_SIZES="1000 10000" PDO_BENCH_RUNS=11
#        PDO_BENCH_OLD=path/to/older/pdo  (e.g. a release build of the main an issue was filed on)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pdo=$(realpath "${1:-$here/../build/release/pdo}")
sizes=${PDO_BENCH_SIZES:-1000 10000}
runs=${PDO_BENCH_RUNS:-11}
[ -x "$pdo" ] || { echo "bench: no pdo binary at $pdo (cmake --preset release && cmake --build --preset release)"; exit 2; }
old=${PDO_BENCH_OLD:+$(realpath "$PDO_BENCH_OLD")}
[ -z "$old" ] || [ -x "$old" ] || { echo "bench: PDO_BENCH_OLD is no program: $PDO_BENCH_OLD"; exit 2; }
command -v python3 > /dev/null || { echo "bench: python3 is needed"; exit 2; }

# shellcheck source=lib.sh
. "$here/lib.sh"
bench_setup "$pdo"
[ -z "$old" ] || echo "bench: older pdo for scan --history: $old ($("$old" --version))"
echo "bench: ratio = pdo / git (lower is better); medians of $runs alternating pairs"

# Writes a git fast-import stream of $2 commits of kind $1 on top of refs/heads/main, each flipping one
# box of progress.md. Replacement is literal (index/substr): "[ ]" is no regex here.
gen_history() {
  awk -v n="$2" -v kind="$1" -v progress="$(cat progress.md)" 'BEGIN {
    text = progress "\n";
    steps[0] = "读讲义"; steps[1] = "做练习"; steps[2] = "记笔记"; ids[0] = "read"; ids[1] = "exercise"; ids[2] = "notes";
    t = 1700000000;
    for (i = 1; i <= n; i++) {
      lesson = (i % 17) + 1; s = int(i / 17) % 3; id = sprintf("%02d", lesson);
      todo = "- [ ] " id " " steps[s]; done = "- [x] " id " " steps[s];
      p = index(text, todo);
      if (p > 0) { text = substr(text, 1, p - 1) done substr(text, p + length(todo)); state = "done" }
      else { p = index(text, done); text = substr(text, 1, p - 1) todo substr(text, p + length(done)); state = "todo" }
      if (kind == "pdo") {
        msg = sprintf("track %s %s %s\n\nPdo-Action: track\nPdo-Id: %016x\nPdo-Lesson: %s\nPdo-Step: %s\nPdo-State: %s\n",
                      state, id, ids[s], i, id, ids[s], state);
      } else {
        msg = sprintf("lesson %s %s\n", id, state == "done" ? "done" : "again");
      }
      printf "commit refs/heads/main\ncommitter Bench <b@example.com> %d +0800\ndata %d\n%s", t + i * 600, length(msg), msg;
      if (i == 1) printf "from refs/heads/main^0\n";
      printf "M 100644 inline progress.md\ndata %d\n%s\n", length(text), text;
    }
  }'
}

bench() { python3 "$here/pair.py" "$@"; }

for n in $sizes; do
  for kind in pdo hand; do
    ws="$work/$kind-$n/pytorch-distributed-overview"
    "$pdo" init "$ws" --yes > /dev/null
    cd "$ws"
    LC_ALL=C gen_history "$kind" "$n" > "$work/stream"
    git fast-import --quiet < "$work/stream"
    git reset -q --hard main
    git gc -q
    # The history must really tick boxes: every generated commit changes progress.md and pdo's journal
    # has exactly one event per generated commit (plus the ones init's commit may hold: none).
    changed=$(git rev-list --count HEAD -- progress.md)
    events=$("$pdo" log --json | grep -o '"state":' | wc -l)
    if [ "$changed" -lt "$n" ] || [ "$events" -ne "$n" ]; then
      echo "bench: the $kind history does not tick boxes: $changed commits change progress.md, pdo log sees $events events, expected $n"
      exit 1
    fi
    echo
    echo "== $n commits, $kind-made ($changed change progress.md, $events box events)"
    grep -q '^- \[ \] 05 读讲义$' progress.md || "$pdo" track todo 05 read > /dev/null
    cat > "$work/git-track.sh" << 'SH'
#!/bin/sh
git() { command git -c core.hooksPath=/dev/null "$@"; }
sed -i 's/^- \[ \] 05 读讲义$/- [x] 05 读讲义/' progress.md && git add progress.md && git commit -q -m "track 05 read" &&
sed -i 's/^- \[x\] 05 读讲义$/- [ ] 05 读讲义/' progress.md && git add progress.md && git commit -q -m "untrack 05 read"
SH
    chmod +x "$work/git-track.sh"
    gitlog="git log --format='%H %ct %an%n%B' -- progress.md"
    cold_base=$gitlog
    [ "$kind" = hand ] && cold_base="git log -p --format='%H %ct %an%n%B' -- progress.md"
    drop="rm -f .git/pdo-journal"
    bench "track" "$runs" 2 "$pdo track done 05 read && $pdo track todo 05 read" "$work/git-track.sh"
    bench "log cold vs ${cold_base%% --format*}" "$runs" 1 "$pdo log" "$cold_base" --setup "$drop"
    "$pdo" log > /dev/null
    bench "log warm vs git log" "$runs" 2 "$pdo log" "$gitlog"
    bench "status" "$runs" 2 "$pdo status" "git status"
    cat > "$work/tick.sh" << 'SH'
#!/bin/sh
git() { command git -c core.hooksPath=/dev/null "$@"; }
id=$(od -An -N8 -tx8 /dev/urandom | tr -d ' \n')
sed -i 's/^- \[ \] 05 读讲义$/- [x] 05 读讲义/' progress.md && git add progress.md &&
printf 'track done 05 read\n\nPdo-Action: track\nPdo-Id: %s\nPdo-Lesson: 05\nPdo-Step: read\nPdo-State: done\n' "$id" | git commit -q -F -
SH
    chmod +x "$work/tick.sh"
    bench "undo vs git revert" "$runs" 2 "$pdo undo" "git -c core.hooksPath=/dev/null revert --no-edit HEAD" --setup "$work/tick.sh"
    if [ -n "$old" ] && [ "$kind" = pdo ]; then
      scan_runs=$(( runs < 5 ? runs : 5 ))
      bench "scan --history vs older pdo" "$scan_runs" 1 "$pdo scan --history" "$old scan --history" --names "pdo,old"
    fi
    cd "$work"
    rm -rf "$work/$kind-$n"
  done
done
