// Unit tests of the square search's counting shortcuts (the reversed count and its pilot, the
// sieves, the closing, corner and double closing counts, the row walk and its test from the
// end, a task's weight), each against plain enumeration on small lists.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "lexicon/dawg.h"
#include "lexicon/lexicon.h"
#include "search/square_runner.h"
#include "search/square_search.h"
#include "square_oracle.h"
#include "test_effort.h"
#include "test_words.h"

using namespace squares::core;
using namespace squares::core::test;

TEST_CASE("square search: counted with reversed words, the same counts as plain enumeration") {
  // The reversed search counts the squares turned by half a turn over the reversed words.
  // Against plain enumeration over the words as they are, filtered here: double squares and
  // rectangles, with distinct words, one of each square and its transpose, a fixed letter
  // and a word some row must be; whole and in tasks.
  std::mt19937 rng(37);
  int counts = 0, turned = 0;  // the runner's counts, and those it ran reversed
  for (int trial = 0; trial < Trials(10); ++trial) {
    const bool dbl = trial % 2 == 0;
    const int n = 3 + trial / 2 % 3, k = dbl ? n : 2 + trial / 2 % 3;
    const int letters = n <= 3 ? 4 : 3;
    Dictionary dict(MustRead(DenseList(rng, n, letters, n <= 4 ? 40 : 20) +
                             (k == n ? "" : DenseList(rng, k, letters, 60))));
    CAPTURE(trial);
    const SquareMode mode = dbl ? SquareMode::kDouble : SquareMode::kRectangle;
    const std::vector<Grid> all = BruteForce(dict.lexicon(), mode, k, n);
    REQUIRE(all.size() > 10);
    const Grid& some = all[all.size() / 3];
    const std::string wanted = all[all.size() / 2][k - 1];
    for (int variant = 0; variant < 5; ++variant) {
      CAPTURE(variant);
      SquareProblem problem = Problem(mode, k, n);
      problem.count_only = true;
      // The cell (1, 2) fixed to its letter in one square; the last row of another.
      const std::function<bool(const Grid&)> passes =
          Filter(dict, variant, problem, some, 1, 2, wanted);
      const uint64_t expected = std::count_if(all.begin(), all.end(), passes);
      problem.reversed = true;
      auto reversed = SquareSearch::Create(dict, problem);
      REQUIRE(reversed.ok());
      for (size_t split : {size_t{1}, size_t{30}}) {
        uint64_t counted = 0, summed = 0;
        for (const SquareTask& task : reversed->Split(split)) {
          counted += reversed->Run(task, nullptr).squares;
          summed += reversed->Run(task, nullptr, nullptr, /*sum_only=*/true).squares;
        }
        CHECK(counted == expected);
        CHECK(summed == expected);
      }
      // The runner given both ways: piloted even where the count is small, on 1 to 3 threads.
      problem.reversed = false;
      auto forward = SquareSearch::Create(dict, problem);
      REQUIRE(forward.ok());
      RunOptions options;
      options.pilot_nodes = 0;
      options.threads = 1 + (trial + variant) % 3;
      const SquareSearch* counted_by = nullptr;
      const absl::StatusOr<SquareStats> count = CountSquares(
          *forward, options, &counted_by, [&]() -> const SquareSearch& { return *reversed; });
      REQUIRE(count.ok());
      CHECK(count->squares == expected);
      CHECK((counted_by == &*forward || counted_by == &*reversed));
      ++counts;
      turned += counted_by == &*reversed;
    }
  }
  // Both ways were taken (which one depends on the list).
  CHECK(turned > 0);
  CHECK(turned < counts);
  // Listing reads the words as they are: a reversed search lists nothing.
  Dictionary dict(MustRead("abc\nbca\ncab\n"));
  SquareProblem problem = Problem(SquareMode::kDouble, 3, 3);
  problem.reversed = true;
  CHECK(!SquareSearch::Create(dict, problem).ok());
  problem.mode = SquareMode::kSymmetric;
  problem.count_only = true;
  CHECK(!SquareSearch::Create(dict, problem).ok());
}

