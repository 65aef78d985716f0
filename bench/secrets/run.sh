#!/usr/bin/env bash
# Secret-scanner benchmark: pdo scan vs secretlint (npm, recommended preset) vs git secrets --scan
# (Debian's git-secrets, AWS provider plus one pattern per key format pdo knows), on the same generated
# corpus of text, code, logs and notebooks with planted keys. Prints throughput, speed ratios and how
# many planted keys each scanner found (and how many other lines it flagged).
#
#   bench/secrets/run.sh            # 300 MB corpus in /tmp/pdo-secrets-bench
#   PDO_BENCH_MB=50 bench/secrets/run.sh
# Needs: cmake, ninja, python3, node + npm (secretlint is installed into the bench folder), git-secrets.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
mb=${PDO_BENCH_MB:-300}
work=${PDO_BENCH_DIR:-/tmp/pdo-secrets-bench}
corpus="$work/corpus-$mb"
mkdir -p "$work"

# pdo, optimised (Release) in its own build folder.
pdo=${PDO_BIN:-}
if [ -z "$pdo" ]; then
  cmake -S "$repo" -B "$repo/build/bench-secrets" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPDO_BUILD_TESTS=OFF >/dev/null
  cmake --build "$repo/build/bench-secrets" --target pdo >/dev/null
  pdo="$repo/build/bench-secrets/pdo"
fi

if [ ! -f "$corpus/planted.tsv" ]; then
  rm -rf "$corpus"
  python3 "$here/gen_corpus.py" "$corpus" "$mb"
fi

secretlint="$work/secretlint/node_modules/.bin/secretlint"
if [ ! -x "$secretlint" ]; then
  echo "installing secretlint into $work/secretlint ..."
  mkdir -p "$work/secretlint"
  (cd "$work/secretlint" && npm init -y >/dev/null && npm install --no-audit --no-fund secretlint @secretlint/secretlint-rule-preset-recommend >/dev/null)
fi
echo '{"rules":[{"id":"@secretlint/secretlint-rule-preset-recommend"}]}' > "$corpus/.secretlintrc.json"

if ! command -v git-secrets >/dev/null; then
  echo "git-secrets is missing: apt-get install git-secrets" >&2
  exit 1
fi
# git-secrets reads its patterns from a repository's config: a scratch repo keeps them out of yours.
gs_repo="$corpus/git-secrets-config"
if [ ! -d "$gs_repo/.git" ]; then
  git init -q "$gs_repo"
  (
    cd "$gs_repo"
    git secrets --register-aws >/dev/null
    for p in \
      'sk-(proj|svcacct|admin)-[A-Za-z0-9_-]{40,}' 'sk-[A-Za-z0-9]{48}' 'sk-ant-[A-Za-z0-9_-]{40,}' \
      'hf_[A-Za-z]{34}' 'api_org_[A-Za-z]{34}' 'gh[pousr]_[A-Za-z0-9]{36}' 'github_pat_[A-Za-z0-9_]{82}' \
      'AIza[0-9A-Za-z_-]{35}' 'wandb_v1_[A-Za-z0-9_-]{40,}' '[Ww][Aa][Nn][Dd][Bb].{0,40}[0-9a-f]{40}' \
      'xox[baprse]-[A-Za-z0-9-]{10,}' 'hooks\.slack\.com/services/[A-Za-z0-9/]{30,}' \
      '[Kk][Aa][Gg][Gg][Ll][Ee].{0,20}[0-9a-f]{32}' '"key" *: *"[0-9a-f]{32}"' 'BEGIN [A-Z ]*PRIVATE KEY-----' \
      '[A-Za-z_]*(API_KEY|TOKEN|SECRET|PASSWORD)[A-Za-z_]*"? *[:=] *"?[A-Za-z0-9/+=_-]{16,}'; do
      git secrets --add -- "$p"
    done
  )
fi

# Same conditions for all: files in the page cache, one run each, wall-clock time.
cat $(find "$corpus/files" -type f) > /dev/null
now() { date +%s.%N; }
run() {  # NAME OUTPUT COMMAND...
  local name=$1 out=$2; shift 2
  local t0 t1
  t0=$(now)
  "$@" > "$out" 2>"$out.err" || true
  t1=$(now)
  echo "$name: $(python3 -c "print(f'{$t1 - $t0:.2f}')") s" >&2
  python3 -c "print($t1 - $t0)"
}
cd "$corpus"
t_pdo=$(run pdo "$work/pdo.out" "$pdo" --lang en scan files)
t_sl=$(run secretlint "$work/secretlint.out" "$secretlint" "files/**/*" --format unix --no-color --secretlintrc .secretlintrc.json)
t_gs=$(cd "$gs_repo" && run git-secrets "$work/git-secrets.out" git secrets --scan -r ../files)

python3 "$here/score.py" "$corpus" "$(du -sm "$corpus/files" | cut -f1)" \
  "pdo=$t_pdo=$work/pdo.out=pdo" "secretlint=$t_sl=$work/secretlint.out=unix" "git-secrets=$t_gs=$work/git-secrets.out.err=grep"  # git-secrets reports on stderr
