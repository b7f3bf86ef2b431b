// Square search: symmetric word squares, double word squares and word rectangles
// (DESIGN §4), on one automaton pointer per column (Fokkinga's "square of trees").
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "squares/dawg.h"

namespace squares {

enum class SquareMode { kSymmetric, kDouble, kRectangle };

inline constexpr int kMaxSquareSide = 32;  // largest n, K or N accepted

struct SquareProblem {
  SquareMode mode = SquareMode::kSymmetric;
  int rows = 0, cols = 0;           // symmetric and double: rows == cols
  std::vector<LetterSet> allowed;   // rows*cols letter sets, row-major (pattern, first row);
                                    // empty = every cell free
  bool distinct = false;            // no word twice among rows and columns
  bool no_transpose = false;        // double: list a square or its transpose, not both
  std::optional<Word> contains;     // some row is this word
};

struct SquareStats {
  uint64_t nodes = 0;    // letters placed in cells
  uint64_t squares = 0;  // results found
  SquareStats& operator+=(const SquareStats& o) {
    nodes += o.nodes;
    squares += o.squares;
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

// Receives each result as rows*cols letters, row-major. Returning false stops the search.
class SquareSink {
 public:
  virtual ~SquareSink() = default;
  virtual bool Accept(const Letter* grid) = 0;
  // The image the search keeps current before each Accept, or null.
  virtual SquareImage* image() { return nullptr; }
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
// are disjoint, cover the whole search and are in output order.
using SquareTask = std::vector<Letter>;

class SquareSearch {
 public:
  // Checks the problem (sizes, pattern length) and builds the automata it needs.
  static absl::StatusOr<SquareSearch> Create(const Dictionary& dictionary, SquareProblem problem);

  const SquareProblem& problem() const { return problem_; }
  const Dawg& row_dawg() const { return *row_dawg_; }
  const Dawg& col_dawg() const { return *col_dawg_; }

  // Splits the search below `from` into at least `min_tasks` tasks where the search space
  // allows, by enumerating the prefixes of the next cells (deepening until there are enough).
  std::vector<SquareTask> Split(size_t min_tasks, const SquareTask& from = {}) const;

  // An estimate of each task's work: 1 + the number of its prefixes `probe_levels` deeper.
  std::vector<uint64_t> Weigh(const std::vector<SquareTask>& tasks, int probe_levels) const;

  // Runs one task (the empty task is the whole search). With sink == nullptr results are only
  // counted. `stop` (optional) is polled between results. With `sum_only`, a count is only
  // meaningful summed over tasks that split the whole search (double squares are then
  // counted up to transposition, in about half the time).
  SquareStats Run(const SquareTask& task, SquareSink* sink,
                  const std::atomic<bool>* stop = nullptr, bool sum_only = false) const;

 private:
  SquareSearch(const Dictionary& dictionary, SquareProblem problem);
  // The search state is one array of automaton entries (Knuth's a[l][j]):
  //   state[(i + 1) * cols + j]  column j after row i (state[j], i = -1, is the root);
  //   state[kRootSlot]           the row automaton's root;
  //   state[kRowBase + l]        the row walker after level l.
  // Level l fills one cell, row-major (symmetric squares: upper triangle only, since row i
  // starts in column i's state). Everything a level reads or writes is precomputed here, so
  // the inner loop has no case analysis: mask = row.mask & col.mask & allowed.
  struct Level {
    uint16_t row_before, col_before, row_after, col_after;  // indices into the state array
    uint16_t cell, mirror;                                   // grid cells written (mirror:
                                                             // symmetric transpose)
    uint16_t checks_begin = 0, checks_end = 0;  // look-ahead checks after a placement: checks_[..)
    bool step_row, step_col;  // whether row_after / col_after are read later
    bool memo;                // symmetric row start whose subtree count is memoized
    LetterSet allowed;
  };
  // A look-ahead test of a symmetric square: some letter lies both d_a letters below walker
  // state[slot_a] and d_b below state[slot_b]. It names a cell further down that both walkers
  // reach; an empty meet is a dead end. plane_x is the offset of depth d_x in the reach table
  // (d_a >= 1); plane_b == kOwnMask stands for d_b = 0, the state's own mask.
  struct Check {
    uint16_t slot_a, slot_b;
    uint32_t plane_a, plane_b;
  };
  static constexpr uint32_t kOwnMask = UINT32_MAX;
  static constexpr int kRootSlot = (kMaxSquareSide + 1) * kMaxSquareSide;
  static constexpr int kRowBase = kRootSlot + 1;
  static constexpr int kStateSize = kRowBase + kMaxSquareSide * kMaxSquareSide;
  // Searches below `task` down to `end_level` levels; at end_level < levels() the prefixes
  // are collected into `prefixes` instead of reported.
  enum class Tie { kNone, kAtLeast, kEqual };  // column 0 against row 0 (see Run)
  template <class Mask, bool kCountOnly>
  SquareStats RunTyped(const SquareTask& task, int end_level, SquareSink* sink,
                       std::vector<SquareTask>* prefixes, const std::atomic<bool>* stop,
                       Tie tie) const;
  SquareStats RunAny(const SquareTask& task, int end_level, SquareSink* sink,
                     std::vector<SquareTask>* prefixes, const std::atomic<bool>* stop,
                     Tie tie = Tie::kNone) const;
  bool PassesFilters(const Letter* grid) const;
  int levels() const { return static_cast<int>(levels_.size()); }

  void BuildChecks();
  template <class Mask>
  const Mask* reach() const {
    if constexpr (sizeof(Mask) == 8) return reach_wide_.data();
    else return reach_narrow_.data();
  }

  SquareProblem problem_;
  const Dawg* row_dawg_;
  const Dawg* col_dawg_;
  std::vector<Level> levels_;
  std::vector<Check> checks_;
  // Letters d >= 1 below a state, at reach[(d - 1) * entry_count + state.first] (a state is
  // named by its child group; only symmetric squares use it, so one automaton).
  std::vector<uint32_t> reach_narrow_;
  std::vector<uint64_t> reach_wide_;
  bool has_filters_ = false;
  uint64_t search_id_ = 0;  // names this search's entries in the per-thread subtree memo
};

}  // namespace squares
