#!/usr/bin/env bash
# Does pdo's work grow with what it is asked to do, not with what is already there? On generated
# workspaces (the script checks each is what it claims before it measures):
#   glossary     pdo glossary with 4N entries  vs  pdo glossary with N entries: linear work gives a
#                ratio near 4 (the notes' entries spread over the 17 lessons' notes.md, every term new)
#   glossary     pdo glossary  vs  a hand edit (grep + git add + git commit), at 5k / 20k / 80k entries
#                (PDO_BENCH_GLOSSARY_SIZES)
#   committed    pdo track done 02 exercise    vs  sed + git add progress.md + git add -A exercises +
#                git commit (hooks off), with N files already committed in exercises/ and one changed
#   new          the same two, with N new files in exercises/ and nothing committed there yet
# Each run starts from the same commit (the setup resets to it, untimed); runs alternate pair by pair
# (A, B, A, B, ...; bench/pair.py) and each line gives the median of the per-pair ratios.
# Usage: bench/scale.sh [path/to/pdo]    PDO_BENCH_GLOSSARY=5000 PDO_BENCH_FILES=10000 PDO_BENCH_RUNS=7
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pdo=$(realpath "${1:-$here/../build/release/pdo}")
entries=${PDO_BENCH_GLOSSARY:-5000}
files=${PDO_BENCH_FILES:-10000}
runs=${PDO_BENCH_RUNS:-7}
[ -x "$pdo" ] || { echo "bench: no pdo binary at $pdo (cmake --preset release && cmake --build --preset release)"; exit 2; }
command -v python3 > /dev/null || { echo "bench: python3 is needed"; exit 2; }

# shellcheck source=lib.sh
. "$here/lib.sh"
bench_setup "$pdo"
echo "bench: medians of $runs alternating pairs"

bench() { python3 "$here/pair.py" "$@"; }
fail() { echo "bench: $*"; exit 1; }
hand_git() { git -c core.hooksPath=/dev/null "$@"; }

# A workspace at $1 with one commit more than init's: $2 (a command run inside it) made it.
workspace() {
  "$pdo" init "$1" --yes > /dev/null
  (cd "$1" && eval "$2" && hand_git add -A && hand_git commit -q --allow-empty -m "bench data")
}

# Appends $2 glossary entries to the notes of the workspace at $1, spread over its 17 lessons.
glossary_notes() {
  local lesson
  for lesson in "$1"/lessons/*/notes.md; do printf '\n名称解释：\n\n' >> "$lesson"; done
  awk -v n="$2" -v root="$1" 'BEGIN {
    cmd = "ls " root "/lessons/*/notes.md"; k = 0;
    while ((cmd | getline f) > 0) notes[k++] = f;
    for (i = 0; i < n; i++) printf "term%06d: the definition of entry %d\n", i, i >> notes[i % k];
  }'
}

echo
echo "== glossary"
small="$work/glossary-small/ws" big="$work/glossary-big/ws"
workspace "$small" "glossary_notes '$small' $entries"
workspace "$big" "glossary_notes '$big' $((4 * entries))"
git -C "$small" tag base && git -C "$big" tag base
for ws in "$small" "$big"; do
  want=$entries
  [ "$ws" = "$big" ] && want=$((4 * entries))
  got=$(cd "$ws" && "$pdo" glossary --json | grep -o '"term":' | wc -l)
  [ "$got" -eq "$want" ] || fail "the glossary at $ws has $got terms, expected $want"
done
echo "($entries and $((4 * entries)) terms; ratio = 4N / N, 4 is linear)"
# Each run writes glossary.md and commits it, from the same commit.
bench "glossary $((4 * entries)) vs $entries" "$runs" 1 "cd $big && $pdo glossary" "cd $small && $pdo glossary" \
  --names "$((4 * entries)),$entries" --setup "git -C $big reset -q --hard base && git -C $small reset -q --hard base"

