#!/usr/bin/env bash
# What each pdo hook adds to a `git commit` / `git push`, over a baseline where the same hook is an empty
# `sh` script (an empty hook alone costs git ~1.3 ms). Runs are alternated baseline/pdo, N pairs each,
# one small file changed per commit; prints the median per operation and the difference. With a second
# binary, its runs are interleaved with the others (empty, pdo, other, empty, pdo, other…), so the two
# are compared under the same load.
#
#   bench/secrets/hooks.sh [PDO_BINARY [OTHER_PDO_BINARY]]     # N=${PDO_HOOK_RUNS:-200}
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo_root=$(cd "$here/../.." && pwd)
pdo=$(realpath "${1:-$repo_root/build/release/pdo}")
other=${2:+$(realpath "$2")}
runs=${PDO_HOOK_RUNS:-200}
work=$(mktemp -d /tmp/pdo-hook-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_NOSYSTEM=1 HOME="$work/home"
mkdir -p "$HOME"
git config --global user.name bench
git config --global user.email bench@example.invalid
git config --global init.defaultBranch main

make_repo() {  # DIR HOOK-NAME KIND(empty|pdo) [PDO]
  local dir=$1 hook=$2 kind=$3 bin=${4:-$pdo}
  git init -q "$dir"
  for h in pre-commit commit-msg pre-push; do printf '#!/bin/sh\n' > "$dir/.git/hooks/$h"; chmod +x "$dir/.git/hooks/$h"; done
  if [ "$kind" = pdo ]; then
    # Exactly the hook `pdo init` installs for this binary (a #!pdo file, or the sh script where it must).
    local installed
    installed="$work/installed-$(cksum <<< "$bin" | cut -d' ' -f1)"
    [ -d "$installed" ] || "$bin" init "$installed" --yes > /dev/null
    cp "$installed/.git/hooks/$hook" "$dir/.git/hooks/$hook"
    chmod +x "$dir/.git/hooks/$hook"
  fi
  printf 'start\n' > "$dir/notes.md"
  git -C "$dir" add notes.md && git -C "$dir" commit -q -m start
  if [ "$hook" = pre-push ]; then
    git init -q --bare "$dir.remote"
    git -C "$dir" remote add origin "$dir.remote"
    git -C "$dir" push -q origin main
  fi
}

one() {  # DIR HOOK I -> seconds of one commit (or commit+push for pre-push, push timed alone)
  local dir=$1 hook=$2 i=$3 t0 t1
  printf 'line %s\n' "$i" >> "$dir/notes.md"
  git -C "$dir" add notes.md
  if [ "$hook" = pre-push ]; then
    git -C "$dir" commit -q --no-verify -m "c $i"
    t0=$(date +%s%N); git -C "$dir" push -q origin main; t1=$(date +%s%N)
  else
    t0=$(date +%s%N); git -C "$dir" commit -q -m "c $i"; t1=$(date +%s%N)
  fi
  echo $(( (t1 - t0) / 1000 ))
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

for hook in pre-commit commit-msg pre-push; do
  make_repo "$work/$hook-empty" "$hook" empty
  make_repo "$work/$hook-pdo" "$hook" pdo
  [ -n "$other" ] && make_repo "$work/$hook-other" "$hook" pdo "$other"
  : > "$work/$hook-empty.t"; : > "$work/$hook-pdo.t"; : > "$work/$hook-other.t"
  for i in $(seq 1 "$runs"); do
    one "$work/$hook-empty" "$hook" "$i" >> "$work/$hook-empty.t"
    one "$work/$hook-pdo" "$hook" "$i" >> "$work/$hook-pdo.t"
    [ -n "$other" ] && one "$work/$hook-other" "$hook" "$i" >> "$work/$hook-other.t"
  done
  base=$(median < "$work/$hook-empty.t")
  op=$([ "$hook" = pre-push ] && echo "git push" || echo "git commit")
  for kind in pdo other; do
    [ -s "$work/$hook-$kind.t" ] || continue
    with=$(median < "$work/$hook-$kind.t")
    name=$([ "$kind" = pdo ] && echo "$pdo" || echo "$other")
    awk -v h="$hook" -v op="$op" -v b="$base" -v w="$with" -v n="$runs" -v p="$name" \
      'BEGIN {printf "%-10s %s: empty-hook baseline %.2f ms, with pdo %.2f ms, pdo adds %.2f ms (median of %d each; %s)\n", h, op, b/1000, w/1000, (w-b)/1000, n, p}'
  done
done
