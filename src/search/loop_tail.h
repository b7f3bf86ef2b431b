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
// letters per step. Folded: the last step
// leaves out the fold's word and counts a path once for each of the masks parts[0, n) (the
// fold word's children, one per letter of the fold level) that allows its last letter.
template <class Mask, int kWalkers, bool kFolded>
SQUARES_LOOP_CLONES uint64_t TailCount::Count(const Level* levels, const DawgEntry<Mask>* entries,
                                              const DawgEntry<Mask>* state, Mask* parts, int n) const {
  const int length = static_cast<int>(walker.size());
  std::array<Mask, kMaxLevels> mask, untried;
  std::array<DawgEntry<Mask>, kMaxLevels> at;
  for (int q = 0; q < length; ++q) {
    const Level& at = levels[level + q];
    Mask m = static_cast<Mask>(at.allowed);
    for (int w = 0; w < kWalkers; ++w) {
      if (w != walker[q] && !(kFolded && q == length - 1 && w == fold_reader)) {
        m &= state[at.walkers[w].before].mask;
      }
    }
    mask[q] = m;
  }
  if constexpr (kFolded) {  // the parts that allow none of the last cell's letters drop out
    int kept = 0;
    for (int i = 0; i < n; ++i) {
      if ((parts[i] &= mask[length - 1]) != 0) parts[kept++] = parts[i];
    }
    if (kept == 0) return 0;
    n = kept;
  }
  // The results of the last step's letters m.
  auto ends = [parts, n](Mask m) __attribute__((always_inline)) -> uint64_t {
    if constexpr (!kFolded) return std::popcount(m);
    uint64_t count = 0;
    for (int i = 0; i < n; ++i) count += std::popcount(m & parts[i]);
    return count;
  };
  uint64_t found = 0;
  auto step = [&](const DawgEntry<Mask>& e, int c) __attribute__((always_inline)) { return entries[ChildIndex(e, c)]; };
  // Short tails as nested loops, the last step a popcount: a word cube's last row (3
  // letters), a diagonal 4x4 square's (4). Inlined by force, as the loop's parts are.
  auto nested = [&]<int kLeft>(auto& self, const DawgEntry<Mask>& e, int q) __attribute__((always_inline)) {
    if constexpr (kLeft == 1) {
      return ends(e.mask & mask[q]);
    } else {
      uint64_t count = 0;
      for (Mask xs = e.mask & mask[q]; xs; xs &= xs - 1) {
        count += self.template operator()<kLeft - 1>(self, step(e, std::countr_zero(xs)), q + 1);
      }
      return count;
    }
  };
  if (length == 3) return nested.template operator()<3>(nested, state[slot], 0);
  if (length == 4) return nested.template operator()<4>(nested, state[slot], 0);
  at[0] = state[slot];
  untried[0] = at[0].mask & mask[0];
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
    untried[q + 1] = at[q + 1].mask & mask[q + 1];
    ++q;
  }
  return found;
}

}  // namespace squares::core
