// The tail count in the level loop (see tail.h): counting, the results below
// the tail's (or the fold's) level as one word's paths through the masks the other words
// leave its cells.
// Included by square_loop.h only.
#pragma once

#include <array>
#include <bit>

#include "search/loop_walk.h"
#include "search/tail.h"

namespace squares::core {

// W's paths from its state through the tail's masks, depth first with one mask of untried
// letters per step. Folded: the last step leaves out the fold's word and counts a path once
// for each of the fold level's letters `folds` whose child of `fold` (the fold word's state)
// allows its last letter. The last cell's mask is read first: most fold counts end there.
template <class Mask, int kWalkers, bool kFolded, LoopIsa kIsa>
SQUARES_LOOP_CLONES uint64_t TailCount::Count(const DawgEntry<Mask>* entries, const LetterRow* rows,
                                              const DawgEntry<Mask>* state,
                                              const DawgEntry<Mask>& fold, Mask folds) const {
  const int length = static_cast<int>(walker.size());
  auto cell_mask = [&](const Cell& cell) __attribute__((always_inline)) {
    Mask m = static_cast<Mask>(cell.allowed);
    for (int w = 0; w < kWalkers; ++w) m &= state[cell.reads[w]].mask;
    return m;
  };
  std::array<Mask, kMaxLevels> mask, untried;
  std::array<DawgEntry<Mask>, kMaxLevels> at;
  // Folded: the fold word's children by the fold's letters, those that allow some letter of
  // the last cell (n of them).
  std::array<Mask, sizeof(Mask) * 8> parts;
  int n = 0;
  int masked = length;
  if constexpr (kFolded) {
    const Mask last = cell_mask(folded_last);
    // With the letter rows, the fold's letters whose part is empty are dropped at once.
    Mask xs = folds;
    const LetterRow* row = nullptr;
    if constexpr (sizeof(Mask) == 4) {
      if (rows) {
        row = &rows[fold.first];
        xs &= AllowingIn<kIsa>(*row, last);
      }
    }
    Mask any = 0;
    for (; xs; xs &= xs - 1) {
      const int x = std::countr_zero(xs);
      const Mask part = (row ? row->child[x] : entries[ChildIndex(fold, x)].mask) & last;
      if (part != 0) parts[n++] = part;
      any |= part;
    }
    if (n == 0) return 0;
    mask[length - 1] = any;  // the letters some part counts
    masked = length - 1;
  }
  for (int q = 0; q < masked; ++q) mask[q] = cell_mask(cells[q]);
  // The results of the last step's letters m.
  auto ends = [&parts, n](Mask m) __attribute__((always_inline)) -> uint64_t {
    if constexpr (!kFolded) return std::popcount(m);
    uint64_t count = 0;
    for (int i = 0; i < n; ++i) count += std::popcount(m & parts[i]);
    return count;
  };
  uint64_t found = 0;
  auto step = [&](const DawgEntry<Mask>& e, int c) __attribute__((always_inline)) { return entries[ChildIndex(e, c)]; };
  // The letters of step q from state e; folded, at the second last step, less those whose
  // child leaves the last none (by the letter rows, where there are some): most fold counts
  // find nothing there, and the last step costs a popcount per part.
  auto letters = [&](const DawgEntry<Mask>& e, int q) __attribute__((always_inline)) {
    Mask m = e.mask & mask[q];
    if constexpr (kFolded && sizeof(Mask) == 4) {
      if (rows && q == length - 2) m &= AllowingIn<kIsa>(rows[e.first], mask[q + 1]);
    }
    return m;
  };
  // Short tails as nested loops, the last step a popcount: a word cube's last row (3
  // letters), a diagonal 4x4 square's (4). Inlined by force, as the loop's parts are.
  auto nested = [&]<int kLeft>(auto& self, const DawgEntry<Mask>& e, int q) __attribute__((always_inline)) {
    if constexpr (kLeft == 1) {
      return ends(e.mask & mask[q]);
    } else {
      uint64_t count = 0;
      for (Mask xs = letters(e, q); xs; xs &= xs - 1) {
        count += self.template operator()<kLeft - 1>(self, step(e, std::countr_zero(xs)), q + 1);
      }
      return count;
    }
  };
  if (length == 3) return nested.template operator()<3>(nested, state[slot], 0);
  if (length == 4) return nested.template operator()<4>(nested, state[slot], 0);
  at[0] = state[slot];
  untried[0] = letters(at[0], 0);
  for (int q = 0; q >= 0;) {
    if (q == length - 1) {
      found += ends(untried[q]);
      --q;
      continue;
    }
    if (untried[q] == 0) {
      --q;
      continue;
    }
    const int c = std::countr_zero(untried[q]);
    untried[q] &= untried[q] - 1;
    at[q + 1] = step(at[q], c);
    untried[q + 1] = letters(at[q + 1], q + 1);
    ++q;
  }
  return found;
}

}  // namespace squares::core
