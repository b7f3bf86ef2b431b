#!/bin/sh
# Benchmark of `squares regions`: makes N unique ROWSxCOLS puzzles with the default
# dictionary (seeds 1..N), then solves each one and reports, per puzzle, the generator's
# solver runs and time, the solver's placements, search nodes and solve time (--stats), and
# the wall time of the whole `squares regions PUZZLE` process (dictionary loading included).
# Usage: scripts/bench-regions.sh [SQUARES [N [ROWSxCOLS]]]
set -eu
squares=${1:-build/src/squares}
count=${2:-20}
shape=${3:-14x24}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now_ms() { date +%s%3N; }
echo "seed make_runs make_ms placements nodes solve_ms process_ms answer"
seed=1
while [ "$seed" -le "$count" ]; do
  "$squares" regions --make "$shape" --seed "$seed" --stats >"$tmp/p.txt" 2>"$tmp/make.err"
  # "regions: made 14x24 in 4 solver runs, 284.97 ms"
  make_runs=$(sed -n 's/.* in \([0-9]*\) solver runs.*/\1/p' "$tmp/make.err")
  make_ms=$(sed -n 's/.* runs, \([0-9.]*\) ms/\1/p' "$tmp/make.err")
  start=$(now_ms)
  "$squares" regions --stats "$tmp/p.txt" >"$tmp/out" 2>"$tmp/solve.err"
  end=$(now_ms)
  # "regions: 14x24, setup 9.13 ms, 666 placements, 6215 nodes, solve 77.41 ms"
  stats=$(sed -n 's/.*, \([0-9]*\) placements, \([0-9]*\) nodes, solve \([0-9.]*\) ms/\1 \2 \3/p' \
    "$tmp/solve.err")
  echo "$seed $make_runs $make_ms $stats $((end - start)) $(tail -n 1 "$tmp/out")"
  seed=$((seed + 1))
done >"$tmp/table"
cat "$tmp/table"
n=$(wc -l <"$tmp/table")
sorted=$(awk '{ print $6 }' "$tmp/table" | sort -n)
median=$(echo "$sorted" | sed -n "$(((n + 1) / 2))p")
awk -v shape="$shape" -v min="$(echo "$sorted" | head -n 1)" -v median="$median" \
    -v max="$(echo "$sorted" | tail -n 1)" '
  { make += $3; proc += $7; if ($8 != "unique") bad++ }
  END {
    printf "%d puzzles %s: solve ms min %s median %s max %s; mean process %.0f ms;",
           NR, shape, min, median, max, proc / NR
    printf " mean make %.0f ms; not unique: %d\n", make / NR, bad + 0
  }' "$tmp/table"
