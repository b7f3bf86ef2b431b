// Square search, the build phase: the problem checked, the cell order chosen, and the walk
// and the parts built from it (each in its own file: walk.cc, look_ahead.cc, sieve.cc,
// counting.cc, tail.cc, double_closing.cc, listing.cc). The search itself is square_loop.h
// and square_run.cc.
#include "search/square_search.h"

#include <algorithm>
#include <array>

#include "absl/strings/str_format.h"

namespace squares::core {
namespace {

std::atomic<uint64_t> next_search_id = 1;

}  // namespace

absl::StatusOr<SquareSearch> SquareSearch::Create(const Dictionary& dictionary,
                                                  SquareProblem problem, SearchTables* tables) {
  if (problem.rows < 1 || problem.cols < 1 || problem.rows > kMaxSquareSide ||
      problem.cols > kMaxSquareSide) {
    return absl::InvalidArgumentError(absl::StrFormat("size %dx%d is out of range (1..%d)",
                                                      problem.rows, problem.cols, kMaxSquareSide));
  }
  if (problem.mode != SquareMode::kRectangle && problem.rows != problem.cols) {
    return absl::InvalidArgumentError("a square needs as many rows as columns");
  }
  const size_t cells = static_cast<size_t>(problem.rows) * problem.cols;
  if (problem.allowed.empty()) problem.allowed.assign(cells, ~LetterSet{0});
  if (problem.allowed.size() != cells) {
    return absl::InvalidArgumentError(
        absl::StrFormat("pattern has %d cells, expected %d", problem.allowed.size(), cells));
  }
  // The square as a shape: its rows (and columns), row-major order.
  const int rows = problem.rows, cols = problem.cols;
  const bool symmetric = problem.mode == SquareMode::kSymmetric;
  if (problem.reversed && (symmetric || !problem.count_only)) {
    return absl::InvalidArgumentError(
        "reversed words count double squares and rectangles only (--count)");
  }
  ShapeProblem shape;
  shape.shape = MakeSquareShape(symmetric                             ? SquareShapeKind::kSymmetric
                                : problem.mode == SquareMode::kDouble ? SquareShapeKind::kDouble
                                                                      : SquareShapeKind::kRectangle,
                                rows, cols, false);
  for (const ShapeWord& word : shape.shape.words) {
    const int length = static_cast<int>(word.cells.size());
    shape.dawgs.push_back(problem.reversed ? &dictionary.reversed_dawg(length)
                                           : &dictionary.dawg(length));
  }
  // Reversed, the search counts the squares turned by half a turn: cell (r, c) is cell
  // (rows - 1 - r, cols - 1 - c), and each row and column reads backwards. Turning maps the
  // squares of the words onto those of the reversed words one to one, their transposes onto
  // the turned ones' transposes, and distinct words onto distinct words, so every count is
  // the same. Which orientation the search walks faster depends on the list: how its words
  // begin against how they end (docs/search.md).
  if (problem.reversed) {
    std::reverse(problem.allowed.begin(), problem.allowed.end());
    if (problem.contains) std::reverse(problem.contains->begin(), problem.contains->end());
  }
  shape.allowed = problem.allowed;
  if (symmetric) {
    for (int i = 0; i < rows; ++i) {
      for (int j = i + 1; j < cols; ++j)
        shape.allowed[i * cols + j] &= problem.allowed[j * cols + i];
    }
  }
  shape.distinct = problem.distinct;
  shape.contains = problem.contains;
  shape.greedy = false;
  // Counting a symmetric square, the diagonal cell (i, i) lies in row i only: placed last in
  // its row (its word read through an automaton with that letter moved last) it is a lone
  // level, counted by a popcount, not searched (placed, it would fan out many ways with all
  // below repeated per letter). The last three rows keep their order for the corner count.
  if (symmetric && problem.count_only && !problem.distinct && !problem.contains) {
    shape.shape.order.clear();
    for (int i = 0; i < rows; ++i) {
      const bool moved = i + 4 <= rows;
      for (int j = i + moved; j < cols; ++j) shape.shape.order.push_back(i * cols + j);
      if (!moved) continue;
      shape.shape.order.push_back(i * cols + i);
      std::vector<int>& cells = shape.shape.words[i].cells;
      std::rotate(cells.begin() + i, cells.begin() + i + 1, cells.end());
      shape.dawgs[i] = &dictionary.moved_dawg(cols, i);
    }
  }
  return SquareSearch(std::move(problem), std::move(shape), tables);
}

absl::StatusOr<SquareSearch> SquareSearch::Create(ShapeProblem problem, SearchTables* tables) {
  const Shape& shape = problem.shape;
  if (absl::Status status = FinishShape(problem.shape); !status.ok()) return status;
  if (problem.dawgs.size() != shape.words.size() || shape.words.empty()) {
    return absl::InvalidArgumentError("a shape needs one automaton per word");
  }
  if (problem.allowed.empty()) problem.allowed.assign(shape.cell_count, ~LetterSet{0});
  if (problem.allowed.size() != static_cast<size_t>(shape.cell_count) ||
      shape.echo.size() != static_cast<size_t>(shape.cell_count)) {
    return absl::InvalidArgumentError("a shape needs letters and an echo per cell");
  }
  for (size_t w = 0; w < shape.words.size(); ++w) {
    const Dawg& dawg = *problem.dawgs[w];  // an empty one is of no length: no result
    if (dawg.word_count() > 0 && (dawg.length() != static_cast<int>(shape.words[w].cells.size()) ||
                                  dawg.wide() != problem.dawgs[0]->wide())) {
      return absl::InvalidArgumentError("a word's automaton does not fit it");
    }
  }
  return SquareSearch(SquareProblem{}, std::move(problem), tables);
}

SquareSearch::SquareSearch(SquareProblem square_problem, ShapeProblem shape_problem,
                           SearchTables* tables, bool one_exchange)
    : problem_(std::move(square_problem)), shape_(std::move(shape_problem)) {
  const Shape& shape = shape_.shape;
  classic_ = problem_.rows > 0;
  const bool symmetric = classic_ && problem_.mode == SquareMode::kSymmetric;
  contains_words_ = classic_ ? problem_.rows : static_cast<int>(shape.words.size());
  has_filters_ = shape_.distinct || problem_.no_transpose || shape_.contains.has_value();
  std::vector<int> order = shape_.greedy ? GreedyOrder() : shape.order;
  if (order.empty()) {
    for (int c = 0; c < shape.cell_count; ++c) {
      if (shape.echo[c] != -1) order.push_back(c);
    }
  }
  plan_ = WalkPlan::Build(shape, shape_.dawgs, shape_.allowed, order, symmetric);
  // No symmetry for symmetric squares (their memo counts subtrees without regard to the
  // tie), nor with filters (which need each result).
  if (!plan_.empty && !has_filters_ && !symmetric) {
    plan_.BuildTie(shape, shape_.allowed,
                   plan_.max_walkers >= 3 ? TailCount::Find(plan_).level : -1, !one_exchange);
  } else if (!plan_.empty && problem_.no_transpose) {
    if (const auto pairs = TransposeCutPairs(); !pairs.empty()) plan_.TieInOrder(pairs);
  }
  sieve_ = Sieve::Build(plan_, shape, tables);
  std::vector<bool> sifts(levels());
  for (int l = 0; l < levels(); ++l) sifts[l] = sieve_.Sifts(l);
  counting_.sieve_level = sieve_.level;
  counting_.sieve_ties = sieve_.ties;
  ClosingCount& closing = counting_.closing;
  TailCount& tail = counting_.tail;
  closing = ClosingCount::Build(plan_, shape, sieve_.level, !problem_.list_only, tables);
  counting_.corner = CornerCount::Build(plan_, shape, closing, tables);
  counting_.double_closing = DoubleClosing::Build(plan_, problem_.rows, problem_.cols,
                                                  !classic_ || symmetric || has_filters_);
  tail = TailCount::Build(plan_, sieve_.level >= 0 || closing.level >= 0, sifts);
  // The look-ahead knows the fold (whose letters are not placed) and skips the level above
  // a count that tests its cells exactly. Double squares and rectangles have none: there
  // the only tests are the rest of the current row against the columns' own masks, which
  // the next levels test anyway, so they cost more than they save.
  look_ahead_ = LookAhead::Build(
      plan_, shape, classic_ && !symmetric, tail.fold_level,
      tail.unchecked_level >= 0 ? tail.unchecked_level : closing.unchecked_level, tables);
  std::vector<bool> busy(levels()), counted(levels());
  for (int l = 0; l < levels(); ++l) {
    counted[l] = sifts[l] || l == sieve_.level || l == closing.level ||
                 l == counting_.corner.level || l == tail.level || l == tail.fold_level ||
                 l == counting_.double_closing.level;
    busy[l] = counted[l] || !look_ahead_.Empty(l);
  }
  // Counting symmetric squares with their diagonal cells last (see Create), rows placed whole.
  if (symmetric && problem_.count_only && !has_filters_ && !plan_.empty) {
    rows_ = RowSieve::Build(plan_, shape, problem_.rows, counted, look_ahead_, tables);
    for (const RowSieve::Row& row : rows_.rows) {
      for (int l = row.level; l < row.level + row.cells; ++l) busy[l] = true;
    }
  }
  counting_.lone = LoneLevels::Build(plan_, shape, busy);
  // The sieve's row count, its batch and the level above the batch: where no other part acts
  // (the levels counting's Enter tests, the row sieve's rows, lone levels, the look-ahead's
  // tests; the row count tests its row's cells exactly, so it may skip theirs).
  const std::vector<uint8_t>& lone = counting_.lone.lone;
  auto other = [&](int l) {
    return rows_.on() || lone[l] || l == closing.count_level || l == counting_.corner.level ||
           l == tail.level || l == tail.fold_level || l == counting_.double_closing.level;
  };
  if (const int row = sieve_.row_level; row >= 0 && !other(row)) {
    counting_.sieve_row_level = row;
    counting_.sieve_row_ties = sieve_.row_ties;
  }
  if (const int batch = sieve_.batch_level;
      batch >= 0 && !other(batch) && !other(batch + 1) && look_ahead_.Empty(batch)) {
    counting_.sieve_batch_level = batch;
    counting_.sieve_batch_before = sieve_.batch_before;
    const int above = batch - 1;
    if (above >= 0 && !plan_.Tied(above) && look_ahead_.Empty(above) && !other(above))
      counting_.sieve_pair_level = above;
  }
  // The row walk takes rows whole where no other part acts (the levels above, the lone
  // levels and the sieve's shortcuts), in the loops that have it: without the last word's
  // sieve (the loop runs one or the other) and with 32-bit masks (see RunWalkers).
  const bool walks = sieve_.level < 0 && !plan_.wide;
  for (int l = 0; l < levels(); ++l) {
    busy[l] = !walks || busy[l] || lone[l] || l == counting_.sieve_row_level ||
              l == counting_.sieve_batch_level || l == counting_.sieve_pair_level ||
              l == closing.count_level;
  }
  from_end_ = RowFromEnd::Build(plan_, shape, busy, tables);
  // Counting's plain levels: no shortcut there (nor a row placed whole), not the last two.
  counting_.plain.assign(levels(), 0);
  for (int l = 0; l + 2 < levels(); ++l) {
    counting_.plain[l] = !other(l) && l != counting_.sieve_level &&
                         l != counting_.sieve_row_level && l != counting_.sieve_pair_level &&
                         l != counting_.sieve_batch_level &&
                         !(from_end_.walks() && from_end_.walk_at_level[l] >= 0);
  }
  listing_ = ListingMemos::Build(plan_, shape, problem_.count_only);
  search_id_ = next_search_id++;
  if (plan_.symmetry_order == 6) {
    auto exchange =
        std::make_shared<const SquareSearch>(SquareSearch(problem_, shape_, tables, true));
    // The two share one split into tasks: both must place the cells in one order.
    if (exchange->cell_order() == cell_order()) one_exchange_ = std::move(exchange);
  }
}

// Of a square and its transpose, --no-transpose keeps the one whose rows, read in order,
// come first (PassesTranspose), unless the transpose breaks a constraint. The cells read
// first where the two differ are row 0's against column 0's, so with every cell allowing the
// letters of its mirror and no --contains, a square whose column 0 reads before its row 0 is
// never kept: the walk cuts it as a tie whose pairs are the cells (j, 0) against (0, j), in
// order of j, each at least its image while the pairs before agree. The filter still decides
// the rest (the squares whose row 0 is their column 0). Empty where the cut does not apply.
std::vector<std::array<int, 2>> SquareSearch::TransposeCutPairs() const {
  const int n = problem_.rows;
  if (!classic_ || problem_.mode != SquareMode::kDouble || n != problem_.cols ||
      problem_.contains || shape_.contains)
    return {};
  if (!problem_.allowed.empty()) {
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < i; ++j) {
        if (problem_.allowed[i * n + j] != problem_.allowed[j * n + i]) return {};
      }
    }
  }
  const std::vector<int> level_of = plan_.LevelOfCells(shape_.shape.cell_count);
  std::vector<std::array<int, 2>> pairs;
  for (int j = 1; j < n; ++j) {
    const int later = level_of[j * n], earlier = level_of[j];
    if (earlier >= later || (!pairs.empty() && later <= pairs.back()[0])) return {};
    pairs.push_back({later, earlier});
  }
  return pairs;
}

