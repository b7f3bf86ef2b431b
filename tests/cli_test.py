#!/usr/bin/env python3
"""End-to-end tests of the `squares` command (square searches and their CLI).

    cli_test.py SQUARES TESTS_DIR GROUP plain|sanitized [--update]

GROUP is one of
  golden      every mode and format on tests/data/squares/tiny.txt, compared byte for byte
              with tests/golden/<case>.<format>; each golden file is also checked against an
              independent brute force (itertools over the tiny lexicon), so that a golden
              file cannot freeze a bug. --update rewrites the golden files from the binary.
  identities  cross-mode identities on tests/data/squares/words4.txt (300 real words):
              --count, --rect KxK, symmetric vs double, threads, shards (also under
              constraints), --limit; plus a backtracking check of every double 4x4 square.
  errors      one test per error path: exit status and the exact message on stderr.
  io          --help/--version, closed pipes, /dev/full, stdin, CRLF/BOM, embedded list.
A sanitizer build (sanitized) runs the identities' shard and --limit loops over fewer values:
the same code paths, each run about 10x slower.
"""
import fcntl
import itertools
import json
import os
import shlex
import subprocess
import sys
import tempfile

FAILURES = []
SANITIZED = False


def check(ok, what):
    if not ok:
        FAILURES.append(what)
        print("FAIL:", what, file=sys.stderr)


def run(args, stdin=b"", cwd=None, stdout=subprocess.PIPE):
    """Runs squares; returns (exit status, stdout bytes, stderr text)."""
    proc = subprocess.run([SQUARES] + args, input=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, cwd=cwd, timeout=60)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")


def run_ok(args, stdin=b""):
    status, out, err = run(args, stdin)
    check(status == 0 and err == "", f"squares {shlex.join(args)}: status {status}, stderr {err!r}")
    return out


def read_words(path):
    """The words of a plain word list (no scores in our test lists), by length."""
    by_length = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            word = line.strip().lower()
            if word and not word.startswith("#"):
                by_length.setdefault(len(word), set()).add(word)
    return {n: sorted(ws) for n, ws in by_length.items()}


# ---------------------------------------------------------------------------------------
# The brute force: every grid of rows from the word list, filtered by plain definitions.

def rectangles(words, rows, cols):
    """All (rows, columns) with `rows` words of length `cols` whose columns are words, in
    lexicographic order of the rows (itertools.product over sorted words)."""
    column_words = set(words.get(rows, []))
    out = []
    for grid in itertools.product(words.get(cols, []), repeat=rows):
        columns = ["".join(row[j] for row in grid) for j in range(cols)]
        if all(c in column_words for c in columns):
            out.append((list(grid), columns))
    return out


def parse_case(args):
    """The meaning of a golden case's options, read independently of the C++ parser."""
    spec = {"mode": "symmetric", "size": None, "first": None, "pattern": None,
            "contains": None, "distinct": False, "no_transpose": False, "limit": None,
            "upper": False}
    tokens = shlex.split(args)
    while tokens:
        t = tokens.pop(0)
        if t == "-n":
            side = int(tokens.pop(0))
            spec["size"] = (side, side)
        elif t == "--rect":
            spec["mode"] = "rect"
            spec["size"] = tuple(int(x) for x in tokens.pop(0).split("x"))
        elif t in ("--double", "--distinct", "--upper"):
            spec[t[2:]] = True
            if t == "--double":
                spec["mode"] = "double"
        elif t == "--no-transpose":
            spec["no_transpose"] = True
        elif t in ("--first", "--pattern", "--contains"):
            spec[t[2:]] = tokens.pop(0)
        elif t == "--limit":
            spec["limit"] = int(tokens.pop(0))
        elif not t.startswith("-"):
            spec["first"] = t
        else:
            raise ValueError(f"parse_case: unknown option {t}")
    if spec["size"] is None:
        side = len(spec["first"]) if spec["first"] else len(spec["pattern"].split("/"))
        spec["size"] = (side, side)
    return spec


