#!/usr/bin/env bash
# Runs the libFuzzer targets of Fuzz/, SECONDS each (default 60), one a core at a time.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. scripts/fuzz.sh 600 FuzzPNG
#
# Targets: FuzzTreeJSON FuzzRecursiveDescription FuzzAppium FuzzUIAutomator FuzzPNG FuzzSlicer
# FuzzXCUITest FuzzEspresso FuzzMaestro FuzzSentry FuzzCompose FuzzFlutterSemantics FuzzFlutterRender
# FuzzDetox FuzzDumpsys FuzzCDPSnapshot FuzzJUnit FuzzXPath FuzzLocators (the list is `all=(...)` below; .ci/run counts it).
# Each starts from a corpus seeded with the samples (Samples/), the fixtures (Tests/Fixtures/)
# and, when it is there, the shared corpus (../shared), and keeps what it learns in
# Fuzz/.build/corpus/TARGET between runs. Logs go to Fuzz/.build/logs/TARGET.log; a crashing
# input is saved as Fuzz/.build/artifacts/TARGET/crash-… (add it to Tests/Fixtures/fuzz/ as a
# regression test). Prints one line per target: seconds, executions, coverage; exits 1 when any
# target found something. FUZZ_KEEP_GOING=1 runs each target in libFuzzer's fork mode (one child
# process at a time), which saves a finding and goes on instead of stopping at the first one.
# FUZZ_SEED=N fixes libFuzzer's random seed, so that a run explores the same inputs each time
# (CI does, so that a red run is a finding anyone can repeat; long local runs use random seeds).
# FUZZ_JOBS=N runs N targets at once (default: the number of cores).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-60}
shift || true
all=(FuzzTreeJSON FuzzRecursiveDescription FuzzAppium FuzzUIAutomator FuzzPNG FuzzSlicer FuzzXCUITest FuzzEspresso FuzzMaestro FuzzSentry FuzzCompose FuzzFlutterSemantics FuzzFlutterRender FuzzDetox FuzzDumpsys FuzzCDPSnapshot FuzzJUnit FuzzXPath FuzzLocators)
targets=("${@:-${all[@]}}")
[ $# -eq 0 ] && targets=("${all[@]}")

build="$root/Fuzz/.build"
echo "fuzz: building the targets (-sanitize=fuzzer,address, release)"
# --sanitize=fuzzer lets libFuzzer supply main; the one -sanitize=fuzzer,address after it
# instruments both ways (given as two flags, swiftc would apply only the last one).
mkdir -p "$build"
if ! swift build --package-path Fuzz -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address >"$build/build.log" 2>&1; then
  grep -E "error" "$build/build.log" | head -20
  echo "fuzz: the build failed (log $build/build.log)"
  exit 2
fi

shared="$root/../shared"
fixtures="$root/Tests/Fixtures"

# seed DIR FILE...: copies the files that exist into the corpus folder, named by their content.
seed() {
  local dir=$1; shift
  local file
  for file in "$@"; do
    [ -f "$file" ] || continue
    cp "$file" "$dir/seed-$(sha1sum "$file" | cut -c1-16)"
  done
}

# seeds TARGET DIR: the seed inputs of one target.
seeds() {
  local dir=$2
  shopt -s nullglob globstar
  case $1 in
    FuzzTreeJSON) seed "$dir" Samples/*/tree.json "$fixtures"/tree-json/**/*.json ;;
    FuzzRecursiveDescription) seed "$dir" "$fixtures"/dumps/recursive-description/* "$shared"/dumps/recursive-description/* ;;
    FuzzAppium) seed "$dir" Samples/appium-settings/page-source.xml "$fixtures"/dumps/appium-ios/* "$shared"/dumps/appium-ios/* ;;
    FuzzUIAutomator) seed "$dir" "$fixtures"/dumps/uiautomator/* "$shared"/dumps/uiautomator/* ;;
    FuzzXCUITest) seed "$dir" "$fixtures"/dumps/xcuitest/* ;;
    FuzzEspresso) seed "$dir" "$fixtures"/dumps/espresso/* ;;
    FuzzDumpsys) seed "$dir" "$fixtures"/dumps/dumpsys/* ;;
    FuzzMaestro) seed "$dir" "$fixtures"/dumps/maestro/* ;;
    FuzzSentry) seed "$dir" "$fixtures"/dumps/sentry/* ;;
    FuzzCompose) seed "$dir" "$fixtures"/dumps/compose/* ;;
    FuzzFlutterSemantics|FuzzFlutterRender) seed "$dir" "$fixtures"/dumps/flutter/* ;;
    FuzzDetox) seed "$dir" "$fixtures"/dumps/detox/* ;;
    FuzzCDPSnapshot) seed "$dir" "$fixtures"/web/*.cdp-snapshot.json ;;
    FuzzJUnit) seed "$dir" "$fixtures"/junit/* ;;
    # Locators (issue #47's: what crashed libxml2, nested without end, long chains) and good ones.
    FuzzXPath|FuzzLocators) seed "$dir" "$root"/Fuzz/Seeds/"$1"/* ;;
    FuzzPNG)
      seed "$dir" "$fixtures"/pngsuite/*.png "$shared"/pngsuite/png/*.png
      # The samples' small snapshots (large ones only slow the fuzzer down).
      local png
      for png in Samples/*/snapshots/*.png; do [ "$(stat -c %s "$png")" -le 16384 ] && seed "$dir" "$png"; done ;;
    FuzzSlicer)
      # Two bytes of screenshot size, then a dump.
      local dump
      for dump in Samples/appium-settings/page-source.xml "$fixtures"/dumps/*/* "$shared"/dumps/*/*; do
        [ -f "$dump" ] || continue
        { printf '\x2a\x3f'; cat "$dump"; } > "$dir/seed-$(sha1sum "$dump" | cut -c1-16)"
      done ;;
  esac
  shopt -u nullglob globstar
}

dictionary() {
  case $1 in
    FuzzTreeJSON) echo "$root/Fuzz/Dictionaries/json.dict" ;;
    FuzzRecursiveDescription) echo "$root/Fuzz/Dictionaries/recursive-description.dict" ;;
    FuzzAppium|FuzzUIAutomator) echo "$root/Fuzz/Dictionaries/xml.dict" ;;
    FuzzXCUITest) echo "$root/Fuzz/Dictionaries/xcuitest.dict" ;;
    FuzzEspresso) echo "$root/Fuzz/Dictionaries/espresso.dict" ;;
    FuzzDumpsys) echo "$root/Fuzz/Dictionaries/dumpsys.dict" ;;
    FuzzMaestro|FuzzSentry) echo "$root/Fuzz/Dictionaries/foreign-json.dict" ;;
    FuzzCompose) echo "$root/Fuzz/Dictionaries/compose.dict" ;;
    FuzzFlutterSemantics|FuzzFlutterRender) echo "$root/Fuzz/Dictionaries/flutter.dict" ;;
    FuzzDetox|FuzzJUnit) echo "$root/Fuzz/Dictionaries/xml.dict" ;;
    FuzzCDPSnapshot) echo "$root/Fuzz/Dictionaries/cdp-snapshot.dict" ;;
    FuzzPNG) echo "$root/Fuzz/Dictionaries/png.dict" ;;
    FuzzXPath) echo "$root/Fuzz/Dictionaries/xpath.dict" ;;
    FuzzLocators) echo "$root/Fuzz/Dictionaries/locators.dict" ;;
    FuzzSlicer)
      cat "$root/Fuzz/Dictionaries/xml.dict" "$root/Fuzz/Dictionaries/recursive-description.dict" > "$build/slicer.dict"
      echo "$build/slicer.dict" ;;
  esac
}

# Leaks inside libraries we do not own (see the file); ours are still reported.
export LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# findings DIR: how many crashes, leaks, time-outs and out-of-memory inputs DIR holds (libFuzzer
# also saves "slow units" there, inputs that merely took long once, e.g. while the machine was
# busy: those are not findings).
findings() {
  find "$1" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l
}

# run TARGET: fuzzes one target; prints its line (and what it found); returns 1 on a finding.
run() {
  local target=$1 corpus artifacts log before extra code last execs cov ft found failed=0
  corpus="$build/corpus/$target" artifacts="$build/artifacts/$target" log="$build/logs/$target.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  seeds "$target" "$corpus"
  before=$(findings "$artifacts")
  extra=()
  [ "${FUZZ_KEEP_GOING:-0}" = 1 ] && extra=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  [ -n "${FUZZ_SEED:-}" ] && extra+=(-seed="$FUZZ_SEED")
  set +e
  # -timeout: one input taking 10 s is a finding; -rss_limit_mb: so is 2 GB of memory.
  "$build/release/$target" "$corpus" -dict="$(dictionary "$target")" -max_total_time="$seconds" \
    -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "${extra[@]}" >"$log" 2>&1
  code=$?
  set -e
  # The last status line ("#EXECUTIONS ... cov: N ft: N ..."), in either mode.
  last=$(grep -E "^#[0-9]+:?[[:space:]].*cov: [0-9]+ ft: [0-9]+" "$log" | tail -1)
  execs=$(grep -E "^stat::number_of_executed_units:" "$log" | awk '{print $2}' | tail -1 || true)
  [ -n "$execs" ] || execs=$(echo "$last" | sed -nE 's/^#([0-9]+).*/\1/p')
  cov=$(echo "$last" | sed -nE 's/.*cov: ([0-9]+).*/\1/p') ft=$(echo "$last" | sed -nE 's/.*ft: ([0-9]+).*/\1/p')
  found=$(( $(findings "$artifacts") - before ))
  echo "fuzz: $target: ${seconds}s, ${execs:-?} executions, cov ${cov:-?}, ft ${ft:-?}, exit $code, new findings $found (log $log)"
  if [ "$code" -ne 0 ] || [ "$found" -gt 0 ]; then
    failed=1
    grep -E "^==[0-9]+==ERROR|^SUMMARY|Fatal error|Test unit written" "$log" | head -5 | sed 's/^/fuzz:   /' || true
  fi
  return $failed
}

# FUZZ_JOBS targets at once, each with its own corpus and log; a target that found something
# leaves a mark in $build/failed, read when all have ended.
parallel=${FUZZ_JOBS:-$(nproc)}
rm -rf "$build/failed" && mkdir -p "$build/failed"
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || true; done
  { run "$target" || touch "$build/failed/$target"; } &
done
wait
[ -z "$(ls -A "$build/failed")" ]
