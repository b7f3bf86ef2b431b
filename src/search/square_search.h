// Square search: symmetric word squares, double word squares, word rectangles and any shape
// of words (DESIGN §4), on one automaton walker per word (Fokkinga's "square of trees").
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "lexicon/dawg.h"
#include "search/shape.h"

namespace squares::core {

enum class SquareMode { kSymmetric, kDouble, kRectangle };

inline constexpr int kMaxSquareSide = 32;  // largest n, K or N accepted
inline constexpr int kMaxLevels = kMaxShapeLetters;  // cells plus echo levels of a shape
inline constexpr int kMaxMemoWidth = 6;  // open words a memoized level is keyed by

struct SquareProblem {
  SquareMode mode = SquareMode::kSymmetric;
  int rows = 0, cols = 0;           // symmetric and double: rows == cols
  std::vector<LetterSet> allowed;   // rows*cols letter sets, row-major (pattern, first row);
                                    // empty = every cell free
  bool distinct = false;            // no word twice among rows and columns
  bool no_transpose = false;        // double: list a square or its transpose, not both
  std::optional<Word> contains;     // some row is this word
  bool count_only = false;          // results only counted: symmetric squares then place
                                    // the diagonal cell last in the first rows (see Create)
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

class SiblingMemo;  // listing's memo of the results below the first row (sibling_memo.h)

// A part of the search: the letters of the first cells in search order. Tasks from Split()
// are disjoint, cover the whole search and are in output order.
using SquareTask = std::vector<Letter>;

class SquareSearch {
 public:
  // Checks the problem (sizes, pattern length) and builds the automata it needs.
  static absl::StatusOr<SquareSearch> Create(const Dictionary& dictionary, SquareProblem problem);
  // A shape's search (the automata already built; they must outlive the search).
  static absl::StatusOr<SquareSearch> Create(ShapeProblem problem);

  const SquareProblem& problem() const { return problem_; }
  const Dawg& row_dawg() const { return *row_dawg_; }
  const Dawg& col_dawg() const { return *col_dawg_; }
  // The shape searched (a square's too) and the cells in search order (echo levels, which
  // repeat a cell, left out).
  const Shape& shape() const { return shape_.shape; }
  std::vector<int> cell_order() const;
  // The symmetry that counting uses (an involution of the cells; see Run), or empty.
  const std::vector<int>& symmetry() const { return symmetry_; }
  // The level from which the last word's sieve (see BuildSieve) stands for the search, or -1.
  int sieve_level() const { return sieve_level_; }
  // The level from which the closing count (see BuildClosing) stands for the search, or -1.
  int closing_level() const { return closing_level_; }
  // The level from which the corner count (see BuildCorner) stands for the search, or -1.
  int corner_level() const { return corner_level_; }
  // The level from which the tail count (see BuildTail) stands for the search, or -1.
  int tail_level() const { return tail_level_; }
  // The level folded into the tail count (see BuildFold), or -1.
  int fold_level() const { return fold_level_; }
  // The level from which the double closing count (see BuildDoubleClosing) stands for the
  // search, or -1.
  int double_closing_level() const { return double_level_; }
  // How many levels counting does not search letter by letter (see BuildLone).
  int lone_levels() const { return static_cast<int>(std::count(lone_.begin(), lone_.end(), 1)); }

  // Splits the search below `from` into at least `min_tasks` tasks where the search space
  // allows, by enumerating the prefixes of the next cells (deepening until there are enough).
  std::vector<SquareTask> Split(size_t min_tasks, const SquareTask& from = {}) const;

  // An estimate of each task's work: 1 + the number of its prefixes `probe_levels` deeper.
  std::vector<uint64_t> Weigh(const std::vector<SquareTask>& tasks, int probe_levels) const;

  // Runs one task (the empty task is the whole search). With sink == nullptr results are only
  // counted. `stop` (optional) is polled between results. With `sum_only`, a count is only
  // meaningful summed over tasks that split the whole search (a shape with a symmetry, such
  // as a double square's transposition, is then counted up to it, in about half the time).
  SquareStats Run(const SquareTask& task, SquareSink* sink,
                  const std::atomic<bool>* stop = nullptr, bool sum_only = false) const;