# Against the plain-git equivalent (issue 43.10): the entries copied into glossary.md, git add, git commit
# (hooks off), at each size; a size whose glossary.md would pass the 4 MiB pdo reads back is refused by pdo,
# and said so here.
echo
echo "== glossary against a hand edit (grep the entries into glossary.md, git add, git commit)"
cat > "$work/hand-glossary.sh" << 'SH'
#!/bin/sh
grep -h '^term[0-9]*: ' lessons/*/notes.md > glossary.md &&
git -c core.hooksPath=/dev/null add glossary.md && git -c core.hooksPath=/dev/null commit -q -m "glossary by hand"
SH
chmod +x "$work/hand-glossary.sh"
for n in ${PDO_BENCH_GLOSSARY_SIZES:-5000 20000 80000}; do
  ws="$work/glossary-$n/ws"
  workspace "$ws" "glossary_notes '$ws' $n"
  git -C "$ws" tag base
  if ! (cd "$ws" && "$pdo" glossary > "$work/glossary.out" 2>&1); then
    echo "glossary $n: pdo refuses: $(tail -1 "$work/glossary.out")"
    rm -rf "$work/glossary-$n"
    continue
  fi
  got=$(cd "$ws" && "$pdo" glossary --json | grep -o '"term":' | wc -l)
  [ "$got" -eq "$n" ] || fail "the glossary at $ws has $got terms, expected $n"
  bench "glossary $n vs hand edit" "$runs" 1 "cd $ws && $pdo glossary" "cd $ws && $work/hand-glossary.sh" \
    --names "pdo,hand" --setup "git -C $ws reset -q --hard base"
  echo "  (notes.md files: $(cat "$ws"/lessons/*/notes.md | wc -c) bytes; glossary.md: $(wc -c < "$ws/glossary.md") bytes)"
  rm -rf "$work/glossary-$n"
done

# The exercise step's two sides, from the commit tagged "base".
lesson=lessons/02-02-distributed-data-parallel-in-pytorch
cat > "$work/git-exercise.sh" << SH
#!/bin/sh
sed -i 's/^- \[ \] 02 做练习\$/- [x] 02 做练习/' progress.md && git -c core.hooksPath=/dev/null add progress.md &&
git -c core.hooksPath=/dev/null add -A $lesson/exercises && git -c core.hooksPath=/dev/null commit -q -m "track done 02 exercise"
SH
chmod +x "$work/git-exercise.sh"

# Runs side $2 once after setup $3 in the workspace at $1 and checks its commit changed $4 paths.
check_side() {
  (cd "$1" && eval "$3" && eval "$2" > /dev/null)
  local changed
  changed=$(git -C "$1" diff --name-only HEAD^ HEAD | wc -l)
  [ "$changed" -eq "$4" ] || fail "'$2' committed $changed paths in $1, expected $4"
  git -C "$1" fsck --strict --no-progress 2> /dev/null || fail "git fsck fails in $1"
}

echo
echo "== track done 02 exercise, $files files committed in exercises/, one of them changed"
ws="$work/committed/ws"
workspace "$ws" "for i in \$(seq -w 1 $files); do echo \"print(\$i)\" > $lesson/exercises/f\$i.py; done"
git -C "$ws" tag base
in_tree=$(git -C "$ws" ls-tree -r --name-only base -- "$lesson/exercises" | wc -l)
[ "$in_tree" -eq $((files + 1)) ] || fail "exercises/ holds $in_tree committed files, expected $((files + 1))"
setup="git reset -q --hard base && echo '# changed' >> $lesson/exercises/f$(seq -w 1 "$files" | sed -n 2p).py"
check_side "$ws" "$pdo track done 02 exercise" "$setup" 2
check_side "$ws" "$work/git-exercise.sh" "$setup" 2
bench "track exercise committed" "$runs" 1 "cd $ws && $pdo track done 02 exercise" "cd $ws && $work/git-exercise.sh" \
  --setup "cd $ws && $setup"

echo
echo "== track done 02 exercise, $files new files in exercises/"
ws="$work/new/ws"
workspace "$ws" "true"
git -C "$ws" tag base
mkdir "$work/new-files"
for i in $(seq -w 1 "$files"); do echo "print($i)" > "$work/new-files/f$i.py"; done
setup="git reset -q --hard base && git clean -fdxq $lesson/exercises && cp -p $work/new-files/* $lesson/exercises/"
check_side "$ws" "$pdo track done 02 exercise" "$setup" $((files + 1))
check_side "$ws" "$work/git-exercise.sh" "$setup" $((files + 1))
bench "track exercise new" "$runs" 1 "cd $ws && $pdo track done 02 exercise" "cd $ws && $work/git-exercise.sh" \
  --setup "cd $ws && $setup"
