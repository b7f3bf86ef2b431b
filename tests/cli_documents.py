#!/usr/bin/env python3
"""End-to-end tests of the documents `squares fill` publishes.

    cli_documents.py SQUARES TESTS_DIR NODE_MODULES GROUP plain|sanitized

GROUP is one of
  readers  ipuz (both clue forms), jpz and xd read by @xwordly/xword-parser (the jpz and xd
           equal to the ipuz: grid, numbers, circles, clues), .puz read by @confuzzle/readpuz
           and written again by @confuzzle/writepuz (its own checksums: the same bytes), each
           with the clues, title, author and copyright asked for, and a placeholder where a
           clue is missing; letters with no Latin-1 form a puz's rebus cells. Skipped (77)
           without node or the npm packages (scripts/setup.sh --tests installs them into build/npm).
  latex    lualatex compiles a 5x5 (through --format pdf), a 15x15 of accented letters, a
           21x21 (letter paper) and a 24x30 grid, the grids without an overfull line;
           pdftotext shows the clue texts, the placeholder and the solution's heading; the
           submission sheet holds every answer and clue. Page images in
           $SQUARES_TEST_ARTEFACTS. Skipped (77) without TeX.
  letters  every letter of the default list, Latin-1 and Latin Extended-A in PDF grids, read
           back in their rows; clues in Latin, Greek, Cyrillic, CJK, Hebrew and Arabic, and
           an emoji; a control character a warning.
  svg      on a 21x21 grid with 3-digit numbers, no number's box meets its cell's letter's
           box (boxes computed from the SVG with the font metrics below), each box inside its
           cell; the title shows; the clue list holds every entry, in columns, wrapped.
  files    --all with a document format: refused (exit 2) without --output-dir, one file per
           fill with it; jsonl streams; the clue file's errors (exit 1, file and line).
  formats  Across Lite text and the Exolve page; warnings (.puz text, unused clues) and
           --strict; invalid UTF-8; a given grid's quality.
  marks    circled and shaded cells in ipuz, jpz, .puz (GEXT), SVG and LaTeX.
  exolve   the Exolve page in headless Chromium hands createExolve() the puzzle text intact.
  unfilled fill --no-fill: an unfilled and a partly filled grid in each format, read back.
  zipped   a .jpz zipped as Crossword Compiler saves it, made by Python's zipfile (stored and
           deflated at every level), reads as the XML inside does; a truncated archive, an
           encrypted entry, another method, two XML files, a CRC mismatch, broken DEFLATE data
           and decompression bombs (an honest and a lying size) refused (exit 1), naming the
           file and the problem.
  everything  one puzzle with a rebus, circles, shading, void cells, notes, a date, a clue with
           markup and one beyond Latin-1, in every format: each format's warnings exactly,
           --strict an error; the ipuz read by @xwordly/xword-parser, the .puz (2.0, GRBS,
           RTBL, GEXT) by @confuzzle/readpuz and byte by byte; the Exolve page in Chromium,
           played by the real Exolve when build/exolve has it (circles, rebus, a clue with "# ").
"""
import re
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import xml.dom.minidom
import zipfile

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
SMALL_ACROSS = [[1, 'Back part, "quoted" & <tagged>'], [4, ""], [5, "Space"]]
SMALL_DOWN = [[2, ""], [3, "Consumed"]]
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
                "numbers": [[1, 2, 3, 0], [0, 4, 0, 0], [5, 0, 0, 0]],
                "across": SMALL_ACROSS, "down": SMALL_DOWN}
        for key, value in want.items():
            check(got.get(key) == value, f"ipuz {form} read by xword-parser: {key} = "
                                         f"{got.get(key)!r}, want {value!r}")
    # jpz and xd read by the same reader as the ipuz: the same grid, numbers and clues, on the
    # small grid and on a 15x15 of accented letters with numbers past 50.
    accents = write(os.path.join(tmp, "accents.txt"), "éàçñüöåøabcd\n")
    grid15 = write(os.path.join(tmp, "accents15.txt"), block_grid(15, 15, "ÉÀÇÑÜÖÅØABCD"))
    for args in (base, ["fill", grid15, "--dict", accents, "--allow-repeats"] + META):
        status, out, err = run(args + ["--format", "ipuz"])
        want = read_with_node("ipuz", write(os.path.join(tmp, "same.ipuz"), out.decode()))
        for fmt in ("jpz", "xd"):
            status, out, err = run(args + ["--format", fmt])
            got = read_with_node(fmt, write(os.path.join(tmp, "same." + fmt), out.decode()))
            if fmt == "xd":  # its readers need text in every clue: the placeholder
                for direction in ("across", "down"):
                    want[direction] = [[n, t or "[clue]"] for n, t in want[direction]]
            check(status == 0 and got == want, f"{fmt} read by xword-parser: {got}, the ipuz: {want}")
    # .puz: clue strings in the order of their numbers, Across before Down at one number. Every
    # entry has a clue here: writepuz checksums an empty clue as if it were ' ', where the
    # format's definition (and puzpy) adds nothing for it (the unfilled group checks that).
    every = write(os.path.join(tmp, "every.txt"), SMALL_CLUES + "4 A\tAt\n2 D\tEat\n")
    status, out, err = run(base + ["--format", "puz", "--clues", every])
    check(status == 0, f"puz: status {status} {err}")
    path = os.path.join(tmp, "small.puz")
    with open(path, "wb") as f:
        f.write(out)
    got = read_with_node("puz", path)
    by_number = {(n, d): t or {(4, "A"): "At", (2, "D"): "Eat"}[(n, d)]
                 for d, lst in (("A", SMALL_ACROSS), ("D", SMALL_DOWN)) for n, t in lst}
    order = [by_number[(n, d)] for n, d, _, _ in numbering(["REAR", "#AT#", "AREA"])]
    want = {"title": "Small one", "author": "A. Setter", "copyright": "© 2026 A. Setter",
            "width": 4, "height": 3, "solution": "REAR.AT.AREA", "state": "----.--.----",
            "clues": order, "rewritten_same": True}
    for key, value in want.items():
        check(got.get(key) == value, f"puz read by readpuz: {key} = {got.get(key)!r}, "
                                     f"want {value!r}")
    # Accented letters: Latin-1 in a .puz, any letter in ipuz; Greek as rebus cells in a .puz.
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
    # Greek letters: rebus cells (2.0, UTF-8), 'X' in the solution grid, with warnings.
    check(status == 0 and out[0x34:0x38] == b"XXXX" and b" 0:\xce\x91; 1:\xce\x92;" in out
          and err == "squares: warning: puz: 4 cells with letters beyond Latin-1: written as rebus "
          "cells, with 'X' in the solution grid, which a reader without rebus cells takes for the "
          "answer\nsquares: warning: puz: a rebus cell has 'Α' (U+0391), beyond Latin-1: written "
          "as version 2.0, in UTF-8, which readers of version 1.3 (Latin-1) misread\n",
          f"greek puz: {status} {err!r}")


