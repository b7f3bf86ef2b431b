// The row walk in the level loop (see row_from_end.h): on entering a walked row, the masks its
// columns leave it; then its words, walked from the end that fits fewer paths (a count) or
// from the first cell (a listing, in its order), each placed in turn, the row's levels at
// once.
// Included by square_loop.h only.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "search/loop_row_from_end.h"
#include "search/loop_walk.h"
#include "search/row_from_end.h"
#include "search/square_search.h"

namespace squares::core {

// Per walked row, its walk: the masks in the order walked (`reversed`: last cell first), the
// automaton entries and untried letters of each depth, the letters of the path, the depth
// to resume at (-1: done), and how many of the row's cells have their column stepped
// (`stepped`: 0 on entering, then all) and by which letters.
template <class Mask>
class SquareSearch::LoopRowWalk {
 public:
  // `any_order`: the results are only counted, so a row may be walked from its end (its
  // words then come in another order); else the rows are walked forward, in the order a
  // listing keeps.
  SQUARES_LOOP_INLINE LoopRowWalk(const SquareSearch& search, const DawgEntry<Mask>* entries,
                                  bool any_order)
      : any_order_(any_order),
        rows_(search.from_end_.rows.data()),
        walk_at_level_(search.from_end_.walk_at_level.data()),
        forward_(entries + search.from_end_.root),
        reversed_(search.from_end_.table->reversed.template entries<Mask>()),
        row_count_(search.from_end_.rows.size()),
        cursor_(row_count_) {}
  SQUARES_LOOP_INLINE ~LoopRowWalk() {}

  // The levels between each walked row's first and last keep no letter in `avail` (see
  // RunTyped): set once, as nothing else writes them while the rows are placed whole.
  SQUARES_LOOP_INLINE void ClearBetween(Mask* avail) const {
    for (size_t r = 0; r < row_count_; ++r) {
      const RowFromEnd::Row& row = rows_[r];
      if (!row.walked) continue;
      for (int l = row.level + 1; l < row.level + Cells(row) - 1; ++l) avail[l] = 0;
    }
  }

  // Whether a walked row begins at level l.
  SQUARES_LOOP_INLINE bool Starts(int l) const { return walk_at_level_[l] >= 0; }
  SQUARES_LOOP_INLINE int Cells(int l) const { return Cells(rows_[walk_at_level_[l]]); }

  // Entering the row at level l: its masks and the end its walk starts from. Nonzero: some
  // path may fit.
  template <class Walk>
  SQUARES_LOOP_INLINE Mask Arrive(int l, const Walk& walk) {
    const RowFromEnd::Row& row = rows_[walk_at_level_[l]];
    const int n = Cells(row);
    std::array<Mask, kMaxSquareSide> mask;
    const auto [front, back, empty] = RowFromEnd::Masks(
        row, walk.state,
        [&](int q) { return row.tied_in_row >> q & 1 ? ~Mask{0} : walk.TieAllows(l + q); },
        mask.data());
    if (empty) return 0;
    Cursor& at = cursor_[walk_at_level_[l]];
    at.reversed = any_order_ && front > back;
    for (int i = 0; i < n; ++i) at.mask[i] = mask[at.reversed ? n - 1 - i : i];
    at.entry[0] = at.reversed ? reversed_[Dawg::kRoot] : *forward_;
    at.untried[0] = at.entry[0].mask & at.mask[0];
    at.depth = 0;
    at.stepped = 0;
    return at.untried[0];
  }

  // Places the row's next word, its levels from l, and steps each column whose letter
  // changed: false when none is left. `nodes` counts the letters the walk tries.
  template <class Walk>
  SQUARES_LOOP_INLINE bool Next(int l, Walk& walk, uint64_t& nodes) {
    const RowFromEnd::Row& row = rows_[walk_at_level_[l]];
    const int n = Cells(row);
    Cursor& at = cursor_[walk_at_level_[l]];
    const DawgEntry<Mask>* words = at.reversed ? reversed_ : walk.entries;
    Letter* placed = walk.letters + l;
    do {
      int i = at.depth;
      for (;;) {
        if (i < 0) {
          at.depth = -1;
          return false;
        }
        if (at.untried[i] == 0) {
          --i;
          continue;
        }
        const int c = std::countr_zero(at.untried[i]);
        at.untried[i] &= at.untried[i] - 1;
        at.path[i] = static_cast<Letter>(c);
        ++nodes;
        if (i == n - 1) break;
        at.entry[i + 1] = words[ChildIndex(at.entry[i], c)];
        at.untried[i + 1] = at.entry[i + 1].mask & at.mask[i + 1];
        ++i;
      }
      at.depth = i;
      for (int q = 0; q < n; ++q) placed[q] = at.path[at.reversed ? n - 1 - q : q];
    } while (!TiesKeep(row, l, walk));
    DawgEntry<Mask>* state = walk.state;
    for (int q = 0; q < n; ++q) {
      if (q < at.stepped && at.stepped_by[q] == placed[q]) continue;
      at.stepped_by[q] = placed[q];
      state[row.after[q]] = walk.entries[ChildIndex(state[row.slots[q]], placed[q])];
    }
    at.stepped = n;
    return true;
  }

 private:
  struct Cursor {
    std::array<DawgEntry<Mask>, kMaxSquareSide> entry;
    std::array<Mask, kMaxSquareSide> mask, untried;
    std::array<Letter, kMaxSquareSide> path, stepped_by;
    int depth, stepped;
    bool reversed;
  };
  // Whether the word placed at levels [l, l + cells) keeps the ties that read its own letters.
  template <class Walk>
  SQUARES_LOOP_INLINE static bool TiesKeep(const RowFromEnd::Row& row, int l, const Walk& walk) {
    for (uint32_t cells = row.tied_in_row; cells; cells &= cells - 1) {
      const int q = std::countr_zero(cells);
      if (!(walk.TieAllows(l + q) >> walk.letters[l + q] & 1)) return false;
    }
    return true;
  }
  SQUARES_LOOP_INLINE static int Cells(const RowFromEnd::Row& row) {
    return static_cast<int>(row.slots.size());
  }

  const bool any_order_;
  const RowFromEnd::Row* const rows_;
  const int16_t* const walk_at_level_;
  const DawgEntry<Mask>* const forward_;
  const DawgEntry<Mask>* const reversed_;
  const size_t row_count_;
  LoopArray<Cursor> cursor_;
};

}  // namespace squares::core