TEST_CASE("square search: a whole count runs the way its pilot finds walking less") {
  // Words of many beginnings and few endings (two letters of six, then one of four endings),
  // and the same words reversed: each list is walked in fewer nodes one way, and the two
  // lists' searches are each other's turned, node for node.
  std::mt19937 rng(5);
  std::vector<std::string> endings(4);
  for (std::string& ending : endings) {
    for (int i = 0; i < 2; ++i) ending += static_cast<char>('a' + rng() % 4);
  }
  std::set<std::string> words;
  while (words.size() < 100) {
    std::string word;
    for (int i = 0; i < 2; ++i) word += static_cast<char>('a' + rng() % 6);
    words.insert(word + endings[rng() % endings.size()]);
  }
  std::vector<std::string> flipped;
  for (const std::string& word : words) flipped.emplace_back(word.rbegin(), word.rend());
  std::vector<bool> turned;  // per list
  std::vector<uint64_t> squares;
  for (const auto& list : {std::vector<std::string>(words.begin(), words.end()), flipped}) {
    Dictionary dict(MustRead(absl::StrJoin(list, "\n") + "\n"));
    SquareProblem problem = Problem(SquareMode::kDouble, 4, 4);
    problem.count_only = true;
    auto forward = SquareSearch::Create(dict, problem);
    problem.reversed = true;
    auto reversed = SquareSearch::Create(dict, problem);
    REQUIRE(forward.ok());
    REQUIRE(reversed.ok());
    const SquareStats whole = forward->Run({}, nullptr), whole_turned = reversed->Run({}, nullptr);
    REQUIRE(whole.squares == whole_turned.squares);
    REQUIRE(whole.squares > 100);
    squares.push_back(whole.squares);
    // The premise: one way walks a third of the other's nodes or fewer.
    const uint64_t fewer = std::min(whole.nodes, whole_turned.nodes);
    REQUIRE(3 * fewer <= std::max(whole.nodes, whole_turned.nodes));
    turned.push_back(whole_turned.nodes < whole.nodes);
    // Piloted (a bound of 0, or one the count's nodes pass), the way that walks less; too
    // small to pilot, the words as they are.
    for (uint64_t pilot_nodes : {uint64_t{0}, whole.nodes / 2, RunOptions{}.pilot_nodes}) {
      CAPTURE(pilot_nodes);
      RunOptions options;
      options.pilot_nodes = pilot_nodes;
      options.threads = 2;
      const SquareSearch* counted_by = nullptr;
      const absl::StatusOr<SquareStats> count = CountSquares(
          *forward, options, &counted_by, [&]() -> const SquareSearch& { return *reversed; });
      REQUIRE(count.ok());
      CHECK(count->squares == whole.squares);
      const bool turn = pilot_nodes < whole.nodes && turned.back();
      CHECK(counted_by == (turn ? &*reversed : &*forward));
    }
  }
  CHECK(squares[0] == squares[1]);
  // The list and its reversal go opposite ways.
  REQUIRE(turned.size() == 2);
  CHECK(turned[0] != turned[1]);
}

