#!/bin/sh
# Load time of a word list as text vs as an index file (squares index): median wall and CPU
# (user + sys) milliseconds of RUNS runs. Usage: scripts/bench-index.sh [LIST] [SQUARES]
set -eu
list=${1:-/usr/share/dict/american-english-huge}
squares=${2:-build/src/squares}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$squares" index "$list" -o "$tmp/list.idx"
echo "list: $list ($(wc -c <"$list") bytes); index: $(wc -c <"$tmp/list.idx") bytes"
RUNS=${RUNS:-11} python3 - "$squares" "$list" "$tmp/list.idx" <<'PY'
import os, resource, statistics, subprocess, sys, time
squares, text, index = sys.argv[1:]
runs = int(os.environ["RUNS"])
def measure(args):
    wall, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([squares] + args, stdout=subprocess.DEVNULL, check=True)
        wall.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000)
    return statistics.median(wall), statistics.median(cpu)
print(f"{'what':34} {'text wall/cpu ms':>18} {'index wall/cpu ms':>18}")
for label, args in [("stats (every length built)", ["stats"]),
                    ("a 5x5 pattern (length 5 only)",
                     ["-n", "5", "--pattern", "q..../u..../e..../u..../e....", "--count", "-j1"])]:
    t = measure(["--dict", text] + args)
    i = measure(["--dict", index] + args)
    print(f"{label:34} {t[0]:8.1f} /{t[1]:7.1f} {i[0]:9.1f} /{i[1]:7.1f}")
v = measure(["--version"])
print(f"start-up alone (--version): {v[0]:.1f} / {v[1]:.1f} ms")
PY
