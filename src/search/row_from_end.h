// The row's test from its end (see RowFromEnd::Build): before a row of a double square or
// a rectangle is walked, whether any word fits the masks its columns leave it, read from the
// word's last letter back. The level loop tests in loop_row_from_end.h.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "lexicon/dawg.h"
#include "search/search_tables.h"
#include "search/shape.h"
#include "search/walk.h"

namespace squares::core {

// When a word W (a row) is placed from its root at consecutive levels, each of its cells
// crossed by one other word (a column) whose state there is set before W begins, the masks of
// those states are the letters W may take, cell by cell, before its first letter is placed.
// The walk then tests W from its first letter, and a W that fits nowhere costs every prefix
// that fits the first cells. Read from the last letter, the same test can end much sooner:
// at order 9 a row whose first columns leave many letters and whose last ones few is often
// refuted in a few steps of the reversed words' automaton. So, after the level before W, when
// the masks of W's first three cells leave more paths than those of its last three, W's
// reversed automaton is walked through them, last cell first, to the first word that fits;
// none is a dead end. Otherwise the walk below finds out as cheaply. The reversed automaton
// depends on the automata alone and is shared per dictionary (see SearchTables).
struct RowFromEnd {
  static constexpr int kEndCells = 3;  // cells of each end whose paths are compared
  static constexpr int kMinLength = 2 * kEndCells;
  static constexpr int kMinDepth = 2;  // letters of each crossing word placed before W

  struct Row {
    std::vector<uint16_t> slots;     // per cell of W, in W's order: its crossing state's slot
    std::vector<LetterSet> allowed;  // per cell: the letters the search allows there
  };
  struct Table {
    Dawg reversed;
    size_t bytes() const { return reversed.bytes(); }
  };

  std::vector<int16_t> at_level;  // per level: the row tested after it (an index of rows), or -1
  std::vector<Row> rows;
  std::shared_ptr<const Table> table;  // the reversed words of the rows' automaton

  static RowFromEnd Build(const WalkPlan& plan, const Shape& shape, SearchTables* tables);
  bool on() const { return !rows.empty(); }

  // Whether some word of the rows' automaton fits row r's masks in `state` (or the test
  // leaves it to the walk).
  template <class Mask>
  bool Fits(int r, const DawgEntry<Mask>* state) const;
};

}  // namespace squares::core
