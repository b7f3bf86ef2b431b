// The row's test from its end in the level loop (see row_from_end.h).
// Included by square_loop.h only.
#pragma once

#include <algorithm>
#include <array>
#include <bit>

#include "search/loop_walk.h"
#include "search/row_from_end.h"

namespace squares::core {

// A row's masks and the paths its ends leave (see RowFromEnd::Ends).
template <class Mask, class Narrow>
SQUARES_LOOP_INLINE RowFromEnd::Ends RowFromEnd::Masks(const Row& row, const DawgEntry<Mask>* state,
                                                       Narrow narrow, Mask* mask) {
  const int n = static_cast<int>(row.slots.size());
  Ends ends;
  for (int q = 0; q < n; ++q) {
    mask[q] = static_cast<Mask>(row.allowed[q]) & state[row.slots[q]].mask & narrow(q);
    ends.empty = ends.empty || mask[q] == 0;
  }
  for (int q = 0; q < kEndCells; ++q) {
    ends.front *= std::popcount(mask[q]);
    ends.back *= std::popcount(mask[n - 1 - q]);
  }
  return ends;
}

// Row r's masks, then the words from the end that leaves fewer paths, walked depth first to
// the first that fits; none: the deepest level that set a crossing state the walk read.
template <class Mask>
SQUARES_LOOP_CLONES int RowFromEnd::Test(int r, const DawgEntry<Mask>* entries,
                                         const DawgEntry<Mask>* state) const {
  const Row& row = rows[r];
  const int n = static_cast<int>(row.slots.size());
  std::array<Mask, kMaxWordLength> mask;
  const Ends ends = Masks(row, state, [](int) { return ~Mask{0}; }, mask.data());
  if (ends.front <= ends.back && ends.front > kMaxFirstPaths) return kFits;  // left to the walk
  // Depth first from `start` through the masks (kReversed: last cell first) to the first
  // word: 0, or with none, how many cells the walk read.
  auto walk = [&]<bool kReversed>(const DawgEntry<Mask>* words, uint32_t start) {
    auto cell_mask = [&](int i) { return mask[kReversed ? n - 1 - i : i]; };
    std::array<DawgEntry<Mask>, kMaxWordLength> at;
    std::array<Mask, kMaxWordLength> untried;
    at[0] = words[start];
    untried[0] = at[0].mask & cell_mask(0);
    int deepest = 0;
    for (int i = 0; i >= 0;) {
      if (untried[i] == 0) {
        --i;
        continue;
      }
      if (i == n - 1) return 0;
      const int c = std::countr_zero(untried[i]);
      untried[i] &= untried[i] - 1;
      at[i + 1] = words[ChildIndex(at[i], c)];
      untried[i + 1] = at[i + 1].mask & cell_mask(i + 1);
      deepest = std::max(deepest, ++i);
    }
    return deepest + 1;
  };
  if (ends.front > ends.back) {
    const int read = walk.template operator()<true>(table->reversed.entries<Mask>(), Dawg::kRoot);
    return read == 0 ? kFits : row.resume_last[read];
  }
  const int read = walk.template operator()<false>(entries, root);
  return read == 0 ? kFits : row.resume_first[read];
}

}  // namespace squares::core
