// The tail count and its fold (see TailCount::Build): counting, the last levels of a shape as
// one word's paths through the masks the other words leave its cells. The level loop counts
// them in loop_tail.h.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "search/letter_rows.h"
#include "search/walk.h"

namespace squares::core {

// Counting, the levels from `level` on spell the rest of one word W from its state in slot
// `slot`, and every other word through their cells has its state fixed before: the results
// below are W's suffixes whose letter q lies in the mask of level `level` + q, its walker
// walker[q] left out. The fold: at fold_level (the level before the tail, or -1) the results
// below are the tail count whose last step leaves out the fold word's walker (reading its
// state before the fold: folded_last) and weighs each letter by the letters x of the fold
// level whose child, in the walker fold_walker steps there, allows it.
struct TailCount {
  int level = -1;
  uint16_t slot = 0;
  std::vector<uint8_t> walker;
  int fold_level = -1;
  uint8_t fold_walker = 0;
  int unchecked_level = -1;  // the level above the fold, whose look-ahead counting skips (or -1)
  // Per tail cell, the slots of the other words' states that mask it (W's own, and at the
  // last cell when folded the fold word's, replaced by the free slot), then its letters; the
  // last cell once more as the fold reads it.
  struct Cell {
    std::array<uint16_t, kMaxCellWords> reads;
    LetterSet allowed;
  };
  std::vector<Cell> cells;
  Cell folded_last;

  // The levels a tail could take with the ties built so far: the first (-1: none), W's
  // walker at each, and W's slot before the first.
  static TailCount Find(const WalkPlan& plan);
  // Not where the sieve or the closing count counts the last levels (`other_count`); the fold
  // not where the level before sifts.
  static TailCount Build(const WalkPlan& plan, bool other_count, const std::vector<bool>& sifts);

  // The count below the tail (kFolded: below the fold, `folds` the fold level's letters and
  // `fold` the fold word's state), from the walkers' `state` (loop_tail.h); `entries` are the
  // walk's, `rows` their letter rows (null: none; only a folded count reads them), tested
  // with kIsa's instructions.
  template <class Mask, int kWalkers, bool kFolded, LoopIsa kIsa>
  uint64_t Count(const DawgEntry<Mask>* entries, const LetterRow* rows,
                 const DawgEntry<Mask>* state, const DawgEntry<Mask>& fold, Mask folds) const;

 private:
  // Sets the fold; returns the walker of the tail's last level that reads the fold word
  // (-1: no fold).
  int BuildFold(const WalkPlan& plan, const std::vector<bool>& sifts);
};

}  // namespace squares::core
