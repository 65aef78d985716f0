# shellcheck shell=bash
# Debian source packages, for scripts that build a dependency from Debian's own sources.
#   ensure_deb_src          add deb-src entries mirroring the "deb" ones (once), then apt-get update
#   fetch_source PKG DIR    apt-get source PKG into DIR (patches applied); sets SRCDIR to the tree

have_deb_src() { local out; out="$(apt-cache showsrc libgit2 2>/dev/null || true)"; [[ "$out" == *"Package: libgit2"* ]]; }

ensure_deb_src() {
  have_deb_src && return 0
  echo "==> adding deb-src entries"
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed -E 's/^Types:.*$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
      > /etc/apt/sources.list.d/pdo-deb-src.sources
  elif [ -f /etc/apt/sources.list ] && grep -qE '^deb ' /etc/apt/sources.list; then
    grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' > /etc/apt/sources.list.d/pdo-deb-src.list
  else
    echo "no Debian apt entries found to mirror as deb-src" >&2
    return 1
  fi
  apt-get update -qq
  have_deb_src || { echo "deb-src entries added but libgit2's source is still unknown" >&2; return 1; }
}

fetch_source() {
  local pkg="$1" dir="$2"
  if [ ! -f "$dir/VERSION" ]; then
    echo "==> apt-get source $pkg"
    rm -rf "$dir" && mkdir -p "$dir"
    # The security archive's pool may lack the newest source (404): fall back to the release's.
    if ! (cd "$dir" && apt-get -q -o APT::Sandbox::User=root source "$pkg" > fetch.log 2>&1); then
      local codename
      codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
      rm -rf "$dir" && mkdir -p "$dir"
      (cd "$dir" && apt-get -q -o APT::Sandbox::User=root source "$pkg/$codename" > fetch.log 2>&1) ||
        { cat "$dir/fetch.log" >&2; return 1; }
    fi
    for dsc in "$dir"/*.dsc; do basename "$dsc" .dsc; done > "$dir/VERSION"
  fi
  # shellcheck disable=SC2034  # read by the scripts that source this file
  SRCDIR="$(find "$dir" -mindepth 1 -maxdepth 1 -type d | head -n1)"
}
