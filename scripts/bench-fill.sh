#!/bin/sh
# Benchmark of `squares fill` on every grid of a folder. Per grid:
#  - the best fill with the embedded (scored) list, limited to QUALITY_TIMEOUT seconds (and
#    10000 nodes for the mean): the worst word's level (SCOWL size), the mean level, whether
#    the worst is proven best, wall and CPU seconds;
#  - the first fill (--any) with the embedded list and with Debian's wamerican-huge, each
#    limited to TIMEOUT seconds: status (filled / impossible / over-constrained / timeout /
#    error) and wall seconds.
# Then the totals.
#   scripts/bench-fill.sh SQUARES GRID_DIR   (SQUARES: e.g. build/src/squares)
#   env: TIMEOUT (default 60), QUALITY_TIMEOUT (default 10), SEED (default 1)
set -u
[ $# -eq 2 ] || { echo "usage: scripts/bench-fill.sh SQUARES GRID_DIR" >&2; exit 2; }
squares=$1
grids=$2
timeout=${TIMEOUT:-60}
quality_timeout=${QUALITY_TIMEOUT:-10}
seed=${SEED:-1}
huge=/usr/share/dict/american-english-huge
[ -x "$squares" ] || { echo "bench-fill.sh: no binary at $squares (build first)" >&2; exit 2; }
[ -d "$grids" ] || { echo "bench-fill.sh: no grid folder $grids" >&2; exit 2; }
[ -f "$huge" ] || { echo "bench-fill.sh: $huge missing (apt-get install wamerican-huge)" >&2; exit 2; }
out=$(mktemp) && times=$(mktemp) || exit 1
trap 'rm -f "$out" "$times"' EXIT

now() { date +%s.%N; }

status_of() {
  case $1 in
    0) echo filled ;; 3) echo impossible ;; 4) echo over-constrained ;; 6) echo timeout ;;
    *) echo "error$1" ;;
  esac
}

# run TIMEOUT GRID ARGS...: prints "status wall-seconds cpu-seconds"; stdout kept in $out.
run() {
  limit=$1 grid=$2
  shift 2
  start=$(now)
  /usr/bin/time -o "$times" -f '%U %S' "$squares" fill "$grid" --timeout "$limit" \
    --seed "$seed" "$@" >"$out" 2>/dev/null
  code=$?
  end=$(now)
  cpu=$(awk '$1 ~ /^[0-9.]+$/ { print $1 + $2 }' "$times")
  printf '%s %.2f %.2f' "$(status_of "$code")" "$(echo "$end - $start" | bc)" "${cpu:-0}"
}

# The quality fields of a jsonl fill in $out: "worst mean proven" ("- - -" without a fill).
quality() {
  sed -n 's/.*"worst_score": \([-0-9]*\), "mean_score": \([-0-9.]*\).*"proven": \([a-z]*\).*/\1 \2 \3/p' "$out" |
    grep . || echo "- - -"
}

printf '%-28s %5s %6s %6s %6s %6s | %-16s %6s | %-16s %6s\n' grid worst mean proven wall cpu \
  "first (default)" s "first (huge)" s
for grid in "$grids"/*.crg; do
  name=$(basename "$grid" .crg)
  # shellcheck disable=SC2046
  set -- $(run "$quality_timeout" "$grid" --format jsonl --polish 10000)
  best_wall=$2 best_cpu=$3
  # shellcheck disable=SC2046
  set -- $(quality) "$best_wall" "$best_cpu" $(run "$timeout" "$grid" --any) \
    $(run "$timeout" "$grid" --any --dict "$huge" --fold-accents)
  printf '%-28s %5s %6s %6s %6s %6s | %-16s %6s | %-16s %6s\n' "$name" "$1" "$2" "$3" "$4" "$5" \
    "$6" "$7" "$9" "${10}"
done | awk '
  { print; fflush(); n++
    if ($4 == "true") proven++; if ($8 == "filled") f1++; if ($11 == "filled") f2++
    if ($9 > slow1) { slow1 = $9; slowest1 = $1 }
    q += $5; t1 += $9; t2 += $12 }
  END { printf "\n%d grids: best fill proven on %d (%.1f s in all); first fill: default list %d filled (%.1f s in all, slowest %s %.1f s), wamerican-huge %d filled (%.1f s in all)\n",
               n, proven, q, f1, t1, slowest1, slow1, f2, t2 }'