TEST_CASE("square search: the last row's sieve finds what plain enumeration finds") {
  // Dense column lists: a column's state before the last row leaves about 4 letters, so the
  // last row is counted from the sieve, and the rows above are pruned by it.
  std::mt19937 rng(17);
  for (int trial = 0; trial < Trials(6); ++trial) {
    const int k = 2 + trial % 2, n = 4 + trial / 2 % 2;
    Dictionary dict(MustRead(DenseList(rng, k, 5, 80) + RandomWords(rng, 30 + 8 * trial, n, 5)));
    CAPTURE(trial);
    SquareProblem problem = Problem(SquareMode::kRectangle, k, n);
    auto search = SquareSearch::Create(dict, problem);
    REQUIRE(search.ok());
    CHECK(search->sieve_level() == (k - 1) * n);
    CHECK(search->sieve_batch_level() == (k - 1) * n - 1);
    CHECK(search->sieve_pair_level() == (k - 1) * n - 2);
    CHECK(search->sieve_row_level() == (k == 3 ? n : -1));  // the row above from its root
    std::vector<Grid> expected = BruteForce(dict.lexicon(), SquareMode::kRectangle, k, n);
    CHECK(!expected.empty());
    CHECK(Search(dict, problem) == expected);
    CHECK(Search(dict, problem, 400) == expected);  // tasks that end inside the last row too
    // A letter fixed in the last row narrows the sieve's start.
    problem.allowed.assign(k * n, ~LetterSet{0});
    problem.allowed[(k - 1) * n + 1] = LetterSet{1} << dict.alphabet().find(U'c');
    std::vector<Grid> fixed;
    for (const Grid& g : expected) {
      if (g.back()[1] == 'c') fixed.push_back(g);
    }
    CHECK(Search(dict, problem, 3) == fixed);
  }
  // Double squares: counted from the sieve with and without the tie to their transpose,
  // against the listing, which walks the last row. The first row and column are fixed to one
  // word (a pattern the transposition keeps), or there would be hundreds of millions.
  Dictionary dense(MustRead(DenseList(rng, 4, 4, 97)));
  SquareProblem problem = Problem(SquareMode::kDouble, 4, 4);
  problem.allowed.assign(16, ~LetterSet{0});
  const std::string first = Words(dense.lexicon(), 4)[7];
  for (int i = 0; i < 4; ++i) {
    problem.allowed[i] = problem.allowed[i * 4] = LetterSet{1} << dense.alphabet().find(first[i]);
  }
  // The listing, and the counts (plain, up to the transpose, in `split` tasks) equal to it.
  auto listed_and_counted = [&](const SquareSearch& search, size_t split) {
    CollectSink sink(dense.alphabet(), 4, 4);
    search.Run({}, &sink);
    CHECK(search.Run({}, nullptr).squares == sink.grids.size());
    CHECK(search.Run({}, nullptr, nullptr, /*sum_only=*/true).squares == sink.grids.size());
    uint64_t tasks = 0;
    for (const SquareTask& task : search.Split(split))
      tasks += search.Run(task, nullptr, nullptr, true).squares;
    CHECK(tasks == sink.grids.size());
    return sink.grids;
  };
  auto square = SquareSearch::Create(dense, problem);
  REQUIRE(square.ok());
  CHECK(square->sieve_level() == 12);
  CHECK(square->sieve_batch_level() == 11);
  CHECK(square->sieve_pair_level() == 10);
  CHECK(square->sieve_row_level() == -1);  // the third row's first cell is fixed
  CHECK(!square->symmetry().empty());
  const std::vector<Grid> grids = listed_and_counted(*square, 50);
  CHECK(grids.size() > 1000);
  for (const Grid& g : grids) {
    CHECK(g[0] == first);
    CHECK(Transpose(g)[0] == first);
  }
  // With the third row's cells free, counting takes that row whole (Sieve::row_level), tied
  // to the transpose or not: the corners and the cells beside the first fixed, symmetrically.
  problem.allowed.assign(16, ~LetterSet{0});
  for (int cell : {0, 1, 4, 3, 12}) {
    const int i = cell < 4 ? cell : cell / 4;
    problem.allowed[cell] = LetterSet{1} << dense.alphabet().find(first[i]);
  }
  auto rows = SquareSearch::Create(dense, problem);
  REQUIRE(rows.ok());
  CHECK(rows->sieve_row_level() == 8);
  CHECK(!rows->symmetry().empty());
  CHECK(listed_and_counted(*rows, 300).size() > 10000);
  // Sparse lists (a column's last letter is mostly forced): the walk is cheaper, no sieve.
  // Nor a closing count (see its test): a double square's last cells have two walkers.
  Dictionary sparse(MustRead(RandomWords(rng, 60, 4, 12)));
  auto plain = SquareSearch::Create(sparse, Problem(SquareMode::kDouble, 4, 4));
  REQUIRE(plain.ok());
  CHECK(plain->sieve_level() == -1);
  CHECK(plain->closing_level() == -1);
  CHECK(square->closing_level() == -1);  // the sieve counts the last row there
}