 private:
  SquareSearch(SquareProblem square, ShapeProblem shape);
  // The search state is one array of automaton entries (Knuth's a[l][j]): word w's walker
  // after its letter p at state[(p + 1) * words + w] (p = -1: the root of its automaton),
  // and a free slot whose mask allows every letter. A square's words are its rows (symmetric:
  // row i = column i), then its columns: state[(i + 1) * n + j] is column j after row i.
  //
  // Level l fills one cell (cell order: see Create) and steps the walker of every word whose
  // next letter is that cell's: up to kMaxCellWords walkers, the rest read the free slot
  // and never step. A word that reaches a cell placed at an earlier level (a cell repeated
  // in it, or a word read against the cell order) gets an echo level: one walker, the letter
  // fixed to that level's. Everything a level reads or writes is precomputed, so the inner
  // loop has no case analysis: mask = AND of the walkers' masks & allowed.
  struct Walker {
    uint16_t before, after;  // state slots
    bool step;               // whether `after` is read later
  };
  struct Level {
    std::array<Walker, kMaxCellWords> walkers;
    uint8_t walker_count = 0;
    int8_t memo_width = -1;   // counting: the subtree below this level's start is memoized,
                              // keyed by the states of the words begun and not ended there,
                              // at state[memo_slots_[memo_begin + k]]; -1: not memoized
    uint16_t memo_begin = 0;
    int16_t echo_of = -1;     // echo level: the level whose letter this one repeats
    uint16_t cell, mirror;    // grid cells written (mirror: symmetric transpose)
    uint16_t checks_begin = 0, checks_end = 0;  // look-ahead checks after a placement: checks_[..)
    uint16_t checks_one = 0, checks_two = 0;    // where those reading one and two planes begin
    uint16_t checks_three = 0;                  // where those of three words begin
    uint16_t sifts_begin = 0, sifts_end = 0;    // the sieve's steps after a placement: sifts_[..)
    LetterSet allowed;
  };
  // A look-ahead test (see BuildChecks): some letter lies both at plane_a below walker
  // state[slot_a] and at plane_b below state[slot_b] (and, when slot_c != 0, at plane_c below
  // state[slot_c]); plane_x is the offset of that depth's plane in the reach table, or, in a
  // test of two, kOwnMask for depth 0: the state's own mask.
  struct Check {
    uint16_t slot_a, slot_b, slot_c;
    uint32_t plane_a, plane_b, plane_c;
  };
  static constexpr uint32_t kOwnMask = UINT32_MAX;
  // The last word's sieve (see BuildSieve). When the last levels spell one word F from its
  // root, and every other word through F's cells has its state before that cell fixed by an
  // earlier level, the words F can take are known before F begins: the words of F's list
  // whose letter k lies in the mask of each such state, kept as a list of nonzero 64-bit
  // blocks of a bitset over F's words (rank order). After the level that fixes a crossing
  // state, one sift ANDs the list with the row of that state: an empty list is a dead end
  // found before the levels between are searched, and counting adds the list's popcount
  // where F would begin instead of walking it. Sift j reads sift j-1's list (sift 0 reads
  // sieve_start_) and rewrites its own whenever its level places a letter, so backtracking
  // needs no undo. row_of_[map + state.first - first_lo] is the state's row in sieve_rows_
  // (sieve_blocks_ words each; kPassRow: the state allows every letter F has there).
  struct Sift {
    uint16_t slot;
    uint32_t map, first_lo;
  };
  struct SieveBlock {
    uint32_t index;
    uint64_t bits;
  };
  static constexpr uint32_t kPassRow = UINT32_MAX;
  static constexpr size_t kMaxSieveBytes = size_t{64} << 20;  // else no sieve
  static constexpr int kMinSieveLength = 4;       // letters of F
  static constexpr double kMinSieveMean = 3.0;    // letters a crossing state leaves (mean over states)
  static constexpr size_t kMaxReachBytes = size_t{256} << 20;  // else no look-ahead
  // Searches below `task` down to `end_level` levels; at end_level < levels() the prefixes
  // are collected into `prefixes` instead of reported.
  enum class Tie { kNone, kAtLeast, kEqual };  // a result against its image (see Run)
  // What a counting loop keeps besides the walkers: nothing, the tie (see Run), or the
  // subtree memo (symmetric squares). Compiled in only where used, as is the sieve: each
  // costs registers and branches in the loop.
  enum class Counting { kPlain, kTied, kMemo };
  template <class Mask, bool kCountOnly, int kWalkers, bool kEchoes, Counting kCounting, bool kSieve>
  SquareStats RunTyped(const SquareTask& task, int end_level, SquareSink* sink,
                       std::vector<SquareTask>* prefixes, const std::atomic<bool>* stop,
                       Tie tie) const;
  // The level loop (square_loop.h) and its parts, one header each (loop_*.h).
  template <class Mask, int kWalkers, bool kEchoes, bool kTied>
  class LoopWalk;
  template <class Mask, bool kLift>
  class LoopLookAhead;
  template <class Mask, bool kSieve>
  class LoopSieve;
  template <class Mask, class Walk, class LookAhead, class Sieve, bool kMemo>
  class LoopCounting;
  template <class Mask, class Walk, class LookAhead, bool kReplay>
  class LoopListing;
  // What the loop does with the level it is about to enter: search it, or not (a shortcut
  // counted or listed its subtree), or stop.
  enum class Below { kSearch, kDone, kStop };
  template <class Mask, int kWalkers, bool kFolded>
  uint64_t TailCount(const DawgEntry<Mask>* state, Mask* parts, int n) const;  // see BuildTail
  template <class Mask>
  uint64_t DoubleClosingCount(const DawgEntry<Mask>* state) const;  // see BuildDoubleClosing
  template <class Mask, bool kCountOnly>
  SquareStats RunWalkers(const SquareTask& task, int end_level, SquareSink* sink,
                         std::vector<SquareTask>* prefixes, const std::atomic<bool>* stop,
                         Tie tie) const;
  SquareStats RunAny(const SquareTask& task, int end_level, SquareSink* sink,
                     std::vector<SquareTask>* prefixes, const std::atomic<bool>* stop,
                     Tie tie = Tie::kNone) const;
  bool PassesFilters(const Letter* grid) const;
  bool PassesTranspose(const Letter* grid) const;
  int levels() const { return static_cast<int>(levels_.size()); }

