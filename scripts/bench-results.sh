#!/bin/sh
# The speed of results through the C++ library: symmetric squares of SIZE on the embedded
# list, one thread, pinned to CPU 1 (taskset), each way of taking them (tests/bench_results.cc)
# run RUNS times, alternating, the least CPU seconds of the call (user + system: the search's
# and the callbacks') and its results per second; then the cost of making a search and of
# its first result (its tables are built on its first run), and of running it again.
#   scripts/bench-results.sh [BUILD_DIR] [RUNS] [SIZE] [BEFORE] [LIST]
# BEFORE (optional, "" for none): another bench_results binary (say, a copy built on main),
# run alongside in the same rounds, its rows marked "before". LIST: a word list instead of the
# embedded one.
set -eu
build=${1:-build}
runs=${2:-3}
size=${3:-5}
before=${4:-}
list=${5:-}
bin=$build/tests/bench_results
[ -x "$bin" ] || { echo "bench-results.sh: build first (ninja -C $build tests/bench_results)" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# The ways a binary knows (an older one may lack some).
hows() {
  for how in foreach view write; do
    "$1" "$how" 2 >/dev/null 2>&1 && echo "$how"
  done
}
for run in $(seq "$runs"); do
  for who in after ${before:+before}; do
    b=$bin
    [ "$who" = before ] && b=$before
    for how in $(hows "$b"); do
      echo "$who $how $(taskset -c 1 "$b" "$how" "$size" 1 $list)" >>"$out"
    done
    echo "$who create $(taskset -c 1 "$b" create "$size" 1 $list)" >>"$out"
  done
done
echo "symmetric ${size}x$size on ${list:-the embedded list}, one thread, pinned; least CPU seconds of $runs"
printf '%-8s %-8s %10s %9s %10s\n' "" how results seconds "M/s"
for who in ${before:+before} after; do
  for how in foreach view write; do
    grep -q "^$who $how " "$out" || continue
    grep "^$who $how " "$out" | sort -k4 -n | head -1 |
      awk '{ printf "%-8s %-8s %10d %9.3f %10.2f\n", $1, $2, $3, $4, $3 / $4 / 1e6 }'
  done
  grep "^$who create " "$out" | sort -k3 -n | head -1 |
    awk '{ again = NF >= 5 ? sprintf("%.3f ms", $5) : "-"
           printf "%-8s making a search: %.4f ms; made and run to its first result: %.3f ms;" \
                  " run again to its first result: %s\n", $1, $3, $4, again }'
done
