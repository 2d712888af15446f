#!/usr/bin/env bash
# A release that runs without Swift (docs/release.md): builds `hierarchy` with the Swift runtime
# linked in and packs it twice.
#
#   scripts/release.sh OUTDIR
#
# writes OUTDIR/hierarchy-VERSION-linux-ARCH.tar.gz (bin/hierarchy, share/man/man1/*.1, completions
# for bash, zsh and fish under share/, LICENSE, README.md) and OUTDIR/hierarchy_VERSION_ARCH.deb,
# and prints their paths. VERSION is HierarchyVersion.number when HEAD is its tag vVERSION and the
# tree is clean, else VERSION-dev+COMMIT (the .deb's VERSION~dev+COMMIT, which sorts before the
# release). The build folder is $RELEASE_SCRATCH (default .build-release): the script builds from
# the sources as they are checked out, whatever .build holds.
#
# Needs: the Swift toolchain, git, dpkg-deb and dpkg-shlibdeps (dpkg-dev), gzip, and the -dev
# packages the README names. Nothing is fetched: swift-argument-parser's man page generator is
# built from the copy SwiftPM resolved for the build.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: scripts/release.sh OUTDIR" >&2; exit 64; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
root=$PWD
export PATH="/opt/swift/usr/bin:$PATH"
scratch=${RELEASE_SCRATCH:-$root/.build-release}

# The version from its one place in the source, and what git says of this checkout.
number=$(sed -nE 's/^ *public static let number = "([0-9]+\.[0-9]+\.[0-9]+)"$/\1/p' Sources/HierarchyModel/HierarchyVersion.swift)
[ -n "$number" ] || { echo "release: no version number in Sources/HierarchyModel/HierarchyVersion.swift" >&2; exit 1; }
commit=$(git rev-parse HEAD)
tagged=0
dirty=$(git status --porcelain --untracked-files=no)
if [ -z "$dirty" ] && [ "$(git tag --points-at HEAD --list "v$number")" = "v$number" ]; then tagged=1; fi
# A tree with changes is built and said so: its commit is not what was built.
stamp=$commit
[ -z "$dirty" ] || stamp="$commit-dirty"
short=${commit:0:12}
if [ "$tagged" = 1 ]; then
  version=$number; deb_version=$number
else
  version="$number-dev+$short${dirty:+.dirty}"; deb_version="$number~dev+$short${dirty:+.dirty}"
fi
arch=$(uname -m)
deb_arch=$(dpkg --print-architecture)
echo "release: hierarchy $version ($stamp), $arch, building in $scratch"

# The stamp, in a header of the build folder that Sources/CBuildStamp includes when the C compiler
# is told its path. The flag is the same for every commit (a changed flag would rebuild every
# module, -Xcc reaching every compilation); the header is rewritten only when its text changes, and
# then build_stamp.c alone is compiled again.
mkdir -p "$scratch/stamp"
header="$scratch/stamp/stamp.h"
text=$(printf '#define HIERARCHY_COMMIT "%s"\n#define HIERARCHY_TAGGED %s\n' "$stamp" "$tagged")
[ -f "$header" ] && [ "$(cat "$header")" = "$text" ] || printf '%s\n' "$text" >"$header"
swift build -c release --static-swift-stdlib --product hierarchy --scratch-path "$scratch" \
  -Xcc "-DHIERARCHY_STAMP_HEADER=\"$header\""
bin="$scratch/release/hierarchy"
printed=$("$bin" --version)
case "$printed" in
  "hierarchy $version "*) ;;
  *) echo "release: the binary says '$printed', not version $version" >&2; exit 1 ;;
esac

# swift-argument-parser's generate-manual, built from the checkout the build resolved (its
# `swift package generate-manual` plugin would build the whole package again, in debug).
tools="$scratch/tools"
# (A copy: SwiftPM's checkouts are read-only. Copied again only when the resolved revision changed.)
revision=$(git -C "$scratch/checkouts/swift-argument-parser" rev-parse HEAD)
if [ "$(cat "$tools/revision" 2>/dev/null)" != "$revision" ]; then
  rm -rf "$tools"
  mkdir -p "$tools"
  cp -R "$scratch/checkouts/swift-argument-parser" "$tools/swift-argument-parser"
  chmod -R u+w "$tools/swift-argument-parser"
  echo "$revision" >"$tools/revision"
fi
swift build --package-path "$tools/swift-argument-parser" --scratch-path "$tools/build" --product generate-manual >/dev/null
generate_manual="$tools/build/debug/generate-manual"

stage_name="hierarchy-$version-linux-$arch"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/$stage_name"
mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
  "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d"
