#!/bin/sh
# Times `squares kakuro` on every shared puzzle and on a generated 30x46 board of 990 white
# cells (one per seed in the environment's SEEDS, default 1).
# Usage: [SEEDS="1 2 3"] scripts/bench-kakuro.sh [BUILD_DIR] [RUNS]   (default: build, 20 runs)
# Per puzzle: white cells, runs, search nodes (first solution); then for `solve` (the first
# solution) and `count` (stop at the second: the uniqueness proof) the best wall and CPU time of
# RUNS processes, and from --stats the in-process time to build the digit automata and to search.
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
# Generated boards, one per seed in SEEDS (default 1): seed 1 is zz-random-30x46-990, seed N
# zz-random-30x46-990-sN.
for seed in ${SEEDS:-1}; do
  suffix=$([ "$seed" = 1 ] || echo "-s$seed")
  "$build/tests/kakuro_generate" random-30x46-990 30 46 990 "$seed" >"$tmp/zz-random-30x46-990$suffix.kgrid"
done

python3 - "$squares" "$runs" "$tmp"/*.kgrid <<'PY'
import re, resource, subprocess, sys, time
squares, runs, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
STATS = re.compile(r"(\d+) white cells, (\d+) runs, found \d+, (\d+) nodes.*"
                   r"automata ([\d.]+) ms, search ([\d.]+) ms")
def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
def best(args):
    """Best of `runs` processes: wall ms, cpu ms, stats fields, automata ms, search ms, stdout."""
    wall, cpus, autom, search = [], [], [], []
    for _ in range(runs):
        t, c = time.perf_counter(), cpu()
        p = subprocess.run([squares, "kakuro", "--stats"] + args, capture_output=True, text=True, check=True)
        wall.append(time.perf_counter() - t)
        cpus.append(cpu() - c)
        m = STATS.search(p.stderr)
        autom.append(float(m.group(4)))
        search.append(float(m.group(5)))
    return min(wall) * 1e3, min(cpus) * 1e3, m.group(1, 2, 3), min(autom), min(search), p.stdout
print(f"{'puzzle':40} {'white':>5} {'runs':>4} {'nodes':>5} | {'solve: wall':>11} {'cpu':>5} "
      f"{'autom':>6} {'search':>6} | {'count: wall':>11} {'cpu':>5} {'search':>6}  verdict")
for f in files:
    name = f.rsplit("/", 1)[1][:-6]
    s_wall, s_cpu, (white, nruns, nodes), s_autom, s_search, _ = best([f])
    c_wall, c_cpu, _, _, c_search, out = best(["--count", f])
    print(f"{name:40} {white:>5} {nruns:>4} {nodes:>5} | {s_wall:11.2f} {s_cpu:5.1f} {s_autom:6.2f} "
          f"{s_search:6.2f} | {c_wall:11.2f} {c_cpu:5.1f} {c_search:6.2f}  {out.split(': ')[-1].strip()}")
print(f"milliseconds, best of {runs} runs; wall and cpu: the whole process; autom, search: in-process (--stats)")
PY
