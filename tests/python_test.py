"""unittest of the Python module: python3 python_test.py TESTS_DATA_DIR SQUARES_BINARY
(PYTHONPATH: the module).

Results are checked against the command line (the same inputs), against brute force on small
lists, and the latencies of Ctrl-C and of leaving an iteration in child processes."""
import enum
import inspect
import itertools
import json
import multiprocessing
import os
import pickle
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import unittest

import squares

DATA = sys.argv.pop(1)
SQUARES = sys.argv.pop(1)
WORDS3 = ["bit", "ice", "ten", "tab", "ant", "ban", "nab", "ace", "cat", "act", "tan"]
# Ctrl-C: 100 ms; leaving an iteration: 50 ms (the library stops within 50 ms of its flag).
INTERRUPT_SECONDS = 0.1
BREAK_SECONDS = 0.05


def cli(*args, stdin=None):
    """The command's stdout for ARGS (it must succeed)."""
    return subprocess.run([SQUARES, *args], input=stdin, capture_output=True, text=True,
                          check=True).stdout


def brute_symmetric(words, n):
    """Every symmetric n x n square over `words`, in order of the rows."""
    found = []
    for rows in itertools.product(sorted(set(words)), repeat=n):
        if all(rows[i][j] == rows[j][i] for i in range(n) for j in range(n)):
            found.append(list(rows))
    return found


def count_three(dictionary):
    """For a multiprocessing worker: the 3x3 squares of a (pickled) dictionary."""
    return dictionary.count(3)


class DictionaryTest(unittest.TestCase):
    def test_default(self):
        d = squares.Dictionary()
        self.assertGreater(len(d), 100000)
        self.assertIn("bishop", d)
        self.assertNotIn("bsihop", d)
        self.assertTrue(d.is_default)
        self.assertEqual(d.better, squares.Better.LOWER)
        self.assertIn("words", repr(d))

    def test_words_and_path(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(WORDS3) + "\n")
        try:
            from_path = squares.Dictionary(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(len(from_path), len(WORDS3))
        small = squares.Dictionary(WORDS3)
        self.assertEqual(len(small), len(WORDS3))
        self.assertEqual(small.words(3), sorted(WORDS3))
        self.assertEqual(small.max_length, 3)

    def test_bad_word_list(self):
        with self.assertRaises(squares.DataError) as caught:
            squares.Dictionary(["cat", "d\x00g"])
        self.assertIsInstance(caught.exception, squares.Error)
        self.assertIsInstance(caught.exception, ValueError)
        self.assertEqual((caught.exception.source, caught.exception.line), ("<words>", 2))
        # A missing file: a FileNotFoundError carrying the path, and a squares.DataError.
        for call in [lambda: squares.Dictionary("/nonexistent/words.txt"),
                     lambda: squares.Grid.load("/nonexistent/words.txt")]:
            with self.assertRaises(FileNotFoundError) as caught:
                call()
            self.assertIsInstance(caught.exception, squares.DataError)
            self.assertIsInstance(caught.exception, squares.FileNotFound)
            self.assertEqual((caught.exception.filename, caught.exception.source, caught.exception.errno),
                             ("/nonexistent/words.txt", "/nonexistent/words.txt", 2))
            self.assertEqual(str(caught.exception),
                             "[Errno 2] No such file or directory: '/nonexistent/words.txt'")
        if os.geteuid() != 0:  # root reads any file
            with tempfile.NamedTemporaryFile("w") as f:
                os.chmod(f.name, 0)
                with self.assertRaises(PermissionError) as caught:
                    squares.Dictionary(f.name)
                self.assertIsInstance(caught.exception, squares.FileError)
                self.assertEqual(caught.exception.filename, f.name)

    def test_lexicon_options(self):
        d = squares.Dictionary(["cat;5", "dog;1"], min_score=3)
        self.assertEqual(len(d), 1)
        self.assertIn("cat", d)
        self.assertEqual(d.scored_words(3), [("cat", 5)])

    def test_match_and_changed(self):
        d = squares.Dictionary(["cat;5", "cot;3", "cut;9", "coat;1"])
        self.assertEqual(d.match("C?T"), (3, [("cut", 9), ("cat", 5), ("cot", 3)]))
        self.assertEqual(d.match("c.t", limit=1), (3, [("cut", 9)]))
        changed = d.changed(scores={"cot": 10, "cit": 7}, exclude=["cut"])
        self.assertEqual(changed.match("c?t"), (3, [("cot", 10), ("cit", 7), ("cat", 5)]))
        self.assertEqual(d.match("c?t")[0], 3)  # the list it came from is as it was
        with self.assertRaises(squares.UsageError):
            d.match("c1t")
        with self.assertRaises(squares.DataError):
            d.changed(scores={"two words": 1})

    def test_pickle(self):
        small = squares.Dictionary(WORDS3)
        again = pickle.loads(pickle.dumps(small))
        self.assertEqual(again.words(3), small.words(3))
        self.assertEqual(again.count(3), small.count(3))
        self.assertEqual(squares.Dictionary.from_index_bytes(small.index_bytes()).words(3), small.words(3))
        with multiprocessing.get_context("fork").Pool(1) as pool:
            self.assertEqual(pool.apply(count_three, (small,)), small.count(3))

    def test_language_and_breakfast(self):
        # German crosswords write ß as SS and umlauts as two letters: a word's cells follow.
        german = squares.Dictionary(["straße", "öl", "ehe", "lee"], language="de")
        self.assertEqual(german.language, "de")
        self.assertIn("strasse", german)
        self.assertEqual(german.words(7), ["strasse"])
        self.assertEqual(german.words(3), ["ehe", "lee", "oel"])
        with self.assertRaises(squares.UsageError):
            squares.Dictionary(["abc"], language="xx")
        # A 3x3 whose only fill holds an offensive word: refused by default, allowed on request.
        d = squares.Dictionary(["ass", "sea", "sat", "eat", "ate", "sae"])
        grid = "...\n...\n...\n"
        lifted = d.fill(grid, any=True, allow_offensive=True, allow_repeats=True)
        self.assertTrue(any("ASS" in row for row in lifted.fills[0].rows), lifted.fills[0].rows)
        kept = d.fill(grid, any=True, allow_repeats=True)
        for fill in kept.fills:
            self.assertFalse(any("ASS" in row for row in fill.rows), fill.rows)
        # A grid only ASS fills says so (left_out); a tier by name; a wrong one refused.
        only = squares.Dictionary(["ass", "bus", "at"])
        blocked = only.fill("...\n.##\n", any=True)
        self.assertEqual(blocked.status, squares.FillStatus.IMPOSSIBLE)
        self.assertEqual(blocked.left_out, ("vulgar", "ASS"))
        self.assertIn("--allow-offensive=vulgar finds one using ASS", blocked.message)
        self.assertIsNone(only.fill("...\n.##\n", any=True, allow_offensive="slurs").left_out)
        with self.assertRaises(squares.UsageError):
            only.fill("...\n.##\n", any=True, allow_offensive="bogus")

    def test_pickle_keeps_better(self):
        # The default list's lower-is-better survives a pickle; a list can be told either way.
        default = squares.Dictionary()
        again = pickle.loads(pickle.dumps(default))
        self.assertEqual(again.better, squares.Better.LOWER)
        self.assertEqual([s.rows for s in again.squares(5, best=1)],
                         [s.rows for s in default.squares(5, best=1)])
        scored = ["cat;5", "ate;1", "tea;9", "act;2", "tea;9"]
        for better in (squares.Better.HIGHER, "lower"):
            d = squares.Dictionary(scored, better=better)
            self.assertEqual(pickle.loads(pickle.dumps(d)).better, d.better)
        self.assertEqual(squares.Dictionary(scored, better="lower").better, squares.Better.LOWER)
        with self.assertRaises(squares.UsageError):
            squares.Dictionary(scored, better="best")


class SignatureTest(unittest.TestCase):
    def test_signatures(self):
        count = inspect.signature(squares.Dictionary().count)
        self.assertEqual(list(count.parameters)[:4], ["size", "double", "rect", "cube"])
        for name, default in [("size", None), ("double", False), ("rect", None), ("first", None),
                              ("pattern", None), ("contains", None), ("diagonals", False),
                              ("cube", None), ("distinct", False), ("no_transpose", False),
                              ("reversed", None),
                              ("threads", None), ("shard", None), ("limit", None), ("best", None)]:
            self.assertEqual(count.parameters[name].default, default, name)
        self.assertEqual(count.parameters["double"].kind, inspect.Parameter.KEYWORD_ONLY)
        fill = inspect.signature(squares.Dictionary.fill)
        self.assertEqual(list(fill.parameters)[:4], ["self", "grid", "any", "all"])
        self.assertEqual(fill.parameters["quality_time"].default, 10.0)
        self.assertEqual(fill.parameters["branch"].default, "letter")
        kakuro = inspect.signature(squares.kakuro)
        self.assertEqual(list(kakuro.parameters),
                         ["boards", "all", "limit", "check", "timeout", "source", "on_solution"])
        self.assertIn("The number of results", squares.Dictionary.count.__doc__)
        for cls in (squares.Square, squares.FillResult, squares.Fill, squares.KakuroResult,
                    squares.RegionsResult, squares.Dictionary, squares.Grid):
            self.assertTrue(cls.__doc__, cls.__name__)
        self.assertRegex(squares.__version__, r"^\d+\.\d+\.\d+$")

    def test_best(self):
        d = squares.Dictionary()
        best = list(d.squares(5, best=3))
        self.assertEqual(len(best), 3)
        self.assertEqual(d.count(5, best=3), 3)
        ranks = [(s.worst_score, s.mean_score) for s in best]
        self.assertEqual(ranks, sorted(ranks))
        # No symmetric 5x5 on the words scored better than the best's worst word.
        self.assertEqual(squares.Dictionary(max_level=best[0].worst_score - 1).count(5), 0)

    def test_stub_names_the_module(self):
        stub = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "python",
                            "squares", "_squares.pyi")
        with open(stub) as f:
            source = f.read()
        public = {name for name in dir(squares) if not name.startswith("_")}
        for name in public:
            self.assertRegex(source, rf"(?m)^(class {name}\b|def {name}\b|{name}: )", name)

    def test_type_errors(self):
        d = squares.Dictionary(WORDS3)
        for call in [lambda: d.count("3"), lambda: d.count(3, double="yes"),
                     lambda: d.count(3, colour=True), lambda: d.count(3, shard="1/2"),
                     lambda: d.fill(42), lambda: d.count(3, shape=7), lambda: d.fill("...", better=1),
                     lambda: squares.Dictionary(42), lambda: squares.Dictionary([b"cat"]),
                     lambda: squares.kakuro(["x"])]:
            with self.assertRaises(TypeError):
                call()


class SquaresTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.english = squares.Dictionary()
        cls.small = squares.Dictionary(WORDS3)

    def test_against_brute_force(self):
        want = brute_symmetric(WORDS3, 3)
        self.assertGreater(len(want), 0)
        self.assertEqual([list(s.rows) for s in self.small.squares(3)], want)
        self.assertEqual([list(rows) for rows in self.small.squares(3, rows_only=True)], want)
        self.assertEqual(self.small.count(3), len(want))
        self.assertEqual(self.small.count(3, limit=1), 1)
        first = next(iter(self.small.squares(3)))
        self.assertEqual(repr(first), f"Square(rows={tuple(want[0])!r})")
        self.assertEqual(first.words, tuple(want[0] + want[0]))

    def test_against_cli(self):
        listing = cli("bishop", "--limit", "3", "--format", "lines").splitlines()
        self.assertEqual([" ".join(s.rows) for s in self.english.squares(first="bishop", limit=3)],
                         listing)
        self.assertEqual(self.english.count(first="bishop"), int(cli("bishop", "--count")))
        words = "\n".join(WORDS3) + "\n"
        for args, kwargs in [(["-n", "3", "--double"], dict(size=3, double=True)),
                             (["-n", "3", "--double", "--no-transpose"],
                              dict(size=3, double=True, no_transpose=True)),
                             (["--rect", "2x3"], dict(rect=(2, 3))),
                             (["-n", "3", "--double", "--upper"], dict(size=3, double=True, upper=True)),
                             (["-n", "3", "--pattern", "b../.../..."], dict(size=3, pattern="b../.../...")),
                             (["-n", "3", "--double", "--contains", "ice"],
                              dict(size=3, double=True, contains="ice"))]:
            got = [" ".join(s.rows) for s in self.small.squares(**kwargs)]
            self.assertEqual(got, cli("--dict", "-", "--format", "lines", *args, stdin=words).splitlines(),
                             args)
        for args, kwargs in [(["bishop", "--diagonals"], dict(first="bishop", diagonals=True)),
                             (["bishop", "--distinct"], dict(first="bishop", distinct=True)),
                             (["--cube", "2"], dict(cube=2))]:
            self.assertEqual(self.english.count(threads=2, **kwargs), int(cli("--count", *args)), args)
        # Counted with reversed words: the same counts as the listing.
        for kwargs in [dict(size=3, double=True), dict(size=3, double=True, no_transpose=True),
                       dict(rect=(3, 3)), dict(size=3, double=True, contains="ice")]:
            listed = len(list(self.small.squares(**kwargs)))
            self.assertGreater(listed, 0, kwargs)
            self.assertEqual(self.small.count(reversed=True, **kwargs), listed, kwargs)
            self.assertEqual(self.small.count(reversed=False, **kwargs), listed, kwargs)
        # The stats say which way the count read the words (a count this small: as they are).
        for reversed, said in ((True, True), (False, False), (None, False)):
            search = self.small.search(3, double=True, reversed=reversed)
            self.assertIs(search.count_stats().reversed, said, reversed)

    def test_square_values(self):
        """A Square from a search makes its tuples when first read: the same values, equality,
        hash and pickle as one made from its fields, and the tuples it keeps."""
        accented = squares.Dictionary(["été", "tôt", "étê", "têt", "ôté", "éta", "tas", "aas"])
        for d, kwargs in [(self.english, dict(size=4, double=True, limit=50)),
                          (self.english, dict(cube=2, limit=20)),
                          (self.english, dict(size=4, double=True, diagonals=True, limit=5)),
                          (self.english, dict(size=3, best=2)),
                          (accented, dict(size=3, upper=True))]:
            found = list(d.squares(threads=2, **kwargs))
            self.assertTrue(found, kwargs)
            lines = [" ".join(s.rows) for s in d.squares(threads=1, **kwargs)]
            self.assertEqual([" ".join(s.rows) for s in found], lines, kwargs)
            for s in found:
                made = squares.Square(s.rows, s.words, s.worst_score, s.mean_score)
                self.assertEqual(s, made)
                self.assertEqual(hash(s), hash(made))
                self.assertIs(s.rows, s.rows)
                self.assertEqual(pickle.loads(pickle.dumps(s)), s)
                self.assertEqual(repr(s), f"Square(rows={s.rows!r})")
                self.assertTrue(all(type(w) is str for w in s.rows + s.words))
            fresh = next(iter(d.squares(threads=1, **kwargs)))
            self.assertEqual(fresh.words, found[0].words)  # words read before rows
            self.assertEqual(fresh.rows, found[0].rows)
        cube = next(iter(self.english.squares(cube=2)))
        self.assertEqual(len(cube.rows), 2)  # the layers side by side
        self.assertEqual(len(cube.words), 12)
        self.assertEqual(next(iter(self.english.squares(cube=2, rows_only=True))), cube.rows)
        upper = next(iter(accented.squares(3, upper=True)))
        self.assertTrue(any(not row.isascii() for row in upper.rows + upper.words), upper)
        self.assertEqual(upper.rows, tuple(r.upper() for r in next(iter(accented.squares(3))).rows))

    def test_prepared_search(self):
        """Dictionary.search(): the C++ SquareSearch's rows, cols, cell order, symmetry and the
        stats of its count, against the command line's --stats and --verbose and by hand."""
        words4 = os.path.join(DATA, "squares", "words4.txt")
        d = squares.Dictionary(words4)
        with tempfile.TemporaryDirectory() as folder:
            # A 4x4 double square as a topology: rows, then columns, cells numbered from 1.
            double4 = os.path.join(folder, "double4.txt")
            with open(double4, "w") as f:
                for i in range(4):
                    f.write(",".join(str(4 * i + j + 1) for j in range(4)) + "\n")
                for j in range(4):
                    f.write(",".join(str(4 * i + j + 1) for i in range(4)) + "\n")
            shape = d.search(shape=double4, order="given", threads=1)
            # The cells by their names in the file, in its order; the transposition exchanges the
            # 12 cells off the diagonal.
            self.assertEqual((shape.rows, shape.cols, shape.symmetry_cells), (4, 4, 12))
            self.assertEqual(shape.cell_order, " ".join(str(c) for c in range(1, 17)))
            stats = shape.count_stats()
            run = subprocess.run([SQUARES, "shape", double4, "--dict", words4, "--order", "given", "-j", "1",
                                  "--count", "--stats", "--verbose"], capture_output=True, text=True, check=True)
            self.assertEqual((stats.results, shape.count()), (int(run.stdout), int(run.stdout)))
            self.assertIn(f"squares: cell order: {shape.cell_order}\n", run.stderr)
            self.assertIn(f"squares: {stats.nodes} nodes, {stats.results} results", run.stderr)
            self.assertIn("exchanges 12 cells", run.stderr)
            self.assertGreater(stats.nodes, stats.results)
            self.assertFalse(stats.stopped)
        double = d.search(4, double=True, threads=1)
        self.assertEqual((double.rows, double.cols, double.cell_order, double.notes), (4, 4, "", []))
        self.assertEqual(double.symmetry_cells, 12)  # counted up to the transposition too
        self.assertEqual(double.count(), stats.results)
        run = subprocess.run([SQUARES, "-n", "4", "--double", "--dict", words4, "-j", "1", "--count", "--stats"],
                             capture_output=True, text=True, check=True)
        self.assertIn(f"squares: {double.count_stats().nodes} nodes, {stats.results} results", run.stderr)
        # Run again and again, listing or counting, each run its own.
        listed = list(double.squares())
        self.assertEqual([s.rows for s in listed], [s.rows for s in d.squares(4, double=True)])
        self.assertEqual(list(double.squares(rows_only=True)), [s.rows for s in listed])
        for _ in double.squares():
            break  # the iterator's stop is its own run's
        self.assertEqual(double.count(), len(listed))
        self.assertEqual(d.search(4, double=True, limit=3).count_stats().results, 3)
        rect = self.small.search(rect=(2, 3))
        self.assertEqual((rect.rows, rect.cols, rect.symmetry_cells), (2, 3, 0))
        self.assertEqual(rect.count(), self.small.count(rect=(2, 3)))
        # Notes, and progress on each run.
        heard = []
        none = self.small.search(5, on_note=heard.append)
        self.assertEqual(none.notes, heard)
        self.assertIn("no words of length 5", heard[0])
        reports = []
        timed = self.english.search(5, progress=reports.append, progress_every=0, progress_after=0)
        self.assertEqual(timed.count(), self.english.count(5))
        self.assertTrue(reports and reports[-1].parts_done == reports[-1].parts, reports)
        self.assertEqual((squares.MAX_SQUARE_SIDE, squares.MAX_PATTERN_SIDE, squares.MAX_REGION_SIZE), (32, 64, 10))

    def test_shards_and_threads(self):
        whole = self.english.count(first="bishop")
        parts = [self.english.count(first="bishop", shard=(i, 3)) for i in (1, 2, 3)]
        self.assertEqual(sum(parts), whole)
        self.assertEqual(parts[1], int(cli("bishop", "--count", "--shard", "2/3")))
        self.assertEqual(self.english.count(first="bishop", threads=2), whole)
        listed = [s.rows for i in (1, 2, 3) for s in self.english.squares(first="bishop", shard=(i, 3))]
        self.assertEqual(listed, [s.rows for s in self.english.squares(first="bishop")])

    def test_shape(self):
        # A 2x2 double square as a shape: rows 0-1, 2-3, columns 0-2, 1-3.
        shape = [[0, 1], [2, 3], [0, 2], [1, 3]]
        d = squares.Dictionary(["at", "to", "ta", "ot", "oa", "ao"])
        self.assertEqual(d.count(shape=shape), d.count(2, double=True))
        # A word of a list of its own (ShapeWord.list): (cells, path).
        with tempfile.TemporaryDirectory() as folder:
            own = os.path.join(folder, "own.txt")
            with open(own, "w") as f:
                f.write("ao\nto\n")
            mixed = [[0, 1], [2, 3], ([0, 2], own), [1, 3]]
            self.assertEqual([s.words for s in d.squares(shape=mixed)],
                             [s.words for s in d.squares(shape=shape) if s.words[2] in ("ao", "to")])
            self.assertTrue(d.count(shape=mixed))
        with self.assertRaises(TypeError):
            d.count(shape=[([0, 1], 5)])

    def test_errors(self):
        with self.assertRaises(squares.DataError) as caught:
            self.english.squares(first="bsihop")
        self.assertEqual(str(caught.exception), "'bsihop' is not in the dictionary")
        with self.assertRaises(squares.UsageError) as caught:
            self.english.count(40)
        self.assertEqual(str(caught.exception), "size: 40 is not in 1..32")
        with self.assertRaises(squares.UsageError):
            self.english.count(3, double=True, rect=(3, 4))
        with self.assertRaises(squares.UsageError) as caught:
            self.english.count(3, limit=-1)
        self.assertEqual(str(caught.exception), "limit: -1 is negative")
        with self.assertRaises(squares.UsageError) as caught:
            self.english.count(shape=[[0, 1]], order="random")
        self.assertEqual(str(caught.exception), "order: 'random' is not 'default' or 'greedy' or 'given'")

    def test_iterator_close(self):
        it = self.english.squares(5)
        self.assertEqual(len(next(it).rows), 5)
        it.close()
        self.assertRaises(StopIteration, next, it)
        with self.small.squares(3) as it:
            rows = [list(s.rows) for s in it]
        self.assertEqual(rows, brute_symmetric(WORDS3, 3))
        self.assertEqual(it.stats.results, len(rows))