install -m 755 "$bin" "$stage/bin/hierarchy"
strip "$stage/bin/hierarchy"
# The pages carry the commit's date, so that two builds of a commit make the same files.
date=$(git log -1 --format=%cs HEAD)
"$generate_manual" "$stage/bin/hierarchy" --multi-page --date "$date" -o "$stage/share/man/man1"
"$stage/bin/hierarchy" --generate-completion-script bash >"$stage/share/bash-completion/completions/hierarchy"
"$stage/bin/hierarchy" --generate-completion-script zsh >"$stage/share/zsh/site-functions/_hierarchy"
"$stage/bin/hierarchy" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/hierarchy.fish"
cp README.md "$stage/README.md"
cp LICENSE "$stage/LICENSE"

epoch=$(git log -1 --format=%ct HEAD)
tarball="$out/$stage_name.tar.gz"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$work" -cf - "$stage_name" | gzip -9n >"$tarball"

# The .deb: the same files where Debian keeps them, and Depends from what the binary links
# (dpkg-shlibdeps maps each library to its package) plus the fonts that text is drawn with
# (README's prerequisites: DejaVu, Droid Sans Fallback, Noto, Noto CJK, Noto Color Emoji).
deb="$work/deb"
mkdir -p "$deb/DEBIAN" "$deb/usr/bin" "$deb/usr/share/man/man1" "$deb/usr/share/bash-completion/completions" \
  "$deb/usr/share/zsh/vendor-completions" "$deb/usr/share/fish/vendor_completions.d" "$deb/usr/share/doc/hierarchy"
install -m 755 "$stage/bin/hierarchy" "$deb/usr/bin/hierarchy"
for page in "$stage"/share/man/man1/*.1; do gzip -9n <"$page" >"$deb/usr/share/man/man1/$(basename "$page").gz"; done
install -m 644 "$stage/share/bash-completion/completions/hierarchy" "$deb/usr/share/bash-completion/completions/hierarchy"
install -m 644 "$stage/share/zsh/site-functions/_hierarchy" "$deb/usr/share/zsh/vendor-completions/_hierarchy"
install -m 644 "$stage/share/fish/vendor_completions.d/hierarchy.fish" "$deb/usr/share/fish/vendor_completions.d/hierarchy.fish"
install -m 644 README.md "$deb/usr/share/doc/hierarchy/README.md"
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: hierarchy"
  echo
  echo "Files: *"
  echo "License: Apache-2.0"
  echo "Comment: the binary links in the Swift runtime and Foundation (Apache-2.0 with the Runtime"
  echo " Library Exception), swift-argument-parser, AsyncHTTPClient, SwiftNIO and the Apple and"
  echo " swift-server packages they use, and BoringSSL through swift-nio-ssl (Apache-2.0; its fiat"
  echo " curve code is MIT, Apache-2.0 or BSD-1-Clause at the user's choice)."
  echo
  echo "License: Apache-2.0"
  echo " On Debian systems, the full text of the Apache License 2.0 is in"
  echo " /usr/share/common-licenses/Apache-2.0."
} >"$deb/usr/share/doc/hierarchy/copyright"
chmod -R u=rwX,go=rX "$deb"
chmod 755 "$deb/usr/bin/hierarchy"

shlibs=$(cd "$work" && mkdir -p debian && printf 'Source: hierarchy\n\nPackage: hierarchy\nArchitecture: any\n' >debian/control \
  && dpkg-shlibdeps -O "$deb/usr/bin/hierarchy" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "release: dpkg-shlibdeps named no library" >&2; exit 1; }
fonts="fonts-dejavu-core, fonts-droid-fallback, fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji"
size=$(du -sk --exclude=DEBIAN "$deb" | cut -f1)
cat >"$deb/DEBIAN/control" <<EOF
Package: hierarchy
Version: $deb_version
Architecture: $deb_arch
Maintainer: hierarchy developers <hierarchy@invalid>
Installed-Size: $size
Depends: $shlibs, $fonts
Section: utils
Priority: optional
Description: exploded 3D pictures of captured UI view hierarchies
 hierarchy turns a captured UI view hierarchy (its own tree.json, or a dump:
 UIKit recursiveDescription, Appium or uiautomator XML, XCUITest
 debugDescription, Espresso, Maestro, Sentry) into an exploded 3D picture,
 exports glTF, JSON and HTML, diffs captures, audits accessibility and
 reports test runs. Built $stamp.
EOF
debfile="$out/hierarchy_${deb_version}_$deb_arch.deb"
dpkg-deb --root-owner-group -Zxz --build "$deb" "$debfile" >/dev/null
echo "$tarball"
echo "$debfile"