  std::vector<int> GreedyOrder() const;
  std::vector<int> LastWordLast(std::vector<int> order) const;
  void BuildLevels(const std::vector<int>& order);
  void MergeAutomata();
  void BuildChecks();
  void DropCoveredChecks();
  void BuildMemoKeys();
  void BuildTie();
  std::vector<int> SlotWriters() const;
  void BuildSieve();
  bool AllowAll(int from, int to, LetterSet letters) const;
  void BuildClosing();
  void BuildCorner();
  void BuildDoubleClosing();
  // The levels a tail count could take (see BuildTail) with the ties built so far: the
  // first (-1: none), W's walker at each, and W's slot before the first.
  struct TailLevels {
    int start = -1;
    std::vector<uint8_t> walker_of;
    uint16_t slot = 0;
  };
  TailLevels FindTail() const;
  void BuildTail();
  void BuildFold();
  void BuildLone();
  template <class Mask>
  const Mask* reach() const {
    if constexpr (sizeof(Mask) == 8) return reach_wide_.data();
    else return reach_narrow_.data();
  }
  template <class Mask>
  const DawgEntry<Mask>* entries() const {
    if constexpr (sizeof(Mask) == 8) {
      return merged_wide_.empty() ? shape_.dawgs[0]->entries<uint64_t>() : merged_wide_.data();
    } else {
      return merged_narrow_.empty() ? shape_.dawgs[0]->entries<uint32_t>() : merged_narrow_.data();
    }
  }

