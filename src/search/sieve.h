// The last word's sieve (see Sieve::Build): the words the last word of a shape can still take,
// narrowed as the words crossing it are placed. The level loop sifts in loop_sieve.h.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "search/search_tables.h"
#include "search/shape.h"
#include "search/walk.h"

namespace squares::core {

// When the last levels spell one word F from its root, and every other word through F's cells
// has its state before that cell fixed by an earlier level, the words F can take are known
// before F begins: the words of F's list whose letter k lies in the mask of each such state,
// kept as a list of nonzero 64-bit blocks of a bitset over F's words (rank order). After the
// level that fixes a crossing state, one sift ANDs the list with the row of that state: an
// empty list is a dead end found before the levels between are searched, and counting adds
// the list's popcount where F would begin instead of walking it. Sift j reads sift j-1's list
// (sift 0 reads `start`) and rewrites its own whenever its level places a letter, so
// backtracking needs no undo. The words, rows and maps depend on the automata alone and are
// shared per dictionary (Table, see SearchTables); the start and sift 0's lists depend on the
// letters the search allows F's cells too, and are shared by the searches that allow the same
// (Lists: most searches fix no letter there).
struct Sieve {
  // row_of[map + state.first - first_lo] is the row in `rows` of the crossing state in
  // `slot` (`blocks` words each; kPassRow: the state allows every letter F has there).
  struct Sift {
    uint16_t slot;
    uint32_t map, first_lo;
  };
  struct Block {
    uint32_t index;
    uint64_t bits;
  };
  static constexpr uint32_t kPassRow = UINT32_MAX;
  static constexpr size_t kMaxBytes = size_t{64} << 20;  // rows; else no sieve
  static constexpr int kMinLength = 4;                   // letters of F
  static constexpr double kMinMean = 3.0;  // letters a crossing state leaves (mean over states)

  // F's words and the rows of its crossing states, in sift order (made: false when the sieve
  // would not pay). Crossing j's map is maps[j]: its row_of begins at maps[j].map, its states'
  // child groups at maps[j].first_lo. Crossing 0's rows are [0, first_rows).
  struct Table {
    bool made = false;
    size_t blocks = 0;
    std::vector<Letter> letters;  // F's words, its length each, in rank order
    std::vector<Sift> maps;       // slot unused
    uint32_t first_rows = 0;
    std::vector<uint32_t> row_of;
    std::vector<uint64_t> rows;
    size_t bytes() const {
      return letters.size() + maps.size() * sizeof(Sift) + row_of.size() * sizeof(uint32_t) +
             rows.size() * sizeof(uint64_t);
    }
  };

  // F's words that fit the letters of its cells, and sift 0's rows ANDed with them.
  struct Lists {
    std::vector<Block> start;     // F's words that fit its own cells' letters
    std::vector<Block> first;     // sift 0's lists, one per row of it: list r at
    std::vector<uint32_t> lists;  // [lists[r], lists[r + 1])
    size_t bytes() const {
      return (start.size() + first.size()) * sizeof(Block) + lists.size() * sizeof(uint32_t);
    }
  };

  int level = -1;  // where F begins; -1: no sieve
  // The level just before F when it places the only sift there, the last, and no tie pair's
  // later letter: counting may take its letters at once, each one's count read from the last
  // sift (its crossing word steps from slot batch_before). -1: none.
  int batch_level = -1;
  uint16_t batch_before = 0;
  // The row R above F, when R is a word of F's list from its root at the levels just before
  // F, each placing one sift (sift q at R's letter q): counting takes R whole at row_level
  // once the tie pairs of row_ties leave it untied. R's candidates are the words whose letter
  // q its column's state before it (slot row_before[q]) allows: the AND of one row of
  // row_table per cell (crossing q: R's letter q); each is counted through F's sifts from
  // the states it gives the columns. -1: none.
  int row_level = -1;
  TieCut row_ties{};
  std::shared_ptr<const Table> row_table;
  std::vector<uint16_t> row_before;
  TieCut ties{};   // tie pairs complete before it (see WalkPlan::TiesBefore)
  std::shared_ptr<const Table> table;
  std::shared_ptr<const Lists> lists;  // with the table
  std::vector<Sift> sifts;
  std::vector<std::array<uint16_t, 2>> at_level;  // per level: its sifts [first, last); empty: none

  static Sieve Build(const WalkPlan& plan, const Shape& shape, SearchTables* tables);
  // Whether level l sifts after a placement.
  bool Sifts(int l) const { return !at_level.empty() && at_level[l][0] != at_level[l][1]; }

 private:
  void BuildRow(const WalkPlan& plan, const Shape& shape, int final_word, SearchTables* tables);
};
static_assert(sizeof(Sieve::Block) == 16, "a block's bits stay 8-byte aligned in a list");

}  // namespace squares::core
