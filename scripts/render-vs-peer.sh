#!/usr/bin/env bash
# scripts/render-vs-peer.sh [RUNS] [VIEWS] [--file-per-view | --gen-bench]: issue #14's side-by-side
# figure. Writes the render benchmark's capture (hierarchy-bench capture, about VIEWS views, 2,000 by
# default; with --file-per-view a snapshot file per view, as the in-app capture library writes; with
# --gen-bench the capture ../shared/peers/gen_bench.py writes instead: about VIEWS views, each its own
# small PNG, issue #26's figure; it needs Pillow), then times
# whole-process runs of `hierarchy render` and of ../shared/peers/exploded_peer.py (Pillow) on the
# same layer list, alternating, RUNS times each (7 by default): medians of wall time, CPU time and
# peak memory, and the speed-up. Also times libpng's simplified API decoding every snapshot file
# of the capture once on one core (the "decode limit"). Needs a release build, python3 with
# Pillow, and the shared corpus beside the repository. HIERARCHY=PATH times another build of the
# command (for example one made with `swift build -c release --static-swift-stdlib`); BEFORE=PATH
# times a second build of the command in the same alternation (before and after a change, under the
# same load). The load average is printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}; views=${2:-2000}; per_view=${3:-}
peer=../shared/peers/exploded_peer.py
gen=../shared/peers/gen_bench.py
[ -f "$peer" ] || { echo "render-vs-peer: $peer is missing (the shared corpus sits beside the repository)" >&2; exit 1; }
bin=.build/release
[ -x $bin/hierarchy ] && [ -x $bin/hierarchy-bench ] || { echo "render-vs-peer: build first: swift build -c release" >&2; exit 1; }
hierarchy=${HIERARCHY:-$bin/hierarchy}; before=${BEFORE:-}
[ -z "$before" ] || [ -x "$before" ] || { echo "render-vs-peer: BEFORE=$before is no program" >&2; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
if [ "$per_view" = --gen-bench ]; then
  [ -f "$gen" ] || { echo "render-vs-peer: $gen is missing" >&2; exit 1; }
  python3 "$gen" "$work/cap" --views "$views" >/dev/null
else
  $bin/hierarchy-bench capture "$work/cap" "$views" $per_view >/dev/null
fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
$bin/hierarchy layout "$work/cap/tree.json" --format json > "$work/layout.json"
camera=(--spacing 20 --yaw -30 --pitch 15 --fov 35)
# --force where the build knows it (an older BEFORE may not).
force() { "$1" render --help 2>&1 | grep -q -- --force && echo --force || true; }
hforce=$(force "$hierarchy"); bforce=$([ -z "$before" ] || force "$before")
# timed FILE COMMAND...: CPU and peak memory from /usr/bin/time (10 ms steps), and the wall time
# to the microsecond from bash's clock around it (time's own wall is in 10 ms steps).
timed() {
  local out=$1; shift
  local t0=$EPOCHREALTIME
  /usr/bin/time -f "%e %U %S %M" -o "$out" "$@" >/dev/null 2>&1
  local t1=$EPOCHREALTIME
  echo "$t0 $t1" > "$out.wall"
}
for i in $(seq "$runs"); do
  timed "$work/h.$i" "$hierarchy" render "$work/cap/tree.json" $hforce -o "$work/h.png" "${camera[@]}"
  [ -z "$before" ] || timed "$work/b.$i" "$before" render "$work/cap/tree.json" $bforce -o "$work/b.png" "${camera[@]}"
  timed "$work/p.$i" python3 "$peer" pillow "$work/layout.json" "$work/cap" "$work/p.png"
done
# The decode limit: each snapshot file decoded once to RGBA8 with png_image_* (C, one core).
cat > "$work/limit.c" <<'C'
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
int main(int argc, char **argv) {
    struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 1; i < argc; i++) {
        png_image image; memset(&image, 0, sizeof image); image.version = PNG_IMAGE_VERSION;
        if (!png_image_begin_read_from_file(&image, argv[i])) { fprintf(stderr, "%s: %s\n", argv[i], image.message); return 1; }
        image.format = PNG_FORMAT_RGBA;
        png_bytep pixels = malloc(PNG_IMAGE_SIZE(image));
        if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) { fprintf(stderr, "%s: %s\n", argv[i], image.message); return 1; }
        free(pixels);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.3f\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
    return 0;
}
C
cc -O2 -o "$work/limit" "$work/limit.c" $(pkg-config --cflags --libs libpng)
for i in $(seq "$runs"); do "$work/limit" $(find "$work/cap" -name '*.png') > "$work/d.$i"; done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
[ -z "$before" ] || cmp -s "$work/h.png" "$work/b.png" || echo "render-vs-peer: BEFORE's picture differs from this build's" >&2
python3 - "$work" "$runs" "$views" "$before" "$(find "$work/cap" -name '*.png' | wc -l)" <<'PY'
import os, statistics as st, sys
work, runs, views, before, files = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
def rows(prefix):
    # [wall, user, system, peak KB], the wall from the clock around the run.
    out = []
    for i in range(1, runs + 1):
        r = list(map(float, open(f"{work}/{prefix}.{i}").read().split()))
        t0, t1 = map(float, open(f"{work}/{prefix}.{i}.wall").read().split())
        out.append([t1 - t0] + r[1:])
    return out
h, p = rows("h"), rows("p")
b = rows("b") if before else None
limit = st.median(float(open(f"{work}/d.{i}").read()) for i in range(1, runs + 1))
for name, r in (("hierarchy render", h),) + ((("BEFORE", b),) if b else ()) + (("Pillow peer", p),):
    print(f"{name:17} median {st.median(x[0] for x in r):.3f} s wall, {st.median(x[1] + x[2] for x in r):.3f} s CPU, "
          f"peak {st.median(x[3] for x in r) / 1024:.0f} MB  (walls: {' '.join(f'{x[0]:.3f}' for x in r)})")
hw, pw = st.median(x[0] for x in h), st.median(x[0] for x in p)
print(f"decode limit      median {limit:.3f} s (every snapshot file once, libpng simplified API, one core)")
if b:
    print(f"BEFORE's speed-up over the peer {pw / st.median(x[0] for x in b):.2f}x")
print(f"speed-up over the peer {pw / hw:.2f}x; hierarchy = {hw / limit:.2f}x the decode limit; "
      f"{runs} alternating runs each, capture of about {views} views, {files} snapshot files")
PY
