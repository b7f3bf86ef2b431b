// The row's test from its end (see RowFromEnd::Build): before a row of a double square or
// a rectangle is walked, whether any word fits the masks its columns leave it, read from the
// end that leaves fewer paths, and where the search resumes when none does. The level loop
// tests in loop_row_from_end.h.
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
// otherwise W's own automaton, first cell first, where its first cells leave at most
// kMaxFirstPaths paths (with more, W nearly always fits, and the walk finds out as cheaply).
// None is a dead end.
//
// A refutation read only the cells the walk reached: d cells from the end it walked from.
// Their crossing states were set at known levels, and no letter placed below the deepest of
// those can change them, so the search backs up to that level, not only to the level before
// W (backjumping). Read from the first cells, whose columns the row above sets first, that
// often skips the rest of the row above. The reversed automaton depends on the automata alone
// and is shared per dictionary (see SearchTables).
//
// The row walk: where W's levels are free of every other part (no count, sieve or lone level
// there; `busy` in Build), the search does not place W cell by cell but takes its words
// whole, walked through the same masks from the end the test would read first, and steps
// each column by its letter (a column's step does not depend on the order of the row's
// cells). A row whose last cells fit few words is then walked from there, not from first
// cells that fit many prefixes which end nowhere. A tie on W's cells that compares letters
// placed before W narrows the cell's mask; one that reads W's own letters is tested on each
// word.
struct RowFromEnd {
  static constexpr int kEndCells = 3;  // cells of each end whose paths are compared
  static constexpr int kMinLength = 2 * kEndCells;
  static constexpr int kMinDepth = 2;  // letters of each crossing word placed before W
  static constexpr int kMaxFirstPaths = 100;
  static constexpr int kFits = -1;  // Test: some word fits (or the walk will tell)

  struct Row {
    int level = 0;                   // W's first level
    bool walked = false;             // placed whole (the row walk)
    std::vector<uint16_t> slots;     // per cell of W, in W's order: its crossing state's slot
    std::vector<uint16_t> after;     // and the crossing word's slot after the cell
    uint32_t tied_in_row = 0;        // walked: the cells whose tie reads W's letters (bit q)
    std::vector<LetterSet> allowed;  // per cell: the letters the search allows there
    // For d = 1..length: the deepest level that set the crossing state of one of W's first d
    // cells (resume_first[d]), of its last d cells (resume_last[d]); [0] unused.
    std::vector<int16_t> resume_first, resume_last;
  };
  struct Table {
    Dawg reversed;
    size_t bytes() const { return reversed.bytes(); }
  };

  std::vector<int16_t> at_level;  // per level: the row tested after it (an index of rows), or -1
  std::vector<int16_t> walk_at_level;  // per level: the walked row it begins, or -1; empty: none
  std::vector<Row> rows;
  uint32_t root = 0;                   // the rows' automaton, in the walk's entries
  std::shared_ptr<const Table> table;  // the reversed words of the rows' automaton

  // `busy[l]`: another part acts at level l (W is not walked there).
  static RowFromEnd Build(const WalkPlan& plan, const Shape& shape, const std::vector<bool>& busy,
                          SearchTables* tables);
  bool on() const { return !rows.empty(); }
  bool walks() const { return !walk_at_level.empty(); }

  // A row's masks from its crossing states (loop_row_from_end.h), each cell's narrowed by
  // `narrow(q)`, into `mask`: the paths its first kEndCells cells leave against its last
  // ones' (the end a walk reads first), and whether some cell has no letter.
  struct Ends {
    int front = 1, back = 1;
    bool empty = false;
  };
  template <class Mask, class Narrow>
  static Ends Masks(const Row& row, const DawgEntry<Mask>* state, Narrow narrow, Mask* mask);
  // kFits when some word of the rows' automaton (at `entries`) fits row r's masks in
  // `state`, else the level the search resumes at.
  template <class Mask>
  int Test(int r, const DawgEntry<Mask>* entries, const DawgEntry<Mask>* state) const;
};

}  // namespace squares::core
