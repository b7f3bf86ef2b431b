#!/bin/sh
# The test suite again under AddressSanitizer and UndefinedBehaviorSanitizer, built with clang
# in build-asan/ together with the libFuzzer targets, then a short fuzz run of each target
# (FUZZ_SECONDS each, default 5; two at a time). Any sanitizer report or fuzz finding fails.
# Part of the README's test command.
set -eu
cd "$(dirname "$0")/.."
build=${ASAN_BUILD:-build-asan}
if [ ! -f "$build/build.ninja" ]; then
  # -O1 and no debug info: quick to compile (CI's time budget; -g1 took 16% longer on the
  # search loop's files). Reports still name the functions; for their lines, set up a build
  # with -Dcpp_args=-g1. UBSan's pointer-overflow check is left out: of its checks it costs the
  # most to compile (every index into an automaton or a state array), and ASan still reports
  # any access out of bounds. (-O0 compiles in two thirds of the time, but the tests then
  # run two to three times longer.)
  CXX=clang++ meson setup "$build" -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false \
    --buildtype=plain -Doptimization=1 -Dcpp_args=-fno-sanitize=pointer-overflow >/dev/null
fi
ninja --quiet -C "$build"
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
  meson test -C "$build" --print-errorlogs --timeout-multiplier "${ASAN_TIMEOUT_MULTIPLIER:-6}"
FUZZ_BUILD=$build FUZZ_JOBS=2 scripts/fuzz.sh "${FUZZ_SECONDS:-5}"
