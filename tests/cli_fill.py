#!/usr/bin/env python3
"""End-to-end tests of `squares fill`.

    cli_fill.py SQUARES TESTS_DIR GROUP plain|sanitized [--update]

GROUP is one of
  golden      text, lines (--all), ipuz, latex, svg and fill-in output of a small grid on
              tests/data/fill/words.txt, byte for byte against tests/data/fill/golden/*; every
              fill is also checked word by word; the grid read from ipuz fills the same. --update rewrites the golden files.
  identities  `fill --all` on an empty n x n grid lists exactly what `--double -n n` lists
              (n = 3 on words.txt, n = 4 on words4.txt in tests/data/fill), and --count agrees;
              the parts of --shard I/N concatenate to --all (text and lines), counts sum.
  grids       real grids (tests/data/grids) filled with the embedded list; every entry is
              checked against the list, and --distinct fills have no word twice.
              Under the sanitizers, each grid once (not with each option).
  states      each result state: its exit status and message.
  errors      each malformed-grid (ipuz too) and usage error: exit status and message.
  latex       the LaTeX output compiles with lualatex (skipped, status 77, without TeX).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.dom.minidom

FAILURES = []
SANITIZED = False


def check(ok, what):
    if not ok:
        FAILURES.append(what)
        print("FAIL:", what, file=sys.stderr)
    return ok


def run(args):
    proc = subprocess.run([SQUARES] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=120)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


def read_words(path):
    words = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            word = line.split(";")[0].strip().lower()
            if word and not word.startswith("#"):
                words.add(word)
    return words


def entries(rows):
    """The slots' words of a filled grid given as rows ('#' black): runs of 2+ letters."""
    out = []
    for lines in (rows, ["".join(r[i] for r in rows) for i in range(len(rows[0]))]):
        for line in lines:
            out += [run for run in line.split("#") if len(run) >= 2]
    return out


def check_fill(rows, words, distinct, what):
    found = entries(rows)
    bad = [w for w in found if w.lower() not in words]
    check(not bad, f"{what}: not words: {bad}")
    if distinct:
        check(len(set(found)) == len(found), f"{what}: a word twice: {found}")


def grid_rows(path):
    with open(path) as f:
        lines = f.read().split("\n")
    return [line for line in lines[2:] if line]  # crucio format: skip the size lines


def golden():
    grid = os.path.join(TESTS, "data", "fill", "small.txt")
    words_file = os.path.join(TESTS, "data", "fill", "words.txt")
    words = read_words(words_file)
    cases = {
        "text": [], "lines": ["--all", "--format", "lines"], "ipuz": ["--format", "ipuz"],
        "latex": ["--format", "latex"], "svg": ["--format", "svg", "--solution"],
        "fillin": ["--deterministic"],
    }
    for name, extra in cases.items():
        status, out, err = run(["fill", grid, "--dict", words_file] + extra)
        check(status == 0 and err == "", f"golden {name}: status {status}, stderr {err!r}")
        path = os.path.join(TESTS, "data", "fill", "golden", f"{name}.out")
        if UPDATE:
            with open(path, "w", encoding="utf-8") as f:
                f.write(out)
        with open(path, encoding="utf-8") as f:
            check(f.read() == out, f"golden {name}: output differs from {path}")
    # The same grid as ipuz (with clues and a title) fills the same way.
    ipuz = os.path.join(TESTS, "data", "fill", "small.ipuz")
    got, want = (run(["fill", path, "--dict", words_file, "--all", "--format", "lines"]) for path in (ipuz, grid))
    check(got == want and want[0] == 0, f"{ipuz}: {got} differs from {grid}'s {want}")
    _, out, _ = run(["fill", ipuz, "--dict", words_file, "--format", "ipuz"])
    document = json.loads(out)
    check(document["title"] == "Small" and document["author"] == "the squares tests", f"{ipuz}: {out}")
    check([1, "Top row"] in document["clues"]["Across"] and [3, "Third column"] in document["clues"]["Down"],
          f"{ipuz}: its clues are not the document's: {document['clues']}")
    # Independent checks of what the goldens hold.
    _, out, _ = run(["fill", grid, "--dict", words_file, "--all", "--format", "lines"])
    fills = out.split("\n")[:-1]
    check(len(fills) == 3 and fills == sorted(fills), f"golden lines: {fills}")
    for line in fills:
        check_fill(line.split(" "), words, False, f"golden fill {line}")
    _, out, _ = run(["fill", grid, "--dict", words_file, "--format", "ipuz", "--ipuz-clues", "object"])
    puz = json.loads(out)
    check(puz["version"] == "http://ipuz.org/v2" and puz["dimensions"] == {"width": 4, "height": 3},
          "ipuz header")
    check(puz["puzzle"][1] == ["#", 4, 0, "#"], f"ipuz puzzle row: {puz['puzzle'][1]}")
    solution = ["".join(c for c in row) for row in puz["solution"]]
    check_fill(solution, words, False, "ipuz solution")
    answers = [c["answer"] for d in ("Across", "Down") for c in puz["clues"][d]]
    check(sorted(answers) == sorted(entries(solution)), f"ipuz answers {answers}")
    _, out, _ = run(["fill", grid, "--dict", words_file, "--format", "svg"])
    doc = xml.dom.minidom.parseString(out)
    texts = [t.firstChild.data for t in doc.getElementsByTagName("text")]
    check(texts == ["small.txt", "1", "2", "3", "4", "5"],
          f"svg without --solution shows the title and numbers only: {texts}")


