#!/usr/bin/env bash
# Secret-scanner benchmark: pdo scan vs secretlint (npm, recommended preset) vs git secrets --scan
# (Debian's git-secrets, AWS provider plus one pattern per key format planted), on a generated corpus
# shaped like a real tree (thousands of 1-50 KB files) with planted keys of every provider family pdo
# covers, in every file shape. Checks the corpus holds what it claims before timing; then times the tools
# pair by pair (pdo and one peer back to back, the order swapped every round), single-threaded and with
# two ways of parallelism; prints MB/s, the median of the per-pair speed ratios, recall per family,
# format and file shape, and "other lines" (false positives). Then an installed Python tree with its
# compiled files (pdo vs git-secrets, MB/s of CPU time, every pdo finding listed); last, pdo on real
# third-party text.
#
#   bench/secrets/run.sh                       # 30 MB corpus (~2,000 files) in /tmp/pdo-secrets-bench, 5 rounds
#   PDO_BENCH_MB=100 PDO_BENCH_ROUNDS=3 bench/secrets/run.sh   # secretlint slows down with the number of files
#                                              # it is given (8 MB: 3 s, 27 MB: 36 s): 100 MB takes it ~10 min a run
#   PDO_BENCH_REAL="/usr/include /usr/share/doc"   # the real text pdo must find nothing in (default)
# Needs: cmake, ninja, python3, node + npm (secretlint is installed into the bench folder), git-secrets.
#
# Parallel runs: pdo uses its own threads (scan -j 2). secretlint and git-secrets run in one process;
# for them "2-way" means two processes at once, each on half of the lesson folders (the same split for
# both), which is what a user could do by hand.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
mb=${PDO_BENCH_MB:-30}
rounds=${PDO_BENCH_ROUNDS:-5}
work=${PDO_BENCH_DIR:-/tmp/pdo-secrets-bench}
real=${PDO_BENCH_REAL:-/usr/include /usr/share/doc}
gen_id=$(sha256sum < "$here/gen_corpus.py" | cut -c1-12)
corpus="$work/corpus-$mb-$gen_id"
mkdir -p "$work"

# pdo, optimised (Release) in its own build folder.
pdo=${PDO_BIN:-}
if [ -z "$pdo" ]; then
  cmake -S "$repo" -B "$repo/build/bench-secrets" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPDO_BUILD_TESTS=OFF >/dev/null
  cmake --build "$repo/build/bench-secrets" --target pdo >/dev/null
  pdo="$repo/build/bench-secrets/pdo"
fi
pdo=$(realpath "$pdo")

if [ ! -f "$corpus/manifest.tsv" ]; then
  rm -rf "$corpus"
  python3 "$here/gen_corpus.py" "$corpus" "$mb"
fi
python3 "$here/score.py" verify "$corpus"   # exits 1 if a planted key is not where planted.tsv says

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
# git-secrets reads its patterns from a repository's config: a scratch repo keeps them out of yours. One
# ERE per planted format (written for the generator's shapes; -w word matching is git-secrets' own).
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
      '[A-Za-z_]*(API_KEY|TOKEN|SECRET|PASSWORD|_AK|_SK|ACCESSKEY)[A-Za-z_]*"? *[:=] *"?[A-Za-z0-9/+=_.-]{16,}' \
      'LTAI[A-Za-z0-9]{12,30}' 'AKID[A-Za-z0-9]{32,36}' 'AKLT[A-Za-z0-9_-]{30,64}' 'bce-v3/ALTAK-[A-Za-z0-9/-]{40,}' \
      'sk-[0-9a-f]{32}' 'sk-[a-z]{48}' 'ms-[0-9a-f-]{36}' '[0-9a-f]{32}\.[A-Za-z0-9]{16}' \
      'eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}' \
      '(密钥|令牌|[Kk]ey 是) *[A-Za-z0-9._-]{16,}' \
      'sk-or-v1-[0-9a-f]{64}' 'gsk_[A-Za-z0-9]{52}' 'xai-[A-Za-z0-9]{70,90}' 'r8_[A-Za-z0-9]{37,40}' \
      '[Cc]ohere.{0,30}"[A-Za-z0-9]{40}"' 'tgp_v1_[A-Za-z0-9_-]{40,}' 'pplx-[A-Za-z0-9]{48,}' \
      'glpat-[A-Za-z0-9_-]{20,}' 'npm_[A-Za-z0-9]{36}' 'pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}' 'dckr_pat_[A-Za-z0-9_-]{24,}' \
      'open\.feishu\.cn/open-apis/bot/v2/hook/[0-9a-f-]{36}' 'oapi\.dingtalk\.com/robot/send\?access_token=[0-9a-f]{64}' \
      'SEC[0-9a-f]{64}' 'qyapi\.weixin\.qq\.com/cgi-bin/webhook/send\?key=[0-9a-f-]{36}' \
      'discord(app)?\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,}' '[0-9]{8,10}:[A-Za-z0-9_-]{35}' \
      '(mysql|postgres(ql)?|mongodb|redis|amqp)(\+[a-z0-9]+)?://[^:/@ ]*:[^@/ ]+@[A-Za-z0-9.-]+' \
      '"private_key_id" *: *"[0-9a-f]{40}"' \
      '[sr]k_live_[A-Za-z0-9]{20,}' 'whsec_[A-Za-z0-9+/=]{24,}' 'hvs\.[A-Za-z0-9_-]{90,120}' 'shp(at|ss|ca|pa)_[0-9a-fA-F]{32}' \
      'SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}' 'dapi[0-9a-f]{32}' 'tvly-[A-Za-z0-9-]{32,}' 'pcsk_[A-Za-z0-9_]{50,}' 'da2-[a-z0-9]{26}' \
      'AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}' 'PrivateKey *= *[A-Za-z0-9+/]{43}=' \
      'BEGIN OpenVPN Static key V1-----' '---- BEGIN SSH2 [A-Z ]*PRIVATE KEY ----'; do
      git secrets --add -- "$p"
    done
  )
