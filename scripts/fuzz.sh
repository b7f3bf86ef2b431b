#!/bin/sh
# Builds the libFuzzer targets (tests/fuzz: one per parser) with clang, ASan and UBSan in
# build-fuzz/ and runs each for SECONDS (default 30). Corpora grow in build-fuzz/corpus/T;
# an input that crashes target T is saved in build-fuzz/crashes/T: fix the bug, then copy the
# input into tests/data/fuzz-regressions/T so that `meson test` keeps checking it.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: lexicon index cli regions grid kakuro)
# FUZZ_BUILD=DIR builds elsewhere; the build needs clang++ and libclang-rt-dev (Debian).
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-30}
[ $# -gt 0 ] && shift
targets=${*:-lexicon index cli regions grid kakuro}
build=${FUZZ_BUILD:-build-fuzz}
if [ ! -f "$build/build.ninja" ]; then
  CXX=${FUZZ_CXX:-clang++} meson setup "$build" -Dfuzz=true -Db_sanitize=address,undefined \
    -Db_lundef=false --buildtype=debugoptimized >/dev/null
fi
ninja -C "$build" >/dev/null
status=0
for target in $targets; do
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
  echo "fuzz_$target: $seconds s"
  # shellcheck disable=SC2086
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 "$build/tests/fuzz/fuzz_$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$crashes/" "$corpus" $seeds </dev/null 2>"$build/fuzz_$target.log" ||
    { status=1; echo "fuzz_$target: FAILED, see $build/fuzz_$target.log and $crashes/"; }
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)' "$build/fuzz_$target.log" || true
done
exit $status
