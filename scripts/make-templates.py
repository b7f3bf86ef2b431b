#!/usr/bin/env python3
"""Writes data/templates, the workbench's block-pattern templates: the public 15x15 patterns
(from a folder of crucio grids) and 21x21 patterns made by `squares pattern` with fixed seeds;
`squares pattern --check` checks every one before it is written.

Usage: scripts/make-templates.py SQUARES GRIDS
SQUARES: the built squares binary. GRIDS: a folder with the crucio conversions (.crg: rows,
columns, then rows of '-' and '#') of github.com/szunami/xwords-rs grids/2020MMDD_empty.txt
(New York Times 15x15 patterns) and of the patterns of github.com/keiranking/Phil patterns.js,
both Apache-2.0.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "data", "templates")
XWORDS = ("xwords-rs (github.com/szunami/xwords-rs), New York Times of", "Apache-2.0")
PHIL = ("Phil (github.com/keiranking/Phil), patterns.js", "Apache-2.0")
PUBLIC = [  # file, crucio grid, name, (source, licence), which
    ("nyt-2020-10-12.txt", "xwordsrs-20201012_empty.crg", "NYT 2020-10-12", XWORDS, "2020-10-12"),
    ("nyt-2020-11-07.txt", "xwordsrs-20201107_empty.crg", "NYT 2020-11-07", XWORDS, "2020-11-07"),
    ("nyt-2020-11-28.txt", "xwordsrs-20201128_empty.crg", "NYT 2020-11-28", XWORDS, "2020-11-28"),
    ("phil-1.txt", "phil-pattern1.crg", "Phil 1", PHIL, "pattern 1"),
    ("phil-2.txt", "phil-pattern2.crg", "Phil 2", PHIL, "pattern 2"),
    ("phil-3.txt", "phil-pattern3.crg", "Phil 3", PHIL, "pattern 3"),
]
# (xwords-rs's 2020-10-05 is left out: its blocks are not symmetric under a half turn.)
# Made by `squares pattern SIZE --seed N`: name, size, seed, of seeds whose patterns the default
# list fills in under a second (`squares fill --any`).
MADE = [("Daily", 15, 1), ("Sunday A", 21, 2), ("Sunday B", 21, 10), ("Sunday C", 21, 11),
        ("Sunday D", 21, 12), ("Sunday E", 21, 13)]


def crucio_rows(path):
    lines = open(path, encoding="utf-8").read().split()
    return [row.replace("-", ".") for row in lines[2:]]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    squares, grids = sys.argv[1], sys.argv[2]
    os.makedirs(OUT, exist_ok=True)
    index = ["# The workbench's templates (scripts/make-templates.py): file, name, source, licence."]
    written = []
    for file, grid, name, (source, licence), which in PUBLIC:
        rows = crucio_rows(os.path.join(grids, grid))
        written.append((file, rows))
        index.append(f"{file}\t{name}\t{source} {which}\t{licence}")
    for name, size, seed in MADE:
        rows = subprocess.run([squares, "pattern", str(size), "--seed", str(seed)], check=True,
                              capture_output=True, text=True).stdout.split()
        file = f"random-{size}-{seed}.txt"
        written.append((file, rows))
        index.append(f"{file}\t{name}\tsquares pattern {size} --seed {seed}\tMIT (this project's)")
    for file, rows in written:
        with open(os.path.join(OUT, file), "w", encoding="utf-8") as out:
            out.write("\n".join(rows) + "\n")
    subprocess.run([squares, "pattern", "--check"] + [os.path.join(OUT, f) for f, _ in written],
                   check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(OUT, "index.tsv"), "w", encoding="utf-8") as out:
        out.write("\n".join(index) + "\n")


if __name__ == "__main__":
    main()
