# shellcheck shell=bash
# What bench/study.sh and bench/scale.sh share: a scratch HOME with its own git identity (no system or user
# config of this machine's, no automatic gc), removed at exit, and the header line naming the machine, its load, pdo and git.
# Sets $work. Usage: bench_setup PDO
bench_setup() {
  work=$(mktemp -d /tmp/pdo-bench.XXXXXX)
  trap 'rm -rf "$work"' EXIT
  export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 LC_ALL=C.UTF-8
  mkdir -p "$HOME"
  git config --global user.name "Bench Learner"
  git config --global user.email bench@example.com
  git config --global init.defaultBranch main
  # No automatic gc: a git commit over 6700 loose objects (10k new exercise files) starts `git gc --auto`
  # in the background, which packs and prunes while the script's git fsck reads them (fsck then fails)
  # and takes CPU from the pairs measured next. pdo never starts one.
  git config --global gc.auto 0
  echo "bench: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg), $("$1" --version), $(git --version)"
}