class PuzzlesTest(unittest.TestCase):
    def test_fill(self):
        d = squares.Dictionary(WORDS3)
        # A word may fill several slots here, as in a double square.
        fills = list(d.fill("...\n...\n...\n", all=True, allow_repeats=True))
        self.assertEqual(len(fills), d.count(3, double=True))
        self.assertEqual([tuple(f.rows) for f in fills],
                         list(d.squares(3, double=True, upper=True, rows_only=True)))
        self.assertEqual(d.fill("...\n...\n...\n").status, squares.FillStatus.IMPOSSIBLE)
        # The default list is scored: the best fill, with its proven quality, as
        # `squares fill -j 2` fills this grid.
        best = squares.Dictionary().fill(squares.Grid.from_rows(["...."] * 4), threads=2)
        self.assertEqual(best.status, squares.FillStatus.FILLED)
        (fill,) = best.fills
        self.assertEqual(fill.rows, ["FLEW", "LIVE", "ONES", "WENT"])
        self.assertEqual((fill.quality.worst_word, fill.quality.worst_score, fill.quality.proven),
                         ("FLEW", 10, True))
        self.assertIn("FILLED", repr(best))
        stuck = d.fill("bb.\n...\n...\n")
        self.assertEqual(stuck.status, squares.FillStatus.OVER_CONSTRAINED)
        self.assertEqual(stuck.bad_slot, "1 Across")
        with self.assertRaises(squares.DataError) as caught:
            d.fill("zz.\n...\n...\n")
        self.assertEqual((caught.exception.source, caught.exception.line, caught.exception.column),
                         ("<grid>", 1, 1))

    def test_fill_against_cli(self):
        grid, words = os.path.join(DATA, "fill", "small.txt"), os.path.join(DATA, "fill", "words.txt")
        d = squares.Dictionary(words)
        for args, kwargs in [(["--any"], dict(any=True)), (["--all"], dict(all=True)), ([], {})]:
            want = cli("fill", grid, "--dict", words, "-j", "1", "--format", "lines", *args).splitlines()
            got = d.fill(squares.Grid.load(grid), threads=1, **kwargs)
            fills = list(got) if kwargs.get("all") else got.fills
            self.assertEqual([" ".join(f.rows) for f in fills], want, args)

    def test_kakuro(self):
        with open(os.path.join(DATA, "kakuro", "small.kgrid")) as f:
            results = squares.kakuro(f.read())
        self.assertEqual([(r.name, r.verdict) for r in results],
                         [("unique", squares.KakuroVerdict.UNIQUE),
                          ("two-solutions", squares.KakuroVerdict.NOT_UNIQUE),
                          ("impossible", squares.KakuroVerdict.NO_SOLUTION)])
        self.assertEqual(results[0].solutions, [[[0, 0, 0], [0, 2, 1], [0, 1, 3]]])
        printed = cli("kakuro", os.path.join(DATA, "kakuro", "small.kgrid"))
        self.assertIn("# 2 1\n# 1 3\n", printed)

    def test_regions(self):
        d = squares.Dictionary(os.path.join(DATA, "regions", "words.txt"))
        with open(os.path.join(DATA, "regions", "unique.txt")) as f:
            result = d.regions(f.read())
        with open(os.path.join(DATA, "regions", "unique.out")) as f:
            golden = f.read()
        self.assertEqual(result.verdict, squares.RegionsVerdict.UNIQUE)
        (solution,) = result.solutions
        self.assertEqual(solution.drawing + "words: " + " ".join(solution.words) + "\nunique\n", golden)


