// Square search: symmetric word squares, double word squares, word rectangles and any shape
// of words, on one automaton walker per word (Fokkinga's "square of trees"). A search is its
// walk (walk.h) and the parts it was built with, each owning its tables: the look-ahead
// (look_ahead.h), the last word's sieve (sieve.h), the row sieve (row_sieve.h), counting's
// shortcuts (counting.h) and listing's memos (listing.h). The level loop (square_loop.h)
// runs them.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "lexicon/dawg.h"
#include "search/counting.h"
#include "search/listing.h"
#include "search/look_ahead.h"
#include "search/row_from_end.h"
#include "search/row_sieve.h"
#include "search/search_tables.h"
#include "search/shape.h"
#include "search/sieve.h"
#include "search/walk.h"

namespace squares::core {

enum class SquareMode { kSymmetric, kDouble, kRectangle };

inline constexpr int kMaxSquareSide = 32;  // largest n, K or N accepted

struct SquareProblem {
  SquareMode mode = SquareMode::kSymmetric;
  int rows = 0, cols = 0;          // symmetric and double: rows == cols
  std::vector<LetterSet> allowed;  // rows*cols letter sets, row-major (pattern, first row);
                                   // empty = every cell free
  bool distinct = false;           // no word twice among rows and columns
  bool no_transpose = false;       // double: list a square or its transpose, not both
  std::optional<Word> contains;    // some row is this word
  bool count_only = false;         // results only counted: symmetric squares then place
                                   // the diagonal cell last in the first rows (see Create)
  bool list_only = false;          // results only listed (each to a sink): no counting
                                   // shortcut's tables (see ClosingCount)
  bool reversed = false;  // counting double squares or rectangles: every word read from its
                          // last letter, the same count (see Create)
};

// A shape with what its search needs. Every word's automaton must come from one alphabet.
struct ShapeProblem {
  Shape shape;
  std::vector<const Dawg*> dawgs;  // per word, of the word's length
  std::vector<LetterSet> allowed;  // per cell (fixed letters); empty = every cell free
  bool distinct = false;           // no word twice
  std::optional<Word> contains;    // some word is this one
  bool greedy = true;              // choose the cell order (else shape.order, or cell order)
};

struct SquareStats {
  uint64_t nodes = 0;    // letters placed in cells
  uint64_t squares = 0;  // results found
  uint64_t refuted = 0;  // rows refuted before they were walked (RowFromEnd)
  uint64_t backjumps = 0;  // of those, refutations that resumed above the level before the row
  SquareStats& operator+=(const SquareStats& o) {
    nodes += o.nodes;
    squares += o.squares;
    refuted += o.refuted;
    backjumps += o.backjumps;
    return *this;
  }
};

// The text of one result with one byte per letter at fixed offsets (square_output.h makes
// it): a sink that offers one has it kept up to date by the search, a cell at a time, so a
// result costs a copy of `text` rather than its formatting.
struct SquareImage {
  std::string text;                              // a result, letters at the offsets
  std::vector<std::array<uint32_t, 2>> offsets;  // per grid cell: where its letter goes
                                                 // (twice, or one offset repeated)
  std::array<char, kMaxLetters> byte_of{};       // the byte of each letter
};

// Room for copies of a result's image (see SquareSink::room): the search copies each result's
// image text to `at`, advancing it, while `results` > 0.
struct ImageRoom {
  char* at = nullptr;
  uint64_t results = 0;
};

// Receives each result as rows*cols letters, row-major (a shape: one letter per cell).
// Returning false stops the search.
class SquareSink {
 public:
  virtual ~SquareSink() = default;
  virtual bool Accept(const Letter* grid) = 0;
  // The image the search keeps current before each Accept, or null.
  virtual SquareImage* image() { return nullptr; }
  // With an image: room for the results' images, so that a result costs a copy and no call
  // (null: Accept is called for each). When no room is left, the search calls MakeRoom()
  // before the next result; false stops the search.
  virtual ImageRoom* room() { return nullptr; }
  virtual bool MakeRoom() { return false; }
};

// Counts results and stops the search at `limit` of them (the search's stats count them).
class CountSink : public SquareSink {
 public:
  explicit CountSink(uint64_t limit) : limit_(limit) {}
  bool Accept(const Letter*) override { return ++accepted_ < limit_; }