def brute_force(words, spec, rectangles_by_size):
    """The results of a case; rectangles_by_size caches rectangles(words, ...) by size."""
    rows, cols = spec["size"]
    if (rows, cols) not in rectangles_by_size:
        rectangles_by_size[rows, cols] = rectangles(words, rows, cols)
    found = []
    for grid, columns in rectangles_by_size[rows, cols]:
        if spec["mode"] == "symmetric" and columns != grid:
            continue
        if spec["first"] and grid[0] != spec["first"]:
            continue
        if spec["pattern"]:
            fixed = spec["pattern"].split("/")
            if any(fixed[i][j] not in ".?" and fixed[i][j] != grid[i][j]
                   for i in range(rows) for j in range(cols)):
                continue
        if spec["contains"] and spec["contains"] not in grid:
            continue
        if spec["distinct"]:
            used = grid if spec["mode"] == "symmetric" else grid + columns
            if len(set(used)) != len(used):
                continue
        if spec["no_transpose"] and "".join(grid) > "".join(columns):
            continue
        found.append((grid, columns))
    return found[:spec["limit"]]


def render(found, spec, fmt):
    """The expected output, written from docs/formats.md's description of the output formats."""
    if fmt == "count":
        return f"{len(found)}\n".encode()
    out = []
    for grid, columns in found:
        if spec["upper"]:
            grid, columns = [w.upper() for w in grid], [w.upper() for w in columns]
        if fmt == "text":
            out.append("".join(row + "\n" for row in grid) + "\n")
        elif fmt == "lines":
            out.append(" ".join(grid) + "\n")
        else:
            obj = {"rows": grid}
            if spec["mode"] != "symmetric":
                obj["columns"] = columns
            out.append(json.dumps(obj, separators=(",", ":")) + "\n")
    return "".join(out).encode()


# ---------------------------------------------------------------------------------------
# Golden files.

ALL = ("text", "lines", "jsonl", "count")
FORMAT_ARGS = {"text": ["--format", "text"], "lines": ["--format", "lines"],
               "jsonl": ["--format", "jsonl"], "count": ["--count"]}
# (case name, options, formats). The golden file of a case is tests/golden/<name>.<format>.
GOLDEN_CASES = [
    ("sym3", "-n 3", ALL),
    ("sym4", "-n 4", ALL),
    ("word-cat", "cat", ALL),
    ("word-rate", "rate", ("text", "count")),
    ("double3", "--double -n 3", ALL),
    ("double4", "--double -n 4", ALL),
    ("double-word", "--double sea", ("lines", "count")),
    ("rect2x3", "--rect 2x3", ALL),
    ("rect3x2", "--rect 3x2", ("lines", "count")),
    ("rect3x4", "--rect 3x4", ALL),
    ("rect3x4-first", "--rect 3x4 --first rate", ("lines", "count")),
    ("rect2x4-none", "--rect 2x4", ALL),
    ("pattern-sym", "--pattern '.a./..?/...'", ("lines", "count")),
    ("pattern-double", "--double --pattern 's../.../...'", ("lines", "jsonl", "count")),
    ("pattern-rect", "--rect 3x4 --pattern '..../..../t...'", ("lines", "count")),
    ("contains", "--double -n 3 --contains ear", ("lines", "count")),
    ("distinct-sym", "-n 3 --distinct", ("lines", "count")),
    ("distinct-double", "--double -n 4 --distinct", ("lines", "count")),
    ("no-transpose3", "--double -n 3 --no-transpose", ("lines", "count")),
    ("no-transpose4", "--double -n 4 --no-transpose", ("text", "count")),
    ("limit", "-n 3 --limit 5", ("text", "lines", "count")),
    ("limit-double", "--double -n 3 --limit 22", ("lines", "count")),
    ("upper", "--double -n 4 --upper", ALL),
    ("upper-sym", "cat --upper", ("text", "jsonl")),
]