class SurfaceTest(unittest.TestCase):
    """Values: equal, hashed and pickled by value; enums or their names; the C++ API's calls."""

    @classmethod
    def setUpClass(cls):
        cls.english = squares.Dictionary()
        cls.grid = squares.Grid.from_rows(["...."] * 4)
        cls.best = cls.english.fill(cls.grid, threads=2)

    def test_values_pickle(self):
        square = next(iter(self.english.squares(first="bishop", best=1)))
        again = pickle.loads(pickle.dumps(square))
        self.assertEqual(again, square)
        self.assertEqual(hash(again), hash(square))
        self.assertEqual(len({square, again}), 1)
        self.assertEqual((again.rows, again.worst_score), (square.rows, square.worst_score))
        self.assertNotEqual(square, squares.Square(square.rows))
        self.assertEqual(squares.Square(["ab", "ba"]).words, ())
        grid = pickle.loads(pickle.dumps(self.grid))
        self.assertEqual((grid, grid.text_rows, len(grid.slots)), (self.grid, ["...."] * 4, 8))
        result = pickle.loads(pickle.dumps(self.best))
        self.assertEqual((result.status, result.fills[0].rows, result.fills[0].quality.worst_word),
                         (squares.FillStatus.FILLED, ["FLEW", "LIVE", "ONES", "WENT"], "FLEW"))
        with open(os.path.join(DATA, "kakuro", "small.kgrid")) as f:
            board = squares.kakuro(f.read())[0]
        again = pickle.loads(pickle.dumps(board))
        self.assertEqual((again.name, again.verdict, again.solutions), (board.name, board.verdict, board.solutions))
        # Every result type pickles, field for field.
        candidate = self.english.candidates("FLE.\n....\n....\n....\n", 0, max_words=2, max_checked=1)[0]
        words = squares.Dictionary(os.path.join(DATA, "regions", "words.txt"))
        made = words.make_regions(4, 4, min=3, max=5, seed=2)
        solved = words.regions("\n".join(made.rows) + "\n", min=3, max=5)
        for value, fields in [(candidate, ["word", "score", "viability", "reason"]),
                              (self.english.check(self.grid), ["filled", "valid", "problems", "quality"]),
                              (self.grid.slots[5], ["direction", "number", "row", "col", "length", "cells", "name"]),
                              (self.english.prove("FLE.\n....\n....\n....\n"),
                               ["consistent", "letters", "words", "dead_slots", "dead_cells", "message"]),
                              (solved, ["verdict", "rows", "cols", "count", "verdict_text"]),
                              (solved.solutions[0], ["words", "region_of", "drawing"]),
                              (made, ["rows", "attempts"])]:
            again = pickle.loads(pickle.dumps(value))
            self.assertIs(type(again), type(value))
            for field in fields:
                self.assertEqual(getattr(again, field), getattr(value, field), (type(value), field))
        self.assertEqual(pickle.loads(pickle.dumps(made)).solution.words, made.solution.words)

    def test_rows_only(self):
        rows = list(self.english.squares(first="bishop", rows_only=True))
        self.assertEqual(rows, [s.rows for s in self.english.squares(first="bishop")])
        for kwargs in [dict(cube=2, limit=50), dict(size=4, double=True, limit=50, upper=True),
                       dict(rect=(2, 5), limit=50), dict(shape=[[0, 1, 2], [3, 4, 5], [0, 3], [2, 5]], limit=50)]:
            self.assertEqual(list(self.english.squares(rows_only=True, **kwargs)),
                             [s.rows for s in self.english.squares(**kwargs)], kwargs)
        self.assertEqual(len(rows), self.english.count(first="bishop"))
        self.assertIsInstance(rows[0], tuple)

    def test_enums(self):
        scored = squares.Dictionary(["ab;1", "ba;1", "aa;5", "bb;2"])
        for better in ("lower", "higher"):
            member = squares.Better.LOWER if better == "lower" else squares.Better.HIGHER
            by_enum = scored.fill("..\n..\n", better=member, allow_repeats=True)
            by_name = scored.fill("..\n..\n", better=better, allow_repeats=True)
            self.assertEqual(by_enum.fills[0].rows, by_name.fills[0].rows)
            self.assertEqual(sorted(by_enum.fills[0].rows), ["AA", "AA"] if better == "higher" else ["AB", "BA"])
        shape = [[0, 1], [2, 3], [0, 2], [1, 3]]
        d = squares.Dictionary(["at", "to", "ta", "ot", "oa", "ao"])
        self.assertEqual(d.count(shape=shape, order=squares.CellOrder.GIVEN), d.count(shape=shape, order="greedy"))
        with self.assertRaises(squares.UsageError):
            scored.fill("..\n..\n", branch="column")
        # Python's own enums: the members themselves, by identity, pickled by name.
        result = scored.fill("..\n..\n", allow_repeats=True)
        self.assertIs(result.status, squares.FillStatus.FILLED)
        self.assertTrue(issubclass(squares.FillStatus, enum.Enum))
        self.assertIs(pickle.loads(pickle.dumps(result)).status, squares.FillStatus.FILLED)
        self.assertEqual([m.name for m in squares.Direction], ["ACROSS", "DOWN"])
        with self.assertRaises(TypeError):
            scored.fill("..\n..\n", better=0)

    def test_check_candidates_documents(self):
        fill = self.best.fills[0]
        check = self.english.check("\n".join(fill.rows) + "\n")
        self.assertEqual((check.filled, check.valid, check.problems), (True, True, []))
        bad = self.english.check("FLEW\nLIVE\nONES\nWENX\n")
        self.assertFalse(bad.valid)
        self.assertIn("WENX", " ".join(bad.problems))
        candidates = self.english.candidates("FLE.\n....\n....\n....\n", 0, max_words=5, max_checked=2)
        self.assertTrue(all(c.word.upper().startswith("FLE") for c in candidates), candidates)
        self.assertEqual(candidates[0].viability, squares.Viability.FILLABLE)
        clues = squares.parse_clues("FLEW\tWent by air\n1 Down\tWhat flies\n")
        self.assertEqual([(c.number, c.word, c.text, c.line) for c in clues],
                         [(0, "FLEW", "Went by air", 1), (1, "", "What flies", 2)])
        self.assertEqual(pickle.loads(pickle.dumps(clues[1])).line, 2)
        self.assertEqual(clues[1].direction, squares.Direction.DOWN)
        self.assertEqual(squares.format_fill(self.grid, fill, "lines"), "FLEW LIVE ONES WENT\n")
        ipuz = squares.format_fill(self.grid, fill, squares.DocumentFormat.IPUZ, clues=clues, title="T")
        self.assertIn("Went by air", ipuz)
        self.assertIsInstance(squares.format_fill(self.grid, fill, "puz"), bytes)
        # A grid as it is, partly filled: empty cells and empty clues read back as such.
        given = squares.given_fill("FL..\n....\n....\n....\n")
        self.assertEqual((given.rows, given.letters[:3]), (["FL..", "....", "....", "...."], ["F", "L", ""]))
        ipuz = squares.format_fill("FL..\n....\n....\n....\n", given, "ipuz", title="Part")
        self.assertEqual(squares.Grid(ipuz).text_rows, ["FL..", "....", "....", "...."])
        document = json.loads(ipuz)
        self.assertEqual(document["solution"][0], ["F", "L", 0, 0])
        self.assertEqual({clue for _, clue in document["clues"]["Across"] + document["clues"]["Down"]}, {""})
        with self.assertRaises(squares.DataError) as caught:
            squares.parse_clues("FLEW Went by air\n", source="c.txt")
        self.assertEqual((caught.exception.source, caught.exception.line), ("c.txt", 1))
        # Every format of the C++ FormatFill: text as str, puz (and pdf) as bytes; warnings heard.
        warned = []
        for name in ["jpz", "xd", "exolve", "across-text"]:
            document = squares.format_fill(self.grid, fill, name, warnings=warned.append)
            self.assertIsInstance(document, str)
            self.assertEqual(document, squares.format_fill(self.grid, fill, squares.DocumentFormat[name.upper().replace("-", "_")]))
        self.assertIn("no clue", " ".join(warned))
        self.assertIn("FLEW", squares.format_fill(self.grid, fill, "xd"))
        self.assertIn(candidates[0].viability.name.lower().split("_")[0][:4], "fillable impossible unknown")
        self.assertTrue(candidates[0].reason)
        # The live proof: every letter left in a cell of FLE. is a letter of some FLE? word.
        proof = self.english.prove("FLE.\n....\n....\n....\n")
        self.assertTrue(proof.consistent)
        self.assertEqual(len(proof.letters), 16)
        self.assertEqual(proof.letters[:3], [1, 1, 1])
        dead = self.english.prove("QXZ.\n....\n....\n....\n")
        self.assertFalse(dead.consistent)
        self.assertIn("1 Across", dead.message)
        # A grid's text and a file's path are told apart.
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "grid")
            with open(path, "w") as f:
                f.write("....\n" * 4)
            self.assertEqual(squares.Grid.load(path), self.grid)
            for given in [path, "grid.txt", "puzzle.ipuz"]:
                with self.assertRaisesRegex(squares.UsageError, "looks like a file's path.*Grid.load"):
                    self.english.fill(given)
                with self.assertRaises(squares.UsageError):
                    squares.Grid.parse(given)
        self.assertEqual(squares.Grid.parse("....\n" * 4), self.grid)

    def test_patterns(self):
        seven = squares.make_pattern(15, seed=7)
        self.assertEqual(seven[:2], ["....#....##....", ".........#....."])  # test_pattern.cc's
        self.assertEqual(squares.make_pattern(seed=7), seven)
        self.assertEqual(squares.check_pattern(squares.Grid.from_rows(seven)), [])
        wide = squares.make_pattern(9, 13, density=0.1, seed=3)
        self.assertEqual((len(wide), len(wide[0])), (9, 13))
        self.assertEqual(squares.check_pattern("#..\n...\n...\n"),
                         ["row 1, column 1 is a block but row 3, column 3 is not (the pattern is "
                          "not symmetric under a half turn)",
                          "the across entry at row 1, column 2 has 2 letters (at least 3)",
                          "the down entry at row 2, column 1 has 2 letters (at least 3)"])
        with self.assertRaisesRegex(squares.UsageError, "^a pattern has 3 to 64 rows and columns, not 2x15$"):
            squares.make_pattern(2, 15)
        with self.assertRaisesRegex(squares.DataError, "^no legal 5x5 pattern with 10 blocks"):
            squares.make_pattern(5, density=0.4)

    def test_make_regions(self):
        d = squares.Dictionary(os.path.join(DATA, "regions", "words.txt"))
        made = d.make_regions(4, 4, min=3, max=5, seed=2)
        self.assertEqual([len(row) for row in made.rows], [4] * 4)
        solved = d.regions("\n".join(made.rows) + "\n", min=3, max=5)
        self.assertEqual(solved.verdict, squares.RegionsVerdict.UNIQUE)
        self.assertEqual(solved.solutions[0].words, made.solution.words)

    def test_progress(self):
        reports = []

        class Enough(Exception):
            pass

        def first(progress):
            reports.append(progress)
            raise Enough()
        # A search of minutes, which reports within seconds: the first report ends it.
        with self.assertRaises(Enough):
            self.english.count(double=True, size=5, threads=1, progress=first)
        self.assertEqual(len(reports), 1)
        self.assertTrue(0 <= reports[0].parts_done < reports[0].parts, reports)

        def fail(progress):
            raise RuntimeError("stop here")
        with self.assertRaisesRegex(RuntimeError, "stop here"):
            self.english.count(double=True, size=5, threads=2, progress=fail, progress_after=0)

    def test_callbacks_of_every_search(self):
        # Kakuro: each solution, then None per board; the solutions are then not kept. False
        # stops a board's search.
        with open(os.path.join(DATA, "kakuro", "small.kgrid")) as f:
            boards = f.read()
        kept = squares.kakuro(boards, all=True)
        heard = []
        followed = squares.kakuro(boards, all=True, on_solution=lambda b, s: heard.append((b.name, s)))
        expected = []
        for board in kept:
            expected += [(board.name, solution) for solution in board.solutions] + [(board.name, None)]
        self.assertEqual(heard, expected)
        self.assertEqual([(b.count, b.solutions) for b in followed], [(b.count, []) for b in kept])
        self.assertEqual(squares.kakuro_solution_text(kept[0].solutions[0]), kept[0].solution_text(0))
        first = squares.kakuro(boards, all=True, on_solution=lambda b, s: s is None)
        self.assertEqual([b.count for b in first], [1, 1, 0])
        # Stopped at its first solution, a board's uniqueness is not known (a timeout's verdict);
        # at the second, it is not unique.
        self.assertEqual([b.verdict for b in first], [squares.KakuroVerdict.TIMED_OUT] * 2 + [squares.KakuroVerdict.NO_SOLUTION])
        second = squares.kakuro(boards, on_solution=lambda b, s: s is None or b.count == 0)
        self.assertEqual([(b.count, b.verdict) for b in second],
                         [(1, squares.KakuroVerdict.UNIQUE), (2, squares.KakuroVerdict.NOT_UNIQUE),
                          (0, squares.KakuroVerdict.NO_SOLUTION)])
        self.assertGreater(kept[0].stats.white_cells, 0)
        # Regions: every solution, in the search's order; False stops at the first.
        words = squares.Dictionary(os.path.join(DATA, "regions", "words.txt"))
        with open(os.path.join(DATA, "regions", "swap.txt")) as f:
            swap = f.read()
        every = words.regions(swap, all=True)
        found = []
        result = words.regions(swap, all=True, on_solution=found.append)
        self.assertEqual([s.words for s in found], [s.words for s in every.solutions])
        self.assertEqual((result.count, result.solutions, result.all), (2, [], True))
        stopped = words.regions(swap, all=True, on_solution=lambda s: False)
        self.assertEqual((stopped.count, stopped.verdict, stopped.verdict_text), (1, squares.RegionsVerdict.STOPPED, "stopped"))
        with open(os.path.join(DATA, "regions", "unique.txt")) as f:
            unique = f.read()
        self.assertEqual(words.regions(unique, on_solution=lambda s: False).verdict, squares.RegionsVerdict.STOPPED)
        self.assertEqual(words.regions(unique, on_solution=lambda s: None).verdict, squares.RegionsVerdict.UNIQUE)
        stop_second = words.regions(swap, on_solution=lambda s, seen=[]: seen.append(s) or len(seen) < 2)
        self.assertEqual((stop_second.count, stop_second.verdict), (2, squares.RegionsVerdict.NOT_UNIQUE))
        self.assertGreater(every.stats.placements, 0)
        # Candidates: the list first, then each decision (an index into it), then the fills.
        events = []
        grid = "FLE.\n....\n....\n....\n"
        listed = self.english.candidates(
            grid, 0, max_words=5, max_checked=2,
            on_list=lambda c: events.append(("list", [x.word for x in c])),
            on_decided=lambda i, c: events.append(("decided", i, c.word, c.viability)),
            on_fill=lambda letters: events.append(("fill", len(letters))))
        self.assertEqual(events[0], ("list", [c.word for c in listed]))
        decided = [e for e in events if e[0] == "decided"]
        self.assertTrue(decided)
        for _, index, word, viability in decided:
            self.assertEqual((listed[index].word, listed[index].viability), (word, viability))
        self.assertTrue(all(e[1] == 16 for e in events if e[0] == "fill"), events)
        stopped = self.english.candidates(grid, 0, max_words=5, max_checked=2, on_list=lambda c: False)
        self.assertEqual([(c.word, c.viability) for c in stopped],
                         [(c.word, squares.Viability.UNKNOWN) for c in listed])
        # A fill's notes (its entries kept as given), from fill() and from an iterator; count_only.
        d = squares.Dictionary(["ab", "ba", "bb"])
        notes = []
        result = d.fill("AA\n..\n", allow_repeats=True, on_note=notes.append)
        self.assertEqual((notes, result.fills[0].rows), (result.notes, ["AA", "BB"]))
        self.assertTrue(notes)
        iterated = []
        fills = d.fill("AA\n..\n", all=True, allow_repeats=True, on_note=iterated.append)
        self.assertEqual(([f.rows for f in fills], iterated), ([["AA", "BB"]], notes))
        # A square search's notes, from count() and squares().
        heard = []
        self.assertEqual(d.count(5, on_note=heard.append), 0)
        self.assertEqual(list(d.squares(5, on_note=heard.append)), [])
        self.assertEqual(len(heard), 2)
        self.assertIn("no words of length 5", heard[0])
        self.assertEqual(heard[0], heard[1])
        counted = d.fill("..\n..\n", all=True, allow_repeats=True, count_only=True)
        self.assertEqual((counted.stats.fills, counted.fills),
                         (len(list(d.fill("..\n..\n", all=True, allow_repeats=True))), []))

    def test_the_rest_of_the_api(self):
        # The proof's verdict, with its fill or its conflict; it pickles, field for field.
        fillable = self.english.prove("FLE.\n....\n....\n....\n", search_seconds=5)
        self.assertIs(fillable.verdict, squares.Verdict.FILLABLE)
        self.assertEqual(len(fillable.fill), 16)
        self.assertTrue(self.english.check("".join(c if (k + 1) % 4 else c + "\n"
                                                   for k, c in enumerate(fillable.fill))).valid)
        started = self.english.prove("FLE.\n....\n....\n....\n", search_seconds=5, start=fillable.fill)
        self.assertIs(started.verdict, squares.Verdict.FILLABLE)
        two = squares.Dictionary(["ab", "cd"])
        impossible = two.prove("..\n..\n", search_seconds=5)
        self.assertIs(impossible.verdict, squares.Verdict.IMPOSSIBLE)
        self.assertTrue(impossible.dead_cells and impossible.message, impossible)
        self.assertIs(self.english.prove("....\n" * 4).verdict, squares.Verdict.UNKNOWN)
        again = pickle.loads(pickle.dumps(fillable))
        for field in ["verdict", "fill", "conflict", "left_out", "seconds", "consistent", "letters", "words"]:
            self.assertEqual(getattr(again, field), getattr(fillable, field), field)
        # A grid's cells, clues and info.
        grid = squares.Grid.from_rows(["AB#", "..."])
        self.assertEqual((grid.black(2), grid.letter(0), grid.number(0), grid.number(1)), (True, "A", 1, 2))
        with self.assertRaises(IndexError):
            grid.letter(6)
        puzzle = squares.Puzzle.parse(squares.format_fill(self.grid, self.best.fills[0], "ipuz", title="T",
                                                          author="A", editor="E", publisher="P"))
        self.assertEqual((puzzle.info.title, puzzle.info.editor, puzzle.info.publisher), ("T", "E", "P"))
        titled = squares.Grid.from_puzzle(puzzle)
        self.assertEqual((titled.title, titled.author, titled.clues), ("T", "A", puzzle.clues))
        self.assertIn('"title": "U"', squares.write_puzzle(puzzle, "ipuz", title="U").replace('":"', '": "'))
        # Documents: extensions, the machine's formats, clues checked and unused.
        self.assertEqual([squares.document_extension(f) for f in ["ipuz", squares.DocumentFormat.EXOLVE]],
                         ["ipuz", "html"])
        squares.check_document_format("text")
        clues = squares.parse_clues("9 Across\tNo such slot\n", source="c.txt")
        with self.assertRaises(squares.DataError) as caught:
            squares.check_clues(self.grid, clues, "c.txt")
        self.assertEqual((caught.exception.source, caught.exception.line), ("c.txt", 1))
        unused = squares.unused_clues(self.grid, self.best.fills[0], squares.parse_clues("ZZZZ\tNone\n"), "c.txt")
        self.assertEqual(len(unused), 1)
        self.assertIn("c.txt:1", unused[0])
        # The dictionary's text, automata and languages.
        self.assertIn("nl", squares.language_codes())
        notes = []
        text = squares.Dictionary.from_text("# a comment\ncat\t5\ndog;3\nd0g\n", "w.txt", on_note=notes.append)
        self.assertEqual((len(text), text.scored_words(3)), (2, [("cat", 5), ("dog", 3)]))
        self.assertIn("  skipped 'd0g'", notes)
        with tempfile.TemporaryDirectory() as folder:
            paths = [os.path.join(folder, name) for name in ("a.txt", "b.txt", "c.idx")]
            for path, words in zip(paths, ["cat\n", "dog\n"]):
                with open(path, "w") as f:
                    f.write(words)
            both = squares.Dictionary.from_files(paths[:2])
            self.assertEqual(both.words(3), ["cat", "dog"])
            both.save_index(paths[2])
            self.assertEqual(squares.Dictionary.from_files(paths[2:]).words(3), ["cat", "dog"])
            with self.assertRaises(squares.DataError):
                squares.Dictionary.from_files(paths, word_lists=True)
        stats = text.automaton_stats(3)
        self.assertEqual(stats.words, 2)
        self.assertGreater(stats.states, 0)
        self.assertEqual(pickle.loads(pickle.dumps(stats)).states, stats.states)

    def test_errors_name_python_keywords(self):
        # Each bad keyword's message names it as it was passed (the library names its fields).
        d, grid = self.english, "....\n....\n"
        words = squares.Dictionary(os.path.join(DATA, "regions", "words.txt"))
        cases = [
            (lambda: d.count(40), "size: 40 is not in 1..32"),
            (lambda: d.count(cube=11), "cube size: 11 is not in 2..10"),
            (lambda: d.count(4, limit=-1), "limit: -1 is negative"),
            (lambda: d.count(4, threads=-1), "threads: -1 is not in 0..1024 (0: the CPUs it may run on)"),
            (lambda: d.count(4, order="given"), "order applies to diagonal squares, cubes and shapes"),
            (lambda: d.count(), "nothing to search: give a size, a first word, a pattern, or a rectangle's "
                                "rows and cols"),
            (lambda: d.count(diagonals=True), "diagonals: give a size or a first word"),
            (lambda: d.count(4, progress=print, progress_every=-1), "progress_every: -1.0 is not seconds >= 0"),
            (lambda: d.count(4, progress=print, progress_after=float("nan")),
             "progress_after: nan is not seconds >= 0"),
            (lambda: d.fill(grid, limit=2), "limit needs all"),
            (lambda: d.fill(grid, all=True, limit=-1), "limit: -1 is negative"),
            (lambda: d.fill(grid, shard=(1, 2)), "a shard needs all"),
            (lambda: d.fill(grid, all=True, shard=(3, 2)), "shard 3 of 2: expected 1 <= index <= count"),
            (lambda: d.fill(grid, all=True, deterministic=True), "deterministic and all exclude each other"),
            (lambda: d.fill(grid, threads=2000), "threads: 2000 is not in 0..1024 (0: the CPUs it may run on)"),
            (lambda: d.fill(grid, min_length=1), "min_length: 1 is not in 2..64"),
            (lambda: d.fill(grid, timeout=-1), "timeout, quality_time and polish must not be negative"),
            (lambda: d.fill(grid, progress_every=0), "progress_every: at least 0.001 seconds"),
            (lambda: d.fill(grid, count_only=True), "count_only needs all"),
            (lambda: d.fill(grid, allow_offensive="all"), "allow_offensive: 'all' is not a tier (none, vulgar, slurs)"),
            (lambda: d.candidates(grid, 9), "slot: 9 is not one of the grid's 6 slots"),
            (lambda: d.candidates(grid, 0, seconds=-1), "seconds and seconds_per_word must not be negative"),
            (lambda: d.prove(grid, search_seconds=-1), "search_seconds must not be negative"),
            (lambda: squares.kakuro("", limit=-1), "limit: -1 is negative"),
            (lambda: squares.kakuro("", all=True, check=True), "check excludes all"),
            (lambda: squares.kakuro("", timeout=-1), "timeout must not be negative"),
            (lambda: words.regions("ab\n", min=5, max=4), "region sizes: min 5, max 4: expected 1 <= min <= max <= 10"),
            (lambda: words.make_regions(0, 4), "rows and cols: 0x4: expected 1 to 50 each"),
            (lambda: squares.Dictionary.from_files([]), "no word list given (the embedded list is the default)"),
        ]
        for call, message in cases:
            with self.subTest(message=message):
                with self.assertRaises(squares.UsageError) as caught:
                    call()
                self.assertEqual(str(caught.exception), message)
                self.assertNotIn("Options", str(caught.exception))


