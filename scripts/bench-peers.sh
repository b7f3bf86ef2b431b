#!/bin/sh
# Side by side with fieldfinder (boblucas/wordsquares on GitHub, the fastest public
# word-square program we know): counts, which must agree, and times, least of $REPEAT runs,
# the two programs alternating.
#   scripts/bench-peers.sh PEER_SOURCE_DIR [BUILD_DIR]      (default: build)
# By default the comparison is single-threaded and fair: both programs run one thread
# (fieldfinder FF_THREADS=1, squares -j 1), pinned to the same core (taskset -c $PIN_CPU,
# default 1), and their CPU seconds (user + sys) are compared. THREADS=N (N > 1) compares
# instead the wall time of both programs with N threads each (FF_THREADS=N, squares -j N),
# unpinned; CPU seconds are shown beside it.
# PEER_SOURCE_DIR is a checkout of fieldfinder made by the user, outside this repository. Its
# fieldfinder.cpp is copied to BUILD_DIR/bench-peers/ and patched there to count results
# instead of printing them (a thread-local counter, summed after each task; its racy task
# counter made atomic; FF_THREADS sets its thread count, else 4 as always), then built with
# -O3 -march=native. Both programs read the same lists: lower-case a-z words only (fieldfinder
# takes no other byte), sorted, no duplicates, made once in BUILD_DIR/bench-peers/.
# fieldfinder reads a topology (one word a line, its cells by number, ":LIST" its word list)
# and searches the cells in increasing number: the files here number the cells row-major.
# Environment: REPEAT (default 3), THREADS (default 1), PIN_CPU (default 1), ONLY (an
# extended regular expression: only the rows whose name matches), CXX (default g++).
set -eu
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: scripts/bench-peers.sh PEER_SOURCE_DIR [BUILD_DIR]" >&2
  exit 2
fi
peer=$1/fieldfinder.cpp
[ -r "$peer" ] || { echo "bench-peers.sh: $peer: not found (give a fieldfinder checkout)" >&2; exit 2; }
peer=$(cd "$(dirname "$peer")" && pwd)/fieldfinder.cpp
cd "$(dirname "$0")/.."
build=${2:-build}
bin=$build/src/squares
data=$build/bench-data
work=$(mkdir -p "$build/bench-peers" && cd "$build/bench-peers" && pwd)
mkdir -p "$data"
[ -f "$build/build.ninja" ] || meson setup "$build" >/dev/null
ninja -C "$build" src/squares >/dev/null

ff=$work/fieldfinder
if ! cmp -s "$peer" "$work/fieldfinder.orig.cpp" || [ ! -x "$ff" ] \
   || [ -n "$(find scripts/bench-peers.sh -newer "$ff")" ]; then
  sed -e '1i #include <atomic>' -e '1i #include <cstdlib>' \
      -e '/^void exhaustiveIterative(/i static thread_local uint64_t found = 0;' \
      -e '/^void exhaustiveIterative(/i static std::atomic<uint64_t> foundTotal{0};' \
      -e 's/^\(\s*\)printResults(originalPaths, stack);/\1++found;/' \
      -e 's/exhaustiveIterative(copy, pathIndicesRaw, originalPaths, next);/& foundTotal += found; found = 0;/' \
      -e 's/static int letter = 0;/static std::atomic<int> letter{0};/' \
      -e 's/unsigned cores = 0;/unsigned cores = getenv("FF_THREADS") ? atoi(getenv("FF_THREADS")) : 0;/' \
      -e '/std::cout << "took: "/i std::cout << "count: " << foundTotal << std::endl;' \
      "$peer" >"$work/fieldfinder.cpp"
  for change in '++found;' 'foundTotal += found;' 'atomic<int> letter' 'getenv("FF_THREADS")' '"count: "'; do
    [ "$(grep -cF "$change" "$work/fieldfinder.cpp")" = 1 ] \
      || { echo "bench-peers.sh: $peer: unknown version, the counting patch did not apply ($change)" >&2; exit 1; }
  done
  ${CXX:-g++} -std=c++17 -O3 -march=native -pthread -w -o "$ff" "$work/fieldfinder.cpp"
  cp "$peer" "$work/fieldfinder.orig.cpp"
fi

. scripts/bench-lists.sh
peer_lists "$work"

# topology KIND SIZE LIST: writes $work/KIND-SIZE-LIST.top and sets $top to it. KIND:
# symmetric (row i is column i: the cells above the diagonal only), double, rect (SIZE KxN:
# K rows of N letters; the columns listed first: fieldfinder was seen to stall on rectangles
# otherwise), diagonals (double and both diagonals, read from the top row down), cube (every
# line along each axis).
topology() {
  top=$work/$1-$2-$3.top
  python3 - "$1" "$2" "$work/$3.txt" >"$top" <<'PY'
import sys
kind, size, path = sys.argv[1:]
k, n = map(int, size.split("x")) if "x" in size else (int(size), int(size))
cell = lambda i, j: i * n + j + 1
rows = [[cell(i, j) for j in range(n)] for i in range(k)]
cols = [[cell(i, j) for i in range(k)] for j in range(n)]
if kind == "symmetric":
    words = [[cell(min(i, j), max(i, j)) for j in range(n)] for i in range(n)]
elif kind == "double":
    words = rows + cols
elif kind == "rect":
    words = cols + rows
elif kind == "diagonals":
    words = rows + cols + [[cell(i, i) for i in range(n)], [cell(i, n - 1 - i) for i in range(n)]]
elif kind == "cube":
    at = lambda x, y, z: (x * n + y) * n + z + 1
    square = [(a, b) for a in range(n) for b in range(n)]
    words = ([[at(a, b, c) for c in range(n)] for a, b in square]
             + [[at(a, c, b) for c in range(n)] for a, b in square]
             + [[at(c, a, b) for c in range(n)] for a, b in square])
for word in words:
    print(",".join(map(str, word)) + ":" + path)
PY
}

