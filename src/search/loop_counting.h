// The level loop's counting: what it does at a leaf and where the shortcuts count a subtree
// without searching it (counting.h: lone levels, the closing and corner counts, the tail and
// its fold, the double closing count; the sieve's count, sieve.h).
// Included by square_loop.h only.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <vector>

#include "search/counting.h"
#include "search/loop_double_closing.h"
#include "search/loop_tail.h"
#include "search/square_search.h"

namespace squares::core {

template <class Mask, class Walk, class Look, class Sifter>
class SquareSearch::LoopCounting {
 public:
  // Counting reads the search's counting shortcuts; `stats` is the loop's result, which
  // counting adds to.
  SQUARES_LOOP_INLINE LoopCounting(const SquareSearch& search, SquareStats& stats,
                                   int /*end_level*/, SquareSink* /*sink*/,
                                   std::vector<SquareTask>* /*prefixes*/,
                                   const std::atomic<bool>* stop)
      : LoopCounting(search.counting_, search.plan_, stats, stop) {}
  SQUARES_LOOP_INLINE LoopCounting(const CountingShortcuts& counting, const WalkPlan& plan,
                                   SquareStats& stats, const std::atomic<bool>* stop)
      : counting_(counting),
        stop_(stop),
        level_(plan.levels.data()),
        last_(plan.count() - 1),
        lone_(counting.lone.lone.data()),
        stats_(stats),
        lone_scale_(plan.count()) {}

  SQUARES_LOOP_INLINE ~LoopCounting() {}

  static void Show(int, int) {}
  SQUARES_LOOP_INLINE bool Leaf(const Walk& walk) {
    stats_.squares += walk.Weight(last_ + 1);
    return !(stop_ && stop_->load(std::memory_order_relaxed));
  }
  // Lone levels (see LoneLevels): one letter stands for all, the count below it scaled by
  // their number when the search leaves the level. False: no letter.
  SQUARES_LOOP_INLINE bool IsLone(int l) const { return lone_[l]; }
  SQUARES_LOOP_INLINE bool EnterLone(int l, const Walk& walk) {
    const Mask letters = walk.Allowed(l);
    lone_scale_[l] = {stats_.squares, static_cast<uint64_t>(std::popcount(letters))};
    return letters != 0;
  }
  SQUARES_LOOP_INLINE void Leave(int l) {
    if (lone_[l])
      stats_.squares = lone_scale_[l][0] + lone_scale_[l][1] * (stats_.squares - lone_scale_[l][0]);
  }

  // Level l's subtree: counted by a shortcut (kDone), or its letters to search (`next`).
  template <class Rows>
  SQUARES_LOOP_INLINE Below Enter(int l, Walk& walk, const Look& look, Sifter& sieve, Rows& rows,
                                  Mask& next) {
    const DawgEntry<Mask>* state = walk.state;
    // Shapes of three walkers or more lift most levels' letters and nothing else; the square
    // modes' loops enter shortcuts at most of the levels they enter, and are quicker without.
    if constexpr (Walk::kWalkerCount >= 3) {
      if (counting_.plain[l]) {
        next = look.Lift(l, walk.Letters(l), walk.entries, state);
        return Below::kSearch;
      }
    }
    const CountingShortcuts& s = counting_;
    // A shortcut's results all weigh the same (see LoopWalk::Weight).
    if (l == s.corner.level) return Counted(CountCorner(state), walk.Weight(l));
    if constexpr (Walk::kWalkerCount >= 3) {  // tied or not: no tie pair (see TailCount)
      if (l == s.tail.fold_level) return Counted(FoldCount(walk, look.rows()), walk.Weight(l));
      if (l == s.tail.level) {
        return Counted(s.tail.Count<Mask, Walk::kWalkerCount, false, Look::kLoopIsa>(
                           walk.entries, look.rows(), state, {}, 0),
                       walk.Weight(l));
      }
    }
    if (l == s.closing.count_level) {
      const ClosingTable& t = *s.closing.table;
      return Counted(ClosingDot(t.map[state[s.closing.slots[0]].first - t.lo],
                                t.map[state[s.closing.slots[1]].first - t.lo]),
                     walk.Weight(l));
    }
    if constexpr (Walk::kWalkerCount == 2) {
      if (l == s.double_closing.level && walk.Untied(s.double_closing.ties)) {
        return Counted(s.double_closing.Count<Mask>(level_, walk.entries, state), walk.Weight(l));
      }
    }
    if (Sifter::kSieving && l == s.sieve_row_level && walk.Untied(s.sieve_row_ties))
      return Counted(sieve.CountRow(walk.entries, state), walk.Weight(l));
    if (Sifter::kSieving && l == s.sieve_pair_level && walk.Untied(s.sieve_ties)) {
      // This level's letters placed here, each one's next level taken at once as below.
      uint64_t found = 0;
      for (Mask xs = look.Lift(l, walk.Letters(l), walk.entries, state); xs; xs &= xs - 1) {
        walk.Place(l, std::countr_zero(xs));
        ++stats_.nodes;
        if (!sieve.Sift(l, state)) continue;
        const Mask letters = look.Lift(l + 1, walk.Letters(l + 1), walk.entries, state);
        stats_.nodes += std::popcount(letters);
        found += sieve.CountEach(letters, walk.entries, state[s.sieve_batch_before]);
      }
      return Counted(found, walk.Weight(l + 2));
    }
    if (Sifter::kSieving && l == s.sieve_batch_level && walk.Untied(s.sieve_ties)) {
      // Each letter of this level, placed, leads to the sieve's count (one node each).
      const Mask letters = look.Lift(l, walk.Letters(l), walk.entries, state);
      stats_.nodes += std::popcount(letters);
      return Counted(sieve.CountEach(letters, walk.entries, state[s.sieve_batch_before]),
                     walk.Weight(l + 1));
    }
    if (Sifter::kSieving && l == s.sieve_level && walk.Untied(s.sieve_ties))
      return Counted(sieve.Count(), walk.Weight(l));
    if (rows.Starts(l)) {  // no other part acts there (see RowSieve::Build)
      next = rows.Arrive(l, walk);
      return Below::kSearch;
    }
    next = look.Lift(l, walk.Letters(l), walk.entries, state);
    if (l == last_) {
      stats_.nodes += std::popcount(next);
      stats_.squares += walk.Weigh(l, next);
      return Below::kDone;
    }
    if (l + 1 == last_ && look.Empty(l)) {
      // The last two levels at once: each letter of this one placed, the last one's counted.
      for (; next != 0; next &= next - 1) {
        walk.Place(l, std::countr_zero(next));
        const Mask last = walk.Letters(last_);
        stats_.nodes += 1 + std::popcount(last);
        stats_.squares += walk.Weigh(last_, last);
      }
      return Below::kDone;
    }
    return Below::kSearch;
  }