def identities():
    tmp = tempfile.mkdtemp()
    try:
        for n, name in ((3, "words.txt"), (4, "words4.txt")):
            grid = os.path.join(tmp, f"empty{n}.txt")
            with open(grid, "w") as f:
                f.write(("." * n + "\n") * n)
            words = os.path.join(TESTS, "data", "fill", name)
            # Square searches keep every word; fills leave offensive ones out unless asked.
            _, fills, _ = run(["fill", grid, "--dict", words, "--all", "--allow-repeats",
                               "--allow-offensive=slurs", "--format", "lines"])
            _, squares, _ = run(["--double", "-n", str(n), "--dict", words, "--format", "lines"])
            check(fills.lower() == squares and squares, f"fill --all = --double -n {n}")
            _, count, _ = run(["fill", grid, "--dict", words, "--count", "--allow-repeats",
                               "--allow-offensive=slurs"])
            _, double_count, _ = run(["--double", "-n", str(n), "--dict", words, "--count"])
            check(count == double_count, f"--count {count!r} = --double --count {double_count!r}")
            check(int(count) == len(squares.split("\n")) - 1, "count = number of lines")
            # --limit L: the first L fills, as `squares --limit L` the first L squares (0: none).
            listed = fills.split("\n")[:-1]
            for limit in (0, 1, 2, len(listed) + 1):
                all_args = ["fill", grid, "--dict", words, "--allow-repeats",
                            "--allow-offensive=slurs", "--limit", str(limit)]
                status, limited, err = run(all_args + ["--all", "--format", "lines"])
                check((status, err) == (0, "") and limited.split("\n")[:-1] == listed[:limit],
                      f"fill --all --limit {limit}: exit {status}, {err!r}")
                status, limited, err = run(all_args + ["--count"])
                check((status, err, limited) == (0, "", f"{min(limit, len(listed))}\n"),
                      f"fill --count --limit {limit}: exit {status}, {limited!r}, {err!r}")
            # Without --allow-repeats (and with --distinct, crucio's -U, the same): the double
            # squares with no word twice.
            expected = [s for s in squares.split("\n")[:-1]
                        if len(set(entries(s.split(" ")))) == 2 * n]
            for extra in ([], ["--distinct"]):
                _, distinct, _ = run(["fill", grid, "--dict", words, "--all", "--allow-offensive=slurs",
                                      "--format", "lines"] + extra)
                check(distinct.lower().split("\n")[:-1] == expected, f"{extra}, n = {n}")
            check_shards(grid, ["--dict", words, "--allow-repeats"])
        check_shards(os.path.join(TESTS, "data", "fill", "small.txt"),
                     ["--dict", os.path.join(TESTS, "data", "fill", "words.txt")])
    finally:
        shutil.rmtree(tmp)


