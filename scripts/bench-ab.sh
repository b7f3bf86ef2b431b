#!/bin/sh
# Same-run A/B of two squares binaries on the workloads of bench-peers.sh (and a listing):
# each workload runs A, then B, $REPEAT times (default 3), pinned to CPU $PIN_CPU (default 1)
# with `taskset`, one thread; the least CPU seconds (user + sys) of each is printed with the
# ratio B/A. The outputs must be equal byte for byte (counts, and the listing's checksum).
#   scripts/bench-ab.sh OLD_SQUARES NEW_SQUARES [BUILD_DIR]     (default: build)
# Word lists as in bench-peers.sh (a-z words only, sorted), made once in BUILD_DIR/bench-ab.
# Environment: REPEAT, PIN_CPU, ONLY (an extended regular expression: only the rows whose
# name matches). A loaded machine raises both columns; the ratio is what to read.
set -eu
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: scripts/bench-ab.sh OLD_SQUARES NEW_SQUARES [BUILD_DIR]" >&2
  exit 2
fi
old=$(realpath "$1") new=$(realpath "$2")
for bin in "$old" "$new"; do
  [ -x "$bin" ] || { echo "bench-ab.sh: $bin: not an executable" >&2; exit 2; }
done
cd "$(dirname "$0")/.."
build=${3:-build}
data=$build/bench-data
work=$build/bench-ab
mkdir -p "$data" "$work"
. scripts/bench-lists.sh
peer_lists "$work"
# The topologies of bench-peers.sh: double squares with both diagonals, and cubes.
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
def write(name, words, path):
    with open(f"{work}/{name}.top", "w") as out:
        for word in words:
            out.write(",".join(map(str, word)) + ":" + path + "\n")
for n in (4, 5):
    cell = lambda i, j: i * n + j + 1
    words = ([[cell(i, j) for j in range(n)] for i in range(n)] + [[cell(i, j) for i in range(n)] for j in range(n)]
             + [[cell(i, i) for i in range(n)], [cell(i, n - 1 - i) for i in range(n)]])
    for lst in ("wamerican", "letterpress"):
        write(f"diagonals-{n}-{lst}", words, f"{work}/{lst}.txt")
for n, lst in ((3, "common35"), (4, "common20")):
    at = lambda x, y, z: (x * n + y) * n + z + 1
    square = [(a, b) for a in range(n) for b in range(n)]
    words = ([[at(a, b, c) for c in range(n)] for a, b in square]
             + [[at(a, c, b) for c in range(n)] for a, b in square]
             + [[at(c, a, b) for c in range(n)] for a, b in square])
    write(f"cube-{n}-{lst}", words, f"{work}/{lst}.txt")
PY

reps=${REPEAT:-3}
pin=${PIN_CPU:-1}
# timed BIN ARGS...: prints the CPU seconds (wait4's rusage of squares alone) and the md5 of
# its output, read by md5sum on another CPU.
timed() {
  PIN=$pin python3 -c '
import os, subprocess, sys
child = subprocess.Popen(["taskset", "-c", os.environ["PIN"]] + sys.argv[1:], stdout=subprocess.PIPE)
digest = subprocess.Popen(["md5sum"], stdin=child.stdout, stdout=subprocess.PIPE)
child.stdout.close()
_, status, usage = os.wait4(child.pid, 0)
out = digest.communicate()[0].decode().split()[0]
if status != 0:
    sys.exit(1)
print("%.6f %s" % (usage.ru_utime + usage.ru_stime, out))' "$@" || { echo "bench-ab.sh: failed: $*" >&2; exit 1; }
}
lesser() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b) ? a : b }'; }
status=0
row() {
  name=$1
  shift
  if [ -n "${ONLY:-}" ] && ! printf '%s\n' "$name" | grep -Eq -- "$ONLY"; then
    return 0
  fi
  a='' b=''
  for _ in $(seq "$reps"); do
    set -- $(timed "$old" "$@" -j 1) "$@"
    a=$(lesser "$1" "$a") a_out=$2
    shift 2
    set -- $(timed "$new" "$@" -j 1) "$@"
    b=$(lesser "$1" "$b") b_out=$2
    shift 2
  done
  if [ "$a_out" != "$b_out" ]; then
    echo "bench-ab.sh: $name: the outputs differ" >&2
    status=1
  fi
  awk -v name="$name" -v a="$a" -v b="$b" 'BEGIN { printf "| %s | %.3f | %.3f | %.3f |\n", name, a, b, b / a }'
}
w=$work/wamerican.txt l=$work/letterpress.txt
echo "A = $old"
echo "B = $new"
echo "Pinned to CPU $pin, one thread, CPU seconds (user + sys), least of $reps, A and B alternating."
echo
echo "| workload | A | B | B/A |"
echo "|---|---|---|---|"
row "symmetric 5×5, wamerican" --dict "$w" -n 5 --count
row "symmetric 5×5, letterpress" --dict "$l" -n 5 --count
row "symmetric 6×6, wamerican" --dict "$w" -n 6 --count
row "symmetric 6×6, letterpress" --dict "$l" -n 6 --count
row "double 4×4, wamerican" --dict "$w" --double -n 4 --count
row "rectangle 3×6, wamerican" --dict "$w" --rect 3x6 --count
row "diagonal 4×4, wamerican" shape "$work/diagonals-4-wamerican.top" --count
row "diagonal 4×4, letterpress" shape "$work/diagonals-4-letterpress.top" --count
row "diagonal 5×5, wamerican" shape "$work/diagonals-5-wamerican.top" --count
row "word cube 3, SCOWL ≤ 35" shape "$work/cube-3-common35.top" --count
row "word cube 4, SCOWL ≤ 20" shape "$work/cube-4-common20.top" --count
row "listing symmetric 5×5, letterpress" --dict "$l" -n 5
exit $status
