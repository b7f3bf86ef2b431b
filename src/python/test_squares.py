"""unittest of the Python module: python3 test_squares.py TESTS_DATA_DIR (PYTHONPATH: the module).

Results are checked against the CLI's golden files and against brute force on small lists."""
import itertools
import os
import sys
import tempfile
import time
import unittest

import squares

DATA = sys.argv.pop(1)
WORDS3 = ["bit", "ice", "ten", "tab", "ant", "ban", "nab", "ace", "cat", "act", "tan"]


def brute_symmetric(words, n):
    """Every symmetric n x n square over `words`, in order of the rows."""
    found = []
    for rows in itertools.product(sorted(set(words)), repeat=n):
        if all(rows[i][j] == rows[j][i] for i in range(n) for j in range(n)):
            found.append(rows)
    return found


class DictionaryTest(unittest.TestCase):
    def test_default(self):
        d = squares.Dictionary()
        self.assertGreater(len(d), 100000)
        self.assertIn("bishop", d)
        self.assertNotIn("bsihop", d)

    def test_words_and_path(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(WORDS3) + "\n")
        try:
            from_path = squares.Dictionary(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(len(from_path), len(WORDS3))
        self.assertEqual(len(squares.Dictionary(WORDS3)), len(WORDS3))

    def test_bad_word_list(self):
        with self.assertRaises(squares.Error) as caught:
            squares.Dictionary(["cat", "d\x00g"])
        self.assertIn("<words>:2", str(caught.exception))
        with self.assertRaises(squares.Error) as caught:
            squares.Dictionary("/nonexistent/words.txt")
        self.assertEqual(str(caught.exception), "/nonexistent/words.txt: No such file or directory")

    def test_lexicon_options(self):
        d = squares.Dictionary(["cat;5", "dog;1"], min_score=3)
        self.assertEqual(len(d), 1)
        self.assertIn("cat", d)


class SquaresTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.english = squares.Dictionary()
        cls.small = squares.Dictionary(WORDS3)

    def test_first_word_matches_cli_golden(self):
        got = list(self.english.squares("bishop", limit=3))
        self.assertEqual(len(got), 3)
        self.assertEqual(got[0][0], "bishop")
        self.assertEqual(len(got[0]), 6)
        for rows in got:  # symmetric: row i is column i
            self.assertTrue(all(rows[i][j] == rows[j][i] for i in range(6) for j in range(6)))
        self.assertEqual(got, sorted(got))

    def test_against_brute_force(self):
        want = brute_symmetric(WORDS3, 3)
        self.assertGreater(len(want), 0)
        self.assertEqual(list(self.small.squares(n=3)), want)
        self.assertEqual(self.small.count(n=3), len(want))
        self.assertEqual(self.small.count(n=3, limit=1), 1)

    def test_double_and_upper(self):
        double = list(self.small.squares(n=3, double=True, upper=True))
        for rows in double:
            for word in rows + tuple("".join(col) for col in zip(*rows)):
                self.assertIn(word.lower(), self.small)
            self.assertEqual(rows, tuple(r.upper() for r in rows))
        self.assertEqual(self.small.count(n=3, double=True), len(double))
        self.assertEqual(self.small.count(n=3, double=True, no_transpose=False), len(double))

    def test_break_early(self):
        # Millions of 5x5 squares: breaking out must stop the search at once.
        start = time.monotonic()
        for k, rows in enumerate(self.english.squares(n=5)):
            if k == 10:
                break
        it = self.english.squares(n=5)
        self.assertEqual(len(next(it)), 5)
        it.close()
        self.assertRaises(StopIteration, next, it)
        del it
        self.assertLess(time.monotonic() - start, 20)
        self.assertEqual(list(self.small.squares(n=3)), brute_symmetric(WORDS3, 3))

    def test_errors(self):
        with self.assertRaises(squares.Error) as caught:
            self.english.squares("bsihop")
        self.assertEqual(str(caught.exception), "'bsihop' is not in the dictionary")
        with self.assertRaises(squares.Error) as caught:
            self.english.count(n=40)
        self.assertEqual(str(caught.exception), "--size: '40' is not an integer in 1..32")
        with self.assertRaises(squares.Error) as caught:
            self.english.count(n=3, diagonals=True)
        self.assertEqual(str(caught.exception), "--diagonals: the library searches squares and "
                         "rectangles, not shapes (use the squares command)")
        with self.assertRaises(squares.Error) as caught:
            self.english.count(n=3, colour=True)
        self.assertEqual(str(caught.exception), "unknown option '--colour' (try --help)")


class PuzzlesTest(unittest.TestCase):
    def test_fill(self):
        d = squares.Dictionary(WORDS3)
        # A word may fill several slots here, as in a double square.
        result = d.fill("...\n...\n...\n", all=True, allow_repeats=True)
        self.assertEqual(result.status, "filled")
        self.assertEqual(len(result.fills), squares.Dictionary(WORDS3).count(n=3, double=True))
        self.assertEqual(d.fill("...\n...\n...\n", all=True).status, "impossible")
        for fill in result.fills:
            self.assertEqual(len(fill.rows), 3)
            self.assertIn(fill.rows[0], fill.text)
        # The default list is scored: the best fill, with its proven quality, as
        # `squares fill -f jsonl -j 2` prints it for this grid (-j 1 prints its transpose).
        best = squares.Dictionary().fill("....\n....\n....\n....\n", format="jsonl", threads=2)
        self.assertEqual(best.status, "filled")
        self.assertEqual(list(best.fills[0].rows), ["FLEW", "LIVE", "ONES", "WENT"])
        self.assertIn('"quality": {"worst": "FLEW", "worst_score": 10, "mean_score": 10.00, '
                      '"bound": 10, "proven": true, "mean_proven": true}', best.fills[0].text)
        stuck = d.fill("bb.\n...\n...\n")
        self.assertEqual(stuck.status, "over-constrained")
        self.assertTrue(stuck.message.startswith("<grid>: over-constrained: 1 Across"), stuck.message)
        self.assertEqual(stuck.fills, [])
        with self.assertRaises(squares.Error) as caught:
            d.fill("zz.\n...\n...\n")
        self.assertEqual(str(caught.exception),
                         "<grid>:1:1: letter 'Z' is not in the dictionary's alphabet")
        with self.assertRaises(squares.Error) as caught:
            d.fill("...\n..\n")
        self.assertIn("<grid>:2", str(caught.exception))

    def test_kakuro(self):
        with open(os.path.join(DATA, "kakuro", "small.kgrid")) as f:
            results = squares.kakuro(f.read())
        self.assertEqual([(r.name, r.verdict) for r in results],
                         [("unique", "unique"), ("two-solutions", "not unique"),
                          ("impossible", "no solution")])
        self.assertEqual(results[0].solutions, ["# # #\n# 2 1\n# 1 3\n"])

    def test_regions(self):
        d = squares.Dictionary(os.path.join(DATA, "regions", "words.txt"))
        with open(os.path.join(DATA, "regions", "unique.txt")) as f:
            result = d.regions(f.read())
        with open(os.path.join(DATA, "regions", "unique.out")) as f:
            golden = f.read()
        self.assertEqual(result.verdict, "unique")
        (solution,) = result.solutions
        self.assertEqual(solution.drawing + "words: " + " ".join(solution.words) + "\nunique\n",
                         golden)


if __name__ == "__main__":
    unittest.main(verbosity=2)
