// Best squares against brute force: on random scored lists, the K results BestSquares returns
// are K best by (worst word, mean score) among every result of the shape.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <string>
#include <vector>

#include "search/best_squares.h"
#include "test_words.h"

namespace squares::core {
namespace {

using Grid = std::vector<Letter>;

// A scored result: its worst word's cost and its total cost (lower better).
struct Rank {
  int64_t worst = 0, total = 0;
  friend bool operator==(const Rank&, const Rank&) = default;
  friend auto operator<=>(const Rank&, const Rank&) = default;
};

int64_t Cost(int64_t score, bool lower_better) { return lower_better ? score : -score; }

// The rank of a grid when every word of the shape is in the list, else nothing.
std::optional<Rank> RankOf(const Lexicon& lexicon, const Shape& shape, const Grid& grid,
                           bool lower_better) {
  Rank rank{INT64_MIN, 0};
  for (const ShapeWord& word : shape.words) {
    Word w;
    for (int c : word.cells) w.push_back(grid[c]);
    int64_t score = 0;
    if (!lexicon.find(w, &score)) return std::nullopt;
    rank.worst = std::max(rank.worst, Cost(score, lower_better));
    rank.total += Cost(score, lower_better);
  }
  return rank;
}

// Every result's rank, ascending: each assignment of letters to the cells that no other cell
// echoes (see Shape::echo), the echoing cells copying theirs.
std::vector<Rank> BruteForce(const Lexicon& lexicon, const Shape& shape, bool lower_better) {
  std::vector<int> free;
  for (int c = 0; c < shape.cell_count; ++c) {
    if (shape.echo[c] != -1) free.push_back(c);
  }
  const int letters = lexicon.alphabet().size();
  std::vector<Rank> ranks;
  Grid grid(shape.cell_count, 0);
  for (;;) {
    for (int c : free) grid[shape.echo[c]] = grid[c];
    if (auto rank = RankOf(lexicon, shape, grid, lower_better)) ranks.push_back(*rank);
    size_t k = 0;
    while (k < free.size() && ++grid[free[k]] == letters) grid[free[k++]] = 0;
    if (k == free.size()) break;
  }
  std::sort(ranks.begin(), ranks.end());
  return ranks;
}

// Words of `lengths` over the first `letters` letters, each with a score in 1..levels.
std::string ScoredWords(std::mt19937& rng, int count, std::vector<int> lengths, int letters,
                        int levels) {
  std::string text;
  for (int length : lengths) {
    std::string words = test::RandomWords(rng, count, length, letters);
    for (size_t at = 0; (at = words.find('\n', at)) != std::string::npos; at += 3) {
      words.insert(at, ";" + std::to_string(1 + rng() % levels));
    }
    text += words;
  }
  return text;
}

// Runs BestSquares on the search `problem` makes and checks it against brute force.
void Check(const Dictionary& dictionary, const Shape& shape, const BestSearchBuilder& build,
           bool lower_better, size_t k) {
  const std::vector<Rank> all = BruteForce(dictionary.lexicon(), shape, lower_better);
  ScoredLists lists{{&dictionary}, {}, lower_better};
  auto best = BestSquares(lists, build, k);
  REQUIRE(best.ok());
  CHECK_FALSE(best->stopped);
  REQUIRE(best->squares.size() == std::min(k, all.size()));
  std::vector<Grid> seen;
  for (size_t r = 0; r < best->squares.size(); ++r) {
    const BestSquare& square = best->squares[r];
    auto rank = RankOf(dictionary.lexicon(), shape, square.grid, lower_better);
    REQUIRE(rank.has_value());
    CHECK(*rank == all[r]);  // the r-th best, up to ties
    CHECK(square.worst == Cost(rank->worst, lower_better));
    CHECK(square.mean ==
          doctest::Approx(Cost(rank->total, lower_better) / double(shape.words.size())));
    CHECK(std::find(seen.begin(), seen.end(), square.grid) == seen.end());
    seen.push_back(square.grid);
  }
  // Two threads give the same results.
  auto two = BestSquares(lists, build, k, 2);
  REQUIRE(two.ok());
  REQUIRE(two->squares.size() == best->squares.size());
  for (size_t r = 0; r < best->squares.size(); ++r) {
    CAPTURE(r);
    CHECK(two->squares[r].grid == best->squares[r].grid);
  }
}

TEST_CASE("best squares: the square modes against brute force") {
  std::mt19937 rng(45);
  for (int trial = 0; trial < 60; ++trial) {
    const int letters = 3 + trial % 2;
    const auto dictionary = Dictionary(
        test::MustRead(ScoredWords(rng, 14 + trial % 7, {2, 3}, letters, 1 + trial % 5)));
    const bool lower_better = trial % 3 == 0;
    const size_t k = 1 + rng() % 6;
    SquareProblem problem;
    problem.mode = static_cast<SquareMode>(trial % 3);
    problem.rows = problem.mode == SquareMode::kRectangle ? 2 : 3;
    problem.cols = 3;
    CAPTURE(trial);
    const SquareShapeKind kind = static_cast<SquareShapeKind>(problem.mode);  // the same order
    const Shape shape = MakeSquareShape(kind, problem.rows, problem.cols, false);
    Check(
        dictionary, shape,
        [&](std::span<const Dictionary* const> lists) {
          return SquareSearch::Create(*lists[0], problem);
        },
        lower_better, k);
  }
}

TEST_CASE("best squares: a shape (a double square with its diagonals) against brute force") {
  std::mt19937 rng(4545);
  for (int trial = 0; trial < 20; ++trial) {
    const auto dictionary = Dictionary(test::MustRead(ScoredWords(rng, 20, {3}, 3, 1 + trial % 4)));
    Shape shape = MakeSquareShape(SquareShapeKind::kDouble, 3, 3, true);
    REQUIRE(FinishShape(shape).ok());
    CAPTURE(trial);
    Check(
        dictionary, shape,
        [&](std::span<const Dictionary* const> lists) {
          ShapeProblem problem;
          problem.shape = shape;
          for (const ShapeWord& word : shape.words) {
            problem.dawgs.push_back(&lists[0]->dawg(static_cast<int>(word.cells.size())));
          }
          return SquareSearch::Create(std::move(problem));
        },
        trial % 2 == 0, 1 + trial % 4);
  }
}

TEST_CASE("best squares: equal scores take the first results; a set stop flag ends the search") {
  const auto dictionary = Dictionary(test::MustRead("aa\nab\nba\nbb\n"));
  SquareProblem problem;
  problem.mode = SquareMode::kDouble;
  problem.rows = problem.cols = 2;
  auto build = [&](std::span<const Dictionary* const> lists) {
    return SquareSearch::Create(*lists[0], problem);
  };
  ScoredLists lists{{&dictionary}, {}, false};
  auto best = BestSquares(lists, build, 3);
  REQUIRE(best.ok());
  REQUIRE(best->squares.size() == 3);  // of the 16 squares, the first three found
  CHECK(best->squares[0].grid == Grid{0, 0, 0, 0});
  CHECK(best->squares[1].grid == Grid{0, 0, 0, 1});
  CHECK(best->squares[2].grid == Grid{0, 0, 1, 0});
  CHECK(best->squares[0].worst == 0);

  const std::atomic<bool> stop{true};
  auto stopped = BestSquares(lists, build, 3, 1, &stop);
  REQUIRE(stopped.ok());
  CHECK(stopped->stopped);
  CHECK(!BestSquares(lists, build, 0).ok());
}

}  // namespace
}  // namespace squares::core
