// The row's test from its end in the level loop (see row_from_end.h).
// Included by square_loop.h only.
#pragma once

#include <array>
#include <bit>

#include "search/loop_walk.h"
#include "search/row_from_end.h"

namespace squares::core {

// Row r's masks from its crossing states; when its first three cells leave more paths than
// its last three, the reversed words walked through them, depth first, to the first that fits.
template <class Mask>
SQUARES_LOOP_CLONES bool RowFromEnd::Fits(int r, const DawgEntry<Mask>* state) const {
  const Row& row = rows[r];
  const int n = static_cast<int>(row.slots.size());
  std::array<Mask, kMaxWordLength> mask;
  for (int q = 0; q < n; ++q)
    mask[q] = static_cast<Mask>(row.allowed[q]) & state[row.slots[q]].mask;
  int front = 1, back = 1;
  for (int q = 0; q < kEndCells; ++q) {
    front *= std::popcount(mask[q]);
    back *= std::popcount(mask[n - 1 - q]);
  }
  if (front <= back) return true;
  const DawgEntry<Mask>* entries = table->reversed.entries<Mask>();
  std::array<DawgEntry<Mask>, kMaxWordLength> at;
  std::array<Mask, kMaxWordLength> untried;
  at[0] = entries[Dawg::kRoot];
  untried[0] = at[0].mask & mask[n - 1];
  for (int i = 0; i >= 0;) {
    if (untried[i] == 0) {
      --i;
      continue;
    }
    if (i == n - 1) return true;
    const int c = std::countr_zero(untried[i]);
    untried[i] &= untried[i] - 1;
    at[i + 1] = entries[ChildIndex(at[i], c)];
    untried[i + 1] = at[i + 1].mask & mask[n - 2 - i];
    ++i;
  }
  return false;
}

}  // namespace squares::core
