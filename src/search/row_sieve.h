// The row sieve (see RowSieve::Build): counting symmetric squares, a whole row placed at once
// from the words its bucket still allows, instead of cell by cell. The level loop runs it in
// loop_row_sieve.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "search/look_ahead.h"
#include "search/search_tables.h"
#include "search/shape.h"
#include "search/walk.h"

namespace squares::core {

// In a symmetric square the rows above row r fix row r's first r letters, so the words row r
// can take all lie below one state of its automaton, its bucket. Counting places the diagonal
// cell last in a row (a lone level), so the row's other cells, (r, r + 1) to (r, n - 1), are
// consecutive levels, each crossing one state of row p (p > r) fixed before the row begins.
// A candidate is one path of those cells' letters below the bucket (the diagonal letter is
// left to the lone level). Per bucket, cell and crossing state, the table holds the bitset
// of the candidates whose letter there the state allows: on entering the row, its candidates
// are the AND of its crossings' bitsets, one per cell, so that the row is searched only where
// some word of the bucket fits every crossing at once. Each candidate is then tested as the
// look-ahead would test the states it sets in the crossing rows: for each cell (k, p) below
// the row (r < k < p), some letter must lie there below both row k's state after the
// candidate and row p's. Those states are children of the crossing states fixed on entering
// the row, so the table keeps, per crossing state, letter and depth, the letters below the
// child: a candidate's tests read a few hundred bytes the row's entry has brought to the
// cache, not the automata. It shares its prefix with the candidate before (a refused prefix
// is skipped whole), and only one that passes is placed (its crossing rows stepped, its own
// row's state after it set). The tables depend on the automata alone and are shared per
// dictionary (see SearchTables).
struct RowSieve {
  static constexpr size_t kMaxBytes = size_t{64} << 20;  // a row's table; else none
  // At order 5 the one row to sieve is row 1, of three letters, which the walk places as
  // quickly (letterpress 78-80 against 80-84 ms, words_alpha 194 against 206 ms).
  static constexpr int kMinSide = 6;

  // The candidates of every state `depth` letters below a root, `cells` letters each, and
  // per cell j the states of its crossing word fixed before the row (`depth` letters below
  // that word's root). A bucket's candidates are letters[(first + i) * cells, ...) for
  // i < count, in the walk's order (8 letters more at the end), the entry of the state each
  // leads to at ends[first + i], present[present + j] the letters they have at j. Crossing
  // state s of cell j (its id state_of[map_begin[j] + s.first - first_lo[j]], ids numbered
  // across the cells) has in each bucket the row of the candidates whose letter j it allows,
  // `blocks` words at rows[bucket.rows + id * blocks]; and, per letter c it allows, the
  // letters d = 0..cells-1 places below its child by c at below[(id * 32 + c) * cells + d].
  struct Table {
    struct Bucket {
      uint32_t first = 0, count = 0, blocks = 0, present = 0;
      size_t rows = 0;
    };
    bool made = false;
    uint32_t lo = 0;                  // bucket_of[state.first - lo]: a state's bucket
    std::vector<uint32_t> bucket_of;  // (a state the table lacks is never met)
    std::vector<Bucket> buckets;
    size_t max_blocks = 0;
    std::vector<Letter> letters;
    std::vector<uint32_t> ends, present;
    std::vector<uint32_t> map_begin, first_lo, state_of;
    std::vector<uint64_t> rows;
    std::vector<uint32_t> below;
    size_t bytes() const {
      const size_t words = bucket_of.size() + ends.size() + present.size() + map_begin.size() +
                           first_lo.size() + state_of.size() + below.size();
      return words * sizeof(uint32_t) + buckets.size() * sizeof(Bucket) + letters.size() +
             rows.size() * sizeof(uint64_t);
    }
  };

  // A test of cell (k, p) below the row, made once the row's cell in column p is placed:
  // the letters `from` places below row k's state (the row's cell `other`) and `own` places
  // below row p's.
  struct Check {
    uint8_t other, from, own;
  };

  // A sieved row: the level of its first cell, its cells, the slots of its own walker there
  // (the bucket's state) and after its last cell, and per cell the crossing word's slots
  // before and after the cell and its checks, at_cell[j] to at_cell[j + 1] in `checks`.
  struct Row {
    int level = 0, cells = 0;
    uint16_t bucket_slot = 0, own_end = 0;
    std::vector<uint16_t> crossing, crossing_after;
    std::vector<Check> checks;
    std::vector<uint16_t> at_cell;
    std::shared_ptr<const Table> table;
  };

  std::vector<Row> rows;
  std::vector<int8_t> row_at_level;  // per level: the row that begins there, or -1; empty: none

  // For a symmetric square (`shape`, of side `side`, at least kMinSide) counted with its
  // diagonal cells last (32-bit masks), the rows whose tables fit kMaxBytes, none of whose levels
  // is `busy` (another part counts or sifts there) or narrowed by a pattern. The letters below a
  // state are read from the look-ahead's table (`look`; none: no row sieve).
  static RowSieve Build(const WalkPlan& plan, const Shape& shape, int side,
                        const std::vector<bool>& busy, const LookAhead& look, SearchTables* tables);
  bool on() const { return !rows.empty(); }
};

}  // namespace squares::core
