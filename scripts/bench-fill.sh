#!/bin/sh
# Benchmark of `squares fill`: every grid of a folder, with the embedded dictionary and with
# Debian's wamerican-huge, each run limited to TIMEOUT seconds. Prints one row per grid:
# status (filled / impossible / over-constrained / timeout / error) and wall time per
# dictionary, then the totals.
#   scripts/bench-fill.sh [SQUARES [GRID_DIR]]     env: TIMEOUT (default 60), SEED (default 1)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
squares=${1:-$here/build/src/squares}
grids=${2:-$here/../shared/data/grids}
timeout=${TIMEOUT:-60}
seed=${SEED:-1}
huge=/usr/share/dict/american-english-huge
[ -x "$squares" ] || { echo "bench-fill.sh: no binary at $squares (build first)" >&2; exit 2; }
[ -d "$grids" ] || { echo "bench-fill.sh: no grid folder $grids" >&2; exit 2; }
[ -f "$huge" ] || { echo "bench-fill.sh: $huge missing (apt-get install wamerican-huge)" >&2; exit 2; }

now() { date +%s.%N; }

# run GRID DICT_ARGS...: prints "status seconds".
run() {
  grid=$1
  shift
  start=$(now)
  "$squares" fill "$grid" --timeout "$timeout" --seed "$seed" "$@" >/dev/null 2>&1
  code=$?
  end=$(now)
  case $code in
    0) status=filled ;; 3) status=impossible ;; 4) status=over-constrained ;;
    6) status=timeout ;; *) status=error$code ;;
  esac
  printf '%s %.2f' "$status" "$(echo "$end - $start" | bc)"
}

printf '%-30s %-17s %8s   %-17s %8s\n' grid default seconds wamerican-huge seconds
for grid in "$grids"/*.crg; do
  name=$(basename "$grid" .crg)
  # shellcheck disable=SC2046
  set -- $(run "$grid") $(run "$grid" --dict "$huge" --fold-accents)
  printf '%-30s %-17s %8s   %-17s %8s\n' "$name" "$1" "$2" "$3" "$4"
done | awk '
  { print; fflush(); n++; if ($2 == "filled") f1++; if ($4 == "filled") f2++; t1 += $3; t2 += $5 }
  END { printf "\n%d grids: default %d filled, %.1f s in all; wamerican-huge %d filled, %.1f s in all\n",
               n, f1, t1, f2, t2 }'