  SquareProblem problem_;  // a square's problem (shapes: mode unused, rows = cols = 0)
  const Dawg* row_dawg_ = nullptr;
  const Dawg* col_dawg_ = nullptr;
  ShapeProblem shape_;
  bool classic_ = false;    // a square mode: the symmetric extras and Tie apply
  int contains_words_ = 0;  // --contains looks at words [0, contains_words_)
  int slots_ = 0;           // state array size; the free slot is the last
  bool wide_ = false;
  bool empty_ = false;      // some word's automaton has no words: no result
  std::vector<uint32_t> word_root_;  // per word, its root entry in entries()
  std::vector<DawgEntry<uint32_t>> merged_narrow_;  // the automata of several lengths (or
  std::vector<DawgEntry<uint64_t>> merged_wide_;    // lists) in one array, children rebased
  int max_walkers_ = 0;
  bool has_echoes_ = false;
  std::vector<Level> levels_;
  std::vector<Check> checks_;
  std::vector<uint16_t> checks_lifted_;  // per level: the end of its checks a lift applies first
  std::vector<int> symmetry_;  // an involution of the shape (see BuildTie); empty: none
  std::vector<std::array<uint16_t, 2>> tie_pairs_;  // (later level, earlier level) of each
                                                    // cell and its image, by later level
  // Per level: the earlier level of its pair (-1: none) and the pairs before its own.
  std::vector<std::array<int16_t, 2>> tie_of_level_;
  std::vector<uint16_t> memo_slots_;
  bool has_memo_ = false;  // some level has a memo key
  // Listing's replay memo (see ReplayMemo) at the start of the last kReplayDepth levels, the
  // last three rows of a square, when that level has a memo key; -1: none. Higher, its
  // records are longer and repeat less; lower, each hit replays too few results to pay.
  static constexpr int kReplayDepth = 6;
  int replay_level_ = -1;
  // Listing's sibling memo (see SiblingMemo) at the start of row 1 of a symmetric square,
  // when levels 0..sibling_level_-1 spell row 0 from its root (level 0 stepping it alone),
  // the replay level lies below and at most kMaxSiblingLevels levels follow (a result's
  // letters in 128 bits); -1: none. The memo is shared by this search's copies, which
  // search alike.
  static constexpr int kMaxSiblingLevels = 16;
  int sibling_level_ = -1;
  std::shared_ptr<SiblingMemo> sibling_memo_;
  // Letters d >= 1 below a state, at reach[(d - 1) * entry_count + state.first] (a state is
  // named by its child group, unique in entries()); the last plane: its own mask (d = 0).
  std::vector<uint32_t> reach_narrow_;
  std::vector<uint64_t> reach_wide_;
  bool has_filters_ = false;
  int sieve_level_ = -1;  // the level where F begins; -1: no sieve
  int sieve_ties_ = 0;    // tie pairs complete before it
  size_t sieve_blocks_ = 0;
  std::vector<Sift> sifts_;
  std::vector<uint32_t> row_of_;
  std::vector<uint64_t> sieve_rows_;
  std::vector<SieveBlock> sieve_start_;  // F's words that fit its own cells' letters
  std::vector<SieveBlock> sieve_first_;  // sift 0's lists: list k at [sieve_lists_[k], [k + 1])
  std::vector<uint32_t> sieve_lists_;
  // The closing count (see BuildClosing): counting, at closing_level_ the results below are
  // the dot product of two vectors, v of the state in slot closing_slots_[0] and w of that
  // in closing_slots_[1]. A state's vectors (kLetters bytes each, v then w) begin at
  // closing_counts_[closing_map_[state.first - closing_lo_]].
  int closing_level_ = -1;
  int closing_unchecked_level_ = -1;  // counting skips this level's look-ahead (or -1): the
                                      // level before the closing count's or the fold's
  static constexpr double kMinClosingMean = 3.0;  // letters a closing state leaves, on average
  std::array<uint16_t, 2> closing_slots_{};
  uint32_t closing_lo_ = 0;
  std::vector<uint32_t> closing_map_;
  std::vector<uint8_t> closing_counts_;
  // The corner count (see BuildCorner): counting, at corner_level_ the results below are
  // summed over the pairs (x, y) of letters that may follow the state R in slot
  // corner_slots_[0] at its second and third letter, `count` times: the dot product of the
  // closing count's v of A's state after x (A in slot corner_slots_[1]) and w of B's state
  // after y (B in corner_slots_[2]). Per state (its id at corner_map_[state.first -
  // corner_lo_]): its pairs at corner_pairs_[corner_pairs_begin_[id], [id + 1]), and per
  // letter the offset in closing_counts_ of its child's vectors at corner_children_[id *
  // letters + x] (a block of zeros when it has no such child).
  struct CornerPair {
    uint8_t x, y;
    uint16_t count;
  };
  int corner_level_ = -1;
  std::array<uint16_t, 3> corner_slots_{};
  uint32_t corner_lo_ = 0;
  std::vector<uint32_t> corner_map_;
  std::vector<uint32_t> corner_children_;
  std::vector<uint32_t> corner_pairs_begin_;
  std::vector<CornerPair> corner_pairs_;
  // The double closing count (see BuildDoubleClosing): counting a double square or a
  // rectangle, at double_level_ (the second last row's first cell) the results below are the
  // pairs of words of the last two rows (from their roots double_roots_) that close each
  // column c, whose state is in slot double_slots_[c]; only once a pair of the first
  // double_ties_ tie pairs differs (the rest then constrain nothing).
  static constexpr int kMinDoubleClosingRows = 5;
  int double_level_ = -1;
  int double_ties_ = 0;
  std::array<uint32_t, 2> double_roots_{};
  std::vector<uint16_t> double_slots_;
  uint64_t search_id_ = 0;  // names this search's entries in the per-thread subtree memo
  // The tail count (see BuildTail): counting, the levels from tail_level_ on spell the rest
  // of one word from its state in slot tail_slot_, and every other word through their cells
  // has its state fixed before: the results below are its suffixes whose letter q lies in
  // the mask of level tail_level_ + q, its walker tail_walker_[q] left out.
  int tail_level_ = -1;
  uint16_t tail_slot_ = 0;
  std::vector<uint8_t> tail_walker_;
  // The tail's fold (see BuildFold): counting, at fold_level_ (the level before the tail, or
  // -1) the results below are the tail count whose last step leaves out walker fold_reader_
  // and weighs each letter by the letters x of the fold level whose child, in the walker
  // fold_walker_ steps there, allows it.
  int fold_level_ = -1;
  uint8_t fold_walker_ = 0, fold_reader_ = 0;
  // Lone levels (see BuildLone): counting, lone_[l] says that level l's letter is read by one
  // word, which ends there, and by nothing after: the count below is that of one letter times
  // the letters allowed.
  std::vector<uint8_t> lone_;
};

}  // namespace squares::core
