#!/usr/bin/env bash
# Checks src/'s #includes against the "may include" column of ARCHITECTURE.md's table, and that
# <git2.h> is included only under src/git/, toml++ only by src/util/toml_doc.cpp and <pcre2.h> only by
# src/secrets/regex.cpp.
# Usage: scripts/check-layers.sh [ROOT]     (ROOT defaults to the repository)
#        scripts/check-layers.sh --self-test (a broken sample must fail, the real tree must pass)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

check() {
  local root=$1 bad=0 folder allowed file inc dep
  declare -A allow=()
  while IFS='|' read -r _ folder _ allowed _; do
    # shellcheck disable=SC2016  # the backquotes are Markdown, not a command
    folder=$(echo "$folder" | sed -n 's/^ *`src\/\([a-z]*\)\/` *$/\1/p')
    [ -n "$folder" ] || continue
    allow[$folder]=$(echo "$allowed" | tr -d ' ')
  done < "$root/ARCHITECTURE.md"
  if [ "${#allow[@]}" -eq 0 ]; then
    echo "check-layers: no table found in $root/ARCHITECTURE.md" >&2
    return 1
  fi
  while IFS= read -r file; do
    folder=$(echo "${file#"$root"/src/}" | cut -d/ -f1)
    [ "$folder" = "main.cpp" ] && continue
    if [ -z "${allow[$folder]+x}" ]; then
      echo "check-layers: src/$folder/ is not in ARCHITECTURE.md's table" >&2
      bad=1
      continue
    fi
    while IFS= read -r inc; do
      dep=${inc%%/*}
      [ "${allow[$folder]}" = "everything" ] && continue
      case ",${allow[$folder]}," in
        *",$dep,"*) ;;
        *) echo "check-layers: ${file#"$root"/}: includes \"$inc\", but src/$folder/ may include only ${allow[$folder]}" >&2
           bad=1 ;;
      esac
    done < <(sed -n 's/^#include "\([a-z_]*\/[^"]*\)".*/\1/p' "$file")
    if grep -q '^#include <git2' "$file" && [ "$folder" != git ]; then
      echo "check-layers: ${file#"$root"/}: only src/git/ includes <git2.h>" >&2
      bad=1
    fi
    if grep -q '^#include <toml++' "$file" && [ "${file#"$root"/}" != src/util/toml_doc.cpp ]; then
      echo "check-layers: ${file#"$root"/}: only src/util/toml_doc.cpp includes toml++" >&2
      bad=1
    fi
    if grep -q '^#include <pcre2' "$file" && [ "${file#"$root"/}" != src/secrets/regex.cpp ]; then
      echo "check-layers: ${file#"$root"/}: only src/secrets/regex.cpp includes <pcre2.h>" >&2
      bad=1
    fi
  done < <(find "$root/src" -name '*.[ch]pp' | sort)
  return $bad
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
  echo '#include <git2.h>' >> "$tmp/src/app/session.cpp"
  if check "$tmp" 2> /dev/null; then
    echo "check-layers self-test: <git2.h> outside src/git/ was not caught" >&2
    exit 1
  fi
  cp "$here/src/app/session.cpp" "$tmp/src/app/session.cpp"
  echo '#include <pcre2.h>' >> "$tmp/src/secrets/scanner.cpp"
  if check "$tmp" 2> /dev/null; then
    echo "check-layers self-test: <pcre2.h> outside src/secrets/regex.cpp was not caught" >&2
    exit 1
  fi
  check "$here"
  echo "check-layers self-test: broken samples fail, the tree passes"
  exit 0
fi
check "${1:-$here}"
echo "check-layers: every include follows ARCHITECTURE.md"
