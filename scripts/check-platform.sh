#!/usr/bin/env bash
# Portable by construction: only a target's platform file (a file named Platform.swift) may import
# the C library's module (Glibc, Musl, Darwin) or name something through it (`Glibc.write`); every
# other Swift file reaches the C library through Foundation or through its target's platform file,
# so that what differs between Linux and macOS stands in one place per target. Run by .ci/run.
#
#   scripts/check-platform.sh [ROOT]      (default: the repository)
#
# Prints one line per offending line (file:line: text) and exits 1 when there is any, 0 otherwise.
set -euo pipefail
root=${1:-"$(cd "$(dirname "$0")/.." && pwd)"}
cd "$root"
folders=()
for folder in Sources Tests Fuzz/Sources Examples; do [ -d "$folder" ] && folders+=("$folder"); done
[ ${#folders[@]} -gt 0 ] || { echo "check-platform: no Sources, Tests or Fuzz/Sources under $root" >&2; exit 2; }
# import (with any attribute or access level before it) of a C library module, or a name
# qualified with one; comment lines are skipped.
pattern='^[[:space:]]*([@a-z_]+[[:space:]]+)*import[[:space:]]+(Glibc|Musl|Darwin)([[:space:]]|$|\.)|(^|[^A-Za-z0-9_."])(Glibc|Musl|Darwin)\.[A-Za-z_]'
found=$(find "${folders[@]}" -name '*.swift' ! -name Platform.swift -not -path '*/.build*' -print0 \
  | xargs -0 -r grep -nHE "$pattern" \
  | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
if [ -n "$found" ]; then
  echo "$found"
  echo "check-platform: the lines above use Glibc, Musl or Darwin outside a target's Platform.swift; move the call there" >&2
  exit 1
fi
echo "check-platform: no file but the platform files names Glibc, Musl or Darwin"
