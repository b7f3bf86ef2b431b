#!/usr/bin/env python3
"""End-to-end tests of the documents `squares fill` publishes.

    cli_documents.py SQUARES TESTS_DIR NODE_MODULES GROUP plain|sanitized

GROUP is one of
  readers  ipuz (both clue forms) read by @xwordly/xword-parser, .puz read by
           @confuzzle/readpuz and written again by @confuzzle/writepuz (its own checksums:
           the same bytes), each with the clues, title, author and copyright asked for, and a
           placeholder where a clue is missing; a letter with no Latin-1 form refused for puz.
           Skipped (77) without node or the npm packages (scripts/setup.sh --tests installs
           them into build/npm).
  latex    pdflatex compiles a 5x5 (through --format pdf), a 15x15 of accented letters, a
           21x21 and a 24x30 grid, the grids without an overfull line; pdftotext shows the
           clue texts, the placeholder and the solution's heading. Skipped (77) without TeX.
  svg      on a 21x21 grid with 3-digit numbers, no number's box meets its cell's letter's
           box (boxes computed from the SVG with the font metrics below), each box inside its
           cell; the clue list holds every entry.
  files    --all with a document format: refused (exit 2) without --output-dir, one file per
           fill with it; jsonl streams; the clue file's errors (exit 1, file and line).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.dom.minidom

FAILURES = []


def check(ok, what):
    if not ok:
        FAILURES.append(what)
        print("FAIL:", what, file=sys.stderr)
    return ok


def run(args, env=None):
    proc = subprocess.run([SQUARES] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=120, env=env)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8")


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def block_grid(rows, cols, alphabet):
    """A fully given grid: black lines at every 4th row and column (3x3 blocks, so many short
    entries and numbers past 100), letters cycling through `alphabet`."""
    black_rows = set(range(3, rows - 2, 4))
    black_cols = set(range(3, cols - 2, 4))
    return "".join("".join("#" if r in black_rows or c in black_cols else
                           alphabet[(r * 7 + c * 3) % len(alphabet)] for c in range(cols)) + "\n"
                   for r in range(rows))


def numbering(rows):
    """The entries of a grid given as rows ('#' black), numbered as printed crosswords are:
    [(number, 'A' or 'D', row, col)] in the order of their numbers, Across first."""
    h, w = len(rows), len(rows[0])
    white = lambda r, c: 0 <= r < h and 0 <= c < w and rows[r][c] != "#"
    out, n = [], 0
    for r in range(h):
        for c in range(w):
            if not white(r, c):
                continue
            across = not white(r, c - 1) and white(r, c + 1)
            down = not white(r - 1, c) and white(r + 1, c)
            if across or down:
                n += 1
                out += [(n, "A", r, c)] * across + [(n, "D", r, c)] * down
    return out


SMALL_CLUES = ("# clues of tests/data/fill/small.txt's fill\n"
               "1 Across\tBack part, \"quoted\" & <tagged>\n"
               "area\tSpace\n"
               "3 D\tConsumed\n")
# The fill of small.txt on words.txt: REAR / #AT# / AREA (golden/text.out).
SMALL_ACROSS = [[1, 'Back part, "quoted" & <tagged>'], [4, "[clue]"], [5, "Space"]]
SMALL_DOWN = [[2, "[clue]"], [3, "Consumed"]]
META = ["--title", "Small one", "--author", "A. Setter", "--copyright", "© 2026 A. Setter"]


def read_with_node(kind, path):
    proc = subprocess.run(["node", os.path.join(TESTS, "read_documents.mjs"), NODE_MODULES,
                           kind, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=60)
    if not check(proc.returncode == 0, f"node reader of {path}: {proc.stderr.decode()[-600:]}"):
        return {}
    return json.loads(proc.stdout)


def readers(tmp):
    if shutil.which("node") is None or not os.path.isdir(
            os.path.join(NODE_MODULES, "@xwordly", "xword-parser")) or not os.path.isdir(
            os.path.join(NODE_MODULES, "@confuzzle", "writepuz")):
        print(f"node or the npm readers (in {NODE_MODULES}) missing: skipping "
              "(scripts/setup.sh --tests installs them)")
        sys.exit(77)
    grid = os.path.join(TESTS, "data", "fill", "small.txt")
    words = os.path.join(TESTS, "data", "fill", "words.txt")
    clues = write(os.path.join(tmp, "clues.txt"), SMALL_CLUES)
    base = ["fill", grid, "--dict", words, "--clues", clues] + META
    for form in ("array", "object"):
        status, out, err = run(base + ["--format", "ipuz", "--ipuz-clues", form])
        check(status == 0, f"ipuz {form}: status {status} {err}")
        doc = json.loads(out)
        first = doc["clues"]["Across"][0]
        check(first == SMALL_ACROSS[0] if form == "array" else
              first == {"number": 1, "clue": SMALL_ACROSS[0][1], "enumeration": "4",
                        "answer": "REAR"}, f"ipuz {form}: first clue {first}")
        path = write(os.path.join(tmp, f"small-{form}.ipuz"), out.decode())
        got = read_with_node("ipuz", path)
        want = {"title": "Small one", "author": "A. Setter", "copyright": "© 2026 A. Setter",
                "width": 4, "height": 3, "solution": ["REAR", "#AT#", "AREA"],
                "across": SMALL_ACROSS, "down": SMALL_DOWN}
        for key, value in want.items():
            check(got.get(key) == value, f"ipuz {form} read by xword-parser: {key} = "
                                         f"{got.get(key)!r}, want {value!r}")
    # .puz: clue strings in the order of their numbers, Across before Down at one number.
    status, out, err = run(base + ["--format", "puz"])
    check(status == 0, f"puz: status {status} {err}")
    path = os.path.join(tmp, "small.puz")
    with open(path, "wb") as f:
        f.write(out)
    got = read_with_node("puz", path)
    by_number = {(n, d): t for d, lst in (("A", SMALL_ACROSS), ("D", SMALL_DOWN)) for n, t in lst}
    order = [by_number[(n, d)] for n, d, _, _ in numbering(["REAR", "#AT#", "AREA"])]
    want = {"title": "Small one", "author": "A. Setter", "copyright": "© 2026 A. Setter",
            "width": 4, "height": 3, "solution": "REAR.AT.AREA", "state": "----.--.----",
            "clues": order, "rewritten_same": True}
    for key, value in want.items():
        check(got.get(key) == value, f"puz read by readpuz: {key} = {got.get(key)!r}, "
                                     f"want {value!r}")
    # Accented letters: Latin-1 in a .puz, any letter in ipuz; Greek refused for puz.
    accents = write(os.path.join(tmp, "accents.txt"), "éàçñüöåøabcd\n")
    text = block_grid(15, 15, "ÉÀÇÑÜÖÅØABCD")
    grid15 = write(os.path.join(tmp, "accents15.txt"), text)
    args = ["fill", grid15, "--dict", accents, "--allow-repeats"] + META
    status, out, err = run(args + ["--format", "puz"])
    path = os.path.join(tmp, "accents.puz")
    with open(path, "wb") as f:
        f.write(out)
    got = read_with_node("puz", path)
    check(status == 0 and got.get("solution") == text.replace("#", ".").replace("\n", "")
          and got.get("rewritten_same") is True, f"accented puz: {status} {got.get('solution')}")
    status, out, err = run(args + ["--format", "ipuz"])
    got = read_with_node("ipuz", write(os.path.join(tmp, "accents.ipuz"), out.decode()))
    check(got.get("solution") == text.split(), f"accented ipuz: {got.get('solution')}")
    greek = write(os.path.join(tmp, "greek.txt"), "αβ\nγδ\n")
    status, out, err = run(["fill", greek, "--dict", write(os.path.join(tmp, "g.txt"),
                                                           "αβ\nγδ\nαγ\nβδ\n"),
                            "--format", "puz"])
    check(status == 1 and err.startswith("squares: puz: the letter 'Α' at row 1, column 1 has no "
                                         "Latin-1 form"), f"greek puz: {status} {err!r}")


def pdf_text(path):
    proc = subprocess.run(["pdftotext", "-enc", "UTF-8", path, "-"], stdout=subprocess.PIPE,
                          timeout=60)
    return proc.stdout.decode("utf-8")


def latex(tmp):
    if shutil.which("pdflatex") is None or shutil.which("pdftotext") is None:
        print("pdflatex or pdftotext not installed: skipping (scripts/setup.sh --tests installs them)")
        sys.exit(77)
    # A 5x5 through --format pdf, with clues by word and by number.
    grid5 = write(os.path.join(tmp, "g5.txt"), "#....\n.....\n.....\n.....\n....#\n")
    status, out, _ = run(["fill", grid5, "--any", "-j", "1", "--format", "jsonl"])
    fill = json.loads(out)
    clues = write(os.path.join(tmp, "c5.txt"),
                  f"{fill['across'][0]['word'].lower()}\tThe first across clue\n"
                  "1 Down\tA clue with $, % and {braces}\n")
    status, out, err = run(["fill", grid5, "--any", "-j", "1", "--clues", clues, "--format", "pdf",
                            "--title", "Five & five"])
    path = os.path.join(tmp, "g5.pdf")
    with open(path, "wb") as f:
        f.write(out)
    text = pdf_text(path)
    check(status == 0 and out.startswith(b"%PDF"), f"5x5 pdf: status {status} {err}")
    for want in ("Five & five", "The first across clue", "A clue with $, % and {braces}",
                 "[clue]", "Across", "Down", "Solution"):
        check(want in text, f"5x5 pdf: {want!r} not in pdftotext's text")
    # Without pdflatex on the PATH: a clear error before any search.
    status, out, err = run(["fill", grid5, "--format", "pdf"], env={"PATH": "/nonexistent"})
    check(status == 1 and "runs pdflatex, which is not installed" in err,
          f"pdf without pdflatex: {status} {err!r}")
    if SANITIZED:
        return
    accents = write(os.path.join(tmp, "accents.txt"), "éàçñüöåøabcd\n")
    cases = [("accents15", block_grid(15, 15, "ÉÀÇÑÜÖÅØABCD"), accents),
             ("grid21", block_grid(21, 21, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), None),
             ("grid24x30", block_grid(24, 30, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), None)]
    for name, text, words in cases:
        grid = write(os.path.join(tmp, name + ".txt"), text)
        clues = write(os.path.join(tmp, name + ".clues"), "1 Across\tCafé au lait, naïve\n")
        args = ["fill", grid, "--allow-repeats", "--clues", clues, "--format", "latex"]
        status, out, err = run(args + (["--dict", words] if words else []))
        check(status == 0, f"{name}: latex status {status}")
        write(os.path.join(tmp, name + ".tex"), out.decode())
        proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                               name + ".tex"], cwd=tmp, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=120)
        if not check(proc.returncode == 0, f"{name}: pdflatex failed: "
                                           f"{proc.stdout.decode('utf-8', 'replace')[-800:]}"):
            continue
        with open(os.path.join(tmp, name + ".log"), encoding="latin-1") as f:
            log = f.read()
        check("Overfull \\hbox" not in log, f"{name}: an overfull line in the LaTeX log")
        shown = pdf_text(os.path.join(tmp, name + ".pdf"))
        for want in ("Café au lait, naïve", "[clue]", "Solution"):
            check(want in shown, f"{name}: {want!r} not in pdftotext's text")
        if name == "accents15":
            check("É" in shown and "Ñ" in shown, f"{name}: the accented letters are not shown")


# Font metrics of the SVG's sans-serif (Helvetica, Arial, DejaVu Sans), in ems, taken wide:
# a digit's advance 0.6 and height 0.75; a capital's width at most 0.95, its top with an accent
# 0.95 above the baseline, its bottom (Q, Ç) 0.22 below.
def number_box(x, y, size, digits):
    return (x, y - 0.75 * size, x + 0.6 * size * digits, y)


def letter_box(x, y, size):
    return (x - 0.475 * size, y - 0.95 * size, x + 0.475 * size, y + 0.22 * size)


def svg(tmp):
    text = block_grid(21, 21, "ABCDEFGHIJKLMNOPQRSTUVWXYZÉÇQ")
    grid = write(os.path.join(tmp, "grid21.txt"), text)
    clues = write(os.path.join(tmp, "c.txt"), "1 Across\tFirst & <best>\n")
    status, out, err = run(["fill", grid, "--allow-repeats", "--format", "svg", "--solution",
                            "--clues", clues, "--title", "Twenty-one"])
    check(status == 0, f"svg: status {status}")
    doc = xml.dom.minidom.parseString(out)
    cells = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("stroke-width") == "1"]
    texts = doc.getElementsByTagName("text")
    boxes = {}  # cell index -> {"number": box, "letter": box}
    cell_boxes = [tuple(float(r.getAttribute(k)) for k in ("x", "y", "width", "height"))
                  for r in cells]
    cell_boxes = [(x, y, x + w, y + h) for x, y, w, h in cell_boxes]

    def cell_of(x, y):
        for i, (x0, y0, x1, y1) in enumerate(cell_boxes):
            if x0 <= x < x1 and y0 <= y < y1:
                return i
        return None

    numbers = []
    for t in texts:
        kind = t.getAttribute("class")
        if kind not in ("number", "letter"):
            continue
        x, y, size = (float(t.getAttribute(k)) for k in ("x", "y", "font-size"))
        content = t.firstChild.data
        box = number_box(x, y, size, len(content)) if kind == "number" else letter_box(x, y, size)
        if kind == "number":
            numbers.append(int(content))
        cell = cell_of(x, y - 1)
        if not check(cell is not None, f"svg: {kind} {content} outside every cell"):
            continue
        boxes.setdefault(cell, {})[kind] = box
        x0, y0, x1, y1 = cell_boxes[cell]
        check(x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1,
              f"svg: {kind} {content} box {box} leaves its cell {cell_boxes[cell]}")
    rows = text.split()
    check(max(numbers) == numbering(rows)[-1][0] and max(numbers) >= 100,
          f"svg: numbers up to {max(numbers)}")
    met = 0
    for cell, pair in boxes.items():
        if "number" in pair and "letter" in pair:
            met += 1
            a, b = pair["number"], pair["letter"]
            check(a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1],
                  f"svg: cell {cell}: number box {a} meets letter box {b}")
    check(met == len(set(n for n, _, _, _ in numbering(rows))), f"svg: {met} numbered cells")
    shown = [t for t in texts if t.getAttribute("class") == "clue"]
    headings = [t.firstChild.data for t in texts if t.getAttribute("class") == "heading"]
    check(len(shown) == len(numbering(rows)) and headings == ["Across", "Down"],
          f"svg: {len(shown)} clues, headings {headings}")
    first = "".join(n.toxml() for n in shown[0].childNodes)
    check(first == '<tspan font-weight="bold">1</tspan> First &amp; &lt;best&gt;',
          f"svg: first clue {first!r}")


def files(tmp):
    grid = os.path.join(TESTS, "data", "fill", "small.txt")
    words = os.path.join(TESTS, "data", "fill", "words.txt")
    base = ["fill", grid, "--dict", words]
    for fmt in ("ipuz", "latex", "svg", "puz", "pdf"):
        status, out, err = run(base + ["--all", "--format", fmt])
        check(status == 2 and out == b"" and err == (
            f"squares: --all with --format {fmt}: one document per fill: give --output-dir DIR "
            f"(files DIR/0001.{'tex' if fmt == 'latex' else fmt}, ...), or stream every fill "
            "with --format jsonl\n"), f"--all --format {fmt} without --output-dir: {status} {err!r}")
    status, out, _ = run(base + ["--count"])
    count = int(out)
    check(count == 3, f"--count: {count}")
    status, out, _ = run(base + ["--all", "--count", "--format", "ipuz"])
    check(status == 0 and int(out) == count, "--all --count --format ipuz counts")
    status, out, _ = run(base + ["--all", "--format", "jsonl"])
    lines = out.decode().splitlines()
    check(status == 0 and len(lines) == count and all(json.loads(l)["rows"] for l in lines),
          f"--all --format jsonl streams {len(lines)} fills")
    for fmt in ("ipuz", "svg"):
        folder = os.path.join(tmp, "out-" + fmt)
        status, out, err = run(base + ["--all", "--format", fmt, "--output-dir", folder])
        paths = [os.path.join(folder, f"{i:04d}.{fmt}") for i in range(1, count + 1)]
        check(status == 0 and out.decode().splitlines() == paths
              and sorted(os.listdir(folder)) == [os.path.basename(p) for p in paths],
              f"--all --format {fmt} --output-dir: {status} {out!r} {err}")
        solutions = set()
        for p in paths:
            with open(p, encoding="utf-8") as f:
                if fmt == "ipuz":
                    solutions.add(json.dumps(json.load(f)["solution"]))
                else:
                    solutions.add(xml.dom.minidom.parse(f).getElementsByTagName("title")[0]
                                  .firstChild.data)
        check(len(solutions) == (count if fmt == "ipuz" else 1), f"{fmt} files: {solutions}")
    status, out, err = run(base + ["--format", "jsonl", "--output-dir", tmp])
    check(status == 2 and "--output-dir writes documents" in err, f"jsonl --output-dir: {err!r}")
    status, out, err = run(base + ["--ipuz-clues", "list"])
    check(status == 2 and err == "squares: --ipuz-clues: 'list' is not 'array' or 'object'\n",
          f"--ipuz-clues list: {err!r}")
    for text, message in [("1 Across\tok\n\n2 Down no tab\n",
                           "{c}:3: expected WORD<TAB>clue or NUMBER DIRECTION<TAB>clue (no tab)"),
                          ("#\n9 Across\tNowhere\n", "{c}:2: the grid has no 9 Across"),
                          ("1 A\tx\n1 Across\ty\n", "{c}:2: '1 Across' already has a clue (line 1)")]:
        clues = write(os.path.join(tmp, "bad.clues"), text)
        status, out, err = run(base + ["--clues", clues])
        want = "squares: " + message.format(c=clues) + "\n"
        check(status == 1 and out == b"" and err == want, f"clues error: {err!r}, want {want!r}")


def main():
    global SQUARES, TESTS, NODE_MODULES, SANITIZED
    SQUARES, TESTS, NODE_MODULES, group, build = sys.argv[1:]
    SANITIZED = build == "sanitized"
    # Another build folder (the sanitizers') reads the packages setup.sh put in build/npm.
    fallback = os.path.join(TESTS, "..", "build", "npm", "node_modules")
    if not os.path.isdir(NODE_MODULES) and os.path.isdir(fallback):
        NODE_MODULES = os.path.abspath(fallback)
    tmp = tempfile.mkdtemp()
    try:
        {"readers": readers, "latex": latex, "svg": svg, "files": files}[group](tmp)
    finally:
        shutil.rmtree(tmp)
    if FAILURES:
        print(f"{len(FAILURES)} failures", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