def test_golden(tests_dir, update):
    tiny = os.path.join(tests_dir, "data", "squares", "tiny.txt")
    words = read_words(tiny)
    golden_dir = os.path.join(tests_dir, "golden")
    rectangles_by_size = {}
    for name, options, formats in GOLDEN_CASES:
        spec = parse_case(options)
        found = brute_force(words, spec, rectangles_by_size)
        for fmt in formats:
            args = ["--dict", tiny] + shlex.split(options) + FORMAT_ARGS[fmt]
            out = run_ok(args + ["--threads", "1"])
            check(run_ok(args + ["--threads", "3"]) == out, f"{name}.{fmt}: threads 1 != 3")
            path = os.path.join(golden_dir, f"{name}.{fmt}")
            if update:
                with open(path, "wb") as f:
                    f.write(out)
            with open(path, "rb") as f:
                golden = f.read()
            check(out == golden, f"{name}.{fmt}: output differs from {path}")
            check(golden == render(found, spec, fmt),
                  f"{name}.{fmt}: {path} differs from the brute force:\n"
                  f"{render(found, spec, fmt).decode()}")
        check(len(found) > 0 or name.endswith("-none"), f"{name}: no results, a weak test")


# ---------------------------------------------------------------------------------------
# Identities between modes, threads, shards and limits.

def double_squares_by_backtracking(words, n):
    """Double n x n squares, by row-wise backtracking on column prefixes: a second,
    differently built brute force (the product over 300 words would be too slow). The
    candidates for the next row are the words whose letter j may extend column j."""
    prefixes = {w[:k] for w in words[n] for k in range(n + 1)}
    with_letter = [{} for _ in range(n)]  # with_letter[j][c]: the words with letter c at j
    for w in words[n]:
        for j in range(n):
            with_letter[j].setdefault(w[j], set()).add(w)
    out = []

    def extend(grid):
        if len(grid) == n:
            out.append(" ".join(grid) + "\n")
            return
        candidates = set(words[n])
        for j in range(n):
            column = "".join(row[j] for row in grid)
            candidates &= set().union(*(ws for c, ws in with_letter[j].items()
                                        if column + c in prefixes))
        for w in sorted(candidates):
            extend(grid + [w])

    extend([])
    return "".join(out).encode()


def lines_of(out):
    return out.decode().splitlines(keepends=True)


def blocks_of(text_out):
    """The squares of --format text output, each with its trailing blank line."""
    return [b + "\n\n" for b in text_out.decode().split("\n\n") if b]