TEST_CASE("square search: the closing and corner counts find what plain enumeration finds") {
  // Symmetric squares: the last two rows are counted from two vectors per state, the last
  // three from those and the letter pairs of the third last row. Dense lists, so that there
  // are many squares and the vectors hold counts above 1.
  std::mt19937 rng(23);
  for (int trial = 0; trial < Trials(6); ++trial) {
    const int n = 3 + trial % 3;
    Dictionary dict(MustRead(DenseList(rng, n, 4, n == 5 ? 10 : 50) + RandomWords(rng, 40, n, 6)));
    CAPTURE(trial);
    SquareProblem problem = Problem(SquareMode::kSymmetric, n, n);
    auto search = SquareSearch::Create(dict, problem);
    REQUIRE(search.ok());
    const int cells = n * (n + 1) / 2;
    CHECK(search->closing_level() == cells - 3);
    CHECK(search->corner_level() == (n > 3 ? cells - 6 : -1));  // 3x3: the corner is the square
    std::vector<Grid> expected = BruteForce(dict.lexicon(), SquareMode::kSymmetric, n, n);
    CHECK(expected.size() > 20);
    CHECK(Search(dict, problem) == expected);          // counts each task too (the closing count)
    for (size_t tasks : {size_t{30}, size_t{3000}}) {  // tasks that end at and below it too
      uint64_t counted = 0;
      for (const SquareTask& task : search->Split(tasks))
        counted += search->Run(task, nullptr).squares;
      CHECK(counted == expected.size());
    }
    // A letter fixed in the last row: no closing count, the same squares.
    problem.allowed.assign(n * n, ~LetterSet{0});
    problem.allowed[n * n - 2] = problem.allowed[n * n - n - 1] = LetterSet{1}
                                                                  << dict.alphabet().find(U'b');
    auto fixed = SquareSearch::Create(dict, problem);
    REQUIRE(fixed.ok());
    CHECK(fixed->closing_level() == -1);
    CHECK(fixed->corner_level() == -1);
    std::vector<Grid> with_b;
    for (const Grid& g : expected) {
      if (g[n - 1][n - 2] == 'b') with_b.push_back(g);
    }
    CHECK(!with_b.empty());
    CHECK(Search(dict, problem, 5) == with_b);
    // A letter fixed in the corner's first row only: a closing count, no corner count.
    problem.allowed.assign(n * n, ~LetterSet{0});
    problem.allowed[(n - 3) * n + n - 1] = problem.allowed[(n - 1) * n + n - 3] =
        LetterSet{1} << dict.alphabet().find(U'b');
    auto cornerless = SquareSearch::Create(dict, problem);
    REQUIRE(cornerless.ok());
    CHECK(cornerless->closing_level() == cells - 3);
    CHECK(cornerless->corner_level() == -1);
    with_b.clear();
    for (const Grid& g : expected) {
      if (g[n - 3][n - 1] == 'b') with_b.push_back(g);
    }
    CHECK(!with_b.empty());
    CHECK(Search(dict, problem, 5) == with_b);
  }
}