// The greedy cell order, by a key compared in this order:
//   1. fewest words that reach the cell out of order (they are checked only at an echo
//      level, late, instead of pruning as their letters are placed);
//   2. most words already begun whose next letter the cell is (each ANDs a mask narrowed by
//      the letters before it);
//   3. the most letters those words have already (deeper states allow fewer letters);
//   4. fewest words begun by the cell (each new word fans out from its root);
//   5. fixed letters; 6. the earliest word of the shape holding the cell, the earliest
//      letter in it (so the order follows the words as listed, not the cell numbers).
// On the square modes this is their row-major order. Deterministic, so the output is too.
std::vector<int> SquareSearch::GreedyOrder() const {
  const Shape& shape = shape_.shape;
  std::vector<int> next(shape.words.size(), 0);
  std::vector<bool> placed(shape.cell_count, false);
  std::vector<std::vector<int>> words_of(shape.cell_count);
  std::vector<int> first_seen(shape.cell_count, -1);  // (word, position) rank, negated
  int rank = 0;
  for (size_t w = 0; w < shape.words.size(); ++w) {
    for (int c : shape.words[w].cells) {
      if (words_of[c].empty() || words_of[c].back() != static_cast<int>(w))
        words_of[c].push_back(static_cast<int>(w));
      if (first_seen[c] == -1) first_seen[c] = -++rank;
    }
  }
  std::vector<int> order;
  for (;;) {
    int best = -1;
    std::array<int, 6> best_key{};
    for (int c = 0; c < shape.cell_count; ++c) {
      if (placed[c] || words_of[c].empty()) continue;
      std::array<int, 6> key{0, 0, 0, 0, shape_.allowed[c] != ~LetterSet{0}, first_seen[c]};
      for (int w : words_of[c]) {
        if (shape.words[w].cells[next[w]] != c) {
          --key[0];
        } else if (next[w] > 0) {
          ++key[1];
          key[2] += next[w];
        } else {
          --key[3];
        }
      }
      if (best < 0 || key > best_key) {
        best = c;
        best_key = key;
      }
    }
    if (best < 0) return LastWordLast(std::move(order));
    order.push_back(best);
    placed[best] = true;
    for (int w : words_of[best]) {
      const std::vector<int>& cells = shape.words[w].cells;
      while (next[w] < static_cast<int>(cells.size()) && placed[cells[next[w]]]) ++next[w];
    }
  }
}