fi

# The lesson folders in two halves, for the 2-way runs of the single-process tools.
cd "$corpus"
mapfile -t dirs < <(cd files && printf '%s\n' lesson* | sort)
half=$(( (${#dirs[@]} + 1) / 2 ))
part_a=("${dirs[@]:0:$half}")
part_b=("${dirs[@]:$half}")
globs() { local d; for d in "$@"; do printf 'files/%s/**/*\n' "$d"; done; }
abs() { local d; for d in "$@"; do printf '%s/files/%s\n' "$corpus" "$d"; done; }
mapfile -t sl_a < <(globs "${part_a[@]}"); mapfile -t sl_b < <(globs "${part_b[@]}")
mapfile -t gs_a < <(abs "${part_a[@]}"); mapfile -t gs_b < <(abs "${part_b[@]}")
sl_opts=(--format unix --no-color --secretlintrc "$corpus/.secretlintrc.json")

# One command per tool and mode; each writes its findings to $1 (stdout and stderr: git-secrets reports on stderr).
tool_pdo_1() { "$pdo" --lang en scan -j 1 files > "$1" 2>&1 || true; }
tool_pdo_2() { "$pdo" --lang en scan -j 2 files > "$1" 2>&1 || true; }
tool_secretlint_1() { "$secretlint" "files/**/*" "${sl_opts[@]}" > "$1" 2>&1 || true; }
tool_secretlint_2() {
  "$secretlint" "${sl_a[@]}" "${sl_opts[@]}" > "$1.a" 2>&1 &
  "$secretlint" "${sl_b[@]}" "${sl_opts[@]}" > "$1.b" 2>&1 &
  wait || true
  cat "$1.a" "$1.b" > "$1"
}
tool_git-secrets_1() { (cd "$gs_repo" && git secrets --scan -r "$corpus/files") > "$1" 2>&1 || true; }
tool_git-secrets_2() {
  (cd "$gs_repo" && git secrets --scan -r "${gs_a[@]}") > "$1.a" 2>&1 &
  (cd "$gs_repo" && git secrets --scan -r "${gs_b[@]}") > "$1.b" 2>&1 &
  wait || true
  cat "$1.a" "$1.b" > "$1"
}

# Same conditions for all: files in the page cache, outputs to files.
find files -type f -exec cat {} + > /dev/null
times="$work/times.tsv"
: > "$times"
time_one() {  # MODE ROUND PAIR TOOL
  local out="$work/out.$4.$1" t0 t1
  t0=$(date +%s%N)
  "tool_$4_${1%%-*}" "$out.r$2"
  t1=$(date +%s%N)
  [ "$2" = 1 ] && cp "$out.r$2" "$out"
  rm -f "$out.r$2" "$out.r$2.a" "$out.r$2.b"
  printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f", (b - a) / 1e9}')" >> "$times"
}
for mode in 1-thread 2-way; do
  for r in $(seq 1 "$rounds"); do
    for peer in secretlint git-secrets; do
      if [ $((r % 2)) = 1 ]; then time_one "$mode" "$r" "$peer" pdo; time_one "$mode" "$r" "$peer" "$peer"
      else time_one "$mode" "$r" "$peer" "$peer"; time_one "$mode" "$r" "$peer" pdo; fi
    done
    echo "  $mode round $r/$rounds done" >&2
  done
done

echo
echo "pdo $("$pdo" --version 2>/dev/null | head -1), secretlint $("$secretlint" --version 2>/dev/null), $(git secrets 2>&1 | head -0; dpkg-query -W -f='git-secrets ${Version}' git-secrets 2>/dev/null || echo git-secrets)"
echo "machine: $(nproc) cores, $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%d)"
python3 "$here/score.py" report "$corpus" "$times" \
  "pdo:1-thread=$work/out.pdo.1-thread=pdo" "pdo:2-way=$work/out.pdo.2-way=pdo" \
  "secretlint:1-thread=$work/out.secretlint.1-thread=unix" "secretlint:2-way=$work/out.secretlint.2-way=unix" \
  "git-secrets:1-thread=$work/out.git-secrets.1-thread=grep" "git-secrets:2-way=$work/out.git-secrets.2-way=grep"

# An installed Python tree with its compiled files (PDO_BENCH_PYTHON, default Debian's /usr/lib/python3 and
# /usr/lib/python3.X: numpy, scipy, sklearn, pandas, oauthlib… when installed), copied to a temp folder and
# byte-compiled there (python3 -m compileall), symlinks kept as links: a mixed tree of sources, .pyc,
# .so and data that holds no secrets. pdo and git-secrets (AWS patterns only, as it ships) each scan it
# PDO_BENCH_ROUNDS times, alternated, after a warm-up read; MB/s is the tree's bytes over each tool's
# median CPU time (user + sys of the process and its children, from GNU time).
pytree="$work/python-tree"
if [ ! -f "$pytree/.complete" ]; then
  rm -rf "$pytree"
  mkdir -p "$pytree"
  for src in ${PDO_BENCH_PYTHON:-/usr/lib/python3 /usr/lib/python3.$(python3 -c 'import sys; print(sys.version_info.minor)')}; do
    cp -a "$src" "$pytree/" 2>/dev/null || true
  done
  python3 -m compileall -q -j 2 "$pytree" > /dev/null 2>&1 || true
  touch "$pytree/.complete"
fi
gs_aws="$work/git-secrets-aws"
if [ ! -d "$gs_aws/.git" ]; then
  git init -q "$gs_aws"
  (cd "$gs_aws" && git secrets --register-aws > /dev/null)
fi
py_bytes=$(find "$pytree" -type f -printf '%s\n' | awk '{s += $1} END {print s}')
find "$pytree" -type f -exec cat {} + > /dev/null
cpu_time() {  # OUT CMD...: runs CMD, writes its output to OUT, prints its user + sys seconds
  local out=$1; shift
  # GNU time writes "Command exited with non-zero status N" before the figures when CMD fails (pdo exits
  # 1 when it finds something): the figures are the file's last line.
  /usr/bin/time -f '%U %S' -o "$work/cpu.txt" "$@" > "$out" 2>&1 || true
  tail -n 1 "$work/cpu.txt" | awk '{printf "%.2f\n", $1 + $2}'
}
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
: > "$work/py.cpu"
for r in $(seq 1 "$rounds"); do  # alternated pair by pair, as above
  order="pdo gs"
  [ $((r % 2)) = 1 ] || order="gs pdo"
  for tool in $order; do
    if [ "$tool" = pdo ]; then
      printf 'pdo\t%s\n' "$(cpu_time "$work/py.pdo" "$pdo" --lang en scan -j 1 "$pytree")" >> "$work/py.cpu"
    else
      printf 'gs\t%s\n' "$(cpu_time "$work/py.gs" sh -c "cd '$gs_aws' && git secrets --scan -r '$pytree'")" >> "$work/py.cpu"
    fi
  done
done
pdo_cpu=$(awk '$1 == "pdo" {print $2}' "$work/py.cpu" | median)
gs_cpu=$(awk '$1 == "gs" {print $2}' "$work/py.cpu" | median)
echo
echo "python tree $pytree: $(find "$pytree" -type f | wc -l) files, $(awk -v b="$py_bytes" 'BEGIN {printf "%.1f", b / 1e6}') MB ($(find "$pytree" -name '*.pyc' | wc -l) .pyc, $(find "$pytree" -name '*.so*' -type f | wc -l) .so)"
awk -v b="$py_bytes" -v p="$pdo_cpu" -v g="$gs_cpu" -v r="$rounds" -v l="$(cut -d' ' -f1-3 /proc/loadavg)" \
  'BEGIN {printf "python tree MB/s of CPU time (user + sys, median of %d each, alternated; load %s): pdo %.1f (%.2f s), git-secrets %.1f (%.2f s)\n", r, l, b / 1e6 / p, p, b / 1e6 / g, g}'
grep -E '^(Scanned|[0-9]+ (\.pyc|programs?))' "$work/py.pdo" | sed 's/^/python tree, pdo: /'
# pdo's summary lines, which are not findings.
summary='^(Scanned|What to do|[0-9]+ \.pyc files? not read|[0-9]+ programs? or librar(y|ies) not read|  |$)'
echo "python tree findings: pdo $(grep -cvE "$summary" "$work/py.pdo" || true), git-secrets $(grep -c ':[0-9]*:' "$work/py.gs" || true)"
grep -vE "$summary" "$work/py.pdo" | sed 's/^/  pdo finding: /' | head -60 || true

# Real third-party text: headers and docs that hold no secrets (a finding here is a false positive,
# unless it is a real key file shipped as an example, which the list shows). Each folder on its own.
echo
for root in $real; do
  "$pdo" --lang en scan "$root" > "$work/real.out" 2>&1 || true
  grep -E '^Scanned' "$work/real.out" | sed "s|^|real text $root: |"
  grep -vE "$summary" "$work/real.out" | sed 's/^/  finding: /' || true
done
