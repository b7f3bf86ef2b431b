#!/bin/sh
# Load time and memory of a word list as text vs as an index file (squares index), and the
# start-up of `squares bishop` on the embedded default dictionary (its embedded index, and its
# embedded text via --max-level 100, which keeps every word). Median wall and CPU (user + sys)
# milliseconds of RUNS runs, and the peak RSS of one run (GNU time, Debian package `time`: a
# child of Python would count Python's memory from before its exec).
# Usage: scripts/bench-index.sh [LIST] [SQUARES]
set -eu
list=${1:-/usr/share/dict/american-english-huge}
squares=${2:-build/src/squares}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$squares" index "$list" -o "$tmp/list.idx"
echo "list: $list ($(wc -c <"$list") bytes); index: $(wc -c <"$tmp/list.idx") bytes"
RUNS=${RUNS:-11} python3 - "$squares" "$list" "$tmp/list.idx" <<'PY'
import os, statistics, subprocess, sys, tempfile, time
squares, text, index = sys.argv[1:]
runs = int(os.environ["RUNS"])
def measure(args):
    wall, cpu = [], []
    for _ in range(runs):
        start = time.perf_counter()
        child = subprocess.Popen([squares] + args, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall.append((time.perf_counter() - start) * 1000)
        assert status == 0, args
        cpu.append((usage.ru_utime + usage.ru_stime) * 1000)
    with tempfile.NamedTemporaryFile("r") as kb:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", kb.name, squares] + args,
                       stdout=subprocess.DEVNULL, check=True)
        rss = int(kb.read().split()[-1]) / 1024
    return statistics.median(wall), statistics.median(cpu), rss
def row(label, result):
    print(f"{label:48} {result[0]:8.1f} {result[1]:8.1f} {result[2]:8.1f}")
print(f"{'what':48} {'wall ms':>8} {'cpu ms':>8} {'RSS MB':>8}")
for label, args in [("stats (every length built)", ["stats"]),
                    ("a 5x5 pattern (length 5 only)",
                     ["-n", "5", "--pattern", "q..../u..../e..../u..../e....", "--count", "-j1"])]:
    row(label + ", text", measure(["--dict", text] + args))
    row(label + ", index", measure(["--dict", index] + args))
row("squares bishop (embedded index)", measure(["bishop"]))
row("squares bishop --max-level 100 (embedded text)", measure(["bishop", "--max-level", "100"]))
row("squares --version (start-up alone)", measure(["--version"]))
PY
