#!/bin/sh
# Square-search benchmark: counts, CPU seconds, search nodes per second, and the ratio to the
# yardsticks (the fastest public programs' figures, CPU seconds on a 2-core machine), all
# measured in one run. Not a test: speed targets live here.
#   scripts/bench.sh [BUILD_DIR]      (default: build)
# Word lists: Debian's wamerican (a-z words, lower-cased: 73,445) and the npm package
# word-list ("letterpress", 274,137 words), fetched with `npm pack` into build/bench-data.
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
bin=$build/src/squares
data=$build/bench-data
mkdir -p "$data"
[ -x "$bin" ] || { echo "bench.sh: build first (scripts/setup.sh)" >&2; exit 2; }

. scripts/bench-lists.sh

# run NAME YARDSTICK THREADS ARGS...: one row of the table; cpu_s is the least of $reps runs
# (the machine is shared: the least is the figure least disturbed by other work).
reps=${REPS:-3}
run() {
  name=$1 yard=$2 threads=$3
  shift 3
  cpu=
  for k in $(seq "$reps"); do
    out=$( { /usr/bin/time -f "%U %S %M" "$bin" "$@" --count --stats -j "$threads" 2>&1 >&3; } 3>&1 )
    this=$(printf '%s\n' "$out" | tail -1 | awk '{print $1 + $2}')
    if [ -z "$cpu" ] || [ "$(echo "$this < $cpu" | bc -l)" = 1 ]; then cpu=$this; fi
  done
  count=$(printf '%s\n' "$out" | head -1)
  nodes=$(printf '%s\n' "$out" | awk '/nodes,/ {print $2}')
  ratio=-
  [ "$yard" = - ] || ratio=$(printf '%.1f' "$(echo "$yard / ($cpu + 0.0001)" | bc -l)")
  printf '%-34s %2s %12s %8.2f %9.0f %8s %8s\n' "$name" "$threads" "$count" "$cpu" \
    "$(echo "$nodes / ($cpu + 0.0001) / 1000000" | bc -l)" "$yard" "$ratio"
}

printf '%-34s %2s %12s %8s %9s %8s %8s\n' workload j count cpu_s Mnodes/s yard_s ratio
for j in 1 2; do
  run "symmetric 5x5 wamerican" 0.21 $j --dict "$wam" -n 5
  run "symmetric 5x5 letterpress" 3.1 $j --dict "$lp" -n 5
  run "symmetric 6x6 wamerican" 0.41 $j --dict "$wam" -n 6
  run "double 4x4 wamerican" 9.6 $j --dict "$wam" --double -n 4
  run "symmetric 4x4 letterpress" 0.28 $j --dict "$lp" -n 4
  run "symmetric 4x4 default" - $j -n 4
  run "symmetric 5x5 default" - $j -n 5
  run "double 4x4 default" - $j --double -n 4
done

echo
echo "wall seconds, 1 vs 2 threads (count, symmetric 5x5 letterpress):"
for j in 1 2; do
  /usr/bin/time -f "  -j $j: %e s wall, %U s user" "$bin" --dict "$lp" -n 5 --count -j $j >/dev/null
done
echo "listing vs counting (symmetric 5x5 letterpress, --format lines):"
/usr/bin/time -f "  count: %e s wall, %U s user" "$bin" --dict "$lp" -n 5 --count -j 1 >/dev/null
/usr/bin/time -f "  lines: %e s wall, %U s user" "$bin" --dict "$lp" -n 5 --format lines -j 1 >/dev/null
echo "listing into a pipe (symmetric 5x5 letterpress, --format lines | wc -c; wall s, least of"
echo "$reps runs alternating, and peak RSS) against as many bytes through the pipe alone:"
python3 - "$bin" "$lp" "$reps" <<'PY'
import os, subprocess, sys, time
bin, lp, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
listing = lambda j: f"{bin} --dict {lp} -n 5 --format lines -j {j}"
size = int(subprocess.run(listing(2) + " | wc -c", shell=True, capture_output=True, text=True).stdout)
runs = {"-j 1 | wc -c": listing(1) + " | wc -c", "-j 2 | wc -c": listing(2) + " | wc -c",
        "head -c | wc -c": f"head -c {size} /dev/zero | wc -c"}
best = dict.fromkeys(runs, float("inf"))
peak = dict.fromkeys(runs, 0)
for _ in range(reps):
    for name, command in runs.items():
        start = time.time()
        usage = os.wait4(subprocess.Popen(["/bin/sh", "-c", command + " >/dev/null"]).pid, 0)[2]
        best[name] = min(best[name], time.time() - start)
        peak[name] = max(peak[name], usage.ru_maxrss)  # of the largest process in the pipe
for name in runs:
    print(f"  {name:16} {best[name]:6.2f} s wall  {best[name] / best['head -c | wc -c']:4.1f}x the pipe  {peak[name] // 1024:5d} MB peak RSS")
print(f"  ({size} bytes)")
PY
echo "start-up: 'squares bishop' on the embedded dictionary (milliseconds, best and median of 20):"
python3 - "$bin" <<'PY'
import statistics, subprocess, sys, time
times = []
for _ in range(20):
    start = time.perf_counter()
    subprocess.run([sys.argv[1], "bishop"], stdout=subprocess.DEVNULL, check=True)
    times.append((time.perf_counter() - start) * 1000)
print(f"  best {min(times):.1f} ms, median {statistics.median(times):.1f} ms")
PY
echo "memory: peak RSS of symmetric 5x5 letterpress (-j 1), from the text and from its index file:"
"$bin" index "$lp" -o "$data/letterpress.idx"
/usr/bin/time -f "  text:  %M KiB peak RSS" "$bin" --dict "$lp" -n 5 --count -j 1 >/dev/null
/usr/bin/time -f "  index: %M KiB peak RSS" "$bin" --dict "$data/letterpress.idx" -n 5 --count -j 1 >/dev/null
echo "  index file: $(($(wc -c <"$data/letterpress.idx") / 1024)) KiB; 'squares --version' alone:"
/usr/bin/time -f "  %M KiB peak RSS" "$bin" --version >/dev/null
