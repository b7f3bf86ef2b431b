// The look-ahead in the level loop (see look_ahead.h): after a placement, the level's checks
// that some letter still lies below each pair (or triple) of crossing walkers; and the lift,
// which applies a level's first checks to its letters before they are placed.
// Included by square_loop.h only.
#pragma once

#include <bit>

#include "search/look_ahead.h"
#include "search/loop_walk.h"
#include "search/square_search.h"

namespace squares::core {

// kLift: in a loop of three walkers or more and no tie, the level's first checks (up to its
// range's `lifted`) filter its letters, each against the child it leads to, and are skipped
// after placing. kLiftNext: in a loop of three walkers or more, tied or not, a level's
// letters are also filtered against the masks of its next cell's other words (NextLift).
// Counting skips the checks of the part's unchecked level, whose cells the count below tests
// exactly. kIsa: the instruction set the loop is built for (the letter rows' test).
template <class Mask, bool kLift, bool kLiftNext, LoopIsa kIsa>
class SquareSearch::LoopLookAhead {
 public:
  static constexpr LoopIsa kLoopIsa = kIsa;

  SQUARES_LOOP_INLINE LoopLookAhead(const LookAhead& look, bool count_only)
      : at_level_(look.at_level.empty() ? nullptr : look.at_level.data()),
        checks_(look.checks.data()),
        lift_at_(look.lift_at.empty() ? nullptr : look.lift_at.data()),
        lift_steps_(look.lift_steps.data()),
        reach_(look.reach<Mask>()),
        rows_(sizeof(Mask) == 4 && kLift && look.letter_rows ? look.letter_rows->rows.data()
                                                             : nullptr),
        unchecked_level_(count_only ? look.unchecked_level : -1) {}

  // Whether the letters placed up to level l leave every check of level l a letter.
  SQUARES_LOOP_INLINE bool Alive(int l, const DawgEntry<Mask>* state) const {
    if (!at_level_ || l == unchecked_level_) return true;
    const LookAhead::Range& lv = at_level_[l];
    int k = kLift ? lv.lifted : lv.begin;
    if (kLift && k == lv.end) return true;  // all lifted: most levels of a lifting loop
    for (; k < lv.one; ++k) {
      if ((state[checks_[k].slot_a].mask & state[checks_[k].slot_b].mask) == 0) return false;
    }
    for (; k < lv.two; ++k) {
      const LookAhead::Check& ch = checks_[k];
      if ((reach_[ch.plane_a + state[ch.slot_a].first] & state[ch.slot_b].mask) == 0) return false;
    }
    for (; k < lv.three; ++k) {
      const LookAhead::Check& ch = checks_[k];
      if ((reach_[ch.plane_a + state[ch.slot_a].first] &
           reach_[ch.plane_b + state[ch.slot_b].first]) == 0) {
        return false;
      }
    }
    for (; k < lv.end; ++k) {
      const LookAhead::Check& ch = checks_[k];
      if ((reach_[ch.plane_a + state[ch.slot_a].first] &
           reach_[ch.plane_b + state[ch.slot_b].first] &
           reach_[ch.plane_c + state[ch.slot_c].first]) == 0) {
        return false;
      }
    }
    return true;
  }

  // The letter rows of the walk's automata (null: none), for the tail count too.
  SQUARES_LOOP_INLINE const LetterRow* rows() const { return rows_; }

  // Whether level l tests nothing after a placement.
  SQUARES_LOOP_INLINE bool Empty(int l) const {
    return !at_level_ || at_level_[l].begin == at_level_[l].end;
  }

  // Level l's letters m less those its lifted checks refuse.
  SQUARES_LOOP_INLINE Mask Lift(int l, Mask m, const DawgEntry<Mask>* entries,
                                const DawgEntry<Mask>* state) const {
    if (!kLiftNext || !lift_at_) return m;
    const LookAhead::Lift& lift = lift_at_[l];
    if (const LookAhead::NextLift& n = lift.next; n.other[0] != 0) {
      m = Keep(m, entries, state[n.before],
               state[n.other[0]].mask & state[n.other[1]].mask & state[n.other[2]].mask);
    }
    if (!kLift) return m;
    for (int k = lift.begin; k < lift.reach; ++k) {
      m = Keep(m, entries, state[lift_steps_[k].from], state[lift_steps_[k].other].mask);
    }
    for (int k = lift.reach; k < lift.end; ++k) {
      const LookAhead::LiftStep& step = lift_steps_[k];
      m = Keep(m, entries, state[step.from], reach_[step.plane + state[step.other].first]);
    }
    return m;
  }

 private:
  // The letters of m whose child of s allows some letter of `other`.
  SQUARES_LOOP_INLINE Mask Keep(Mask m, const DawgEntry<Mask>* entries, const DawgEntry<Mask> s,
                                Mask other) const {
    if constexpr (sizeof(Mask) == 4) {
      if (rows_) return m & AllowingIn<kIsa>(rows_[s.first], other);
    }
    Mask keep = 0;
    for (Mask x = m; x; x &= x - 1) {
      // ChildIndex from the bit itself: the loop has the bit, and recomputing the shift from
      // its index is a dependent step more per letter.
      const Mask bit = x & -x;
      if (entries[s.first + static_cast<uint32_t>(std::popcount(s.mask & (bit - 1)))].mask & other)
        keep |= bit;
    }
    return keep;
  }

  const LookAhead::Range* const at_level_;  // null: no checks
  const LookAhead::Check* const checks_;
  const LookAhead::Lift* const lift_at_;  // null: no lift
  const LookAhead::LiftStep* const lift_steps_;
  const Mask* const reach_;
  const LetterRow* const rows_;  // null: none, or a tied loop (see LetterRows)
  const int unchecked_level_;
};

}  // namespace squares::core
