#!/bin/sh
# The Python package against the command line on the same search: symmetric 5x5 squares on
# wamerican, one thread each, both pinned to CPU 1 (taskset), alternating, the least CPU
# seconds (user + system, the whole process: the search's thread and Python's) of RUNS.
#   scripts/bench-python.sh [BUILD_DIR] [RUNS]     (default: build 3; Debian's python3)
# Prints the command's `--format lines` (into /dev/null), and in one Python process:
# list(d.squares(5, rows_only=True)) (tuples of rows), list(d.squares(5)) (Square objects),
# and draining the rows_only iterator without keeping them, each with its squares per second;
# every figure includes reading the word list and building its automata, which the load
# line gives alone.
set -eu
build=${1:-build}
runs=${2:-3}
before=${3:-}
bin=$build/src/squares
[ -x "$bin" ] && [ -d "$build/src/python/squares" ] ||
  { echo "bench-python.sh: build first (scripts/setup.sh)" >&2; exit 2; }
data=$build/bench-data
mkdir -p "$data"
. scripts/bench-lists.sh
python=/usr/bin/python3

# seconds COMMAND...: the CPU seconds (user + system) COMMAND took.
seconds() {
  /usr/bin/time -f '%U %S' -o "$data/time.txt" "$@" >/dev/null
  awk '{ printf "%.3f", $1 + $2 }' "$data/time.txt"
}
# One Python process: the dictionary, then WHAT (load, rows, squares, drain) once.
cat >"$data/bench-python.py" <<'PYTHON'
import collections, squares, sys, time
what, words = sys.argv[1:]
d = squares.Dictionary(words)
if what == "rows": n = len(list(d.squares(5, threads=1, rows_only=True)))
if what == "squares": n = len(list(d.squares(5, threads=1)))
if what == "read": n = sum(len(s.rows) for s in d.squares(5, threads=1))
if what == "drain": collections.deque(d.squares(5, threads=1, rows_only=True), maxlen=0)
if what == "first":
    # To the first result on a dictionary no search has read (its 5-letter automaton built
    # before the clock), then on one searched before: least of 20 each, in ms.
    def first(d):
        start = time.perf_counter()
        next(d.squares(5, threads=1))
        return time.perf_counter() - start
    def fresh():
        f = squares.Dictionary(words)
        f.automaton_stats(5)
        return f
    print("%.3f/%.3f" % (1000 * min(first(fresh()) for _ in range(20)),
                         1000 * min(first(d) for _ in range(20))))
PYTHON

count=$("$bin" -n 5 -j 1 --count --dict "$wam")
best() { sort -n | head -1; }
: >"$data/python.txt"
for run in $(seq "$runs"); do
  echo "cli $(seconds taskset -c 1 "$bin" -n 5 -j 1 --format lines --dict "$wam")" >>"$data/python.txt"
  for who in after ${before:+before}; do
    path=$build/src/python
    [ "$who" = before ] && path=$before
    for what in load rows squares read drain; do
      echo "$who-$what $(seconds taskset -c 1 env PYTHONPATH="$path" "$python" "$data/bench-python.py" \
        "$what" "$wam")" >>"$data/python.txt"
    done
    echo "$who-first $(taskset -c 1 env PYTHONPATH="$path" "$python" "$data/bench-python.py" first "$wam")" \
      >>"$data/python.txt"
  done
done
cli=$(grep '^cli ' "$data/python.txt" | cut -d' ' -f2 | best)
echo "symmetric 5x5 on wamerican: $count squares; CPU seconds, least of $runs, pinned, one thread"
printf '%-52s %8s %10s %12s\n' "" seconds "vs command" "squares/s*"
printf '%-52s %8.3f\n' "squares -n 5 -j 1 --format lines" "$cli"
for who in ${before:+before} after; do
  load=$(grep "^$who-load " "$data/python.txt" | cut -d' ' -f2 | best)
  for what in rows squares read drain; do
    s=$(grep "^$who-$what " "$data/python.txt" | cut -d' ' -f2 | best)
    case $what in
      rows) label="list(d.squares(5, rows_only=True))" ;;
      squares) label="list(d.squares(5))" ;;
      read) label="sum(len(s.rows) for s in d.squares(5))" ;;
      drain) label="rows_only, iterated, none kept" ;;
    esac
    [ -n "$before" ] && label="$who: $label"
    awk -v l="$label" -v s="$s" -v c="$cli" -v z="$load" -v n="$count" 'BEGIN {
      printf "%-52s %8.3f %9.2fx %10.2f M\n", l, s, s / c, n / (s - z) / 1e6 }'
  done
  first=$(grep "^$who-first " "$data/python.txt" | cut -d' ' -f2 | sort -t/ -k1 -n | head -1)
  echo "$who: Python's dictionary alone (squares.Dictionary(wamerican)): $load s;" \
    "d.squares(5) to its first result: $first ms (first search / later; wall, least of 20)"
done
echo "* Python's: its squares over its seconds less the dictionary's"