def test_identities(tests_dir):
    words4 = os.path.join(tests_dir, "data", "squares", "words4.txt")
    dict_args = ["--dict", words4]
    modes = {"symmetric": ["-n", "4"], "double": ["--double", "-n", "4"],
             "rect": ["--rect", "4x4"], "distinct": ["--double", "-n", "4", "--distinct"],
             "symmetric-distinct": ["-n", "4", "--distinct"],
             "no-transpose": ["--double", "-n", "4", "--no-transpose"]}
    lines = {}
    for mode, args in modes.items():
        lines[mode] = run_ok(dict_args + args + ["--format", "lines"])
        count = run_ok(dict_args + args + ["--count"])
        check(count == f"{len(lines_of(lines[mode]))}\n".encode(),
              f"{mode}: --count {count!r} != number of lines {len(lines_of(lines[mode]))}")
        check(len(lines_of(lines[mode])) > 100, f"{mode}: too few results for a useful test")

    check(lines["double"] == double_squares_by_backtracking(read_words(words4), 4),
          "--double -n 4 differs from the backtracking brute force")
    for fmt in ("lines", "jsonl"):
        check(run_ok(dict_args + modes["rect"] + ["--format", fmt]) ==
              run_ok(dict_args + modes["double"] + ["--format", fmt]),
              f"--rect 4x4 != --double -n 4 (--format {fmt})")
    double = [line.split() for line in lines_of(lines["double"])]
    symmetric = [rows for rows in double if all(rows[i][j] == rows[j][i]
                                                for i in range(4) for j in range(4))]
    check([line.split() for line in lines_of(lines["symmetric"])] == symmetric,
          "symmetric squares != the double squares equal to their transpose")
    transposed = [r for r in double if " ".join(r) <= " ".join("".join(w[j] for w in r)
                                                              for j in range(4))]
    check([line.split() for line in lines_of(lines["no-transpose"])] == transposed,
          "--no-transpose != the double squares not after their transpose")
    distinct = [r for r in double if len(set(r + ["".join(w[j] for w in r)
                                                  for j in range(4)])) == 8]
    check([line.split() for line in lines_of(lines["distinct"])] == distinct,
          "--distinct != the double squares with 8 different words")
    check([line.split() for line in lines_of(lines["symmetric-distinct"])] ==
          [r for r in symmetric if len(set(r)) == 4],
          "-n 4 --distinct != the symmetric squares with 4 different rows")

    # A K x N rectangle read by columns is an N x K rectangle.
    tiny = ["--dict", os.path.join(tests_dir, "data", "squares", "tiny.txt"), "--format", "lines"]
    for k, n in ((2, 3), (3, 4)):
        rects = [r.split() for r in lines_of(run_ok(tiny + ["--rect", f"{k}x{n}"]))]
        columns = sorted(["".join(w[j] for w in r) for j in range(n)] for r in rects)
        check([r.split() for r in lines_of(run_ok(tiny + ["--rect", f"{n}x{k}"]))] == columns,
              f"--rect {n}x{k} != the columns of --rect {k}x{n}")

    for mode in ("symmetric", "double", "distinct"):
        for fmt in ("text", "jsonl", "count"):
            args = dict_args + modes[mode] + FORMAT_ARGS[fmt]
            outs = [run_ok(args + ["--threads", t]) for t in ("1", "2", "7")]
            check(outs[0] == outs[1] == outs[2], f"{mode} {fmt}: --threads 1/2/7 differ")

    # Constraints fix cells before the split into parts: threads and shards still agree.
    for args in (["--double", "dare"], ["-n", "4", "--pattern", "..../.e../..../...."],
                 ["--double", "-n", "4", "--contains", "dale", "--distinct"]):
        full = run_ok(dict_args + args + ["--format", "lines"])
        check(len(lines_of(full)) > 10, f"{shlex.join(args)}: too few results")
        for label, runs in (("--threads 1", [["--threads", "1"]]),
                            ("--threads 7", [["--threads", "7"]]),
                            ("3 shards", [["--shard", f"{i}/3"] for i in range(1, 4)]),
                            ("7 shards", [["--shard", f"{i}/7"] for i in range(1, 8)])):
            out = b"".join(run_ok(dict_args + args + ["--format", "lines"] + r) for r in runs)
            check(out == full, f"{shlex.join(args)}: {label} differ from the default run")

    # --reversed and --forward count what the listing lists, whole, in shards and on threads.
    for args in (dict_args + ["--double", "-n", "4"],
                 dict_args + ["--double", "-n", "4", "--distinct", "--no-transpose"],
                 dict_args + ["--double", "dare"], tiny[:2] + ["--rect", "3x3"]):
        listed = len(lines_of(run_ok(args + ["--format", "lines"])))
        check(listed > 10, f"{shlex.join(args)}: too few results")
        for way in ("--reversed", "--forward"):
            for runs in ([[]], [["--threads", "3"]], [["--shard", f"{i}/3"] for i in range(1, 4)]):
                counted = sum(int(run_ok(args + ["--count", way] + r)) for r in runs)
                check(counted == listed, f"{shlex.join(args)} --count {way} {runs}: {counted} "
                      f"squares, listed {listed}")
    # --stats says which way a count read the words (small counts are not piloted: forward).
    for way, said in (("--reversed", True), ("--forward", False), (None, False)):
        args = dict_args + ["--double", "-n", "4", "--count", "--stats"] + ([way] if way else [])
        status, _, err = run(args)
        check(status == 0, f"{shlex.join(args)}: exit {status}")
        line = "squares: counted with every word read from its last letter\n"
        check((line in err) == said, f"{shlex.join(args)}: stderr {err!r}")

    for mode in ("symmetric", "double"):
        full_text = run_ok(dict_args + modes[mode])
        total = len(blocks_of(full_text))
        for shards in (1, 7, 16) if SANITIZED else (1, 2, 3, 7, 16):
            for threads in (["--threads", "1"], []) if shards == 7 else ([],):
                parts = [run_ok(dict_args + modes[mode] + ["--shard", f"{i}/{shards}"] + threads)
                         for i in range(1, shards + 1)]
                check(b"".join(parts) == full_text, f"{mode}: {shards} shards {threads} do not "
                      "concatenate to the unsharded output")
            counts = [int(run_ok(dict_args + modes[mode] + ["--count", "--shard",
                                                             f"{i}/{shards}"]))
                      for i in range(1, shards + 1)]
            check(sum(counts) == total, f"{mode}: {shards} shard counts {counts} do not sum to "
                  f"{total}")
            check(shards < 3 or sum(1 for c in counts if c > 0) >= 2,
                  f"{mode}: {shards} shards, all results in one shard: {counts}")
        blocks = blocks_of(full_text)
        limits = (0, 7, total) if SANITIZED else (0, 1, 7, 100, total - 1, total, total + 5)
        for limit in limits:
            for threads in ("1", "7") if SANITIZED else ("0", "1", "2", "7"):
                args = dict_args + modes[mode] + ["--limit", str(limit), "--threads", threads]
                check(run_ok(args) == "".join(blocks[:limit]).encode(),
                      f"{mode}: --limit {limit} --threads {threads} is not the first "
                      f"{limit} results")
                check(run_ok(args + ["--count"]) == f"{min(limit, total)}\n".encode(),
                      f"{mode}: --count --limit {limit} --threads {threads}")


