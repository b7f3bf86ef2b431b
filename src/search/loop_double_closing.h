// The double closing count in the level loop (see double_closing.h): counting a double
// square or a rectangle, the results below the start of its second last row as the pairs of
// row words that close every column, walked together through the rows' automaton.
// Included by square_loop.h only.
#pragma once

#include <array>
#include <bit>

#include "search/double_closing.h"
#include "search/loop_walk.h"

namespace squares::core {

// The pairs of row words (r, t) with r[c] in the mask of column c's state and t[c] in the
// mask of that state's child by r[c], for every column c: a walk over the pairs of states
// (u, v) of the two rows, column by column, the last column counted by popcounts. A pair is
// entered only when it can take the next column's letters. (Pairs that reach the same two
// states are too few to merge: the rows' automaton joins prefixes only near the word's end.)
template <class Mask>
SQUARES_LOOP_CLONES uint64_t DoubleClosing::Count(const Level* levels,
                                                  const DawgEntry<Mask>* entries,
                                                  const DawgEntry<Mask>* state) const {
  constexpr int kLetters = sizeof(Mask) * 8;
  const int cols = static_cast<int>(slots.size());
  // Per column: the letters of the second last row that some letter can follow (xs), and
  // per such letter x the letters that end the column after it (ends).
  std::array<Mask, kMaxSquareSide> xs;
  std::array<std::array<Mask, kLetters>, kMaxSquareSide> ends;
  for (int c = 0; c < cols; ++c) {
    const DawgEntry<Mask> column = state[slots[c]];
    const Mask last_row = static_cast<Mask>(levels[level + cols + c].allowed);
    xs[c] = 0;
    for (Mask m = column.mask & static_cast<Mask>(levels[level + c].allowed); m; m &= m - 1) {
      const int x = std::countr_zero(m);
      ends[c][x] = entries[ChildIndex(column, x)].mask & last_row;
      if (ends[c][x] != 0) xs[c] |= Mask{1} << x;
    }
    if (xs[c] == 0) return 0;
  }
  // Whether the states with masks u and v can take column c's letters.
  auto takes = [&](int c, Mask u, Mask v) {
    for (Mask m = u & xs[c]; m; m &= m - 1) {
      if (v & ends[c][std::countr_zero(m)]) return true;
    }
    return false;
  };
  auto walk = [&](auto& self, int c, DawgEntry<Mask> u, DawgEntry<Mask> v) -> uint64_t {
    uint64_t found = 0;
    if (c == cols - 1) {
      for (Mask m = u.mask & xs[c]; m; m &= m - 1)
        found += std::popcount(v.mask & ends[c][std::countr_zero(m)]);
      return found;
    }
    for (Mask m = u.mask & xs[c]; m; m &= m - 1) {
      const int x = std::countr_zero(m);
      Mask ys = v.mask & ends[c][x];
      if (ys == 0) continue;
      const DawgEntry<Mask> u_next = entries[ChildIndex(u, x)];
      if ((u_next.mask & xs[c + 1]) == 0) continue;
      for (; ys; ys &= ys - 1) {
        const DawgEntry<Mask> v_next = entries[ChildIndex(v, std::countr_zero(ys))];
        if (takes(c + 1, u_next.mask, v_next.mask)) found += self(self, c + 1, u_next, v_next);
      }
    }
    return found;
  };
  return walk(walk, 0, entries[roots[0]], entries[roots[1]]);
}

}  // namespace squares::core