  void Finish() const {}

 private:
  // A shortcut's count adds its results to the nodes, by which the loop paces its reads of the
  // stop flag; one that finds nothing may still take long, so every kShortcutStopPoll-th call
  // reads the flag itself.
  SQUARES_LOOP_INLINE Below Counted(uint64_t found, uint64_t weight) {
    stats_.nodes += found;
    stats_.squares += found * weight;
    constexpr uint32_t kShortcutStopPoll = 1 << 10;
    if (++shortcut_calls_ % kShortcutStopPoll == 0 && stop_ &&
        stop_->load(std::memory_order_relaxed))
      return Below::kStop;
    return Below::kDone;
  }

  // The results below the fold level: the tail count, its last step counted once for each of
  // the fold's letters whose child in the fold word allows the step's letter.
  SQUARES_LOOP_INLINE uint64_t FoldCount(const Walk& walk, const LetterRow* rows) const {
    const TailCount& tail = counting_.tail;
    return tail.Count<Mask, Walk::kWalkerCount, true, Look::kLoopIsa>(
        walk.entries, rows, walk.state,
        walk.state[level_[tail.fold_level].walkers[tail.fold_walker].before],
        walk.Allowed(tail.fold_level));
  }

  // The closing count: v of the state whose vectors are at the closing count's counts[p],
  // dot w of q's.
  SQUARES_LOOP_INLINE uint32_t ClosingDot(uint32_t p, uint32_t q) const {
    constexpr int kLetters = sizeof(Mask) * 8;
    const uint8_t* counts = counting_.closing.table->counts.data();
    const uint8_t *v = counts + p, *w = counts + q + kLetters;
    uint32_t dot = 0;
    for (int x = 0; x < kLetters; ++x) dot += v[x] * w[x];
    return dot;
  }

  SQUARES_LOOP_INLINE uint64_t CountCorner(const DawgEntry<Mask>* state) const {
    constexpr int kLetters = sizeof(Mask) * 8;
    const CornerCount& s = counting_.corner;
    const CornerTable& t = *s.table;
    auto id = [&](int k) { return t.map[state[s.slots[k]].first - t.lo]; };
    const uint32_t r = id(0);
    const uint32_t* a = t.children.data() + size_t{id(1)} * kLetters;
    const uint32_t* b = t.children.data() + size_t{id(2)} * kLetters;
    const Mask amask = state[s.slots[1]].mask, bmask = state[s.slots[2]].mask;
    uint64_t found = 0;
    for (uint32_t k = t.pairs_begin[r]; k < t.pairs_begin[r + 1]; ++k) {
      const CornerTable::Pair pair = t.pairs[k];
      if (!((amask >> pair.x) & (bmask >> pair.y) & 1)) continue;
      found += uint64_t{pair.count} * ClosingDot(a[pair.x], b[pair.y]);
    }
    return found;
  }

  const CountingShortcuts& counting_;
  const std::atomic<bool>* const stop_;
  const Level* const level_;
  const int last_;
  const uint8_t* const lone_;
  SquareStats& stats_;
  // Per lone level: the count on entering, and its letters.
  LoopArray<std::array<uint64_t, 2>> lone_scale_;
  uint32_t shortcut_calls_ = 0;
};

}  // namespace squares::core