class CrosswordTest(unittest.TestCase):
    """The puzzle model: read, edited through its cells, made a grid, written and read back."""

    def test_puzzle_round_trip(self):
        puzzle = squares.Puzzle.parse("[star]e.\n...\n..#\n", "g.txt")
        self.assertEqual(puzzle.format, "plain rows")
        self.assertEqual((puzzle.rows, puzzle.cols), (3, 3))
        self.assertEqual(puzzle.cell(0, 0).solution, "STAR")
        self.assertIs(puzzle.cell(2, 2).kind, squares.CellKind.BLOCK)
        puzzle.cell(0, 1).circled = True  # a view: the puzzle changes
        puzzle.cell(1, 1).shaded = True
        puzzle.info.author = "Ann Author"
        puzzle.clues = [squares.Clue(1, squares.Direction.ACROSS, text="Bright", enumeration="4,1")]
        self.assertTrue(puzzle.cells[1].circled)
        grid = squares.Grid.from_puzzle(puzzle)
        self.assertEqual(grid.text_rows, ["[STAR]E.", "...", "..#"])
        self.assertEqual(grid.puzzle.info.author, "Ann Author")
        self.assertEqual(pickle.loads(pickle.dumps(puzzle)), puzzle)
        self.assertEqual(pickle.loads(pickle.dumps(grid)).puzzle, grid.puzzle)
        warnings: list[str] = []
        ipuz = squares.write_puzzle(puzzle, "ipuz", warnings=warnings.append)
        again = squares.Puzzle.parse(ipuz, "x.ipuz")
        self.assertEqual(again.format, "ipuz")
        self.assertEqual(again.cell(0, 0).solution, "STAR")
        self.assertTrue(again.cell(0, 1).circled)
        self.assertTrue(again.cell(1, 1).shaded)
        self.assertEqual(again.info.author, "Ann Author")
        self.assertEqual(again.clues[0].text, "Bright")
        self.assertEqual(again.clues[0].enumeration, "4,1")
        with self.assertRaises(IndexError):
            puzzle.cell(3, 0)
        with self.assertRaises(squares.DataError):
            squares.Puzzle.parse("no grid here <", "bad.txt")


