#!/bin/sh
# The speed of results through the C++ library: symmetric squares of SIZE on the embedded
# list, one thread, pinned to CPU 1 (taskset), each way of taking them (tests/bench_results.cc)
# run RUNS times, alternating, the least CPU seconds of the call (user + system: the search's
# and the callbacks') and its results per second; then, symmetric and double, the wall time
# (least of 20 in each run, least of the runs) of making a search, of making one and running
# it to its first result on a dictionary no search has read (first) and on one searched
# before (later: the tables searches share are built), and of running it again.
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
    for kind in create create-double; do
      echo "$who $kind $(taskset -c 1 "$b" "$kind" "$size" 1 $list)" >>"$out"
    done
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
  for kind in create create-double; do
    grep -q "^$who $kind " "$out" || continue
    # Each column's least over the runs (an older binary prints make, first, again).
    grep "^$who $kind " "$out" | awk -v kind="$kind" '
      { for (k = 3; k <= NF; ++k) if (NR == 1 || $k < least[k]) least[k] = $k; n = NF }
      END {
        label = kind == "create" ? "symmetric" : "double"
        if (n >= 6)
          printf "%-8s %-9s ms: make %.4f, to first result: first %.3f, later %.3f, again %.3f\n",
                 $1, label, least[3], least[4], least[5], least[6]
        else
          printf "%-8s %-9s ms: make %.4f, to first result: %.3f, again %.3f\n",
                 $1, label, least[3], least[4], least[5]
      }'
  done
done