def write_bytes(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return path


def pdf_text(path, options=()):
    proc = subprocess.run(["pdftotext", "-enc", "UTF-8", *options, path, "-"],
                          stdout=subprocess.PIPE, timeout=60)
    return proc.stdout.decode("utf-8")


def latex(tmp):
    if shutil.which("lualatex") is None or shutil.which("pdftotext") is None:
        print("lualatex or pdftotext not installed: skipping (scripts/setup.sh --tests installs them)")
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
    path = write_bytes(os.path.join(tmp, "g5.pdf"), out)
    text = pdf_text(path)
    check(status == 0 and out.startswith(b"%PDF"), f"5x5 pdf: status {status} {err}")
    for want in ("Five & five", "The first across clue", "A clue with $, % and {braces}",
                 "Across", "Down", "Solution"):
        check(want in text, f"5x5 pdf: {want!r} not in pdftotext's text")
    # Without lualatex on the PATH: a clear error before any search.
    status, out, err = run(["fill", grid5, "--format", "pdf"], env={"PATH": "/nonexistent"})
    check(status == 1 and "squares: --format pdf: a PDF runs lualatex, which is not installed" in err,
          f"pdf without lualatex: {status} {err!r}")
    if SANITIZED:
        return
    accents = write(os.path.join(tmp, "accents.txt"), "éàçñüöåøabcd\n")
    page_images(path, "5x5-a4")
    # The submission sheet of the 5x5: the constructor on each page, every answer and clue.
    status, out, err = run(["fill", grid5, "--any", "-j", "1", "--clues", clues, "--format",
                            "submission", "--title", "Five", "--author", "A. Setter",
                            "--address", "1 Grid Lane|Crossville", "--email", "a@b.example",
                            "--paper", "letter"])
    path = write_bytes(os.path.join(tmp, "submission.pdf"), out)
    page_images(path, "5x5-submission-letter")
    text = " ".join(pdf_text(path).split())
    check(status == 0, f"submission: {status} {err}")
    down1 = [e for e in fill["down"] if e["number"] == 1][0]
    for want in ["A. Setter 1 Grid Lane Crossville a@b.example",
                 f"The first across clue ({fill['across'][0]['length']})",
                 f"A clue with $, % and {{braces}} ({down1['length']})", "page 1"] + [
                     e["word"] for e in fill["across"] + fill["down"]]:
        check(want in text, f"submission: {want!r} not in its text {text!r}")
    cases = [("accents15", block_grid(15, 15, "ÉÀÇÑÜÖÅØABCD"), accents, "a4"),
             ("grid21", block_grid(21, 21, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), None, "letter"),
             ("grid24x30", block_grid(24, 30, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), None, "a4")]
    for name, text, words, paper in cases:
        grid = write(os.path.join(tmp, name + ".txt"), text)
        clues = write(os.path.join(tmp, name + ".clues"), "1 Across\tCafé au lait, naïve\n")
        args = ["fill", grid, "--allow-repeats", "--clues", clues, "--format", "latex",
                "--paper", paper]
        status, out, err = run(args + (["--dict", words] if words else []))
        check(status == 0, f"{name}: latex status {status}")
        write(os.path.join(tmp, name + ".tex"), out.decode())
        proc = subprocess.run(["lualatex", "-interaction=nonstopmode", "-halt-on-error",
                               name + ".tex"], cwd=tmp, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=120)
        if not check(proc.returncode == 0, f"{name}: lualatex failed: "
                                           f"{proc.stdout.decode('utf-8', 'replace')[-800:]}"):
            continue
        with open(os.path.join(tmp, name + ".log"), encoding="latin-1") as f:
            log = f.read()
        check("Overfull \\hbox" not in log, f"{name}: an overfull line in the LaTeX log")
        shown = pdf_text(os.path.join(tmp, name + ".pdf"))
        for want in ("Café au lait, naïve", "Solution"):
            check(want in shown, f"{name}: {want!r} not in pdftotext's text")
        if name == "accents15":
            check("É" in shown and "Ñ" in shown, f"{name}: the accented letters are not shown")
        size = {"a4": "595.276 x 841.89", "letter": "612 x 792"}[paper]
        info = subprocess.run(["pdfinfo", os.path.join(tmp, name + ".pdf")],
                              stdout=subprocess.PIPE, timeout=60).stdout.decode()
        check(f"Page size:       {size} pts" in info, f"{name}: not on {paper} paper: {info!r}")
        page_images(os.path.join(tmp, name + ".pdf"), f"{name}-{paper}")


def page_images(pdf, name):
    """Each page of `pdf` as a PNG in the build folder's test-artefacts/documents (for a person
    to look at; nothing is compared)."""
    folder = os.environ.get("SQUARES_TEST_ARTEFACTS")
    if not folder or shutil.which("pdftoppm") is None:
        return
    os.makedirs(folder, exist_ok=True)
    subprocess.run(["pdftoppm", "-r", "50", "-png", pdf, os.path.join(folder, name)],
                   timeout=60, check=True)


def letter_grid(letters, width):
    """A fully given grid holding `letters` (with A as filler): rows of `width` letters with
    black rows between them, so that each row is one Across entry and there is no Down entry;
    and its word list (the rows)."""
    rows = ["".join(letters[i:i + width]).ljust(width, "A") for i in range(0, len(letters), width)]
    grid = "\n".join(sum(([r] if i == 0 else ["#" * width, r] for i, r in enumerate(rows)), []))
    return rows, grid + "\n", "\n".join(rows) + "\n"


def default_list_letters():
    """The letters of the default word list (data/words.txt), upper-cased."""
    seen = set()
    with open(os.path.join(TESTS, "..", "data", "words.txt"), encoding="utf-8") as f:
        for line in f:
            seen.update(ch.upper() for ch in line.split(";")[0] if ch.isalpha())
    return sorted(seen)


# Clue texts in the scripts a clue may hold, and what pdftotext must read back.
SCRIPT_CLUES = [("1 Across", "Œuvre, Łódź, façade, Ærø"), ("2 Across", "Καλημέρα κόσμε"),
                ("3 Across", "Здравствуй, мир"), ("4 Across", "漢字 かな 한국어"),
                ("5 Across", "Smile 😀, say שלום or مرحبا and join a\u200db")]


# The CJK fonts the LaTeX page falls back on (src/fill/latex.cc).
CJK_FONTS = ["/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
             "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
             "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
             "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"]


def letters(tmp):
    """Every letter of the default list, Latin-1 and Latin Extended-A in PDF grids (two: a list
    holds at most 64 letters), read back by pdftotext in their rows; clues in Latin, Greek,
    Cyrillic, CJK, Hebrew and Arabic, and an emoji (DejaVu Sans has it); a control character
    in the title a warning, which --strict refuses."""
    if shutil.which("lualatex") is None or shutil.which("pdftotext") is None:
        print("lualatex or pdftotext not installed: skipping (scripts/setup.sh installs them)")
        sys.exit(77)
    first = default_list_letters() + [chr(c) for c in range(0xC0, 0x100) if chr(c).isalpha()
                                      and chr(c) not in "ßÿ" and chr(c).upper() == chr(c)]
    first += ["ß", "Ÿ"]
    extended = []
    for c in range(0x100, 0x180):
        upper = chr(c).upper()
        if len(upper) == 1 and upper not in extended and upper not in first and upper.isalpha():
            extended.append(upper)
    for name, chosen in (("latin1", first), ("extended", extended)):
        chosen = list(dict.fromkeys(chosen))
        rows, grid, words = letter_grid(chosen, 12)
        args = ["fill", write(os.path.join(tmp, name + ".txt"), grid),
                "--dict", write(os.path.join(tmp, name + ".words"), words), "--format", "pdf"]
        if name == "latin1":
            clues = "".join(f"{key}\t{text}\n" for key, text in SCRIPT_CLUES)
            args += ["--clues", write(os.path.join(tmp, "scripts.clues"), clues),
                     "--title", "Every letter\x7f\n\nof Latin-1", "--author", "Łukasz Ωmega"]
        status, out, err = run(args)
        path = write_bytes(os.path.join(tmp, name + ".pdf"), out)
        if not check(status == 0 and out.startswith(b"%PDF"), f"{name}: status {status} {err}"):
            continue
        # The rows as squares reads the grid (İ is I to it), compared as pdftotext gives
        # them: compatibility forms expanded (Ĳ is IJ, Ŀ is L·), so both sides in NFKC.
        _, shown, _ = run(args[:4] + ["--format", "jsonl"])
        # (A letter of several code points, as Ĳ is IJ to it, is in brackets there.)
        rows = [unicodedata.normalize("NFKC", r.replace("[", "").replace("]", ""))
                for r in json.loads(shown)["rows"] if "#" not in r]
        solution = pdf_text(path, ["-layout", "-f", "2"])
        lines = [unicodedata.normalize("NFKC", "".join(line.split()))
                 for line in solution.splitlines()]
        for row in rows:
            check(row in lines, f"{name}: the row {row} is not a line of the solution page "
                                f"{[line for line in lines if line]}")
        if name == "latin1":
            text = " ".join(pdf_text(path, ["-l", "1"]).split())
            # The CJK clue needs a CJK font (setup.sh installs fonts-wqy-microhei); without
            # one its characters are white squares, and warnings.
            cjk = any(os.path.exists(f) for f in CJK_FONTS)
            if not cjk:
                print("no CJK font installed: the CJK clue is not checked")
            for key, clue in SCRIPT_CLUES[:4 if cjk else 3]:
                check(clue in text, f"{key}: {clue!r} not in pdftotext's text")
            # DejaVu Sans has the emoji, Hebrew and Arabic (set right to left).
            # (pdftotext marks the right-to-left runs and moves the spaces beside them.)
            check("Smile 😀, say" in text and "שלום" in text and "مرحبا" in text,
                  f"the emoji, Hebrew and Arabic: {text!r}")
            check("Every letter of Latin-1" in text, f"the title: {text[:80]!r}")
            check(not cjk or err == "squares: warning: the title: the control character U+007F is "
                  "left out\n", f"warnings: {err!r}")
            info = subprocess.run(["pdfinfo", path], stdout=subprocess.PIPE, timeout=60).stdout
            info = info.decode("utf-8")
            check("Title:           Every letter   of Latin-1" in info and
                  "Author:          Łukasz Ωmega" in info and "595.276 x 841.89" in info,
                  f"pdfinfo: {info!r}")
            status, out, err = run(args + ["--strict", "--paper", "letter"])
            check(status == 1 and out == b"" and err.startswith(
                "squares: the title: the control character U+007F is left out\n") and
                  err.endswith(" warning, no document written\n"), f"--strict: {status} {err!r}")


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
    clues = write(os.path.join(tmp, "c.txt"), "1 Across\tFirst & <best>\n2 Down\t" +
                  "A long clue, " * 20 + "\n")
    status, out, err = run(["fill", grid, "--allow-repeats", "--format", "svg", "--solution",
                            "--clues", clues, "--title", "Twenty-one", "--author", "A. Setter",
                            "--date", "2026-11-27"])
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
    check(first == '<tspan font-weight="bold">1</tspan><tspan x="28">First &amp; &lt;best&gt; '
                   '(3)</tspan>', f"svg: first clue {first!r}")
    # The title and author show; the clues are in three columns under the grid, as wide as
    # it whatever a clue's length, each line inside its column (0.6 em a character).
    visible = {t.getAttribute("class"): t.firstChild.data for t in texts
               if t.getAttribute("class") in ("title", "byline")}
    check(visible == {"title": "Twenty-one", "byline": "A. Setter · 2026-11-27"},
          f"svg: title and byline {visible}")
    width = int(doc.documentElement.getAttribute("width"))
    check(width == 21 * 32 + 8, f"svg: {width} wide")
    columns = sorted({int(t.getAttribute("x")) for t in shown})
    check(columns == [4, 228, 452], f"svg: clue columns at {columns}")
    for t in shown:
        for line in t.getElementsByTagName("tspan")[1:]:
            right = int(line.getAttribute("x")) + 0.6 * 12 * len(line.firstChild.data)
            check(right <= int(t.getAttribute("x")) + 224, f"svg: {line.firstChild.data!r} "
                                                           "leaves its column")
    long_clue = [t for t in shown if t.firstChild.firstChild.data == "2" and
                 len(t.getElementsByTagName("tspan")) > 5]
    check(len(long_clue) == 1, "svg: the long clue is not wrapped")


def files(tmp):
    grid = os.path.join(TESTS, "data", "fill", "small.txt")
    words = os.path.join(TESTS, "data", "fill", "words.txt")
    base = ["fill", grid, "--dict", words]
    extensions = {"ipuz": "ipuz", "latex": "tex", "svg": "svg", "puz": "puz", "pdf": "pdf",
                  "jpz": "jpz", "xd": "xd", "exolve": "html", "across-text": "txt",
                  "submission": "pdf"}
    for fmt, extension in extensions.items():
        status, out, err = run(base + ["--all", "--format", fmt])
        check(status == 2 and out == b"" and err == (
            f"squares: --all with --format {fmt}: one document per fill: give --output-dir DIR "
            f"(files DIR/0001.{extension}, ...), or stream every fill "
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
    for fmt in ("jpz", "xd", "exolve", "across-text"):
        folder = os.path.join(tmp, "out-" + fmt)
        status, out, err = run(base + ["--all", "--format", fmt, "--output-dir", folder])
        check(status == 0 and sorted(os.listdir(folder)) ==
              [f"{i:04d}.{extensions[fmt]}" for i in range(1, count + 1)],
              f"--all --format {fmt} --output-dir: {status} {err} {os.listdir(folder)}")
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


def formats(tmp):
    """Across Lite text and the Exolve page of the small fill; the text a format cannot hold
    (.puz) and the clues no entry uses are warnings naming the field or the file and line,
    errors with --strict; a fully given grid's jsonl has its quality."""
    grid = os.path.join(TESTS, "data", "fill", "small.txt")
    words = os.path.join(TESTS, "data", "fill", "words.txt")
    clues = write(os.path.join(tmp, "clues.txt"), SMALL_CLUES + "zebra\tStriped\nrear\tBack\n")
    base = ["fill", grid, "--dict", words, "--clues", clues] + META + [
        "--notes", "Mind the `back`\\tick ${x}", "--date", "2026-11-27"]
    status, out, err = run(base + ["--format", "across-text"])
    unused = (f"squares: warning: {clues}:5: no entry of the fill is ZEBRA: the clue is not used\n"
              f"squares: warning: {clues}:6: 1 Across already has a clue (line 2): this one for "
              "REAR is not used\n")
    placeholders = ("squares: warning: {}: 2 entries have no clue (4 Across, 2 Down): written as "
                    "[clue], as the format's readers need text\n")
    check(status == 0 and err == unused + "squares: warning: across-text: the date: the format "
          "has no place for it\n" + placeholders.format("across-text"),
          f"clue warnings: {status} {err!r}")
    check(out.decode() == "<ACROSS PUZZLE V2>\n<TITLE>\n\tSmall one\n<AUTHOR>\n\tA. Setter\n"
          "<COPYRIGHT>\n\t© 2026 A. Setter\n<SIZE>\n\t4x3\n<GRID>\n\tREAR\n\t.AT.\n\tAREA\n"
          "<ACROSS>\n\tBack part, \"quoted\" & <tagged>\n\t[clue]\n\tSpace\n<DOWN>\n\t[clue]\n"
          "\tConsumed\n<NOTEPAD>\nMind the `back`\\tick ${x}\n", f"across-text: {out.decode()!r}")
    status, out, err = run(base + ["--format", "exolve"])
    page = out.decode()
    for want in ("  exolve-title: Small one\n  exolve-setter: A. Setter\n",
                 "  exolve-preamble:\n    2026-11-27\n    Mind the \\`back\\`\\\\tick \\${x}\n",
                 "  exolve-grid:\n    R E A R\n    . A T .\n    A R E A\n",
                 "  exolve-across:\n    1 Back part, &quot;quoted&quot; &amp; &lt;tagged&gt; (4)\n",
                 "  exolve-down:\n    2 (3)\n    3 Consumed (3)\nexolve-end\n`);"):
        check(want in page, f"exolve: {want!r} not in the page")
    status, out, err = run(base + ["--format", "xd", "--strict"])
    check(status == 1 and out == b"" and err == (unused + placeholders.format("xd")).replace(
        "warning: ", "") + "squares: --strict: 3 warnings, no document written\n",
          f"--strict: {status} {err!r}")
    # .puz: text beyond Latin-1 makes the file version 2.0, in UTF-8, with a warning naming
    # the first such character; typographic quotes alone are their ASCII forms in 1.3, with a
    # warning naming the field, the characters and what they became.
    status, out, err = run(["fill", grid, "--dict", words, "--format", "puz", "--title",
                            "Body of work (œuvre)", "--author", "Łukasz ‘Ł’ 😀"])
    check(status == 0 and err == (
        "squares: warning: puz: the title has 'œ' (U+0153), beyond Latin-1: written as version "
        "2.0, in UTF-8, which readers of version 1.3 (Latin-1) misread\n")
        and out[0x18:0x1c] == b"2.0\0"
        and "Body of work (œuvre)\0Łukasz ‘Ł’ 😀\0".encode() in out,
        f"puz warnings: {status} {err!r}")
    status, out, err = run(["fill", grid, "--dict", words, "--format", "puz", "--title",
                            "‘Quoted’ — “twice”…"])
    check(status == 0 and err == (
        "squares: warning: puz: the title: beyond Latin-1, written '‘' (U+2018) as ''', '’' "
        "(U+2019) as ''', '—' (U+2014) as '-', '“' (U+201C) as '\"', '”' (U+201D) as '\"', "
        "'…' (U+2026) as '...'\n") and out[0x18:0x1c] == b"1.3\0"
        and b"'Quoted' - \"twice\"...\0" in out, f"puz quotes: {status} {err!r}")
    # An invalid UTF-8 byte (an argument can hold one) is U+FFFD, in every format.
    for fmt in ("puz", "jpz", "svg", "xd", "exolve", "across-text", "latex"):
        status, out, err = run(["fill", grid, "--dict", words, "--format", fmt, "--title",
                                "bad \udcff byte"])
        check(status == 0 and out, f"{fmt} of an invalid title: {status} {err!r}")
    status, out, err = run(["fill", grid, "--dict", words, "--format", "puz", "--title", "œ",
                            "--strict"])
    check(status == 1 and out == b"", f"puz --strict: {status} {err!r}")
    # A grid given whole: its quality, from the default (scored) list.
    rows = ["#SAFE", "OPERA", "FACER", "FRIES", "SEAR#"]
    given = write(os.path.join(tmp, "given.txt"), "\n".join(rows) + "\n")
    status, out, err = run(["fill", given, "--format", "jsonl"])
    quality = json.loads(out).get("quality", {}) if status == 0 else {}
    entries = [e["word"] for e in json.loads(out)["across"] + json.loads(out)["down"]]
    check(quality.get("worst") in entries and quality.get("mean_score", 0) > 0,
          f"given grid: {status} {out!r} {err}")


def marks(tmp):
    """Circled and shaded cells (a block of marks after the grid) in ipuz and jpz (read by
    @xwordly/xword-parser), .puz (its GEXT section, checked here byte by byte), SVG and the
    LaTeX page; a mark on a black cell is an error naming its line and column."""
    words = write(os.path.join(tmp, "m.words"), "cat\nore\nwet\ncow\nare\ntet\n")
    grid = write(os.path.join(tmp, "m.txt"), "CAT\nORE\nWET\n\nO..\n.*.\n..O\n")
    base = ["fill", grid, "--dict", words] + META
    read = {}
    for fmt in ("ipuz", "jpz"):
        status, out, err = run(base + ["--format", fmt])
        check(status == 0 and (b"D1D1D1" in out), f"{fmt} marks: {status} {err}")
        if shutil.which("node") is not None and os.path.isdir(NODE_MODULES):
            read[fmt] = read_with_node(fmt, write(os.path.join(tmp, "m." + fmt), out.decode()))
    for fmt, got in read.items():
        check(got.get("circled") == ["O..", "...", "..O"], f"{fmt}: circles {got.get('circled')}")
    status, out, err = run(base + ["--format", "puz"])
    check(status == 0 and err == "squares: warning: puz: 1 shaded cell: the format has no "
          "shading\n", f"puz marks: {status} {err!r}")
    section = out[out.index(b"GEXT"):]
    data = section[8:17]
    check(section[:8] == b"GEXT" + (9).to_bytes(2, "little") +
          puz_checksum(data).to_bytes(2, "little") and data == b"\x80" + b"\0" * 7 + b"\x80"
          and section[17:] == b"\0", f"puz GEXT: {section!r}")
    status, out, err = run(base + ["--format", "svg"])
    doc = xml.dom.minidom.parseString(out)
    circles = [(c.getAttribute("cx"), c.getAttribute("cy"))
               for c in doc.getElementsByTagName("circle")]
    shaded = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("fill") == "#d1d1d1"]
    check(len(circles) == 2 and len(shaded) == 1, f"svg marks: {circles}, {len(shaded)} shaded")
    status, out, err = run(base + ["--format", "latex"])
    check(b"|[1][fO]C|[2]A|[3]T|.\n|[4]O|[][gf]R|E|.\n|[5]W|E|[][fO]T|.\n" in out,
          f"latex marks: {out[-400:]!r}")
    bad = write(os.path.join(tmp, "bad.txt"), "CA#\nORE\nWET\n\n..O\n...\n...\n")
    status, out, err = run(["fill", bad, "--dict", words])
    check(status == 1 and err == f"squares: {bad}:5:3: a mark on a black cell\n",
          f"mark on black: {status} {err!r}")


def puz_checksum(data, c=0):
    for b in data:
        c = ((c >> 1) | 0x8000 if c & 1 else c >> 1) + b & 0xffff
    return c


def puz_checksums(data):
    """The file, header and masked checksums of a .puz (version 1.3, no extra sections before
    the strings' end), computed as the format's definition (and puzpy) does: the header's 8
    bytes at 0x2c; title, author and copyright with their NUL when not empty; each clue
    without it, an empty one adding nothing; the notes with their NUL when not empty."""
    width, height, count = data[0x2c], data[0x2d], int.from_bytes(data[0x2e:0x30], "little")
    cells = width * height
    solution, state = data[0x34:0x34 + cells], data[0x34 + cells:0x34 + 2 * cells]
    strings = data[0x34 + 2 * cells:].split(b"\0")
    title, author, copyright_, clues, notes = (*strings[:3], strings[3:3 + count],
                                               strings[3 + count])
    def text_checksum(c):
        for field in (title, author, copyright_):
            c = puz_checksum(field + b"\0", c) if field else c
        for clue in clues:
            c = puz_checksum(clue, c)
        return puz_checksum(notes + b"\0", c) if notes else c

    header = puz_checksum(data[0x2c:0x34])
    parts = (header, puz_checksum(solution), puz_checksum(state), text_checksum(0))
    whole = text_checksum(puz_checksum(state, puz_checksum(solution, header)))
    masked = bytes(ord("ICHEATED"[k]) ^ (parts[k] & 0xff) for k in range(4)) + bytes(
        ord("ICHEATED"[k + 4]) ^ (parts[k] >> 8) for k in range(4))
    return whole.to_bytes(2, "little"), header.to_bytes(2, "little"), masked


def exolve(tmp):
    """The Exolve page in headless Chromium: its script runs and hands createExolve() the
    puzzle text, every special character of the title, notes and clues intact."""
    if shutil.which("node") is None:
        print("node missing: skipping")
        sys.exit(77)
    grid = os.path.join(TESTS, "data", "fill", "small.txt")
    words = os.path.join(TESTS, "data", "fill", "words.txt")
    clues = write(os.path.join(tmp, "clues.txt"), "1 Across\tTick `x` ${y} \\\\ </script> & <i>\n")
    page = os.path.join(tmp, "small.html")
    status, out, err = run(["fill", grid, "--dict", words, "--clues", clues, "--format", "exolve",
                            "--title", "A `title` ${z}", "--notes", "Back\\slash"])
    write_bytes(page, out)
    proc = subprocess.run(["node", os.path.join(TESTS, "exolve_page.cjs"), NODE_MODULES, page],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    if proc.returncode == 77:
        print(proc.stderr.decode())
        sys.exit(77)
    if not check(proc.returncode == 0, f"exolve page: {proc.stderr.decode()[-600:]}"):
        return
    got = json.loads(proc.stdout)
    check(got["errors"] == [], f"exolve page errors: {got['errors']}")
    text = got["text"] or ""
    check(re.search(r"\nexolve-begin\n  exolve-id: squares-[0-9a-f]{16}\n", text) is not None,
          f"exolve: no id derived from the puzzle in {text[:200]!r}")
    for want in ("  exolve-title: A `title` ${z}\n",
                 "  exolve-preamble:\n    Back\\slash\n",
                 "  exolve-grid:\n    R E A R\n    . A T .\n    A R E A\n",
                 "    1 Tick `x` ${y} \\\\ &lt;/script&gt; &amp; &lt;i&gt; (4)\n",
                 "    3 (3)\nexolve-end\n"):
        check(want in text, f"exolve: {want!r} not in what createExolve got: {text!r}")


def unfilled(tmp):
    """fill --no-fill: a grid as it is, unfilled or partly filled (a letter beyond ASCII among
    its letters), in each format: ipuz read back by the command itself (the same document) and
    by @xwordly/xword-parser (no solution, empty clues), .puz by @confuzzle/readpuz ('X' where
    there is no letter, the header's "no solution" word, a warning), jpz, Exolve, text, SVG and
    the PDF as a blank puzzle; xd, Across Lite text and the submission sheet refused naming the
    format; --no-fill with --all is a usage error."""
    blank = write(os.path.join(tmp, "blank.txt"), "....\n#..#\n....\n")
    partly = write(os.path.join(tmp, "partly.txt"), "RÉ..\n#..#\n....\n")
    clues = write(os.path.join(tmp, "clues.txt"), "1 Across\tBack part\n3 D\tConsumed\n")
    base = ["fill", "--no-fill", "--clues", clues] + META
    status, out, err = run(base + [blank, "--format", "ipuz"])
    doc = json.loads(out) if status == 0 else {}
    check(status == 0 and err == "" and "solution" not in doc and doc.get("puzzle") == [
        [1, 2, 3, 0], ["#", 4, 0, "#"], [5, 0, 0, 0]] and doc.get("clues") == {
        "Across": [[1, "Back part"], [4, ""], [5, ""]], "Down": [[2, ""], [3, "Consumed"]]},
          f"blank ipuz: {status} {err} {doc}")
    # Read back by the command: the same grid, clues and title, so the same document.
    path = write(os.path.join(tmp, "blank.ipuz"), out.decode())
    again_status, again, err = run(["fill", "--no-fill", path, "--format", "ipuz"])
    check(again_status == 0 and again == out, f"blank ipuz read back: {again_status} {err} "
                                              f"{again.decode()!r}")
    status, out, err = run(base + [partly, "--format", "ipuz"])
    doc = json.loads(out) if status == 0 else {}
    check(doc.get("solution") == [["R", "É", 0, 0], ["#", 0, 0, "#"], [0, 0, 0, 0]],
          f"partly filled ipuz: {status} {err} {doc.get('solution')}")
    path = write(os.path.join(tmp, "partly.ipuz"), out.decode())
    status, out, err = run(["fill", "--no-fill", path, "--format", "text"])
    check(status == 0 and out.decode() == "RÉ..\n#..#\n....\n\nAcross\n1. RÉ..\tBack part\n"
          "4. ..\t\n5. ....\t\n\nDown\n2. É..\t\n3. ...\tConsumed\n",
          f"partly filled ipuz as text: {status} {err} {out.decode()!r}")
    have_node = shutil.which("node") is not None and os.path.isdir(
        os.path.join(NODE_MODULES, "@confuzzle", "readpuz"))
    if have_node:
        got = read_with_node("ipuz", path)
        # (a cell without a solution adds nothing to the reader's row)
        check(got.get("solution") == ["RÉ", "##", ""] and got.get("across") == [
            [1, "Back part"], [4, ""], [5, ""]] and got.get("down") == [[2, ""], [3, "Consumed"]],
              f"partly filled ipuz read by xword-parser: {got}")
    # .puz: 'X' where there is no letter, the header's word at 0x32 says "no solution".
    for grid, solution, empty in ((blank, "XXXX.XX.XXXX", 10), (partly, "RÉXX.XX.XXXX", 8)):
        status, out, err = run(base + [grid, "--format", "puz"])
        check(status == 0 and out[0x32:0x34] == b"\x02\x00" and err == (
            f"squares: warning: puz: the grid has {empty} empty cells: the format has no empty "
            "answer, so the file marks its solution as not given and holds 'X' there, which a "
            "reader that ignores the mark takes for the answer\n"),
              f"puz of {grid}: {status} {err!r}")
        check(puz_checksums(out) == (out[0:2], out[0x0e:0x10], out[0x10:0x18]),
              f"puz of {grid}: checksums {puz_checksums(out)}")
        if have_node:
            got = read_with_node("puz", write_bytes(os.path.join(tmp, "g.puz"), out))
            check(got.get("solution") == solution and got.get("state") == "----.--.----" and
                  got.get("clues") == ["Back part", "", "Consumed", "", ""],
                  f"puz of {grid} read by readpuz: {got}")
    # jpz: no solution attribute; Exolve: '0' cells, or '?' beside letters.
    status, out, err = run(base + [partly, "--format", "jpz"])
    check(status == 0 and '<cell x="2" y="1" solution="É" number="2"/>' in out.decode() and
          '<cell x="3" y="1" number="3"/>' in out.decode(), f"jpz: {status} {err}")
    status, out, err = run(base + [blank, "--format", "exolve"])
    check(status == 0 and "  exolve-grid:\n    0 0 0 0\n    . 0 0 .\n    0 0 0 0\n"
          in out.decode() and "    4 (2)\n" in out.decode(), f"exolve: {status} {err}")
    status, out, err = run(base + [partly, "--format", "exolve"])
    check(status == 0 and "  exolve-grid:\n    R É ? ?\n    . ? ? .\n    ? ? ? ?\n"
          in out.decode(), f"partly filled exolve: {status} {err}")
    # SVG: numbers, no letter even with --solution.
    status, out, err = run(base + [partly, "--format", "svg", "--solution"])
    doc = xml.dom.minidom.parseString(out)
    letters = [t.firstChild.data if t.firstChild else "" for t in doc.getElementsByTagName("text")
               if t.getAttribute("class") == "letter"]
    numbers = [t.firstChild.data for t in doc.getElementsByTagName("text")
               if t.getAttribute("class") == "number"]
    check(status == 0 and "".join(letters) == "RÉ" and numbers == ["1", "2", "3", "4", "5"],
          f"svg: {status} {err} {letters} {numbers}")
    # The formats whose grid is the answer refuse it, naming the format.
    for fmt, why in (("xd", "the format's grid is the answer, with no empty cell"),
                     ("across-text", "the format's grid is the answer, which Across Lite needs "
                                     "whole")):
        status, out, err = run(base + [partly, "--format", fmt])
        check(status == 1 and out == b"" and err == (
            f"squares: {fmt}: the grid has 8 empty cells, and {why} (ipuz, puz, jpz, exolve, "
            "pdf, latex, svg and text hold an unfilled grid)\n"), f"{fmt}: {status} {err!r}")
    for option in ("--all", "--count", "--deterministic"):
        status, out, err = run(base + [blank, option])
        check(status == 2 and err == f"squares: --no-fill writes the grid as it is: {option} "
              "searches for fills\n", f"--no-fill {option}: {status} {err!r}")
    if shutil.which("lualatex") is not None and shutil.which("pdftotext") is not None:
        status, out, err = run(base + [blank, "--format", "pdf"])
        text = pdf_text(write_bytes(os.path.join(tmp, "blank.pdf"), out)) if status == 0 else ""
        check(status == 0 and "Back part (4)" in text and "Solution" not in text,
              f"blank pdf: {status} {err} {text!r}")
        page_images(os.path.join(tmp, "blank.pdf"), "blank-a4")
        status, out, err = run(base + [partly, "--format", "submission"])
        check(status == 1 and err.startswith("squares: submission: the grid has 8 empty cells, "
                                             "and the sheet shows the answers"),
              f"unfilled submission: {status} {err!r}")


EVERYTHING_GRID = "_TOP\n_A#I\n_BO[TAR]\n\n.O*.\n....\n.@..\n"
EVERYTHING_CLUES = ("1 Across\t<i>Spinning</i> toy # of note\n3 Across\tRobot's \"boat\"\n"
                    "1 Down\tΣ tab\n2 Down\tDeep hole\n")
EVERYTHING_META = ["--title", "Über «all»", "--author", "Ann Author", "--copyright",
                   "© 2026 Ann", "--notes", "Theme: a hidden TAR", "--date", "2026-11-29"]
# What each format cannot hold of EVERYTHING_GRID, as `squares fill` warns of it.
EVERYTHING_WARNINGS = {
    "ipuz": [], "latex": [], "text": [], "jsonl": [],
    "xd": ["xd: 2 shaded cells: left plain, as the format marks cells one way only and the "
           "grid has circles"],
    "across-text": ["across-text: 2 shaded cells: the format has no shading",
                    "across-text: 3 void cells: written as blocks, as the format has none",
                    "across-text: the date: the format has no place for it"],
    "exolve": ["exolve: 3 void cells: written as blocks, as the format has none"],
    "puz": ["puz: 2 shaded cells: the format has no shading",
            "puz: 3 void cells: written as blocks, as the format has none",
            "puz: the date: the format has no place for it",
            "puz: the clue of 1 Down has 'Σ' (U+03A3), beyond Latin-1: written as version 2.0, "
            "in UTF-8, which readers of version 1.3 (Latin-1) misread"],
    "jpz": ["jpz: the date: the format has no place for it"],
    "svg": [],
}


def everything(tmp):
    """One puzzle with all a grid file holds, in every format; see the module's docstring."""
    grid = write(os.path.join(tmp, "all.txt"), EVERYTHING_GRID)
    clues = write(os.path.join(tmp, "all.clues"), EVERYTHING_CLUES)
    base = ["fill", grid, "--no-fill", "--clues", clues] + EVERYTHING_META
    docs = {}
    for fmt, warnings in EVERYTHING_WARNINGS.items():
        status, out, err = run(base + ["--format", fmt])
        docs[fmt] = out
        check(status == 0 and err == "".join(f"squares: warning: {w}\n" for w in warnings),
              f"everything {fmt}: {status} {err!r}")
        if warnings:
            status, out, err = run(base + ["--format", fmt, "--strict"])
            check(status == 1 and warnings[0] in err,
                  f"everything {fmt} --strict: {status} {err!r}")
    check(docs["text"].decode().startswith("_TOP\n_A#I\n_BO[TAR]\n"), f"text: {docs['text']!r}")
    ipuz = json.loads(docs["ipuz"])
    check(ipuz["puzzle"][2] == [None, {"cell": 3, "style": {"shapebg": "circle",
                                                           "color": "D1D1D1"}}, 0, 0]
          and ipuz["solution"][2] == [None, "B", "O", "TAR"] and ipuz["notes"] ==
          "Theme: a hidden TAR" and ipuz["date"] == "2026-11-29"
          and ipuz["clues"]["Across"][0] == [1, "<i>Spinning</i> toy # of note"],
          f"everything ipuz: {ipuz}")
    xd = docs["xd"].decode()
    check("Rebus: 1=TAR\nSpecial: circle\n\n\n_tOP\n_A#I\n_bO1\n\n\nA1. {/Spinning/} toy # of "
          "note ~ TOP\n" in xd, f"everything xd: {xd!r}")
    text = docs["across-text"].decode()
    check("<GRID>\n\t.tOP\n\t.A.I\n\t.bO1\n<REBUS>\n\tMARK;\n\t1:TAR:T\n" in text,
          f"everything across-text: {text!r}")
    # .puz: the strings in UTF-8 (version 2.0), the rebus in GRBS and RTBL, circles in GEXT.
    puz = docs["puz"]
    check(puz[0x18:0x1c] == b"2.0\0" and puz[0x34:0x40] == b".TOP.A.I.BOT"
          and "Σ tab\0".encode() in puz, f"everything puz: {puz[:0x60]!r}")
    grbs, rebus, table = puz.index(b"GRBS"), b"\0" * 11 + b"\1", b" 0:TAR;"
    check(puz[grbs:grbs + 37] == b"GRBS" + (12).to_bytes(2, "little") + puz_checksum(
        rebus).to_bytes(2, "little") + rebus + b"\0RTBL" + (7).to_bytes(2, "little") +
          puz_checksum(table).to_bytes(2, "little") + table + b"\0",
          f"everything GRBS, RTBL: {puz[grbs:]!r}")
    gext = puz.index(b"GEXT")
    check(puz[gext + 8:gext + 20] == b"\0\x80" + b"\0" * 7 + b"\x80\0\0",
          f"everything GEXT: {puz[gext:]!r}")
    if shutil.which("node") is None or not os.path.isdir(os.path.join(NODE_MODULES, "@xwordly")):
        print(f"node or the npm readers (in {NODE_MODULES}) missing: the readers' checks skipped")
        return
    got = read_with_node("ipuz", write(os.path.join(tmp, "all.ipuz"), docs["ipuz"].decode()))
    # xword-parser reads a void cell (null) as a cell of no letter: nothing in its row.
    check(got.get("solution") == ["TOP", "A#I", "BOTAR"] and
          got.get("circled") == [".O..", "....", ".O.."] and
          got.get("across") == [[1, "<i>Spinning</i> toy # of note"], [3, "Robot's \"boat\""]],
          f"everything ipuz read by xword-parser: {got}")
    path = os.path.join(tmp, "all.puz")
    write_bytes(path, puz)
    got = read_with_node("puz", path)
    # readpuz reads every string as Latin-1: the UTF-8 bytes, undone here.
    clues = [c.encode("latin-1").decode("utf-8") for c in got.get("clues", [])]
    check(got.get("solution") == ".TOP.A.I.BOT" and clues == [
        "Spinning toy # of note", "Σ tab", "Deep hole", "Robot's \"boat\""],
          f"everything puz read by readpuz: {got} {clues}")
    page = os.path.join(tmp, "all.html")
    write_bytes(page, docs["exolve"])
    player = os.path.join(TESTS, "..", "build", "exolve")
    proc = subprocess.run(["node", os.path.join(TESTS, "exolve_page.cjs"), NODE_MODULES, page,
                           player], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    if proc.returncode == 77:
        print(proc.stderr.decode())
        return
    if not check(proc.returncode == 0, f"everything exolve page: {proc.stderr.decode()[-600:]}"):
        return
    got = json.loads(proc.stdout)
    check(got["errors"] == [], f"everything exolve page errors: {got['errors']}")
    if got["player"] is None:
        print(f"no Exolve player in {player}: the page's text checked, not its play")
        check("    1 <i>Spinning</i> toy &#35; of note (3)\n" in (got["text"] or ""),
              f"everything exolve text: {got['text']!r}")
        return
    cells = got["player"]["grid"]
    check([[c["solution"] for c in row] for row in cells] ==
          [[".", "T", "O", "P"], [".", "A", ".", "I"], [".", "B", "O", "TAR"]]
          and [[c["circle"] for c in row] for row in cells] ==
          [[False, True, False, False], [False] * 4, [False, True, False, False]],
          f"everything played by Exolve: {cells}")
    clue = got["player"]["clues"].get("A1", "")
    check("Spinning" in clue and "&#35; of note (3)" in clue,
          f"everything exolve 1 Across: {clue!r}")


def zip_bytes(entries, method=zipfile.ZIP_DEFLATED, level=None):
    """A ZIP archive of (name, bytes) entries, as Python's zipfile writes it."""
    import io
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method, compresslevel=level) as archive:
        for name, data in entries:
            archive.writestr(name, data)
    return buffer.getvalue()


def zipped(tmp):
    """Zipped .jpz files; see the module's docstring."""
    puzzles = os.path.join(TESTS, "data", "puzzles")
    sources = [os.path.join(puzzles, "tiny.jpz")] + [
        os.path.join(puzzles, "kotwords", n) for n in sorted(os.listdir(
            os.path.join(puzzles, "kotwords"))) if n.endswith(".jpz")]
    base = ["--no-fill", "--format", "ipuz", "--title", "T"]
    for source in sources:
        with open(source, "rb") as f:
            xml_bytes = f.read()
        status, want, err = run(["fill", source] + base)
        check(status == 0, f"zipped: {source} unzipped: {status} {err}")
        variants = [(zipfile.ZIP_STORED, None)] + [(zipfile.ZIP_DEFLATED, level)
                                                   for level in (0, 1, 6, 9)]
        for method, level in variants:
            path = write_bytes(os.path.join(tmp, "z.jpz"),
                               zip_bytes([("puzzle.xml", xml_bytes)], method, level))
            status, out, err = run(["fill", path] + base)
            check(status == 0 and out == want and err == "",
                  f"zipped {os.path.basename(source)} method {method} level {level}: {status} "
                  f"{err!r}")
    # A file beside the one XML file is no matter; and stdin reads a zipped .jpz too.
    with open(sources[0], "rb") as f:
        tiny = f.read()
    status, want, _ = run(["fill", sources[0]] + base)
    path = write_bytes(os.path.join(tmp, "z.jpz"),
                       zip_bytes([("readme.txt", b"hello"), ("tiny.jpz", tiny)]))
    status, out, err = run(["fill", path] + base)
    check(status == 0 and out == want, f"zipped with a readme: {status} {err!r}")
    proc = subprocess.run([SQUARES, "fill", "-"] + base, input=zip_bytes([("a.xml", tiny)]),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    check(proc.returncode == 0 and proc.stdout == want, f"zipped on stdin: {proc.stderr!r}")

    stored = zip_bytes([("puzzle.xml", tiny)], zipfile.ZIP_STORED)
    deflated = zip_bytes([("puzzle.xml", tiny)])
    encrypted = bytearray(stored)
    encrypted[6] |= 1  # the local header's flags
    central = stored.rindex(b"PK\x01\x02")
    encrypted[central + 8] |= 1  # the central directory's
    crc = bytearray(stored)
    crc[stored.index(b"Tiny &amp;")] = ord("t")
    broken = bytearray(deflated)
    broken[30 + len("puzzle.xml") + 2] ^= 0xff  # a byte early in the DEFLATE data
    bomb_data = b" " * (17 << 20)  # spaces, more than the 16 MiB a puzzle file may be
    honest = zip_bytes([("bomb.xml", bomb_data)], zipfile.ZIP_DEFLATED, 9)
    lying = bytearray(honest)
    for at in (22, honest.rindex(b"PK\x01\x02") + 24):  # the size in both headers: 1000
        lying[at:at + 4] = (1000).to_bytes(4, "little")
    cases = [
        ("truncated", stored[:len(stored) // 2],
         "a truncated or damaged ZIP archive: no end of central directory record"),
        ("encrypted", bytes(encrypted), "puzzle.xml is encrypted: not read"),
        ("bzip2", zip_bytes([("puzzle.xml", tiny)], zipfile.ZIP_BZIP2),
         "puzzle.xml is compressed by method 12 (bzip2): not read; stored (0) and deflate (8) "
         "are"),
        ("two", zip_bytes([("a.xml", tiny), ("b.xml", tiny)]),
         "an archive of 2 XML files (a.xml, b.xml); a .jpz holds one"),
        ("empty", zip_bytes([("folder/", b"")]), "an archive holding no file"),
        ("crc", bytes(crc), "a truncated or damaged ZIP archive: puzzle.xml fails its CRC-32 check"),
        ("deflate", bytes(broken), "a truncated or damaged ZIP archive: puzzle.xml"),
        ("honest bomb", honest,
         f"bomb.xml says it holds {17 << 20} bytes, more than the {16 << 20} read"),
        ("lying bomb", bytes(lying),
         f"bomb.xml decompresses to more than {16 << 20} bytes, though it says 1000 (a "
         "decompression bomb?)"),
    ]
    for what, data, message in cases:
        path = write_bytes(os.path.join(tmp, "bad.jpz"), data)
        status, out, err = run(["fill", path] + base)
        want = f"squares: {path}: jpz: a zipped .jpz: {message}"
        check(status == 1 and out == b"" and err.startswith(want),
              f"zipped {what}: {status} {err!r}, want {want!r}")


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
        {"readers": readers, "latex": latex, "letters": letters, "svg": svg,
         "files": files, "formats": formats, "marks": marks, "exolve": exolve,
         "unfilled": unfilled, "everything": everything, "zipped": zipped}[group](tmp)
    finally:
        shutil.rmtree(tmp)
    if FAILURES:
        print(f"{len(FAILURES)} failures", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
