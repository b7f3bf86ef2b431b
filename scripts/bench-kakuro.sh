#!/bin/sh
# Times `squares kakuro` on every shared puzzle and on a generated 30x46 board of 990 white
# cells. Usage: scripts/bench-kakuro.sh [BUILD_DIR] [RUNS]   (default: build, 20 runs)
# Per puzzle: white cells, runs, search nodes; the best wall time of RUNS processes that solve it
# (solve = first solution, count = stop at the second: the uniqueness proof); and, from
# --stats, the in-process time to build the digit automata and to search (best of RUNS).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
runs=${2:-20}
squares=$build/src/squares
data=$root/tests/data/kakuro
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One file per puzzle.
for file in "$data/gecode-nikoli.kgrid" "$data/csprules-atk.kgrid"; do
  awk -v dir="$tmp" '/^KAKURO /{name=$2} {print > (dir "/" name ".kgrid")}' "$file"
done
"$build/tests/kakuro_generate" random-30x46-990 30 46 990 1 >"$tmp/zz-random-30x46-990.kgrid"

python3 - "$squares" "$runs" "$tmp"/*.kgrid <<'PY'
import re, subprocess, sys, time
squares, runs, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def best(args):
    wall, stats = [], []
    for _ in range(runs):
        t = time.perf_counter()
        p = subprocess.run([squares, "kakuro", "--stats"] + args, capture_output=True, text=True, check=True)
        wall.append(time.perf_counter() - t)
        stats.append(p.stderr)
    m = [re.search(r"(\d+) white cells, (\d+) runs, \d+ solutions, (\d+) nodes.*automata ([\d.]+) ms, search ([\d.]+) ms", s) for s in stats]
    return min(wall) * 1000, m[0].group(1, 2, 3), min(float(x.group(4)) for x in m), min(float(x.group(5)) for x in m), p.stdout
print(f"{'puzzle':40} {'white':>5} {'runs':>4} {'nodes':>5} {'solve ms':>8} {'count ms':>8} {'autom ms':>8} {'search ms':>9}  verdict")
for f in files:
    name = f.rsplit("/", 1)[1][:-6]
    solve, _, _, _, _ = best([f])
    count, (white, nruns, nodes), autom, search, out = best(["--count", f])
    print(f"{name:40} {white:>5} {nruns:>4} {nodes:>5} {solve:8.2f} {count:8.2f} {autom:8.3f} {search:9.3f}  {out.split(': ')[-1].strip()}")
PY
