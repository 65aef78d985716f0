#!/usr/bin/env bash
# Checks src/'s #includes against the "may include" column of ARCHITECTURE.md's table (app/'s folders,
# app/commit/ and the rest, are rows and layers of their own: none reaches up to a later one), and that
# <git2.h> is included only under src/git/, toml++ only by src/util/toml_doc.cpp and <pcre2.h> only by
# src/secrets/regex.cpp, and that only src/util/own_state.cpp names pdo's own files in the git dir (every
# other file reaches them through util::OwnFile, which never follows a link).
# Usage: scripts/check-layers.sh [ROOT]     (ROOT defaults to the repository)
#        scripts/check-layers.sh --self-test (a broken sample must fail, the real tree must pass)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

# One awk pass over ARCHITECTURE.md's table and every source file (a loop of greps per file took minutes
# on a loaded 2-core machine, twice per ctest run).
check() {
  local root=$1
  # shellcheck disable=SC2016  # the awk program is single-quoted on purpose
  find "$root/src" -name '*.[ch]pp' -print0 | sort -z | xargs -0 awk -v root="$root" -v arch="$root/ARCHITECTURE.md" '
    function fail(msg) { print "check-layers: " msg > "/dev/stderr"; bad = 1 }
    BEGIN {
      while ((getline line < arch) > 0) {
        if (split(line, f, "|") < 5) continue
        folder = f[2]; gsub(/ /, "", folder)
        if (folder !~ /^`src\/[a-z]*\/([a-z]*\/)?`$/) continue
        folder = substr(folder, 6, length(folder) - 7)
        allowed = f[4]; gsub(/ /, "", allowed)
        allow[folder] = allowed; tables++
      }
      if (!tables) { fail("no table found in " arch); exit }
    }
    FNR == 1 {
      rel = substr(FILENAME, length(root) + 2)
      folder = substr(rel, 5); sub(/\/.*/, "", folder)
      # A file in a folder of app/ (app/commit/x.cpp) has that folder as its own, with its own row.
      if (folder == "app" && split(rel, parts, "/") == 4) folder = "app/" parts[3]
      skip = folder == "main.cpp"
      if (!skip && !(folder in allow)) { fail("src/" folder "/ is not in ARCHITECTURE.md\047s table"); skip = 1 }
    }
    skip { next }
    /^#include "[a-z_]*\/[^"]*"/ {
      inc = $0; sub(/^#include "/, "", inc); sub(/".*/, "", inc)
      dep = inc; sub(/\/.*/, "", dep)
      # Inside app/, its folders are layers of their own: "app/commit/transaction.hpp" is app/commit.
      if (dep == "app" && folder ~ /^app/ && split(inc, parts, "/") == 3) dep = "app/" parts[2]
      if (allow[folder] != "everything" && index("," allow[folder] ",", "," dep ",") == 0)
        fail(rel ": includes \"" inc "\", but src/" folder "/ may include only " allow[folder])
    }
    /^#include <git2/ && folder != "git" { fail(rel ": only src/git/ includes <git2.h>") }
    /^#include <toml\+\+/ && rel != "src/util/toml_doc.cpp" { fail(rel ": only src/util/toml_doc.cpp includes toml++") }
    /^#include <pcre2/ && rel != "src/secrets/regex.cpp" { fail(rel ": only src/secrets/regex.cpp includes <pcre2.h>") }
    /"pdo(\.lock|-txn|-journal|-started-lesson|-reports|-sync-pending|-index-receipts|-inflight)"/ && rel != "src/util/own_state.cpp" {
      fail(rel ":" FNR ": names one of pdo\047s own files in .git; reach it through util::OwnFile (util/own_state.hpp)")
    }
    END { exit bad }
  '
}

if [ "${1:-}" = "--self-test" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  cp -r "$here/src" "$here/ARCHITECTURE.md" "$tmp/"
  echo '#include "cli/run.hpp"' >> "$tmp/src/util/text.cpp"   # util may not reach up to cli
  if check "$tmp" 2> "$tmp/err"; then
    echo "check-layers self-test: a util file including cli/ was not caught" >&2
    exit 1
  fi
  grep -q 'src/util/text.cpp: includes "cli/run.hpp"' "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  cp "$here/src/util/text.cpp" "$tmp/src/util/text.cpp"
  echo '#include <git2.h>' >> "$tmp/src/app/session/session.cpp"
  if check "$tmp" 2> /dev/null; then
    echo "check-layers self-test: <git2.h> outside src/git/ was not caught" >&2
    exit 1
  fi
  cp "$here/src/app/session/session.cpp" "$tmp/src/app/session/session.cpp"
  echo '#include <pcre2.h>' >> "$tmp/src/secrets/scanner.cpp"
  if check "$tmp" 2> /dev/null; then
    echo "check-layers self-test: <pcre2.h> outside src/secrets/regex.cpp was not caught" >&2
    exit 1
  fi
  cp "$here/src/secrets/scanner.cpp" "$tmp/src/secrets/scanner.cpp"
  echo '#include "app/sync/sync.hpp"' >> "$tmp/src/app/commit/transaction.cpp"  # the commit layer may not reach up to sync
  if check "$tmp" 2> "$tmp/err"; then
    echo "check-layers self-test: app/commit/ including app/sync/ was not caught" >&2
    exit 1
  fi
  grep -q 'src/app/commit/transaction.cpp: includes "app/sync/sync.hpp"' "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  cp "$here/src/app/commit/transaction.cpp" "$tmp/src/app/commit/transaction.cpp"
  echo '#include "app/hooks/trust.hpp"' >> "$tmp/src/app/display.cpp"  # app/'s own files are below its folders
  if check "$tmp" 2> /dev/null; then
    echo "check-layers self-test: app/display.cpp including app/hooks/ was not caught" >&2
    exit 1
  fi
  cp "$here/src/app/display.cpp" "$tmp/src/app/display.cpp"
  echo 'const char* k = "pdo-txn";' >> "$tmp/src/app/sync/sync.cpp"
  if check "$tmp" 2> /dev/null; then
    echo "check-layers self-test: a path to pdo's own state outside util/own_state.cpp was not caught" >&2
    exit 1
  fi
  check "$here"
  echo "check-layers self-test: broken samples fail, the tree passes"
  exit 0
fi
check "${1:-$here}"
echo "check-layers: every include follows ARCHITECTURE.md"
