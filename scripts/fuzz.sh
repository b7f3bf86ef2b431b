#!/bin/sh
# Builds the libFuzzer targets (tests/fuzz: one per parser) with clang, ASan and UBSan in
# build-fuzz/ and runs each for SECONDS (default 30), FUZZ_JOBS targets at a time (default 1).
# Corpora grow in BUILD/corpus/T; an input that crashes target T is saved in BUILD/crashes/T:
# fix the bug, then copy the input into tests/data/fuzz-regressions/T so that `meson test`
# keeps checking it.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: lexicon index cli regions grid kakuro clues serve puz puzzle zip)
# FUZZ_BUILD=DIR uses (or sets up) another build; it needs clang++ and libclang-rt-dev (Debian).
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-30}
[ $# -gt 0 ] && shift
targets=${*:-lexicon index cli regions grid kakuro clues serve puz puzzle zip}
jobs=${FUZZ_JOBS:-1}
build=${FUZZ_BUILD:-build-fuzz}
if [ ! -f "$build/build.ninja" ]; then
  CXX=${FUZZ_CXX:-clang++} meson setup "$build" -Dfuzz=true -Db_sanitize=address,undefined \
    -Db_lundef=false --buildtype=debugoptimized >/dev/null
fi
ninja -C "$build" >/dev/null
[ -x "$build/tests/fuzz/fuzz_lexicon" ] ||
  { echo "fuzz.sh: $build has no fuzz targets (it needs clang and -Dfuzz=true)" >&2; exit 2; }

# fuzz TARGET: runs one target; prints its figures, or FAILED and where to look.
fuzz() {
  target=$1
  corpus=$build/corpus/$target
  crashes=$build/crashes/$target
  mkdir -p "$corpus" "$crashes"
  seeds=tests/data/fuzz-seeds/$target
  [ -d "tests/data/fuzz-regressions/$target" ] && seeds="$seeds tests/data/fuzz-regressions/$target"
  case $target in
    lexicon) seeds="$seeds tests/data/fill tests/data/regions" ;;
    grid) seeds="$seeds tests/data/grids" ;;
    kakuro) seeds="$seeds tests/data/kakuro" ;;
    index) "$build/src/squares" index tests/data/index-words.txt -o "$corpus/index-words.idx" ;;
  esac
  log=$build/fuzz_$target.log
  # shellcheck disable=SC2086
  if UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 "$build/tests/fuzz/fuzz_$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$crashes/" "$corpus" $seeds </dev/null 2>"$log"; then
    echo "fuzz_$target: $seconds s, $(grep -E '^stat::number_of_executed_units' "$log" |
      tr -dc 0-9) runs, peak $(grep -E '^stat::peak_rss_mb' "$log" | tr -dc 0-9) MB: clean"
  else
    echo "fuzz_$target: FAILED, see $log and $crashes/"
    return 1
  fi
}

status=0
running=0
for target in $targets; do
  fuzz "$target" >"$build/fuzz_$target.result" 2>&1 &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait
    running=0
  fi
done
wait
for target in $targets; do
  cat "$build/fuzz_$target.result"
  grep -q FAILED "$build/fuzz_$target.result" && status=1
done
exit $status