def check_shards(grid, dict_args):
    """--shard I/N parts concatenate to the whole listing; their counts sum to the count."""
    for fmt in ("lines", "text"):
        _, whole, _ = run(["fill", grid, "--all", "--format", fmt] + dict_args)
        for n in (1, 2, 3, 7):
            parts = [run(["fill", grid, "--all", "--format", fmt, "--shard", f"{i}/{n}"]
                         + dict_args) for i in range(1, n + 1)]
            check(all(p[0] == 0 and p[2] == "" for p in parts), f"{grid} {n} shards: {parts}")
            check("".join(p[1] for p in parts) == whole and whole,
                  f"{grid}: {n} shards ({fmt}) do not concatenate to --all")
            if fmt == "lines" and n == 7:
                check(sum(1 for p in parts if p[1]) > 1, f"{grid}: one shard has every fill")
    _, count, _ = run(["fill", grid, "--count"] + dict_args)
    for n in (2, 7):
        counts = [run(["fill", grid, "--count", "--shard", f"{i}/{n}"] + dict_args)[1]
                  for i in range(1, n + 1)]
        check(sum(int(c) for c in counts) == int(count), f"{grid}: {n} shard counts {counts}")


def grids():
    words = read_words(os.path.join(TESTS, "..", "data", "words.txt"))
    for name in ("crucio-01.crg", "crucio-06.crg", "cwc-15x15-guardian-a.crg", "cwc-l.crg"):
        path = os.path.join(TESTS, "data", "grids", name)
        # Under the sanitizers (ten times slower) one way: the same code, memory errors sought.
        for extra in ([],) if SANITIZED else ([], ["--allow-repeats"], ["--branch", "word", "--seed", "7"]):
            status, out, err = run(["fill", path, "--format", "lines", "--timeout", "60",
                                    "--polish", "1000"] + extra)
            check(status == 0, f"{name} {extra}: status {status} {err}")
            rows = out.strip().split(" ")
            check([len(r) for r in rows] == [len(r) for r in grid_rows(path)], f"{name}: shape")
            for got, pattern in zip(rows, grid_rows(path)):
                check(all((p == "#") == (g == "#") for g, p in zip(got, pattern)),
                      f"{name}: black cells kept")
            check_fill(rows, words, "--allow-repeats" not in extra, f"{name} {extra}")
    # Across Lite .puz files (written by puzpy): their grid, clues, notes, rebus and circles,
    # and what reading them noted, as warnings.
    puzzles = os.path.join(TESTS, "data", "puzzles")
    status, out, err = run(["fill", os.path.join(puzzles, "square-1.3.puz"), "--allow-repeats",
                            "--format", "lines"])
    check((status, out, err) == (0, "CARD AREA REAR DART\n", ""), f"puz: {status} {out!r} {err!r}")
    locked = os.path.join(puzzles, "locked.puz")
    status, out, err = run(["fill", locked, "--format", "lines"])
    check(status == 0 and len(out.split()) == 4 and
          err == f"squares: warning: {locked}: puz: the solution is locked (scrambled with a key, "
                 "solution state 0x0004): the puzzle is read without it\n",
          f"locked puz: {status} {out!r} {err!r}")
    status, out, err = run(["fill", "--no-fill", "--format", "ipuz",
                            os.path.join(puzzles, "rebus-circles.puz")])
    document = json.loads(out) if status == 0 else {}
    check(document.get("solution", [[]])[0][:1] == ["STAR"] and
          document.get("notes") == "The first and last cells hold several letters." and
          document["puzzle"][0][0]["style"].get("shapebg") == "circle" and
          document["clues"]["Across"][0] == [1, "Gazed"], f"puz to ipuz: {status} {out!r} {err!r}")
    # --prefer-scores with the default list, scored by SCOWL size: a word of the commonest size.
    sizes = {}
    with open(os.path.join(TESTS, "..", "data", "words.txt"), encoding="utf-8") as f:
        for line in f:
            word, size = line.strip().lower().split(";")
            sizes[word] = min(int(size), sizes.get(word, 100))
    tmp = tempfile.mkdtemp()
    try:
        # The best fill's quality, as jsonl and ipuz report it, recomputed from the list.
        grid = os.path.join(tmp, "small.txt")
        with open(grid, "w") as f:
            f.write("....#\n.#...\n.....\n...#.\n#....\n")
        status, out, err = run(["fill", grid, "--format", "jsonl"])
        fill = json.loads(out)
        found = [e["word"] for e in fill["across"] + fill["down"]]
        check(status == 0 and len(set(found)) == len(found), f"best fill: {status} {out!r} {err!r}")
        scores = [sizes[w.lower()] for w in found]
        q = fill["quality"]
        check(q["worst_score"] == max(scores) and sizes[q["worst"].lower()] == max(scores)
              and abs(q["mean_score"] - sum(scores) / len(scores)) < 0.006
              and q["proven"] and q["bound"] == max(scores), f"jsonl quality {q} vs {scores}")
        _, out, _ = run(["fill", grid, "--format", "ipuz"])
        check(json.loads(out)["squares:quality"] == q, f"ipuz quality: {out}")
        # --format lines is unchanged by the quality search: the rows only.
        _, out, _ = run(["fill", grid, "--format", "lines"])
        check(out == " ".join(fill["rows"]) + "\n", f"lines: {out!r}")
        grid = os.path.join(tmp, "row.txt")
        with open(grid, "w") as f:
            f.write(".....\n")
        for seed in ("1", "2"):
            status, out, err = run(["fill", grid, "--format", "lines", "--prefer-scores",
                                    "--seed", seed])
            word = out.strip().lower()
            check(status == 0 and sizes.get(word) == 10, f"--prefer-scores: {out!r} {err!r}")
    finally:
        shutil.rmtree(tmp)