TEST_CASE("square search: a row refuted from either end is one that no word fits") {
  // Rows whose first three letters are a or b and whose others c, d or e. A column that
  // begins with a or b goes on with any letter; one that begins with c, d or e has one third
  // letter per beginning. So the rows below the first two have wide first cells and narrow
  // last ones: they are read from their end, and refuted there unless some row ends so.
  // With every word reversed (the rectangles turned by half a turn), the same rows are read
  // from their first cell, and a refutation that read only the first few backs up into the
  // row above, above the letters the columns it read do not depend on.
  std::mt19937 rng(23);
  uint64_t refuted = 0, backjumps = 0;
  for (int trial = 0; trial < Trials(8); ++trial) {
    const int k = 4 + trial % 2, n = 6 + trial / 2 % 2;
    const bool turned = (trial + trial / 2) % 2;
    CAPTURE(trial);
    std::string text;
    auto letter = [&](const char* from) {
      return from[rng() % std::char_traits<char>::length(from)];
    };
    auto add = [&](std::string word) {
      if (turned) std::reverse(word.begin(), word.end());
      text += word + '\n';
    };
    for (int w = 0; w < 14 + 3 * trial; ++w) {
      std::string row;
      for (int q = 0; q < n; ++q) row += letter(q < 3 ? "ab" : "cde");
      add(row);
    }
    for (const char* firsts : {"ab", "cde"}) {
      for (const char* a = firsts; *a; ++a) {
        for (const char* b = firsts; *b; ++b) {
          const char third = letter("cde");
          for (int w = 0; w < 6; ++w) {
            std::string column = {*a, *b, firsts[0] == 'a' ? letter("abcd") : third};
            while (static_cast<int>(column.size()) < k)
              column += letter(firsts[0] == 'a' ? "ab" : "cde");
            add(column);
          }
        }
      }
    }
    Dictionary dict(MustRead(text));
    SquareProblem problem = Problem(SquareMode::kRectangle, k, n);
    auto search = SquareSearch::Create(dict, problem);
    REQUIRE(search.ok());
    // Rows 2 to k - 2: the last row is the sieve's, and rows 0 and 1 cross columns too short.
    std::vector<int> tested;
    for (int r = 2; r <= k - 2; ++r) tested.push_back(r * n - 1);
    CHECK(search->row_from_end_levels() == tested);
    const std::vector<Grid> expected = BruteForce(dict.lexicon(), SquareMode::kRectangle, k, n);
    CHECK(Search(dict, problem) == expected);
    CHECK(Search(dict, problem, 60) == expected);
    for (const SquareTask& task : search->Split(1)) {
      const SquareStats stats = search->Run(task, nullptr);
      refuted += stats.refuted;
      backjumps += stats.backjumps;
    }
  }
  CHECK(refuted > 0);
  CHECK(backjumps > 0);
}

TEST_CASE("square search: rows placed whole by the row walk, the squares of plain enumeration") {
  // Double squares of order 6 and rectangles of 5 or 6 rows and 6 or 7 columns: the rows from
  // the third on, but the last and the one the last word's sieve sifts after, are placed
  // whole, their words walked from the end that fits fewer paths. Random lists over three
  // letters, so that rows are read from either end. With distinct words, one of a square and
  // its transpose (a tie on each row's first cell against the first row's), a fixed letter
  // and a word some row must be: listed and counted, whole and in tasks.
  std::mt19937 rng(41);
  int lists = 0, walked = 0;
  for (int trial = 0; trial < Trials(8); ++trial) {
    const bool dbl = trial % 2 == 0;
    const int n = dbl ? 6 : 6 + trial / 2 % 2, k = dbl ? 6 : 5 + trial / 4 % 2;
    Dictionary dict(MustRead(DenseList(rng, n, 3, n == 6 ? 6 : 2) +
                             (k == n ? "" : DenseList(rng, k, 3, k == 5 ? 12 : 5))));
    CAPTURE(trial);
    const SquareMode mode = dbl ? SquareMode::kDouble : SquareMode::kRectangle;
    const std::vector<Grid> all = BruteForce(dict.lexicon(), mode, k, n);
    if (all.size() < 10) continue;
    ++lists;
    const Grid& some = all[all.size() / 3];
    const std::string wanted = all[all.size() / 2][2];
    for (int variant = 0; variant < 5; ++variant) {
      CAPTURE(variant);
      SquareProblem problem = Problem(mode, k, n);
      const std::function<bool(const Grid&)> passes =
          Filter(dict, variant, problem, some, 3, 4, wanted);
      std::vector<Grid> expected;
      std::copy_if(all.begin(), all.end(), std::back_inserter(expected), passes);
      auto search = SquareSearch::Create(dict, problem);
      REQUIRE(search.ok());
      walked += !search->walked_row_levels().empty();
      for (int level : search->walked_row_levels()) {
        CHECK(level % n == 0);
        CHECK(level >= 2 * n);
        CHECK(level < (k - 1) * n);
      }
      CHECK(Search(dict, problem) == expected);
      CHECK(Search(dict, problem, 40) == expected);
      CHECK(Search(dict, problem, 2000) == expected);  // tasks that begin inside rows too
    }
  }
  CHECK(lists >= Trials(8) / 2);
  CHECK(walked >= 4 * lists);
}