 private:
  uint64_t limit_, accepted_ = 0;
};

// A part of the search: the letters of the first cells in search order. Tasks from Split()
// are disjoint, cover the whole search and are in output order. Held inline up to 24 letters
// (deeper only where levels have one letter each, such as a fixed first row): a listing's
// run splits into a thousand tasks or more, and a heap block each was most of the time to
// its first result.
using SquareTask = absl::InlinedVector<Letter, 24>;

class SquareSearch {
 public:
  // Checks the problem (sizes, pattern length) and builds the automata it needs. The tables
  // that depend on the automata alone come from `tables`, which must be the dictionary's own
  // (null: the search makes its own).
  static absl::StatusOr<SquareSearch> Create(const Dictionary& dictionary, SquareProblem problem,
                                             SearchTables* tables = nullptr);
  // A shape's search (the automata already built; they must outlive the search, and when
  // `tables` is given, be all of the one dictionary it is kept for).
  static absl::StatusOr<SquareSearch> Create(ShapeProblem problem, SearchTables* tables = nullptr);

  const SquareProblem& problem() const { return problem_; }
  // A square's automata: of its rows (symmetric: the last row's, whose letters are not
  // moved; see Create) and of its columns.
  const Dawg& row_dawg() const {
    return problem_.mode == SquareMode::kSymmetric ? *shape_.dawgs.back() : *shape_.dawgs[0];
  }
  const Dawg& col_dawg() const { return *shape_.dawgs.back(); }
  // The shape searched (a square's too) and the cells in search order (echo levels, which
  // repeat a cell, left out).
  const Shape& shape() const { return shape_.shape; }
  std::vector<int> cell_order() const;
  // The symmetry that counting uses (see Run): its involutions of the cells (one, or the
  // three transpositions of S3), none without, and its order (1, 2 or 6).
  const std::vector<std::vector<int>>& symmetry() const { return plan_.symmetry; }
  int symmetry_order() const { return plan_.symmetry_order; }
  // Where the count is up to S3, the same search counting up to one of its involutions, its
  // cells in the same order (null otherwise). Which of the two walks less depends on where
  // the search's nodes lie (see CountSquares): S3's runs of results with equal keys are tied
  // only once the first keys' cells are placed, the one involution from its first pair on.
  const SquareSearch* one_exchange() const { return one_exchange_.get(); }
  // Where the parts stand for the rest of the search (-1: nowhere): the last word's sieve
  // and the levels whose letters counting takes at once from it, the closing and corner
  // counts, the tail count and its fold, the double closing count; and how many levels
  // counting does not search letter by letter (lone levels).
  int sieve_level() const { return sieve_.level; }
  int sieve_batch_level() const { return counting_.sieve_batch_level; }
  int sieve_pair_level() const { return counting_.sieve_pair_level; }
  int sieve_row_level() const { return counting_.sieve_row_level; }
  // The rows counting places whole from the row sieve (see RowSieve).
  std::vector<int> sieved_rows() const;
  // The levels after which a row is tested from its end, and the first levels of the rows
  // placed whole by the row walk (see RowFromEnd).
  std::vector<int> row_from_end_levels() const;
  std::vector<int> walked_row_levels() const;
  int closing_level() const { return counting_.closing.level; }
  int corner_level() const { return counting_.corner.level; }
  int tail_level() const { return counting_.tail.level; }
  int fold_level() const { return counting_.tail.fold_level; }
  // Whether level l's letters are lifted against the next level's masks (see LookAhead).
  bool lifts_next(int l) const {
    return !look_ahead_.lift_at.empty() && look_ahead_.lift_at[l].next.other[0] != 0;
  }
  // Whether level l's letters are lifted against the letters some word allows below its
  // next one (a plane of the reach table, see LookAhead).
  bool lifts_reach(int l) const {
    return !look_ahead_.lift_at.empty() &&
           look_ahead_.lift_at[l].reach != look_ahead_.lift_at[l].end;
  }
  // The instruction set of the loop that runs the search (see RunAny).
  LoopIsa loop_isa() const;
  // Whether the lift tests a level's letters by the letter rows (see LetterRows).
  bool lifts_by_rows() const { return look_ahead_.letter_rows != nullptr; }
  int double_closing_level() const { return counting_.double_closing.level; }
  // Whether the walk cuts the squares --no-transpose drops for their transpose (see
  // TransposeCutPairs).
  bool cuts_transposes() const { return has_filters_ && !plan_.tie_pairs.empty(); }
  int lone_levels() const { return counting_.lone.count(); }
  // The distinct automata the search walks.
  const std::vector<const Dawg*>& automata() const { return plan_.automata; }

  // Splits the search below `from` into at least `min_tasks` tasks where the search space
  // allows, by enumerating the prefixes of the next cells (deepening until there are enough).
  // Stopped by `stop`, the tasks are not the whole search.
  std::vector<SquareTask> Split(size_t min_tasks, const SquareTask& from = {},
                                const std::atomic<bool>* stop = nullptr) const;

