#!/bin/sh
# Shape benchmark: diagonal double squares and word cubes, counts and CPU seconds (least of
# $REPS runs, one thread), and the greedy cell order against the given one. Not a test.
#   scripts/bench-shapes.sh [BUILD_DIR]      (default: build; LONG=1 adds a row of ~80 s)
# Word lists as in bench.sh: Debian's wamerican (a-z words, lower-cased) and the npm package
# word-list ("letterpress"), fetched with `npm pack` into BUILD_DIR/bench-data; cubes use the
# embedded list cut to common words (--max-level, SCOWL size). The shape files it writes
# (BUILD_DIR/bench-data/*.shape) are fieldfinder topologies, usable by that program as-is.
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
bin=$build/src/squares
data=$build/bench-data
mkdir -p "$data"
[ -x "$bin" ] || { echo "bench-shapes.sh: build first (scripts/setup.sh)" >&2; exit 2; }

wam=$data/wamerican.txt
if [ ! -s "$wam" ]; then
  [ -r /usr/share/dict/american-english ] || { echo "bench-shapes.sh: install Debian's wamerican" >&2; exit 1; }
  grep -x '[a-zA-Z]*' /usr/share/dict/american-english | tr A-Z a-z | LC_ALL=C sort -u >"$wam"
fi
lp=$data/letterpress.txt
if [ ! -s "$lp" ]; then
  (cd "$data" && npm pack --silent word-list >/dev/null && tar xzf word-list-*.tgz package/words.txt \
     && mv package/words.txt letterpress.txt && rm -rf package word-list-*.tgz)
fi

# Topologies (cells from 1, row-major): double n x n squares with both diagonals, and the
# same with cells numbered in a scrambled order (the given order is then a poor one).
diagonal() {  # diagonal N [SEED]
  awk -v n="$1" -v seed="${2:-0}" 'BEGIN {
    for (c = 1; c <= n * n; c++) id[c] = c
    if (seed) { srand(seed); for (c = n * n; c > 1; c--) { k = int(rand() * c) + 1; t = id[c]; id[c] = id[k]; id[k] = t } }
    for (i = 0; i < n; i++) { s = ""; for (j = 0; j < n; j++) s = s (j ? "," : "") id[i * n + j + 1]; print s }
    for (j = 0; j < n; j++) { s = ""; for (i = 0; i < n; i++) s = s (i ? "," : "") id[i * n + j + 1]; print s }
    s = ""; for (k = 0; k < n; k++) s = s (k ? "," : "") id[k * n + k + 1]; print s
    s = ""; for (k = 0; k < n; k++) s = s (k ? "," : "") id[k * n + n - k]; print s }'
}
diagonal 4 >"$data/diagonal4.shape"
diagonal 5 >"$data/diagonal5.shape"
diagonal 5 7 >"$data/diagonal5-scrambled.shape"

reps=${REPS:-3}
run() {  # run NAME ARGS...: one row; cpu_s is the least of $reps runs
  name=$1
  shift
  cpu=
  for k in $(seq "$reps"); do
    out=$( { /usr/bin/time -f "%U %S" "$bin" "$@" --count --stats -j 1 2>&1 >&3; } 3>&1 )
    this=$(printf '%s\n' "$out" | tail -1 | awk '{print $1 + $2}')
    if [ -z "$cpu" ] || [ "$(echo "$this < $cpu" | bc -l)" = 1 ]; then cpu=$this; fi
  done
  count=$(printf '%s\n' "$out" | head -1)
  nodes=$(printf '%s\n' "$out" | awk '/nodes,/ {print $2}')
  printf '%-46s %12s %14s %8.2f\n' "$name" "$count" "$nodes" "$cpu"
}

printf '%-46s %12s %14s %8s\n' workload count nodes cpu_s
run "double 4x4 + diagonals, wamerican" --dict "$wam" --double --diagonals -n 4
run "double 4x4 + diagonals, letterpress" --dict "$lp" --double --diagonals -n 4
run "double 5x5 + diagonals, wamerican" --dict "$wam" --double --diagonals -n 5
[ -z "${LONG:-}" ] || run "double 5x5 + diagonals, letterpress" --dict "$lp" --double --diagonals -n 5
run "word cube 3, default --max-level 20" --cube 3 --max-level 20
run "word cube 4, default --max-level 20" --cube 4 --max-level 20
run "word cube 3, default --max-level 35" --cube 3 --max-level 35

echo
echo "cell order, given vs greedy (shape files; built-ins use their row-major order):"
for order in given greedy; do
  run "diagonal5.shape wamerican, $order" shape "$data/diagonal5.shape" --dict "$wam" --order $order
done
run "diagonal5-scrambled.shape wamerican, greedy" shape "$data/diagonal5-scrambled.shape" --dict "$wam"
# The given order of scrambled cells is hopeless: one run, cut off after a minute.
if out=$( { /usr/bin/time -f "%U %S" timeout 60 "$bin" shape "$data/diagonal5-scrambled.shape" \
              --dict "$wam" --order given --count -j 1 2>&1 >&3; } 3>&1 ); then
  printf '%-46s %12s %14s %8.2f\n' "diagonal5-scrambled.shape wamerican, given" \
    "$(printf '%s\n' "$out" | head -1)" - "$(printf '%s\n' "$out" | tail -1 | awk '{print $1 + $2}')"
else
  printf '%-46s %12s %14s %8s\n' "diagonal5-scrambled.shape wamerican, given" - - ">60"
fi
