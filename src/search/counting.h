// Counting's shortcuts: the tables of the parts that count the levels below one without
// searching them (lone levels, the closing and corner counts, the tail and its fold, the
// double closing count), built once per search (the closing and corner counts' vectors once
// per dictionary, see SearchTables). The level loop reads them in
// loop_counting.h (and listing lists the closing count's levels in loop_listing.h).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "search/double_closing.h"
#include "search/search_tables.h"
#include "search/shape.h"
#include "search/tail.h"
#include "search/walk.h"

namespace squares::core {

// Lone levels: lone[l] says that level l's letter is read by one word, which ends there, and
// by nothing after: the count below is that of one letter times the letters allowed.
struct LoneLevels {
  std::vector<uint8_t> lone;  // per level, and one past the last (never lone)

  // busy[l]: another part acts at level l (tests, sifts or counts there).
  static LoneLevels Build(const WalkPlan& plan, const Shape& shape, const std::vector<bool>& busy);
  int count() const;
};

// The closing count's vectors of the states `depth` letters below two roots (see
// ClosingCount): made from the automata alone, and shared by the searches on them (see
// SearchTables). A state's vectors (kLetters bytes each, v then w) begin at
// counts[map[state.first - lo]]; the last 2 * kLetters bytes, at `zeros`, are zeros (the
// corner count's children that have no vectors).
struct ClosingTable {
  bool made = false;  // else the states lie too far apart to map
  uint32_t lo = 0, zeros = 0;
  std::vector<uint32_t> map;
  std::vector<uint8_t> counts;
  LetterSet below = 0;        // the letters of the states and of their children
  bool many_letters = false;  // the states leave ClosingCount::kMinMean letters or more, on average
  bool vectors = false;       // map and counts made (else they are empty: a listing's table)
  size_t bytes() const { return map.size() * sizeof(uint32_t) + counts.size(); }
};

// The closing count: counting, at `count_level` (the third last) the results below are the
// dot product of two vectors, v of the state in slot slots[0] and w of that in slots[1], read
// in `table`. Listing lists the same three levels (at `level`) as plain loops, and reads no
// vectors.
struct ClosingCount {
  static constexpr double kMinMean = 3.0;  // letters a closing state leaves, on average
  int level = -1;
  int count_level = -1;      // `level` where the table has the vectors, else -1
  int unchecked_level = -1;  // the level above, whose look-ahead counting skips (or -1)
  std::array<uint16_t, 2> slots{};
  std::shared_ptr<const ClosingTable> table;

  // Not where the sieve counts the last word (`sieve_level` >= 0). The table from `tables`
  // (null: made for this search); its vectors only if the search `counts` (a search that only
  // lists never reads them, and they cost most of its first table).
  static ClosingCount Build(const WalkPlan& plan, const Shape& shape, int sieve_level, bool counts,
                            SearchTables* tables);
};

// The corner count's tables (see CornerCount), made from the automata and the closing
// count's table alone, and shared as that is. Per state (its id at map[state.first - lo]):
// its pairs at pairs[pairs_begin[id], [id + 1]), and per letter the offset in the closing
// table's `counts` of its child's vectors at children[id * letters + x] (the zeros when it
// has no such child).
struct CornerTable {
  struct Pair {
    uint8_t x, y;
    uint16_t count;
  };
  bool made = false;  // else the states lie too far apart to map
  uint32_t lo = 0;
  std::vector<uint32_t> map;
  std::vector<uint32_t> children;
  std::vector<uint32_t> pairs_begin;
  std::vector<Pair> pairs;
  LetterSet below = 0;  // the letters of the states and of those up to 2 letters below
  size_t bytes() const {
    return (map.size() + children.size() + pairs_begin.size()) * sizeof(uint32_t) +
           pairs.size() * sizeof(Pair);
  }
};
static_assert(sizeof(CornerTable::Pair) == 4, "a state's pairs are read as one word each");

// The corner count: counting, at `level` (the closing level less 3) the results below are
// summed over the pairs (x, y) of letters that may follow the state R in slot slots[0] at its
// second and third letter, `count` times: the dot product of the closing count's v of A's
// state after x (A in slot slots[1]) and w of B's state after y (B in slots[2]), read in
// `table`.
struct CornerCount {
  int level = -1;
  std::array<uint16_t, 3> slots{};
  std::shared_ptr<const CornerTable> table;

  static CornerCount Build(const WalkPlan& plan, const Shape& shape, const ClosingCount& closing,
                           SearchTables* tables);
};

// What counting may take instead of searching the levels below a level. The sieve's count is
// taken at sieve_level once the tie pairs of sieve_ties leave the levels below untied (the sieve's
// level and ties, kept here where the loop reads them, beside the other shortcuts' levels), or
// at sieve_batch_level for each of that level's letters (see Sieve::batch_level; -1 where
// another part acts on that level or the next), and at sieve_pair_level, the level above
// it where that one is as free, its letters placed and sifted there first (-1: none); and
// at sieve_row_level the row above the sieve's word, whole (see Sieve::row_level), once the
// tie pairs of sieve_row_ties leave it untied.
struct CountingShortcuts {
  int sieve_level = -1;
  TieCut sieve_ties{};
  int sieve_row_level = -1;
  TieCut sieve_row_ties{};
  int sieve_batch_level = -1;
  int sieve_pair_level = -1;
  uint16_t sieve_batch_before = 0;
  LoneLevels lone;
  ClosingCount closing;
  CornerCount corner;
  TailCount tail;
  DoubleClosing double_closing;
  // Per level: whether counting's Enter has only the level's letters to lift there (no
  // shortcut nor a row placed whole begins there, and it is neither of the last two).
  std::vector<uint8_t> plain;
};

}  // namespace squares::core