  // An estimate of each task's work: 1 + the number of its prefixes p levels deeper, for the
  // least p < `probe_levels` at which the weights sum to `budget` or more (as estimated
  // from every (n / 1024 + 1)-th of the n tasks: from all of them when n < 1024), else for
  // p = `probe_levels`. The budget bounds the probe's cost: a split can overshoot its tasks
  // many times over (once a row is done, the next level is every next row's first letter),
  // and five levels below each of those can cost as much as the search they weigh.
  // Stopped by `stop`, the weights are not meaningful.
  std::vector<uint64_t> Weigh(const std::vector<SquareTask>& tasks, int probe_levels,
                              uint64_t budget = UINT64_MAX,
                              const std::atomic<bool>* stop = nullptr) const;

  // Runs one task (the empty task is the whole search). With sink == nullptr results are only
  // counted. `stop` (optional) is polled between results. With `sum_only`, a count is only
  // meaningful summed over tasks that split the whole search (a shape with a symmetry, such
  // as a double square's transposition, is then counted up to it, in about half the time).
  SquareStats Run(const SquareTask& task, SquareSink* sink, const std::atomic<bool>* stop = nullptr,
                  bool sum_only = false) const;

 private:
  // With `one_exchange`, counting up to one involution where S3 would do (see one_exchange).
  SquareSearch(SquareProblem square, ShapeProblem shape, SearchTables* tables,
               bool one_exchange = false);
  // What the loop keeps besides the walkers: nothing, the tie (see Run), or listing's
  // replay memo (symmetric squares); and which sieve it runs: none, the last word's, the
  // row sieve or the row walk (see RowFromEnd). Compiled in only where used: each costs
  // registers and branches in the loop.
  enum class Counting { kPlain, kTied, kReplay };
  enum class Sifting { kNone, kLastWord, kRows, kRowWalk };
  // Searches below `task` down to `end_level` levels; at end_level < levels() the prefixes
  // are collected into `prefixes` instead of reported.
  template <class Mask, bool kCountOnly, int kWalkers, bool kEchoes, Counting kCounting,
            Sifting kSifting, LoopIsa kIsa>
  SquareStats RunTyped(const SquareTask& task, int end_level, SquareSink* sink,
                       std::vector<SquareTask>* prefixes, const std::atomic<bool>* stop,
                       Tie tie) const;
  // The level loop (square_loop.h) and its parts, one header each (loop_*.h), each reading
  // its own part of the search.
  template <class Mask, int kWalkers, bool kEchoes, bool kTied>
  class LoopWalk;
  template <class Mask, bool kLift, bool kLiftNext, LoopIsa kIsa>
  class LoopLookAhead;
  template <class Mask, bool kSieve, bool kCountOnly>
  class LoopSieve;
  template <class Mask, bool kOn>
  class LoopRowSieve;
  template <class Mask>
  class LoopRowWalk;
  template <class Mask, class Walk, class Look, class Sifter>
  class LoopCounting;
  template <class Mask, class Walk, class Look, bool kReplay>
  class LoopListing;
  // What the loop does with the level it is about to enter: search it, or not (a shortcut
  // counted or listed its subtree), or stop.
  enum class Below { kSearch, kDone, kStop };
  template <class Mask, bool kCountOnly, LoopIsa kIsa = LoopIsa::kBase>
  SquareStats RunWalkers(const SquareTask& task, int end_level, SquareSink* sink,
                         std::vector<SquareTask>* prefixes, const std::atomic<bool>* stop,
                         Tie tie) const;
  SquareStats RunAny(const SquareTask& task, int end_level, SquareSink* sink,
                     std::vector<SquareTask>* prefixes, const std::atomic<bool>* stop,
                     Tie tie = {}) const;
  bool PassesFilters(const Letter* grid) const;
  bool PassesTranspose(const Letter* grid) const;
  std::vector<std::array<int, 2>> TransposeCutPairs() const;
  int levels() const { return plan_.count(); }

  std::vector<int> GreedyOrder() const;
  std::vector<int> LastWordLast(std::vector<int> order) const;

  SquareProblem problem_;  // a square's problem (shapes: mode unused, rows = cols = 0)
  ShapeProblem shape_;
  bool classic_ = false;      // a square mode: the symmetric extras and Tie apply
  int contains_words_ = 0;    // --contains looks at words [0, contains_words_)
  bool has_filters_ = false;  // results are checked one by one (PassesFilters)
  uint64_t search_id_ = 0;    // names this search's entries in the per-thread memos
  // The parts, built in this order, each from the walk and the parts before it.
  WalkPlan plan_;
  Sieve sieve_;
  CountingShortcuts counting_;
  LookAhead look_ahead_;
  RowSieve rows_;
  RowFromEnd from_end_;
  ListingMemos listing_;
  std::shared_ptr<const SquareSearch> one_exchange_;  // see one_exchange()
};

}  // namespace squares::core
