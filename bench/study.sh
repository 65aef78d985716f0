#!/usr/bin/env bash
# Benchmarks of the study loop, as ratios against git doing the same work, measured in one run:
#   pdo track (tick + untick: 2 commits)  vs  edit the line + git add + git commit, twice
#   pdo log                                vs  git log          (history of 10,000 commits)
#   pdo status                             vs  git status
# Usage: bench/study.sh [path/to/pdo]   (needs hyperfine: apt-get install hyperfine)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pdo=$(realpath "${1:-$here/../build/release/pdo}")
commits=${PDO_BENCH_COMMITS:-10000}
runs=${PDO_BENCH_RUNS:-15}
command -v hyperfine > /dev/null || { echo "bench: hyperfine is needed (apt-get install hyperfine)"; exit 2; }
[ -x "$pdo" ] || { echo "bench: no pdo binary at $pdo (cmake --preset release && cmake --build --preset release)"; exit 2; }

work=$(mktemp -d /tmp/pdo-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name "Bench Learner"
git config --global user.email bench@example.com
git config --global init.defaultBranch main

ws="$work/pytorch-distributed-overview"
"$pdo" init "$ws" --yes > /dev/null
cd "$ws"

# History: $commits commits, each ticking or unticking one box of progress.md with pdo's trailers,
# written with git fast-import so that building the history takes seconds.
echo "bench: building a history of $commits commits..."
awk -v n="$commits" -v progress="$(cat progress.md)" 'BEGIN {
  steps[0] = "读讲义"; steps[1] = "做练习"; steps[2] = "记笔记"; ids[0] = "read"; ids[1] = "exercise"; ids[2] = "notes";
  text = progress "\n"; t = 1700000000;
  for (i = 1; i <= n; i++) {
    lesson = (i % 17) + 1; s = int(i / 17) % 3; id = sprintf("%02d", lesson);
    line = "- [ ] " id " " steps[s]; done = "- [x] " id " " steps[s];
    if (index(text, line) > 0) { sub(line, done, text); state = "done" } else { sub(done, line, text); state = "todo" }
    msg = "track " id " " ids[s] "\n\nPdo-Lesson: " id "\nPdo-Step: " ids[s] "\nPdo-State: " state "\n";
    printf "commit refs/heads/main\ncommitter Bench <b@example.com> %d +0800\ndata %d\n%s", t + i * 600, length(msg), msg;
    if (i == 1) printf "from refs/heads/main^0\n";
    printf "M 100644 inline progress.md\ndata %d\n%s\n", length(text), text;
  }
}' LC_ALL=C > "$work/stream"
git fast-import --quiet < "$work/stream"
git reset -q --hard main
git gc -q
echo "bench: $(git rev-list --count HEAD) commits; $("$pdo" --version)"

# Same work both ways: tick 05 read and untick it again (two commits).
cat > "$work/git-track.sh" <<'SH'
#!/bin/sh
sed -i 's/^- \[ \] 05 读讲义$/- [x] 05 读讲义/' progress.md && git add progress.md && git commit -q -m "track 05 read" -m "Pdo-Lesson: 05"
sed -i 's/^- \[x\] 05 读讲义$/- [ ] 05 读讲义/' progress.md && git add progress.md && git commit -q -m "untrack 05 read" -m "Pdo-Lesson: 05"
SH
chmod +x "$work/git-track.sh"
grep -q '^- \[ \] 05 读讲义$' progress.md || "$pdo" track todo 05 read > /dev/null

bench() {  # name, pdo command, git command
  hyperfine --style none --warmup 3 --runs "$runs" --export-json "$work/$1.json" -N "$2" "$3" > /dev/null 2>&1 ||
    hyperfine --style none --warmup 3 --runs "$runs" --export-json "$work/$1.json" "$2" "$3" > /dev/null
  awk -v name="$1" '/"median"/ { gsub(/[",]/, "", $2); m[n++] = $2 } END {
    printf "%-8s pdo %8.2f ms   git %8.2f ms   ratio %.2f\n", name, m[0] * 1000, m[1] * 1000, m[0] / m[1] }' "$work/$1.json"
}

echo "bench: medians of $runs runs each (lower ratio is better)"
bench track "sh -c '$pdo track done 05 read > /dev/null && $pdo track todo 05 read > /dev/null'" "$work/git-track.sh"
bench log "sh -c '$pdo log > /dev/null'" "sh -c 'git log > /dev/null'"
bench status "sh -c '$pdo status > /dev/null'" "sh -c 'git status > /dev/null'"
