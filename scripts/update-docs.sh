#!/usr/bin/env bash
# Writes the command reference, docs/commands.md (English) and docs/commands.zh.md (Chinese), with the
# pdo just built: `pdo --lang en|zh help --markdown` renders the same manual as `pdo help` and the man
# page, from the command table. Run it after changing a command, an option or its help text; the test
# "docs/commands.md is what pdo help --markdown prints" fails until the committed files are rewritten.
# Usage: scripts/update-docs.sh [PDO]      (PDO defaults to build/dev/pdo)
set -euo pipefail
cd "$(dirname "$0")/.."
pdo=${1:-build/dev/pdo}
[ -x "$pdo" ] || { echo "update-docs: no $pdo: build first (cmake --build --preset dev)" >&2; exit 2; }
"$pdo" --lang en help --markdown > docs/commands.md.tmp
"$pdo" --lang zh help --markdown > docs/commands.zh.md.tmp
mv docs/commands.md.tmp docs/commands.md
mv docs/commands.zh.md.tmp docs/commands.zh.md
echo "wrote docs/commands.md and docs/commands.zh.md"