STATES = [
    # (grid text, extra args, exit status, stderr)
    ("....\n#..#\n....\n", [], 0, ""),
    ("...#\n....\n#...\n", [], 3, "squares: {g}: impossible: 4 Across (row 2, column 1, 4 letters, pattern ????) has no word that fits its crossing entries\n"),
    ("V..\n.#.\n...\n", [], 4, "squares: {g}: over-constrained: 1 Across (row 1, column 1, 3 letters, "
                              "pattern V??) has no candidate word\n"),
    ("...\n...\n...\n", ["--deterministic"], 5,
     "squares: {g}: no deterministic fill: no slot has a length of its own or a fixed letter, "
     "so no word can be placed first with certainty\n"),
    # A fully pre-filled entry not in the list is kept as given (a seed entry), with a note.
    ("TEAT\n#..#\n....\n", ["--format", "lines"], 0,
     "squares: {g}: 1 Across TEAT is not in the word list: kept as given\n"),
    ("...#\n....\n#...\n", ["--count"], 3, "squares: {g}: impossible: 4 Across (row 2, column 1, 4 letters, pattern ????) has no word that fits its crossing entries\n"),
]


def states():
    tmp = tempfile.mkdtemp()
    words = os.path.join(TESTS, "data", "fill", "words.txt")
    try:
        for k, (text, extra, want_status, want_err) in enumerate(STATES):
            grid = os.path.join(tmp, f"g{k}.txt")
            with open(grid, "w") as f:
                f.write(text)
            status, out, err = run(["fill", grid, "--dict", words] + extra)
            check(status == want_status and err == want_err.format(g=grid),
                  f"state {k}: status {status} (want {want_status}), stderr {err!r}")
        # Timed out: the first 7x7 double word square takes about 0.2 s, far more than 10 ms.
        grid = os.path.join(TESTS, "data", "grids", "square-7x7.crg")
        status, out, err = run(["fill", grid, "--timeout", "0.01"])
        check(status == 6 and err == f"squares: {grid}: timed out after 0.01 s (0 fills found)\n",
              f"timed out: status {status}, stderr {err!r}")
        # Progress, asked for (by default only when stderr is a terminal: the runs above match
        # their stderr exactly): a line rewritten in place from the first second on, with time
        # and nodes growing, cleared before the run's own message. (Under the sanitizers the
        # root's propagation may outlast the run: no node yet.)
        status, out, err = run(["fill", grid, "--timeout", "1.6", "--progress"])
        ticks = [(float(t), int(n)) for t, n in re.findall(r"\r\x1b\[Ksquares: ([0-9.]+) s, (\d+) nodes", err)]
        check(status == 6 and out == "" and len(ticks) >= 1 and ticks[0][0] >= 1.0 and ticks == sorted(ticks) and
              (SANITIZED or ticks[-1][1] > 0) and
              err.endswith(f"\r\x1b[Ksquares: {grid}: timed out after 1.6 s (0 fills found)\n"),
              f"progress: status {status}, stderr {err!r}")
        # The best fill's line says the best worst word so far (cwc-l: proven 35 within about a
        # second, then improving the mean until --quality-time).
        grid = os.path.join(TESTS, "data", "grids", "cwc-l.crg")
        status, out, err = run(["fill", grid, "-j", "1", "--polish", "100000000", "--quality-time", "1.5",
                                "--progress", "-f", "lines"])
        best = re.findall(r"\r\x1b\[Ksquares: [0-9.]+ s, \d+ nodes; best so far: worst word scored (\d+)"
                          r"(, improving the mean|; looking for one with every word scored (\d+) or better)", err)
        check(status == 0 and out.count("\n") == 1 and len(best) >= 1 and
              all(b[2] == "" or int(b[2]) < int(b[0]) for b in best),
              f"progress of the best fill: status {status}, stderr {err!r}")
        # The best-fill search stops --quality-time after the first fill and says the fill is
        # unproven (cwc-l: its proof takes 1 CPU s; 0.02 s is far too little).
        status, out, err = run(["fill", grid, "--quality-time", "0.02", "-f", "lines"])
        check(status == 0 and out.count("\n") == 1 and "; unproven: time ran out" in err,
              f"quality time: status {status}, stderr {err!r}")
        # What it says was ruled out is true and not empty: a bound proven (better than the
        # worst word's score, worse than the default list's best, 10), or that none was.
        ruled = re.search(r"\(score (\d+)\), mean score [0-9.]+; unproven: time ran out before the "
                          r"proof \((no better score was ruled out yet|no fill has a worst word "
                          r"scored better than (\d+))\)\n$", err)
        check(ruled is not None and (ruled.group(3) is None or
                                     10 < int(ruled.group(3)) < int(ruled.group(1))),
              f"quality time: what was ruled out: {err!r}")
        # One thread takes the descent's searches in turns, two at once: the same worst word
        # score, proven either way. (Sanitizer builds run the two threads only: 10 s each.)
        scores = []
        for threads in ("2",) if SANITIZED else ("1", "2"):
            status, out, err = run(["fill", grid, "-j", threads, "-f", "lines", "--stats"])
            found = re.search(r"\(score (\d+)\), mean score [0-9.]+; no fill has a better worst word", err)
            check(status == 0 and found is not None, f"-j {threads}: status {status}, stderr {err!r}")
            scores.append(found.group(1) if found else None)
        if len(scores) == 2:
            check(scores[0] == scores[1], f"-j 1 and -j 2: worst word scores {scores}")
    finally:
        shutil.rmtree(tmp)


