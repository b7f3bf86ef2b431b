#!/usr/bin/env python3
"""The verdict of POST /api/prove against `squares fill`: bench-serve.sh's `verdicts` mode.

Usage: bench-serve-verdicts.py PORT SQUARES COUNT GRID...
Places one rare letter (Q, X, Z, J) in a white cell of each GRID (plain rows), cells and
letters in a seeded random order, and keeps the grids that arc consistency passes
(/api/prove with "seconds": 0 says consistent). `squares fill --any --timeout 30 --threads 1`
tells each kept grid dead (exit 3) or live (exit 0); one it cannot tell in 30 s is not used.
Once COUNT dead and COUNT live grids are found, each gets the verdict (/api/prove, "seconds":
1) on the server (one worker, pinned to one core by bench-serve.sh): prints how many dead
grids are `impossible` within 2 s and how many live ones `fillable`, the verdicts' times, and
fails (exit 1) on any verdict that contradicts the fill.
"""
import http.client
import json
import os
import random
import subprocess
import sys
import tempfile
import time

port, squares, count, paths = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4:]


def prove(rows, seconds):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    start = time.monotonic()
    connection.request("POST", "/api/prove", json.dumps({"grid": rows, "options": {"seconds": seconds}}),
                       {"Content-Type": "application/json"})
    response = connection.getresponse()
    answer = json.loads(response.read())
    connection.close()
    if response.status != 200:
        sys.exit(f"bench-serve-verdicts: /api/prove answered {response.status}: {answer}")
    return answer, time.monotonic() - start


def truth(rows):
    """'dead', 'live' or None (not told in 30 s), by `squares fill --any`."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(rows) + "\n")
    try:
        code = subprocess.run([squares, "fill", "--any", "--timeout", "30", "--threads", "1", f.name],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    finally:
        os.unlink(f.name)
    return {0: "live", 3: "dead", 4: "dead"}.get(code)


placements = []
for path in paths:
    grid = [line.rstrip("\n") for line in open(path) if line.strip()]
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell == ".":
                placements.extend((path, grid, r, c, letter) for letter in "QXZJ")
random.Random(1).shuffle(placements)

found = {"dead": [], "live": []}
tried = caught = 0
for path, grid, r, c, letter in placements:
    if all(len(v) >= count for v in found.values()):
        break
    rows = list(grid)
    rows[r] = rows[r][:c] + letter + rows[r][c + 1:]
    tried += 1
    if not prove(rows, 0)[0]["consistent"]:
        caught += 1
        continue
    kind = truth(rows)
    if kind and len(found[kind]) < count:
        name = f"{os.path.basename(path)} {letter} at row {r + 1}, column {c + 1}"
        found[kind].append((name, rows))
        print(f"{kind}: {name}", flush=True)
print(f"placements tried: {tried}; arc consistency alone caught {caught}; "
      f"dead grids it passes: {len(found['dead'])}, live: {len(found['live'])}")

wrong = 0
for kind, expected in (("dead", "impossible"), ("live", "fillable")):
    times, right = [], 0
    verdicts = {"fillable": 0, "impossible": 0, "unknown": 0}
    for name, rows in found[kind]:
        answer, seconds = prove(rows, 1)
        verdict = answer["verdict"]["verdict"]
        verdicts[verdict] += 1
        times.append(seconds)
        if verdict == expected and seconds <= 2:
            right += 1
        if verdict not in (expected, "unknown"):
            wrong += 1
            print(f"WRONG: {name}: {verdict}, but `squares fill` says {kind}")
    times.sort()
    if times:
        print(f"{kind}: {right} of {len(times)} {expected} within 2 s ({verdicts}); verdict time "
              f"p50 {times[len(times) // 2]:.3f} s, max {times[-1]:.3f} s")
sys.exit(1 if wrong else 0)
