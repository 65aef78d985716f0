#!/usr/bin/env bash
# Does the commit transaction cost speed? Times `pdo track "done" 03 read` + `pdo track todo 03 read` (two
# commits) for two pdo binaries, alternating A, B, A, B … pair by pair, each on its own workspace made
# by its own binary, and prints the median of the per-pair ratios A/B with min and max.
# Usage: bench/transaction.sh PDO_A PDO_B [PAIRS]     (e.g. this build vs main's release build)
set -euo pipefail
a=$(realpath "$1"); b=$(realpath "$2"); pairs=${3:-40}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name bench
git config --global user.email bench@example.com
"$a" init "$work/A" --yes > /dev/null
"$b" init "$work/B" --yes > /dev/null
# Each side's history must really change: check that a round trip ticks and unticks the box.
check() {
  "$1" -C "$2" track "done" 03 read > /dev/null
  grep -q -- '- \[x\] 03 ' "$2/progress.md" || { echo "bench: $1 did not tick the box" >&2; exit 1; }
  "$1" -C "$2" track todo 03 read > /dev/null
  grep -q -- '- \[ \] 03 ' "$2/progress.md" || { echo "bench: $1 did not untick the box" >&2; exit 1; }
}
check "$a" "$work/A"
check "$b" "$work/B"
run() {  # prints nanoseconds for one done+todo pair of commits
  local t0 t1
  t0=$(date +%s%N)
  "$1" -C "$2" track "done" 03 read > /dev/null
  "$1" -C "$2" track todo 03 read > /dev/null
  t1=$(date +%s%N)
  echo $((t1 - t0))
}
ratios=()
ta=(); tb=()
for ((i = 0; i < pairs; i++)); do
  x=$(run "$a" "$work/A"); y=$(run "$b" "$work/B")
  ta+=("$x"); tb+=("$y")
  ratios+=("$(awk -v x="$x" -v y="$y" 'BEGIN { printf "%.4f", x / y }')")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "machine: $(nproc) cores, $(uname -sr), $(date -u +%Y-%m-%d)"
echo "A: $a"
echo "B: $b"
echo "pairs: $pairs (A and B alternated; each run = track done + track todo, two commits)"
echo "A median: $(median "${ta[@]}" | awk '{ printf "%.1f ms", $1 / 1e6 }')   B median: $(median "${tb[@]}" | awk '{ printf "%.1f ms", $1 / 1e6 }')"
echo "ratio A/B per pair: median $(median "${ratios[@]}"), min $(printf '%s\n' "${ratios[@]}" | sort -g | head -1), max $(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)"