ERRORS = [
    # (grid text or None for no file, args, exit status, stderr with {g} for the grid path)
    ("...\n..\n", [], 1, "squares: {g}:2: row has 2 cells, expected 3\n"),
    ("3\n3\n---\n--\n---\n", [], 1, "squares: {g}:4: row has 2 cells, header says 3\n"),
    ("3\n3\n---\n---\n", [], 1, "squares: {g}:1: header says 3 rows, the grid has 2\n"),
    ("..\n.*\n", [], 1,
     "squares: {g}:2:2: bad character '*' (expected '.' empty, '#' black, a letter, [letters] or '_' void)\n"),
    ("2\n2\n-.\n--\n", [], 1,
     "squares: {g}:3:2: bad character '.' (expected '-' empty, '#' black or a letter)\n"),
    ("##\n##\n", [], 1, "squares: {g}: grid has no slot (no run of 2 or more white cells)\n"),
    ("#.#\n###\n", [], 1, "squares: {g}:1:2: isolated cell (in no slot)\n"),
    ("Q.\n..\n", [], 1, "squares: {g}:1:1: letter 'Q' is not in the dictionary's alphabet\n"),
    # ipuz: the cell, the JSON position, the missing key.
    ('{"puzzle": [[0, 0], [0, "A1"]]}', [], 1, "squares: {g}:2:2: 'A1' is not a letter or letters\n"),
    ('{"puzzle": [[0, 0]],\n "title": }', [], 1, "squares: {g}:2:11: not valid JSON\n"),
    ('{"title": "x"}', [], 1, "squares: {g}: no \"puzzle\": not an ipuz crossword\n"),
    ("..\n..\n", ["--format", "rtf"], 2,
     "squares: unknown format 'rtf' (expected text, lines, jsonl, ipuz, latex, svg, puz, pdf, "
     "jpz, xd, exolve, across-text, submission)\n"),
    ("..\n..\n", ["--limit", "3"], 2, "squares: --limit needs --all or --count\n"),
    ("..\n..\n", ["--all", "--limit", "-1"], 2,
     "squares: --limit: '-1' is not an integer in 0..9223372036854775807\n"),
    ("..\n..\n", ["--timeout", "soon"], 2, "squares: --timeout: 'soon' is not a positive number\n"),
    ("..\n..\n", ["--branch", "cell"], 2, "squares: --branch: 'cell' is not 'letter' or 'word'\n"),
    ("..\n..\n", ["--prefer-scores", "--branch", "letter"], 2,
     "squares: --prefer-scores tries whole words: it branches on words, not letters\n"),
    ("..\n..\n", ["--all", "--deterministic"], 2,
     "squares: --deterministic and --all/--count exclude each other\n"),
    ("..\n..\n", ["--better", "more"], 2, "squares: --better: 'more' is not 'lower' or 'higher'\n"),
    ("..\n..\n", ["--polish", "-1"], 2,
     "squares: --polish: '-1' is not an integer in 0..9223372036854775807\n"),
    ("..\n..\n", ["--allow-repeats", "-U"], 2,
     "squares: --allow-repeats and --distinct exclude each other\n"),
    ("..\n..\n", ["--allow-offensive=all"], 2,
     "squares: --allow-offensive takes vulgar, slurs or none, not 'all'\n"),
    ("..\n..\n", ["--shard", "1/2"], 2, "squares: --shard needs --all or --count\n"),
    ("..\n..\n", ["--all", "--shard", "3/2"], 2,
     "squares: --shard: '3/2' is not of the form I/N with 1 <= I <= N\n"),
    ("..\n..\n", ["-j", "1025"], 2, "squares: --threads: '1025' is not an integer in 0..1024\n"),
    (None, [], 2, "squares: give exactly one GRID file (try 'squares fill --help')\n"),
]


