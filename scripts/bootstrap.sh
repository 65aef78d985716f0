#!/usr/bin/env bash
# Installs pdo's build dependencies from Debian/Ubuntu packages (needs root or sudo), then builds
# libgit2 from Debian's source package (static, without network transports; see build-libgit2.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
packages=$(grep -v '^\s*#' "$here/debian-packages.txt" | grep -v '^\s*$' | tr '\n' ' ')
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $packages
"$here/build-libgit2.sh"