# ---------------------------------------------------------------------------------------
# Error paths: (options, expected status, expected stderr). Files named in the options are
# created in a temporary working directory from FILES first; "< FILE" at the end of the
# options feeds FILE to stdin.

FILES = {
    "tiny.txt": None,  # copied from tests/data/squares
    "bad-utf8.txt": b"cat\nare\n  t\xffn\n",
    "binary.txt": b"cat\nare\x00\x01\x02\n",
    "program.bin": b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 4,
    "bad-score.txt": b"cat;1\nare;12x\n",
    "empty-score.txt": b"cat;\n",
}
ERROR_CASES = [
    ("--bogus", 2, "unknown option '--bogus' (try --help)"),
    ("-x", 2, "unknown option '-x' (try --help)"),
    ("-n 3 --dict", 2, "option '--dict' needs a value: --dict FILE"),
    ("cat -d", 2, "option '-d' needs a value: -d FILE"),
    ("--help=yes", 2, "option '--help' takes no value"),
    ("-n 3 --format xml", 2, "unknown format 'xml' (expected text, lines or jsonl)"),
    ("-n 0", 2, "--size: '0' is not an integer in 1..32"),
    ("-n 33", 2, "--size: '33' is not an integer in 1..32"),
    ("-n x", 2, "--size: 'x' is not an integer in 1..32"),
    ("-n 3 --threads -1", 2, "--threads: '-1' is not an integer in 0..1024"),
    ("-n 3 --limit -1", 2, "--limit: '-1' is not an integer in 0..9223372036854775807"),
    ("--rect 3", 2, "--rect: '3' is not of the form KxN"),
    ("--rect 3xb", 2, "--rect: '3xb' is not of the form KxN"),
    ("--dict tiny.txt --rect 0x3", 2, "size 0x3 is out of range (1..32)"),
    ("--dict tiny.txt --rect 3x4 -n 3", 2, "--rect gives the size; drop -n"),
    ("--double --rect 2x3", 2, "--double and --rect exclude each other"),
    ("cat are", 2, "too many arguments: 'are' (one first word at most)"),
    ("--dict tiny.txt --first cat ten", 2, "give the first word once (WORD or --first)"),
    ("", 2, "nothing to search: give a first WORD, -n N, --rect KxN or --pattern (try --help)"),
    ("--dict tiny.txt cats", 1, "'cats' is not in the dictionary"),
    ("--dict tiny.txt xyz", 1, "'xyz' is not in the dictionary"),
    ("--dict tiny.txt -n 4 cat", 2, "first word 'cat' has 3 letters, rows have 4"),
    ("--dict missing.txt cat", 1, "missing.txt: No such file or directory"),
    ("--dict . cat", 1, ".: is a directory"),
    ("--dict bad-utf8.txt cat", 1, "bad-utf8.txt:3:4: invalid UTF-8 (byte 0xff)"),
    ("--dict - cat < bad-utf8.txt", 1, "<stdin>:3:4: invalid UTF-8 (byte 0xff)"),
    ("--dict tiny.txt --dict - cat < bad-score.txt", 1,
     "<stdin>:2: bad score '12x' (expected an integer)"),
    ("--dict program.bin cat", 1,
     "program.bin:1:8: NUL byte: this looks like a binary file, not a word list"),
    ("--dict binary.txt cat", 1,
     "binary.txt:2:4: NUL byte: this looks like a binary file, not a word list"),
    ("--dict tiny.txt --dict bad-score.txt cat", 1,
     "bad-score.txt:2: bad score '12x' (expected an integer)"),
    ("--dict empty-score.txt cat", 1, "empty-score.txt:1: bad score '' (expected an integer)"),
    ("--dict tiny.txt -n 3 --pattern ..../.../...", 2, "pattern row 1 has 4 cells, expected 3"),
    ("--dict tiny.txt -n 3 --pattern .../...", 2, "the pattern has 2 rows, expected 3"),
    ("--dict tiny.txt --pattern ...", 2,
     "pattern row 1 has 3 cells, expected 1, as many as the pattern has rows"),
    ("--dict tiny.txt -n 3 --pattern x../.../...", 2,
     "pattern row 1: 'x' is not a letter of the dictionary's alphabet"),
    ("--dict tiny.txt -n 3 --contains cart", 2,
     "contains: 'cart' is not a 3-letter word of the alphabet"),
    ("--dict tiny.txt -n 3 --shard 0/3", 2,
     "--shard: '0/3' is not of the form I/N with 1 <= I <= N"),
    ("--dict tiny.txt -n 3 --shard 4/3", 2,
     "--shard: '4/3' is not of the form I/N with 1 <= I <= N"),
    ("--dict tiny.txt -n 3 --shard 3", 2,
     "--shard: '3' is not of the form I/N with 1 <= I <= N"),
    ("--dict tiny.txt -n 3 --no-transpose", 2, "--no-transpose applies to --double only"),
    ("--dict tiny.txt --rect 2x3 --no-transpose", 2, "--no-transpose applies to --double only"),
    ("--dict tiny.txt -n 3 --reversed --count", 2, "--reversed applies to --double and --rect only"),
    ("--dict tiny.txt -n 3 --double --reversed", 2,
     "--reversed counts (--count): a listing reads the words as they are"),
    ("--dict tiny.txt -n 3 --diagonals --reversed --count", 2,
     "--reversed does not apply to --diagonals or --cube"),
    ("--dict tiny.txt -n 3 --forward --count", 2, "--forward applies to --double and --rect only"),
    ("--dict tiny.txt --rect 2x3 --forward", 2,
     "--forward counts (--count): a listing reads the words as they are"),
    ("--dict tiny.txt -n 3 --double --count --forward --reversed", 2,
     "--reversed and --forward exclude each other"),
    ("--dict tiny.txt -n 3 --double --diagonals --forward --count", 2,
     "--forward does not apply to --diagonals or --cube"),
]


