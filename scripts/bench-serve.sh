#!/bin/sh
# Load on `squares serve`: N concurrent candidate requests (default 50), one per slot in turn, on a
# 15x15 grid, all sent at once; every one must be answered 200. Prints the latency percentiles.
# Not a timed test: the figures depend on the machine and its load.
# Usage: scripts/bench-serve.sh [N] [GRID]   (SQUARES=path of the binary; default build/src/squares)
#
# scripts/bench-serve.sh edits [GRID] [EDITS]: a constructor's edits instead, one server
# thread pinned to one core (taskset -c 1): the letters of a fill placed one at a time, each
# followed by the grid's proof and the candidates of its entry (scripts/bench-serve-edits.py);
# run with SQUARES and then with BASELINE (default /work/main/build/src/squares), side by side.
#
# scripts/bench-serve.sh verdicts [COUNT]: the verdict of POST /api/prove against `squares
# fill` (scripts/bench-serve-verdicts.py), one server thread pinned to one core: of COUNT
# (default 50) dead grids that arc consistency passes, how many are proven impossible within
# 2 s, and of COUNT live ones how many fillable; exit 1 on any wrong verdict.
#
# scripts/bench-serve.sh keypress [KEYS]: keypress to marks in Debian's Chromium
# (scripts/bench-serve-keypress.cjs, playwright-core from build/npm): KEYS (default 40) letters
# of a fill typed into the theme 15x15 at a constructor's pace, the server (two workers, as the
# browser test has) on core 0 and Chromium on core 1, without and with 4x CPU throttling; with
# a trace of each run, for the renderer's CPU time from key to marks. With ASSETS_DIR=DIR, the
# page of DIR (e.g. src/serve/assets, no rebuild) instead of the server's; with
# BASELINE_ASSETS=DIR as well, that page's run before it, side by side under the same load.
# HEIGHT=1000: a window of 1280x1000, the candidate list in view (below it at 720).
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" = keypress ]; then
  squares=${SQUARES:-build/src/squares}
  out=$(mktemp /tmp/bench-serve.XXXXXX)
  fill=$(mktemp /tmp/bench-serve-fill.XXXXXX)
  "$squares" fill --any tests/data/grids/theme-15x15.txt >"$fill"
  taskset -c 0 "$squares" serve --port 0 --threads 2 >"$out" 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -f "$out" "$fill"' EXIT INT TERM
  while ! grep -q serving "$out"; do sleep 0.1; done
  url=$(sed -n 's|^squares: serving \(http://[^ ]*\)$|\1|p' "$out")
  for throttle in 1 4; do
    for assets in ${BASELINE_ASSETS:+"$BASELINE_ASSETS"} "${ASSETS_DIR:-}"; do
      [ -z "${BASELINE_ASSETS:-}" ] || echo "== page: ${assets:-the server's}"
      ASSETS_DIR="$assets" TRACE="$out.trace" taskset -c 1 \
        node scripts/bench-serve-keypress.cjs "$url" build/npm/node_modules "$fill" "$throttle" "${2:-40}"
    done
  done
  rm -f "$out.trace"
  exit
fi
if [ "${1:-}" = verdicts ]; then
  squares=${SQUARES:-build/src/squares}
  out=$(mktemp /tmp/bench-serve.XXXXXX)
  taskset -c 1 "$squares" serve --port 0 --threads 1 >"$out" 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -f "$out"' EXIT INT TERM
  while ! grep -q serving "$out"; do sleep 0.1; done
  port=$(sed -n 's|^squares: serving http://127.0.0.1:\([0-9]*\)/$|\1|p' "$out")
  python3 scripts/bench-serve-verdicts.py "$port" "$squares" "${2:-50}" \
    tests/data/grids/theme-15x15.txt data/templates/nyt-2020-10-12.txt \
    data/templates/phil-1.txt data/templates/random-15-1.txt
  exit
fi
if [ "${1:-}" = edits ]; then
  grid=${2:-tests/data/grids/theme-15x15.txt}
  squares=${SQUARES:-build/src/squares}
  fill=$(mktemp /tmp/bench-serve-fill.XXXXXX)
  "$squares" fill --any "$grid" >"$fill"
  for binary in "$squares" "${BASELINE:-/work/main/build/src/squares}"; do
    out=$(mktemp /tmp/bench-serve.XXXXXX)
    taskset -c 1 "$binary" serve --port 0 --threads 1 >"$out" 2>&1 &
    server=$!
    while ! grep -q serving "$out"; do sleep 0.1; done
    port=$(sed -n 's|^squares: serving http://127.0.0.1:\([0-9]*\)/$|\1|p' "$out")
    echo "== $binary"
    python3 scripts/bench-serve-edits.py "$port" "$grid" "$fill" "${3:-20}" || status=$?
    kill $server; wait $server 2>/dev/null || true
    rm -f "$out"
  done
  rm -f "$fill"
  exit "${status:-0}"
fi
requests=${1:-50}
grid=${2:-tests/data/grids/cwc-15x15-guardian-a.crg}
squares=${SQUARES:-build/src/squares}
out=$(mktemp /tmp/bench-serve.XXXXXX)
"$squares" serve --port 0 >"$out" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -f "$out"' EXIT INT TERM
while ! grep -q serving "$out"; do sleep 0.1; done
port=$(sed -n 's|^squares: serving http://127.0.0.1:\([0-9]*\)/$|\1|p' "$out")
python3 - "$port" "$grid" "$requests" <<'PY'
import concurrent.futures, http.client, json, sys, time

port, path, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])

def post(route, body):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    start = time.monotonic()
    connection.request("POST", route, json.dumps(body), {"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, json.loads(data), time.monotonic() - start

status, opened, _ = post("/api/open", {"name": path, "text": open(path).read()})
assert status == 200, opened
grid = opened["grid"]
# Request k: the k-th of the slots through each white cell (across, down), spread over the grid.
white = lambda r, c: 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] != "#"
slots = [{"row": r, "col": c, "direction": d} for r in range(len(grid)) for c in range(len(grid[0]))
         for d, (dr, dc) in (("across", (0, 1)), ("down", (1, 0)))
         if white(r, c) and (white(r - dr, c - dc) or white(r + dr, c + dc))]
slot = lambda k: slots[k * 7 % len(slots)]
with concurrent.futures.ThreadPoolExecutor(count) as pool:
    start = time.monotonic()
    answers = list(pool.map(lambda k: post("/api/candidates", {"grid": grid, "slot": slot(k)}), range(count)))
    wall = time.monotonic() - start
bad = [(s, a) for s, a, _ in answers if s != 200]
latencies = sorted(t for _, _, t in answers)
pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]
print(f"{path}: {len(grid)}x{len(grid[0])}, {count} concurrent candidate requests in {wall:.2f} s; "
      f"{count - len(bad)} answered 200, {len(bad)} not")
print(f"latency p50 {pick(0.5):.3f} s, p90 {pick(0.9):.3f} s, p99 {pick(0.99):.3f} s, max {latencies[-1]:.3f} s")
for s, a in bad[:5]:
    print(f"  {s}: {a}")
sys.exit(1 if bad else 0)
PY