def errors():
    tmp = tempfile.mkdtemp()
    words = os.path.join(TESTS, "data", "fill", "words.txt")
    try:
        for k, (text, extra, want_status, want_err) in enumerate(ERRORS):
            grid = os.path.join(tmp, f"g{k}.txt")
            args = ["fill", "--dict", words] + extra
            if text is not None:
                with open(grid, "w") as f:
                    f.write(text)
                args.append(grid)
            status, out, err = run(args)
            check(status == want_status and err == want_err.format(g=grid) and out == "",
                  f"error {k}: status {status} (want {want_status}), stderr {err!r}")
        status, _, err = run(["fill", os.path.join(tmp, "missing.txt")])
        check(status == 1 and "missing.txt" in err, f"missing file: {status} {err!r}")
        status, out, _ = run(["fill", "--help"])
        check(status == 0 and "Usage: squares fill" in out, "fill --help")
    finally:
        shutil.rmtree(tmp)


def latex():
    if shutil.which("lualatex") is None:
        print("lualatex not installed: skipping")
        sys.exit(77)
    tmp = tempfile.mkdtemp()
    try:
        grid = os.path.join(TESTS, "data", "fill", "small.txt")
        words = os.path.join(TESTS, "data", "fill", "words.txt")
        for extra in ([], ["--fill-in"]):
            _, out, _ = run(["fill", grid, "--dict", words, "--format", "latex"] + extra)
            with open(os.path.join(tmp, "fill.tex"), "w") as f:
                f.write(out)
            proc = subprocess.run(["lualatex", "-interaction=nonstopmode", "-halt-on-error",
                                   "fill.tex"], cwd=tmp, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, timeout=120)
            check(proc.returncode == 0 and os.path.exists(os.path.join(tmp, "fill.pdf")),
                  f"lualatex {extra}: {proc.stdout.decode('utf-8', 'replace')[-800:]}")
    finally:
        shutil.rmtree(tmp)


def main():
    global SQUARES, TESTS, UPDATE, SANITIZED
    args = sys.argv[1:]
    UPDATE = "--update" in args
    args = [a for a in args if a != "--update"]
    SQUARES, TESTS, group, build = args
    SANITIZED = build == "sanitized"
    {"golden": golden, "identities": identities, "grids": grids, "states": states,
     "errors": errors, "latex": latex}[group]()
    if FAILURES:
        print(f"{len(FAILURES)} failures", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