TEST_CASE("square search: the row sieve counts what plain enumeration finds") {
  // Counting symmetric squares of order 6 or more, rows 1 to n - 4 are placed whole from the
  // words their crossings allow (RowSieve). Against plain enumeration, whole and in tasks
  // that end above, at and inside the sieved rows; a fixed letter keeps its row out.
  std::mt19937 rng(29);
  for (int trial = 0; trial < Trials(6); ++trial) {
    const int n = 6 + trial % 2;
    const int letters[] = {4, 3}, keep[] = {1, 3};
    Dictionary dict(
        MustRead(DenseList(rng, n, letters[n - 6], keep[n - 6]) + RandomWords(rng, 120, n, 5)));
    CAPTURE(trial);
    SquareProblem problem = Problem(SquareMode::kSymmetric, n, n);
    problem.count_only = true;
    auto search = SquareSearch::Create(dict, problem);
    REQUIRE(search.ok());
    std::vector<int> rows(n - 4);
    std::iota(rows.begin(), rows.end(), 1);
    CHECK(search->sieved_rows() == rows);
    const std::vector<Grid> expected = BruteForce(dict.lexicon(), SquareMode::kSymmetric, n, n);
    CHECK(expected.size() > 100);
    CHECK(search->Run({}, nullptr).squares == expected.size());
    for (size_t tasks : {size_t{7}, size_t{400}, size_t{30000}}) {
      uint64_t counted = 0;
      for (const SquareTask& task : search->Split(tasks))
        counted += search->Run(task, nullptr).squares;
      CHECK(counted == expected.size());
    }
    // A letter fixed in row 1 (and column 1): that row walked cell by cell.
    problem.allowed.assign(n * n, ~LetterSet{0});
    problem.allowed[n + 3] = problem.allowed[3 * n + 1] = LetterSet{1}
                                                          << dict.alphabet().find(U'b');
    auto fixed = SquareSearch::Create(dict, problem);
    REQUIRE(fixed.ok());
    CHECK(fixed->sieved_rows() == std::vector<int>(rows.begin() + 1, rows.end()));
    uint64_t with_b = 0;
    for (const Grid& g : expected) with_b += g[1][3] == 'b';
    CHECK(with_b > 0);
    CHECK(fixed->Run({}, nullptr).squares == with_b);
  }
  // Order 5: no row sieve (see RowSieve::kMinSide).
  Dictionary dense(MustRead(DenseList(rng, 5, 4, 5)));
  SquareProblem five = Problem(SquareMode::kSymmetric, 5, 5);
  five.count_only = true;
  auto search = SquareSearch::Create(dense, five);
  REQUIRE(search.ok());
  CHECK(search->sieved_rows().empty());
}

