#!/usr/bin/env python3
"""Edits on the workbench as a constructor makes them, timed: bench-serve.sh's `edits` mode.

Usage: bench-serve-edits.py PORT GRID FILL [EDITS]
From the grid GRID (plain rows), places the letters of its fill FILL (plain rows) one at a time
in EDITS cells spread over the grid; after each: the grid's proof (POST /api/prove, when the
server has it) and the candidates of the across entry through the cell (streamed from
/api/candidates/stream when the server has it, else POST /api/candidates). Prints the
latencies and the fraction of the first 20 candidates decided within 2 s.
"""
import http.client
import json
import sys
import time

port, grid_path, fill_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
edits = int(sys.argv[4]) if len(sys.argv) > 4 else 20
grid = [list(line.rstrip("\n")) for line in open(grid_path) if line.strip()]
fill = [line.rstrip("\n") for line in open(fill_path) if line.strip()]


def request(route, body):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    connection.request("POST", route, json.dumps(body), {"Content-Type": "application/json"})
    return connection, connection.getresponse()


def post(route, body):
    start = time.monotonic()
    connection, response = request(route, body)
    data = response.read()
    connection.close()
    return response.status, data, time.monotonic() - start


rows = lambda: ["".join(row) for row in grid]
# The proof alone (arc consistency): "seconds": 0 where the server has the verdict's search.
proof_request = lambda: {"grid": rows(), "options": {"seconds": 0}}
if post("/api/prove", proof_request())[0] == 400:
    proof_request = lambda: {"grid": rows()}
has_proof = post("/api/prove", proof_request())[0] == 200
has_stream = post("/api/candidates/stream", {"grid": rows(), "slot": 0, "options": {"max-checked": 0}})[0] == 200
white = [(r, c) for r in range(len(grid)) for c in range(len(grid[0])) if grid[r][c] == "."
         and ((c > 0 and grid[r][c - 1] != "#") or (c + 1 < len(grid[0]) and grid[r][c + 1] != "#"))]
cells = [white[k * 37 % len(white)] for k in range(edits)]
def candidates(r, c, direction, firsts, lists, decided):
    """The candidates of the entry through (r, c): listed and decided times, decided marks."""
    slot = {"row": r, "col": c, "direction": direction}
    start = time.monotonic()
    if has_stream:
        connection, response = request("/api/candidates/stream", {"grid": rows(), "slot": slot, "options": {"seconds": 2}})
        marks, first = [], None
        for line in response:
            answer, now = json.loads(line), time.monotonic() - start
            if "words" in answer:
                first = now
                marks = [w["viability"] for w in answer["words"][:20]]
            elif "index" in answer and answer["index"] < len(marks) and now <= 2.0:
                marks[answer["index"]] = answer["viability"]
            elif "done" in answer:
                lists.append(now)
        connection.close()
        firsts.append(first)
    else:
        status, data, seconds = post("/api/candidates", {"grid": rows(), "slot": slot})
        marks = [w["viability"] for w in json.loads(data)["words"][:20]]
        lists.append(seconds)
        firsts.append(seconds)
        if seconds > 2.0:
            marks = ["unknown"] * len(marks)
    decided.append((sum(m != "unknown" for m in marks), len(marks),
                    sum(m == "fillable" for m in marks), sum(m == "impossible" for m in marks)))


pick = lambda values, q: sorted(values)[min(len(values) - 1, int(q * len(values)))]
ms = lambda seconds: f"{seconds * 1000:.0f} ms"


def report(what, firsts, lists, decided):
    print(f"{what}: candidates listed p50 {ms(pick(firsts, 0.5))}, p95 {ms(pick(firsts, 0.95))}; "
          f"decided (answer ended) p50 {ms(pick(lists, 0.5))}, p95 {ms(pick(lists, 0.95))}")
    done, total = sum(d for d, *_ in decided), sum(n for _, n, *_ in decided)
    print(f"  first 20 candidates decided within 2 s: {done}/{total} = {done / max(1, total):.0%} "
          f"({sum(f for *_, f, _ in decided)} fillable, {sum(i for *_, i in decided)} impossible)")


# Entries of the grid as given (its theme entries only), across and down in turn.
firsts, lists, decided = [], [], []
for k in range(edits):
    r, c = white[k * 53 % len(white)]
    down = (r > 0 and grid[r - 1][c] != "#") or (r + 1 < len(grid) and grid[r + 1][c] != "#")
    candidates(r, c, "down" if k % 2 and down else "across", firsts, lists, decided)
print(f"{grid_path}: {edits} entries of the grid as given, then {edits} letters placed")
report("entries as given", firsts, lists, decided)
proofs, firsts, lists, decided = [], [], [], []
for r, c in cells:
    grid[r][c] = fill[r][c]
    if has_proof:
        proofs.append(post("/api/prove", proof_request())[2])
    candidates(r, c, "across", firsts, lists, decided)
if proofs:
    print(f"letter -> grid proof: p50 {ms(pick(proofs, 0.5))}, p95 {ms(pick(proofs, 0.95))}, max {ms(max(proofs))}")
else:
    print("letter -> grid proof: none (no /api/prove)")
report("letter ->", firsts, lists, decided)
