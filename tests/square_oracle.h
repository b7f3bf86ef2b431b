// The tests' independent side of the square search: plain enumeration of the squares of a
// list, and the search's results collected as grids to compare with it.
#pragma once

#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "lexicon/lexicon.h"
#include "search/square_search.h"
#include "test_words.h"

namespace squares::core::test {

using Grid = std::vector<std::string>;  // rows

// Plain enumeration: choose each row from the list; keep a square when all columns are
// words. Prefix sets prune (the checker is still independent of the automaton).
inline std::vector<Grid> BruteForce(const Lexicon& lex, SquareMode mode, int rows, int cols) {
  std::vector<std::string> row_words = Words(lex, cols), col_words = Words(lex, rows);
  std::set<std::string> col_set(col_words.begin(), col_words.end()), col_prefixes;
  for (const std::string& w : col_words) {
    for (size_t p = 0; p <= w.size(); ++p) col_prefixes.insert(w.substr(0, p));
  }
  std::vector<Grid> out;
  Grid grid;
  auto column = [&](int j) {
    std::string c;
    for (const std::string& r : grid) c += r[j];
    return c;
  };
  auto extend = [&](auto& self) -> void {
    if (static_cast<int>(grid.size()) == rows) {
      bool ok = true;
      for (int j = 0; j < cols && ok; ++j) ok = col_set.contains(column(j));
      if (mode == SquareMode::kSymmetric) {
        for (int j = 0; j < cols && ok; ++j) ok = column(j) == grid[j];
      }
      if (ok) out.push_back(grid);
      return;
    }
    const size_t i = grid.size();
    for (const std::string& w : row_words) {
      // A symmetric square's row i begins with its column i so far.
      if (mode == SquareMode::kSymmetric && w.compare(0, i, column(static_cast<int>(i))) != 0)
        continue;
      grid.push_back(w);
      bool ok = true;
      for (int j = 0; j < cols && ok; ++j) ok = col_prefixes.contains(column(j));
      if (ok) self(self);
      grid.pop_back();
    }
  };
  extend(extend);
  return out;
}

class CollectSink : public SquareSink {
 public:
  CollectSink(const Alphabet& alphabet, int rows, int cols)
      : alphabet_(alphabet), rows_(rows), cols_(cols) {}
  bool Accept(const Letter* grid) override {
    Grid g;
    for (int i = 0; i < rows_; ++i)
      g.push_back(alphabet_.to_utf8(WordView(grid + i * cols_, cols_)));
    grids.push_back(g);
    return true;
  }
  std::vector<Grid> grids;

 private:
  const Alphabet& alphabet_;
  int rows_, cols_;
};

inline SquareProblem Problem(SquareMode mode, int rows, int cols) {
  SquareProblem problem;
  problem.mode = mode;
  problem.rows = rows;
  problem.cols = cols;
  return problem;
}

inline std::vector<Grid> Search(const Dictionary& dict, SquareProblem problem, size_t split = 1) {
  auto search = SquareSearch::Create(dict, problem);
  REQUIRE(search.ok());
  CollectSink sink(dict.alphabet(), problem.rows, problem.cols);
  uint64_t counted = 0, summed = 0;
  for (const SquareTask& task : search->Split(split)) {
    search->Run(task, &sink);
    counted += search->Run(task, nullptr).squares;
    summed += search->Run(task, nullptr, nullptr, /*sum_only=*/true).squares;
  }
  CHECK(counted == sink.grids.size());  // the counting path agrees with the listing path
  CHECK(summed == sink.grids.size());   // and so does counting up to transposition
  return sink.grids;
}

inline Grid Transpose(const Grid& g) {
  Grid t(g[0].size(), std::string(g.size(), ' '));
  for (size_t i = 0; i < g.size(); ++i) {
    for (size_t j = 0; j < g[0].size(); ++j) t[j][i] = g[i][j];
  }
  return t;
}

// Filter `variant` of a k x n search (`problem`, set here) and the squares it keeps, for the
// tests against plain enumeration: 0 none, 1 distinct words, 2 one of a square and its
// transpose (double squares only), 3 the letter `some` has at (r, c) fixed there, 4 some row
// is `wanted`.
inline std::function<bool(const Grid&)> Filter(const Dictionary& dict, int variant,
                                               SquareProblem& problem, const Grid& some, int r,
                                               int c, const std::string& wanted) {
  const int k = problem.rows, n = problem.cols;
  if (variant == 1) {
    problem.distinct = true;
    return [k, n](const Grid& g) {
      std::set<std::string> words(g.begin(), g.end());
      for (const std::string& column : Transpose(g)) words.insert(column);
      return static_cast<int>(words.size()) == k + n;
    };
  }
  if (variant == 2 && problem.mode == SquareMode::kDouble) {
    problem.no_transpose = true;
    return [](const Grid& g) { return g <= Transpose(g); };
  }
  if (variant == 3) {
    problem.allowed.assign(k * n, ~LetterSet{0});
    problem.allowed[r * n + c] = LetterSet{1}
                                 << dict.alphabet().encode(some[r].substr(c, 1))->at(0);
    return [r, c, letter = some[r][c]](const Grid& g) { return g[r][c] == letter; };
  }
  if (variant == 4) {
    problem.contains = *dict.alphabet().encode(wanted);
    return [wanted](const Grid& g) { return std::find(g.begin(), g.end(), wanted) != g.end(); };
  }
  return [](const Grid&) { return true; };
}

}  // namespace squares::core::test