TEST_CASE("square search: the double closing count finds what plain enumeration finds") {
  // Double squares and rectangles of 5 rows or more: counting, the last two rows are the pairs
  // of row words that close every column, counted from the columns' states. Untied and tied
  // (up to the transposition: only once the rows above differ from their image), whole and
  // in tasks that end above, at and below its level, with letters fixed in the last rows.
  std::mt19937 rng(31);
  for (int trial = 0; trial < Trials(6); ++trial) {
    const int rows = 5, cols = trial % 2 == 0 ? 5 : 3 + trial / 2 % 2;
    const SquareMode mode = cols == rows ? SquareMode::kDouble : SquareMode::kRectangle;
    Dictionary dict(
        MustRead(DenseList(rng, rows, 3, 12) + (cols < rows ? DenseList(rng, cols, 3, 50) : "")));
    CAPTURE(trial);
    SquareProblem problem = Problem(mode, rows, cols);
    auto search = SquareSearch::Create(dict, problem);
    REQUIRE(search.ok());
    CHECK(search->double_closing_level() == (rows - 2) * cols);
    CHECK(search->symmetry().empty() == (mode == SquareMode::kRectangle));
    std::vector<Grid> expected = BruteForce(dict.lexicon(), mode, rows, cols);
    CHECK(expected.size() > 20);
    CHECK(Search(dict, problem) == expected);  // listed, counted, counted up to the transposition
    for (size_t tasks : {size_t{30}, size_t{3000}}) {
      uint64_t counted = 0, summed = 0;
      for (const SquareTask& task : search->Split(tasks)) {
        counted += search->Run(task, nullptr).squares;
        summed += search->Run(task, nullptr, nullptr, /*sum_only=*/true).squares;
      }
      CHECK(counted == expected.size());
      CHECK(summed == expected.size());
    }
    // Letters fixed in the last two rows (and their images, so that the tie stays).
    problem.allowed.assign(rows * cols, ~LetterSet{0});
    const LetterSet b = LetterSet{1} << dict.alphabet().find(U'b');
    problem.allowed[(rows - 1) * cols + 1] = problem.allowed[(rows - 2) * cols + 2] = b;
    if (mode == SquareMode::kDouble)
      problem.allowed[1 * cols + rows - 1] = problem.allowed[2 * cols + rows - 2] = b;
    auto fixed = SquareSearch::Create(dict, problem);
    REQUIRE(fixed.ok());
    CHECK(fixed->double_closing_level() == (rows - 2) * cols);
    CHECK(fixed->symmetry().empty() == (mode == SquareMode::kRectangle));
    std::vector<Grid> with_b;
    for (const Grid& g : expected) {
      const bool image = mode == SquareMode::kRectangle ||
                         (g[1][rows - 1] == 'b' && g[2][rows - 2] == 'b');
      if (g[rows - 1][1] == 'b' && g[rows - 2][2] == 'b' && image) with_b.push_back(g);
    }
    CHECK(!with_b.empty());
    CHECK(Search(dict, problem, 5) == with_b);
  }
  // Fewer rows: no double closing count (the search is quicker), the same squares.
  for (int n : {3, 4}) {
    Dictionary dict(MustRead(DenseList(rng, n, 3, 30)));
    SquareProblem problem = Problem(SquareMode::kDouble, n, n);
    auto search = SquareSearch::Create(dict, problem);
    REQUIRE(search.ok());
    CHECK(search->double_closing_level() == -1);
    CHECK(search->Run({}, nullptr, nullptr, true).squares ==
          BruteForce(dict.lexicon(), SquareMode::kDouble, n, n).size());
  }
}

