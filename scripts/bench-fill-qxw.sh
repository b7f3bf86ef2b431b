#!/bin/sh
# Qxw (Debian package qxw, batch mode `qxw -b -d LIST DECK`) and `squares fill --any` side by
# side: wall seconds to a first fill of every grid of a folder, the same list (Debian's
# wamerican-huge) for both, each run limited to TIMEOUT seconds. Each grid becomes a Qxw deck:
# one line per slot listing its cells, `=PATTERN` when it has fixed letters ('?' = any).
# Squares forbids repeated words (its default); Qxw's batch mode has no such switch.
#   scripts/bench-fill-qxw.sh SQUARES GRID_DIR   (SQUARES: e.g. build/src/squares)     env: TIMEOUT (default 60)
set -u
[ $# -eq 2 ] || { echo "usage: scripts/bench-fill-qxw.sh SQUARES GRID_DIR" >&2; exit 2; }
squares=$1
grids=$2
timeout=${TIMEOUT:-60}
huge=/usr/share/dict/american-english-huge
qxw=$(command -v qxw || echo /usr/games/qxw)
[ -x "$squares" ] || { echo "bench-fill-qxw.sh: no binary at $squares (build first)" >&2; exit 2; }
[ -x "$qxw" ] || { echo "bench-fill-qxw.sh: qxw missing (apt-get install qxw)" >&2; exit 2; }
[ -f "$huge" ] || { echo "bench-fill-qxw.sh: $huge missing (apt-get install wamerican-huge)" >&2; exit 2; }
deck=$(mktemp) || exit 1
trap 'rm -f "$deck"' EXIT

now() { date +%s.%N; }

# A crucio grid (rows, columns, then rows of '-' empty, '#' black, letters fixed) as a deck.
to_deck() {
  awk 'NR == 1 { rows = $1 } NR == 2 { cols = $1 }
       NR > 2 && NR <= rows + 2 { r = NR - 3; for (c = 0; c < cols; c++) g[r, c] = substr($0, c + 1, 1) }
       function slot(n) {
         if (n < 2) return
         line = ""; pat = ""; fixed = 0
         for (i = 0; i < n; i++) {
           line = line sprintf("%s%d", i ? " " : "", cell[i])
           ch = letter[i]; if (ch == "-") ch = "?"; else fixed = 1
           pat = pat ch
         }
         print line (fixed ? " =" pat : "")
       }
       END {
         for (r = 0; r < rows; r++) { n = 0
           for (c = 0; c <= cols; c++) {
             if (c < cols && g[r, c] != "#") { cell[n] = r * cols + c; letter[n++] = g[r, c]; continue }
             slot(n); n = 0 } }
         for (c = 0; c < cols; c++) { n = 0
           for (r = 0; r <= rows; r++) {
             if (r < rows && g[r, c] != "#") { cell[n] = r * cols + c; letter[n++] = g[r, c]; continue }
             slot(n); n = 0 } } }' "$1"
}

# time_run COMMAND...: prints "status seconds" (filled / none / timeout / errorN).
time_run() {
  start=$(now)
  timeout "$timeout" "$@" >/dev/null 2>&1
  code=$?
  end=$(now)
  case $code in
    0) status=filled ;; 124) status=timeout ;; 3|4) status=none ;; *) status=error$code ;;
  esac
  printf '%s %.2f' "$status" "$(echo "$end - $start" | bc)"
}

printf '%-28s %-8s %8s   %-8s %8s\n' grid qxw seconds squares seconds
for grid in "$grids"/*.crg; do
  name=$(basename "$grid" .crg)
  to_deck "$grid" >"$deck"
  # shellcheck disable=SC2046
  set -- $(time_run "$qxw" -b -d "$huge" "$deck") \
    $(time_run "$squares" fill "$grid" --any --dict "$huge" --fold-accents)
  printf '%-28s %-8s %8s   %-8s %8s\n' "$name" "$1" "$2" "$3" "$4"
done | awk '
  { print; fflush(); n++
    if ($2 == "filled") f1++; if ($4 == "filled") f2++; t1 += $3; t2 += $5
    if ($2 == "filled" && $4 == "filled") { both++; b1 += $3; b2 += $5 } }
  END { printf "\n%d grids: qxw filled %d (%.1f s in all), squares filled %d (%.1f s in all); on the %d both filled: qxw %.1f s, squares %.1f s (ratio %.1f)\n",
               n, f1, t1, f2, t2, both, b1, b2, (b2 > 0 ? b1 / b2 : 0) }'
