#!/usr/bin/env bash
# Checks tests/MUTANTS.md: every entry shaped as an equivalent mutant stands under "## Equivalent" and
# names a line its file still has, so mutate.sh can match it (an entry in another section, or whose line
# moved to another file, is silently never used).
# Usage: scripts/check-mutants.sh              (the repository's tests/MUTANTS.md)
#        scripts/check-mutants.sh --self-test  (broken samples must fail, the real listing must pass)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" != "--self-test" ]; then
  exec python3 "$here/scripts/mutate.py" check
fi
sample=$(mktemp -d)
trap 'rm -rf "$sample"' EXIT
# shellcheck disable=SC2016  # backticks are Markdown here
line='- `src/main.cpp` · delete statement · `int main(int argc, char** argv) {` · why'
printf '## Equivalent\n\n%s\n' "$line" > "$sample/good.md"
printf '## Equivalent\n\n## Other\n\n%s\n' "$line" > "$sample/section.md"
printf '## Equivalent\n\n%s\n' "${line/argc/count}" > "$sample/stale.md"
python3 "$here/scripts/mutate.py" check "$sample/good.md" || { echo "check-mutants self-test: a good entry was refused" >&2; exit 1; }
for bad in section stale; do
  if python3 "$here/scripts/mutate.py" check "$sample/$bad.md" 2> /dev/null; then
    echo "check-mutants self-test: the $bad sample passed" >&2
    exit 1
  fi
done
python3 "$here/scripts/mutate.py" check
echo "check-mutants self-test: ok"