def test_errors(tests_dir):
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in FILES.items():
            if data is None:
                with open(os.path.join(tests_dir, "data", "squares", name), "rb") as f:
                    data = f.read()
            with open(os.path.join(tmp, name), "wb") as f:
                f.write(data)
        for options, status, message in ERROR_CASES:
            args, _, stdin_file = options.partition(" < ")
            stdin = b""
            if stdin_file:
                with open(os.path.join(tmp, stdin_file), "rb") as f:
                    stdin = f.read()
            got_status, out, err = run(shlex.split(args), stdin=stdin, cwd=tmp)
            check((got_status, out, err) == (status, b"", f"squares: {message}\n"),
                  f"squares {options}: expected status {status} and 'squares: {message}', got "
                  f"status {got_status}, stdout {out[:80]!r}, stderr {err!r}")


# ---------------------------------------------------------------------------------------
# Streams and files.

def test_io(tests_dir, source_dir):
    tiny = os.path.join(tests_dir, "data", "squares", "tiny.txt")
    words4 = os.path.join(tests_dir, "data", "squares", "words4.txt")
    for flag in ("--help", "-h"):
        status, out, err = run([flag])
        check(status == 0 and err == "" and out.startswith(b"Usage: squares") and
              b"--no-transpose" in out, f"{flag}: status {status}, stderr {err!r}")
    status, out, err = run(["--version"])
    check((status, err) == (0, "") and out.startswith(b"squares ") and out.endswith(b"\n"),
          f"--version: status {status}, stdout {out!r}, stderr {err!r}")

    # A reader that stops early: the writer ends quietly with status 0, in the streaming
    # (one thread) and the ordered (several threads) paths, with outputs of 300 KB.
    for args in (["bishop"], ["--dict", words4, "--double", "-n", "4", "--threads", "1"],
                 ["--dict", words4, "--double", "-n", "4", "--threads", "3"]):
        proc = subprocess.Popen([SQUARES] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        first = proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read().decode()
        status = proc.wait(timeout=60)
        check(status == 0 and err == "" and first != b"",
              f"squares {shlex.join(args)} | head -1: status {status}, stderr {err!r}")

    # Into a pipe, large writes hand the pipe pages of squares' own (vmsplice). A reader that
    # moves those pages on without copying them (splice into pipes of its own, holding 8 MiB,
    # twice the 4 MiB squares splices from) and reads them only later sees the bytes that
    # the same listing writes into a file: squares never writes a page it has given away.
    args = ["-n", "5", "--format", "lines", "--threads", "2"]
    with tempfile.TemporaryFile() as f:
        status, _, err = run(args, stdout=f)
        f.seek(0)
        want = f.read()
    check((status, err) == (0, "") and len(want) > 30 << 20, f"squares {shlex.join(args)} > file: {status} {err!r}")
    proc = subprocess.Popen([SQUARES] + args, stdout=subprocess.PIPE)
    held = [os.pipe() for _ in range(16)]  # each holds 512 KiB of squares' pages at a time
    for _, w in held:
        fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, 1 << 20)
    sizes, got = [], []

    def drain(k):  # chunk k, from the pipe that held it
        r, n = held[k % len(held)][0], sizes[k]
        while n > 0:
            got.append(os.read(r, n))
            n -= len(got[-1])

    for k in itertools.count():
        if k >= len(held):
            drain(k - len(held))
        sizes.append(0)
        while sizes[k] < 512 << 10:
            n = os.splice(proc.stdout.fileno(), held[k % len(held)][1], (512 << 10) - sizes[k])
            sizes[k] += n
            if n == 0:
                break
        if sizes[k] < 512 << 10:
            break
    for k in range(max(0, len(sizes) - len(held)), len(sizes)):
        drain(k)
    proc.stdout.close()
    for pipe in held:
        for fd in pipe:
            os.close(fd)
    check(proc.wait(timeout=60) == 0 and b"".join(got) == want,
          f"squares {shlex.join(args)} | splicing reader: not the bytes written to a file")

    for args in (["--dict", tiny, "-n", "3", "--threads", "1"],
                 ["--dict", tiny, "-n", "3", "--count"],
                 ["--dict", words4, "--double", "-n", "4", "--threads", "2"], ["--help"]):
        with open("/dev/full", "wb") as full:
            status, _, err = run(args, stdout=full)
        check((status, err) == (1, "squares: error writing output: No space left on device\n"),
              f"squares {shlex.join(args)} > /dev/full: status {status}, stderr {err!r}")

    # The embedded list, from a directory with no word list in it: every square of
    # `squares bishop` is symmetric and made of words of data/words.txt.
    with tempfile.TemporaryDirectory() as tmp:
        status, out, err = run(["bishop", "--format", "lines"], cwd=tmp)
    with open(os.path.join(source_dir, "data", "words.txt"), encoding="utf-8") as f:
        default_words = {line.split(";")[0].strip().lower() for line in f}
    squares = [line.split() for line in lines_of(out)]
    check(status == 0 and err == "" and len(squares) > 1,
          f"squares bishop (embedded list): status {status}, {len(squares)} squares, {err!r}")
    for rows in squares:
        check(rows[0] == "bishop" and all(w in default_words for w in rows) and
              all(rows[i][j] == rows[j][i] for i in range(6) for j in range(6)),
              f"squares bishop: {rows} is not a symmetric square of data/words.txt")

    # The option syntaxes of the GNU conventions all mean the same.
    expected = run_ok(["--dict", tiny, "-n", "3", "--format", "lines"])
    for args in (["-d", tiny, "-n3", "-flines"], [f"--dict={tiny}", "--size=3", "--format=lines"],
                 ["--format", "jsonl", "-n", "4", "--dict", tiny, "-n", "3", "-f", "lines"],
                 ["--dict", tiny, "--format", "lines", "--pattern", "..?/.../...", "--", "cat"]):
        out = run_ok(args)
        want = expected if "cat" not in args else b"".join(
            line for line in expected.splitlines(keepends=True) if line.startswith(b"cat "))
        check(out == want, f"squares {shlex.join(args)}: not the expected squares")

    # Letters beyond ASCII: case folding (É = é, also in a first word or a pattern), letters in
    # code-point order (é after b), upper case in the output, --fold-accents.
    accented = "éa\nab\nba\nÉA\n".encode()
    for args, want in ((["-n", "2", "--format", "lines"], "ab ba\nba ab\néa ab\n"),
                       (["ÉA", "--format", "lines"], "éa ab\n"),
                       (["--double", "--pattern", "É./..", "--upper", "--format", "jsonl"],
                        '{"rows":["ÉA","AB"],"columns":["ÉA","AB"]}\n'),
                       (["-n", "2", "--fold-accents", "--format", "lines"],
                        "ab ba\nba ab\nea ab\n")):
        check(run_ok(["--dict", "-"] + args, stdin=accented) == want.encode(),
              f"squares {shlex.join(args)} on an accented list: not {want!r}")

    # --dict - reads stdin; a BOM, CRLF line ends, upper case, comments and blank lines are
    # all accepted and give the same squares as the plain list.
    with open(tiny, "rb") as f:
        tiny_bytes = f.read()
    expected = run_ok(["--dict", tiny, "-n", "3", "--format", "lines"])
    check(run_ok(["--dict", "-", "-n", "3", "--format", "lines"], stdin=tiny_bytes) == expected,
          "--dict - (stdin) differs from --dict tiny.txt")
    crlf = b"\xef\xbb\xbf# comment\r\n\r\n" + tiny_bytes.upper().replace(b"\n", b"\r\n")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "crlf.txt")
        with open(path, "wb") as f:
            f.write(crlf)
        check(run_ok(["--dict", path, "-n", "3", "--format", "lines"]) == expected,
              "a word list with BOM, CRLF and upper case gives other squares")
    check(run_ok(["--dict", "-", "-n", "3", "--format", "lines"], stdin=crlf) == expected,
          "BOM/CRLF word list on stdin gives other squares")


def main():
    global SQUARES, SANITIZED
    args = sys.argv[1:]
    update = "--update" in args
    args = [a for a in args if a != "--update"]
    if len(args) != 4:
        sys.exit(__doc__)
    SQUARES, tests_dir, group = os.path.abspath(args[0]), os.path.abspath(args[1]), args[2]
    SANITIZED = args[3] == "sanitized"
    if group == "golden":
        test_golden(tests_dir, update)
    elif group == "identities":
        test_identities(tests_dir)
    elif group == "errors":
        test_errors(tests_dir)
    elif group == "io":
        test_io(tests_dir, os.path.dirname(tests_dir))
    else:
        sys.exit(f"unknown group {group}\n{__doc__}")
    print(f"{group}: {len(FAILURES)} failures")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
