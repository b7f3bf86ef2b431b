// The look-ahead in the level loop (see BuildChecks): after a placement, the level's checks
// that some letter still lies below each pair (or triple) of crossing walkers; and the lift,
// which applies a level's first checks to its letters before they are placed.
// Included by square_loop.h only.
#pragma once

#include <bit>

#include "search/loop_walk.h"
#include "search/square_search.h"

namespace squares::core {

// kLift: in a loop of three walkers or more and no tie, the level's first checks (up to
// checks_lifted_[l]) filter its letters, each against the child it leads to, and are skipped
// after placing. Counting skips the checks of closing_unchecked_level_, whose cells the
// count below tests exactly.
template <class Mask, bool kLift>
class SquareSearch::LoopLookAhead {
 public:
  SQUARES_LOOP_INLINE LoopLookAhead(const SquareSearch& search, bool count_only)
      : level_(search.levels_.data()),
        checks_(search.checks_.data()),
        checks_lifted_(search.checks_lifted_.data()),
        reach_(search.reach<Mask>()),
        words_(static_cast<uint32_t>(search.word_root_.size())),
        unchecked_level_(count_only ? search.closing_unchecked_level_ : -1),
        checking_(!search.checks_.empty()) {}

  // Whether the letters placed up to level l leave every check of level l a letter.
  SQUARES_LOOP_INLINE bool Alive(int l, const DawgEntry<Mask>* state) const {
    if (!checking_ || l == unchecked_level_) return true;
    const Level& lv = level_[l];
    int k = kLift ? checks_lifted_[l] : lv.checks_begin;
    for (; k < lv.checks_one; ++k) {
      if ((state[checks_[k].slot_a].mask & state[checks_[k].slot_b].mask) == 0) return false;
    }
    for (; k < lv.checks_two; ++k) {
      const Check& ch = checks_[k];
      if ((reach_[ch.plane_a + state[ch.slot_a].first] & state[ch.slot_b].mask) == 0) return false;
    }
    for (; k < lv.checks_three; ++k) {
      const Check& ch = checks_[k];
      if ((reach_[ch.plane_a + state[ch.slot_a].first] & reach_[ch.plane_b + state[ch.slot_b].first]) == 0) {
        return false;
      }
    }
    for (; k < lv.checks_end; ++k) {
      const Check& ch = checks_[k];
      if ((reach_[ch.plane_a + state[ch.slot_a].first] & reach_[ch.plane_b + state[ch.slot_b].first] &
           reach_[ch.plane_c + state[ch.slot_c].first]) == 0) {
        return false;
      }
    }
    return true;
  }

  // Level l's letters m less those its lifted checks refuse.
  SQUARES_LOOP_INLINE Mask Lift(int l, Mask m, const DawgEntry<Mask>* entries, const DawgEntry<Mask>* state) const {
    if (!kLift || checks_lifted_[l] == level_[l].checks_begin) return m;
    for (int k = level_[l].checks_begin; k < checks_lifted_[l]; ++k) {
      const DawgEntry<Mask> s = state[checks_[k].slot_a - words_];
      const Mask other = state[checks_[k].slot_b].mask;
      Mask keep = 0;
      for (Mask x = m; x; x &= x - 1) {
        // ChildIndex from the bit itself: the loop has the bit, and recomputing the shift from
        // its index is a dependent step more per letter.
        const Mask bit = x & -x;
        if (entries[s.first + static_cast<uint32_t>(std::popcount(s.mask & (bit - 1)))].mask & other) keep |= bit;
      }
      m = keep;
    }
    return m;
  }

 private:
  const Level* const level_;
  const Check* const checks_;
  const uint16_t* const checks_lifted_;
  const Mask* const reach_;
  const uint32_t words_;
  const int unchecked_level_;
  const bool checking_;
};

}  // namespace squares::core