// The greedy order's end: the word begun last, W, takes the last levels alone, in its order.
// The cells placed after W's first one that lie off W move before it, unless a word reads
// one of them after a cell of W (it would then be read out of order). W's letters are then
// the tail (see TailCount) from W's root, counted by one walk of W's automaton, and the cell
// placed just before W may be the tail's fold. In a diagonal 4x4 square the greedy order
// places the last row's first cell (3, 0), on two words nearly done, before the third row's
// last cell (2, 3); moved after it, the whole last row is the tail and (2, 3) its fold.
// Only where the loop counts the tail: some cell lies on three words or more.
std::vector<int> SquareSearch::LastWordLast(std::vector<int> order) const {
  const Shape& shape = shape_.shape;
  std::vector<int> words_through(shape.cell_count, 0);
  for (const ShapeWord& word : shape.words) {
    for (int c : word.cells) ++words_through[c];
  }
  if (std::ranges::max(words_through) < 3) return order;
  std::vector<int> position(shape.cell_count, -1);
  for (size_t k = 0; k < order.size(); ++k) position[order[k]] = static_cast<int>(k);
  int last_word = -1, begin = -1;
  for (size_t w = 0; w < shape.words.size(); ++w) {
    int first = static_cast<int>(order.size());
    for (int c : shape.words[w].cells) first = std::min(first, position[c]);
    if (first > begin) {
      begin = first;
      last_word = static_cast<int>(w);
    }
  }
  if (last_word < 0) return order;
  const std::vector<int>& cells = shape.words[last_word].cells;
  auto on_last = [&](int c) { return std::find(cells.begin(), cells.end(), c) != cells.end(); };
  std::vector<int> moved, kept;
  for (size_t k = begin; k < order.size(); ++k)
    (on_last(order[k]) ? kept : moved).push_back(order[k]);
  if (moved.empty()) return order;
  for (int c : moved) {
    for (const ShapeWord& word : shape.words) {
      auto at = std::find(word.cells.begin(), word.cells.end(), c);
      if (at != word.cells.end() && std::any_of(word.cells.begin(), at, on_last)) return order;
    }
  }
  order.resize(begin);
  order.insert(order.end(), moved.begin(), moved.end());
  order.insert(order.end(), kept.begin(), kept.end());
  return order;
}

std::vector<int> SquareSearch::sieved_rows() const {
  std::vector<int> sieved;
  const int n = problem_.rows;
  for (const RowSieve::Row& row : rows_.rows) sieved.push_back(n - 1 - row.cells);
  return sieved;
}

std::vector<int> SquareSearch::row_from_end_levels() const {
  std::vector<int> levels;
  for (size_t l = 0; l < from_end_.at_level.size(); ++l) {
    if (from_end_.at_level[l] >= 0) levels.push_back(static_cast<int>(l));
  }
  return levels;
}

std::vector<int> SquareSearch::walked_row_levels() const {
  std::vector<int> levels;
  for (const RowFromEnd::Row& row : from_end_.rows) {
    if (row.walked) levels.push_back(row.level);
  }
  return levels;
}

std::vector<int> SquareSearch::cell_order() const {
  std::vector<int> order;
  for (const Level& level : plan_.levels) {
    if (level.echo_of < 0) order.push_back(level.cell);
  }
  return order;
}

}  // namespace squares::core
