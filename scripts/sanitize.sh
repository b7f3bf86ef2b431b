#!/bin/sh
# The test suite again under AddressSanitizer and UndefinedBehaviorSanitizer, in build-asan/
# (any sanitizer report fails the test that triggered it). Part of the README's test command.
set -eu
cd "$(dirname "$0")/.."
build=${ASAN_BUILD:-build-asan}
if [ ! -f "$build/build.ninja" ]; then
  # -O1 -g1: quick to compile (CI's time budget), still readable stack traces.
  meson setup "$build" -Db_sanitize=address,undefined -Db_lundef=false \
    --buildtype=plain -Doptimization=1 -Dcpp_args=-g1 >/dev/null
fi
ninja -C "$build" >/dev/null
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
  meson test -C "$build" --print-errorlogs --timeout-multiplier "${ASAN_TIMEOUT_MULTIPLIER:-6}"