reps=${REPEAT:-3}
threads=${THREADS:-1}
case $threads in
  ''|*[!0-9]*|0) echo "bench-peers.sh: THREADS=$threads: give a positive number" >&2; exit 2 ;;
esac
export FF_THREADS="$threads"
if [ "$threads" = 1 ]; then
  pin=${PIN_CPU:-1}
  measure=cpu
  echo "Both programs single-threaded (fieldfinder FF_THREADS=1, squares -j 1), pinned to" \
       "CPU ${PIN_CPU:-1} (taskset); CPU seconds (user + sys), least of $reps."
else
  pin=""
  measure=wall
  echo "Both programs with $threads threads (fieldfinder FF_THREADS=$threads, squares" \
       "-j $threads), unpinned; wall seconds compared, least of $reps (CPU seconds beside)."
fi
echo
status=0
# timed CMD...: runs CMD, its stdout to $work/out; sets $cpu to its user + sys seconds, to the
# microsecond (wait4's rusage: GNU time rounds to 10 ms, a sixth of the smallest rows), and
# $wall to its wall seconds; pinned to CPU $pin by taskset (which execs CMD) when $pin is set.
timed() {
  times=$(PIN=$pin python3 -c '
import os, subprocess, sys, time
pin = ["taskset", "-c", os.environ["PIN"]] if os.environ["PIN"] else []
with open(sys.argv[1], "w") as out:
    start = time.perf_counter()
    child = subprocess.Popen(pin + sys.argv[2:], stdout=out)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
if status != 0:
    sys.exit(1)
print("%.6f %.6f" % (usage.ru_utime + usage.ru_stime, wall))' "$work/out" "$@") \
    || { echo "bench-peers.sh: failed: $*" >&2; exit 1; }
  cpu=${times% *} wall=${times#* }
}
lesser() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b) ? a : b }'; }
# row NAME KIND SIZE LIST SQUARES_ARGS...: one row; fieldfinder runs the topology, squares
# runs SQUARES_ARGS (--count -j $threads added).
row() {
  name=$1
  if [ -n "${ONLY:-}" ] && ! printf '%s\n' "$name" | grep -Eq -- "$ONLY"; then
    return 0
  fi
  topology "$2" "$3" "$4"
  shift 4
  peer_cpu='' our_cpu='' peer_wall='' our_wall=''
  for _ in $(seq "$reps"); do
    timed "$ff" "$top"
    peer_cpu=$(lesser "$cpu" "$peer_cpu") peer_wall=$(lesser "$wall" "$peer_wall")
    peer_count=$(sed -n 's/^count: //p' "$work/out")
    timed "$bin" "$@" --count -j "$threads"
    our_cpu=$(lesser "$cpu" "$our_cpu") our_wall=$(lesser "$wall" "$our_wall")
    our_count=$(cat "$work/out")
  done
  if [ "$peer_count" != "$our_count" ]; then
    echo "bench-peers.sh: $name: the counts differ: fieldfinder $peer_count, squares $our_count" >&2
    status=1
  fi
  awk -v name="$name" -v count="$our_count" -v measure=$measure \
      -v pc="$peer_cpu" -v sc="$our_cpu" -v pw="$peer_wall" -v sw="$our_wall" 'BEGIN {
    while (count ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", count)
    if (measure == "cpu")
      printf "| %s | %s | %.3f | %.3f | %.1f |\n", name, count, pc, sc, pc / sc
    else
      printf "| %s | %s | %.3f (%.3f) | %.3f (%.3f) | %.1f |\n", name, count, pw, pc, sw, sc, pw / sw }'
}

w=$work/wamerican.txt l=$work/letterpress.txt
if [ $measure = cpu ]; then
  echo "| workload | count | fieldfinder CPU s | squares CPU s | ratio |"
else
  echo "| workload | count | fieldfinder wall s (CPU s) | squares wall s (CPU s) | ratio (wall) |"
fi
echo "|---|---|---|---|---|"
row "symmetric 4×4, letterpress" symmetric 4 letterpress --dict "$l" -n 4
row "symmetric 5×5, wamerican" symmetric 5 wamerican --dict "$w" -n 5
row "symmetric 5×5, letterpress" symmetric 5 letterpress --dict "$l" -n 5
row "symmetric 6×6, wamerican" symmetric 6 wamerican --dict "$w" -n 6
row "symmetric 6×6, letterpress" symmetric 6 letterpress --dict "$l" -n 6
row "double 4×4, wamerican" double 4 wamerican --dict "$w" --double -n 4
row "rectangle 3×6, wamerican" rect 3x6 wamerican --dict "$w" --rect 3x6
if "$bin" shape --help 2>/dev/null | head -1 | grep -q 'squares shape'; then
  # squares reads the same topology file as fieldfinder.
  for list in wamerican letterpress; do
    for n in 4 5; do
      row "double $n×$n with diagonals, $list" diagonals $n $list shape "$work/diagonals-$n-$list.top"
    done
  done
  # cube 4 of the SCOWL <= 35 words takes fieldfinder over 7 CPU minutes
  row "word cube 3, SCOWL ≤ 35" cube 3 common35 shape "$work/cube-3-common35.top"
  row "word cube 4, SCOWL ≤ 20" cube 4 common20 shape "$work/cube-4-common20.top"
else
  echo "(diagonal squares and word cubes skipped: this squares has no 'shape' command)"
fi
exit $status