TEST_CASE(
    "square search: counting symmetric squares with the diagonal last finds what plain enumeration "
    "finds") {
  // Counting only, the diagonal cell (i, i) of the first rows is placed last in its row and
  // counted by its letters (a lone level), not searched; listing keeps row-major order.
  std::mt19937 rng(29);
  for (int trial = 0; trial < Trials(6); ++trial) {
    const int n = 4 + trial % 3;
    Dictionary dict(MustRead(DenseList(rng, n, 4,
                                       n == 4   ? 50
                                       : n == 5 ? 10
                                                : 3) +
                             RandomWords(rng, 40, n, 6)));
    CAPTURE(trial);
    SquareProblem problem = Problem(SquareMode::kSymmetric, n, n);
    problem.count_only = true;
    auto search = SquareSearch::Create(dict, problem);
    REQUIRE(search.ok());
    CHECK(search->lone_levels() == n - 3);
    const std::vector<int> order = search->cell_order();
    CHECK(order[n - 2] == n - 1);  // the first row: (0, 1) .. (0, n - 1), then (0, 0)
    CHECK(order[n - 1] == 0);
    std::vector<Grid> expected = BruteForce(dict.lexicon(), SquareMode::kSymmetric, n, n);
    CHECK(expected.size() > 20);
    CHECK(search->Run({}, nullptr).squares == expected.size());
    for (size_t tasks : {size_t{30}, size_t{3000}}) {  // tasks that end before, at and after one
      uint64_t counted = 0;
      for (const SquareTask& task : search->Split(tasks))
        counted += search->Run(task, nullptr).squares;
      CHECK(counted == expected.size());
    }
    CollectSink sink(dict.alphabet(), n, n);  // listed, the lone levels are searched
    for (const SquareTask& task : search->Split(7)) search->Run(task, &sink);
    std::sort(sink.grids.begin(), sink.grids.end());
    CHECK(sink.grids == expected);
    // A letter fixed on the diagonal: the lone level counts the letters the pattern allows.
    problem.allowed.assign(n * n, ~LetterSet{0});
    problem.allowed[0] = LetterSet{1} << dict.alphabet().find(U'b');
    auto fixed = SquareSearch::Create(dict, problem);
    REQUIRE(fixed.ok());
    CHECK(fixed->lone_levels() == n - 3);
    const auto with_b = std::count_if(expected.begin(), expected.end(),
                                      [](const Grid& g) { return g[0][0] == 'b'; });
    CHECK(with_b > 0);
    CHECK(fixed->Run({}, nullptr).squares == static_cast<uint64_t>(with_b));
    CHECK(&fixed->row_dawg() == &dict.dawg(n));  // the rows' automaton, not a moved one
    // Listing searches (the default): the plain row-major order, no lone level.
    problem.count_only = false;
    auto listing = SquareSearch::Create(dict, problem);
    REQUIRE(listing.ok());
    CHECK(listing->lone_levels() == 0);
    // A rectangle's rows and columns keep their own automata.
    auto rect = SquareSearch::Create(dict, Problem(SquareMode::kRectangle, 3, n));
    REQUIRE(rect.ok());
    CHECK(&rect->row_dawg() == &dict.dawg(n));
    CHECK(&rect->col_dawg() == &dict.dawg(3));
  }
}

TEST_CASE("square search: a task's weight counts its prefixes, the probe cut short by a budget") {
  // Shards weigh their tasks by the prefixes a few levels below each (see Weigh); probed to
  // the last level, a weight is 1 + the task's squares, and a budget stops the probe at the
  // first depth whose weights sum to it.
  std::mt19937 rng(61);
  Dictionary dict(MustRead(DenseList(rng, 4, 3, 40)));
  SquareProblem problem = Problem(SquareMode::kDouble, 4, 4);
  auto search = SquareSearch::Create(dict, problem);
  REQUIRE(search.ok());
  const std::vector<SquareTask> tasks = search->Split(10);
  REQUIRE(tasks.size() >= 10);
  const int depth = static_cast<int>(tasks[0].size());
  const int deepest = 4 * 4 - depth;  // a level per cell
  std::vector<uint64_t> sums = {0};   // sums[p]: the weights probed p levels, summed
  std::vector<std::vector<uint64_t>> by_probe = {{}};
  for (int p = 1; p <= deepest; ++p) {
    by_probe.push_back(search->Weigh(tasks, p));
    REQUIRE(by_probe[p].size() == tasks.size());
    sums.push_back(0);
    for (uint64_t w : by_probe[p]) sums[p] += w;
  }
  uint64_t squares = 0;
  for (size_t k = 0; k < tasks.size(); ++k) {
    const uint64_t found = search->Run(tasks[k], nullptr).squares;
    CHECK(by_probe[deepest][k] == 1 + found);
    squares += found;
  }
  CHECK(squares == BruteForce(dict.lexicon(), SquareMode::kDouble, 4, 4).size());
  CHECK(squares > 10);
  CHECK(sums[1] < sums[2]);  // the prefixes fan out below the tasks
  for (uint64_t budget : {uint64_t{0}, sums[1], sums[1] + 1, sums[2], sums[deepest] + 1}) {
    int expected = 1;
    while (expected < deepest && sums[expected] < budget) ++expected;
    CAPTURE(budget);
    CHECK(search->Weigh(tasks, deepest, budget) == by_probe[expected]);
  }
  CHECK(search->Weigh(tasks, 2, sums[deepest] + 1) == by_probe[2]);  // no deeper than asked
}