class PackagingTest(unittest.TestCase):
    def test_exports_only_its_init(self):
        import shutil
        import squares._squares as module
        if not shutil.which("nm"):
            self.skipTest("no nm (binutils)")
        listed = subprocess.run(["nm", "-D", "--defined-only", module.__file__], capture_output=True,
                                text=True, check=True).stdout.split()
        self.assertEqual(listed[2::3], ["PyInit__squares"])


class Raised(Exception):
    """What the callbacks below raise: a type the module never raises."""


class CallbackTest(unittest.TestCase):
    """Python callbacks run on the calling thread, whatever the search's threads; one that
    raises stops the search, soon, and its exception comes out of the call unchanged."""

    @classmethod
    def setUpClass(cls):
        cls.english = squares.Dictionary()
        cls.open9 = squares.Grid.from_rows(["........."] * 9)

    def test_raise_while_iterating_with_threads(self):
        # Once the process aborted here ("Resource deadlock avoided"): the exception's traceback
        # held the iterator (through run's frame), whose worker thread then dropped the last
        # reference to it and joined itself.
        def fail(progress):
            raise Raised(threading.get_ident())

        def run():
            it = self.english.squares(5, double=True, threads=2, progress=fail, progress_after=0)
            for _ in it:
                pass
        for _ in range(3):
            try:
                run()
                self.fail("no exception")
            except Raised as e:
                self.assertEqual(e.args, (threading.get_ident(),))

    def test_raising_callbacks_at_random_points(self):
        english, open9 = self.english, self.open9
        timing = dict(progress_every=0, progress_after=0)

        def iterate(results):
            for _ in results:
                pass
        kinds = {
            "count": lambda cb, t: english.count(5, threads=t, progress=cb, **timing),
            "squares": lambda cb, t: iterate(english.squares(5, threads=t, progress=cb, **timing)),
            "rows_only": lambda cb, t: iterate(english.squares(5, threads=t, rows_only=True, progress=cb,
                                                               **timing)),
            "fill": lambda cb, t: english.fill(open9, any=True, threads=t, timeout=20, progress=cb,
                                               progress_every=0.001),
            "fill all": lambda cb, t: iterate(english.fill(open9, all=True, threads=t, timeout=20,
                                                           progress=cb, progress_every=0.001)),
            "notes": lambda cb, t: squares.Dictionary(["cat", "d0g", "dog", "x y"], on_note=cb),
            "kakuro": lambda cb, t: squares.kakuro(boards, all=True, on_solution=lambda b, s: cb(s)),
            "regions": lambda cb, t: regions.regions(swap, all=True, on_solution=cb),
            "candidates": lambda cb, t: english.candidates(
                "FLE.\n....\n....\n....\n", 0, max_words=8, max_checked=8, seconds_per_word=0.01,
                on_list=cb, on_decided=lambda i, c: cb(c), on_fill=cb),
        }
        with open(os.path.join(DATA, "kakuro", "small.kgrid")) as f:
            boards = f.read()
        regions = squares.Dictionary(os.path.join(DATA, "regions", "words.txt"))
        with open(os.path.join(DATA, "regions", "swap.txt")) as f:
            swap = f.read()
        names = list(kinds)
        rng = random.Random(59)
        raised = dict.fromkeys(names, 0)
        worst = 0.0
        for n in range(200):
            name, threads = names[n % len(names)], (1, 2, 8)[n // len(names) % 3]
            at = rng.randint(1, 3 if name in ("notes", "regions") else 8)
            state = {"calls": 0, "after": 0, "thread": None, "when": 0.0}

            def callback(argument):
                if state["calls"] >= at:
                    state["after"] += 1
                    return
                state["calls"] += 1
                state["thread"] = threading.get_ident()
                if state["calls"] == at:
                    state["when"] = time.monotonic()
                    raise Raised(n)
            with self.subTest(kind=name, threads=threads, at=at):
                try:
                    kinds[name](callback, threads)
                    self.assertLess(state["calls"], at, "no exception came out")
                except Raised as e:
                    self.assertEqual(e.args, (n,))
                    raised[name] += 1
                    worst = max(worst, time.monotonic() - state["when"])
                self.assertEqual(state["after"], 0)
                if state["thread"] is not None:
                    self.assertEqual(state["thread"], threading.get_ident())
        print(f"\n  200 raising callbacks: at most {worst * 1000:.0f} ms from the raise to the caller",
              end="", file=sys.stderr)
        for name in names:
            self.assertGreater(raised[name], 0, name)

    def test_default_threads(self):
        cpus = os.sched_getaffinity(0)
        self.assertEqual(squares.default_threads(), len(cpus))
        os.sched_setaffinity(0, {min(cpus)})  # as `taskset -c` does
        try:
            self.assertEqual(squares.default_threads(), 1)
        finally:
            os.sched_setaffinity(0, cpus)

    def test_limits_mean_the_same(self):
        d = squares.Dictionary(["ab", "ba", "aa", "bb"])
        self.assertEqual(d.count(2, limit=0), 0)
        self.assertEqual(list(d.squares(2, limit=0)), [])
        self.assertEqual(list(d.fill("..\n..\n", all=True, allow_repeats=True, limit=0)), [])
        self.assertEqual(len(list(d.fill("..\n..\n", all=True, allow_repeats=True, limit=2))), 2)
        self.assertEqual([b.verdict for b in squares.kakuro("KAKURO one 3 3\n# 3\\ 4\\\n\\3 . .\n\\4 . .\nEND\n", limit=0)],
                         [squares.KakuroVerdict.TIMED_OUT])
        # Refused at the call, not at the first next().
        for call in [lambda: d.count(2, limit=-1), lambda: d.squares(2, limit=-1),
                     lambda: d.fill("..\n..\n", all=True, limit=-1),
                     lambda: d.fill("..\n..\n", all=True, shard=(3, 2)),
                     lambda: squares.kakuro("", limit=-1)]:
            with self.assertRaises(squares.UsageError):
                call()

    def test_notes_and_fill_progress(self):
        notes = []
        d = squares.Dictionary(["cat", "d0g", "dog", "x y"], on_note=notes.append)
        self.assertEqual(len(d), 2)
        self.assertEqual(notes[1:], ["  skipped 'd0g'", "  skipped 'x y'"])
        self.assertTrue(notes[0].startswith("2 words"), notes)
        reports = []
        result = self.english.fill(self.open9, any=True, threads=1, timeout=0.3, progress=reports.append,
                                   progress_every=0.05)
        self.assertEqual(result.status, squares.FillStatus.TIMED_OUT)
        self.assertGreater(len(reports), 1)
        self.assertIsInstance(reports[-1], squares.FillProgress)
        self.assertGreater(reports[-1].nodes, 0)
        with self.assertRaises(squares.UsageError):
            self.english.fill(self.open9, progress=reports.append, progress_every=0)
        with self.assertRaises(squares.UsageError):
            self.english.count(3, progress=reports.append, progress_every=-1)


# A child process: builds what `setup` says, prints "ready", runs `call`; on KeyboardInterrupt
# prints the monotonic time (the clock is the machine's: the parent compares it with its own).
CHILD = """
import squares, sys, time
english = squares.Dictionary()
{setup}
print("ready", flush=True)
try:
    {call}
    print("finished", flush=True)
except KeyboardInterrupt:
    print(time.monotonic(), flush=True)
"""


class LatencyTest(unittest.TestCase):
    def interrupt_latency(self, call, setup=""):
        """Seconds from SIGINT, sent 0.5 s into `call`, to its KeyboardInterrupt."""
        child = subprocess.Popen([sys.executable, "-c", CHILD.format(setup=setup, call=call)],
                                 stdout=subprocess.PIPE, text=True)
        try:
            self.assertEqual(child.stdout.readline().strip(), "ready")
            time.sleep(0.5)
            sent = time.monotonic()
            child.send_signal(signal.SIGINT)
            line = child.stdout.readline().strip()
            self.assertNotEqual(line, "finished", f"{call}: ended before the interrupt")
            return float(line) - sent
        finally:
            child.kill()
            child.wait()
            child.stdout.close()

    def test_keyboard_interrupt(self):
        grid = os.path.join(DATA, "grids", "square-7x7.crg")  # its first fill takes seconds
        for call, setup in [("english.count(rect=(4, 5))", ""),
                            ("english.count(6, double=True, threads=2)", ""),
                            ("for s in english.squares(7, double=True): pass", ""),
                            ("english.fill(squares.Grid.load(sys.argv[1]), any=True, threads=1)", ""),
                            ("english.fill(squares.Grid.from_rows(['......'] * 6), quality_time=1000)", ""),
                            ("for f in english.fill(squares.Grid.load(sys.argv[1]), all=True): pass", "")]:
            call = call.replace("sys.argv[1]", repr(grid))
            # Wall-clock time, which a busy machine stretches: a second try when the first
            # is late (the suite runs its tests two at a time on two cores).
            latency = self.interrupt_latency(call, setup)
            if latency >= INTERRUPT_SECONDS:
                late = latency
                latency = self.interrupt_latency(call, setup)
                print(f"\n  Ctrl-C: {call}: {late * 1000:.0f} ms, again", end="", file=sys.stderr)
            print(f"\n  Ctrl-C: {call}: {latency * 1000:.0f} ms", end="", file=sys.stderr)
            self.assertLess(latency, INTERRUPT_SECONDS, call)

    def test_break(self):
        english = squares.Dictionary()
        open5 = squares.Grid.from_rows(["....."] * 5)
        # Symmetric 7x7 squares are sparse (the first after 20 ms, 708 in half a second of
        # search): the search is running when the loop is left. 5x5 fills are dense: the
        # search waits for room in the queue.
        for what, iterate in [("squares", lambda: english.squares(7)),
                              ("fills", lambda: english.fill(open5, all=True))]:
            # CPU time of the process (all its threads), not wall time: a loaded machine's wait
            # for a core is not the search's doing.
            for _ in iterate():
                left = time.process_time()
                break
            latency = time.process_time() - left
            print(f"\n  break: {what}: {latency * 1000:.1f} ms", end="", file=sys.stderr)
            self.assertLess(latency, BREAK_SECONDS, what)


if __name__ == "__main__":
    unittest.main(verbosity=2)
