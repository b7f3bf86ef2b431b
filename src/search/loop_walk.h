// The level loop's state: the walkers' automaton entries and the letters placed, with what
// a level may take (the walkers' masks, echoes, ties) and the placing of a letter.
// Included by square_loop.h only.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "search/letter_rows.h"
#include "search/square_memo.h"
#include "search/square_search.h"
#include "search/walk.h"

namespace squares::core {

// The loop's parts are inlined by force: the loop is compiled for two instruction sets (see
// SQUARES_LOOP_CLONES), and GCC inlines no other function into a clone of another.
#define SQUARES_LOOP_INLINE __attribute__((always_inline)) inline

// An array a part of the loop owns: allocated (zeroed) and freed inline. The parts' other
// fields stay in registers only while no call takes a part's address, which a vector's or a
// unique_ptr's members, not inlined into the loop's clones, would.
template <class T>
class LoopArray {
 public:
  SQUARES_LOOP_INLINE explicit LoopArray(size_t size) : data_(size > 0 ? new T[size]() : nullptr) {}
  SQUARES_LOOP_INLINE ~LoopArray() { delete[] data_; }
  LoopArray(const LoopArray&) = delete;
  LoopArray& operator=(const LoopArray&) = delete;
  SQUARES_LOOP_INLINE T* get() const { return data_; }
  SQUARES_LOOP_INLINE T& operator[](size_t i) const { return data_[i]; }

 private:
  T* const data_;
};

// The letter rows' test (see Allowing) in the loop built for kIsa. Defined here, among the
// loop's parts, so that the loop's AVX-512 build compiles it for its target.
template <LoopIsa kIsa>
SQUARES_LOOP_INLINE uint32_t AllowingIn(const LetterRow& row, uint32_t other) {
#if SQUARES_LOOP_AVX512
  if constexpr (kIsa == LoopIsa::kAvx512) return AllowingAvx512(row, other);
#endif
  return Allowing(row, other);
}

// The entry of e's child by letter c (c in e's mask): its children are stored in letter order.
template <class Mask>
SQUARES_LOOP_INLINE uint32_t ChildIndex(const DawgEntry<Mask>& e, int c) {
  return e.first + static_cast<uint32_t>(std::popcount(e.mask & ((Mask{1} << c) - 1)));
}

// The state holds entries by value (see Walker), so reading a walker's mask is an L1 hit and
// each placement costs one automaton load per walker. A tied walk (counting up to the
// search's symmetry, see Run) also constrains the later cell of each tie pair against the
// earlier one, as its chain's mode says: its key at least the other key while the chain's
// pairs before agree (TieMode::kAtLeast; kGreater: at the last pair, more), or equal.
template <class Mask, int kWalkers, bool kEchoes, bool kTied>
class SquareSearch::LoopWalk {
 public:
  static constexpr int kWalkerCount = kWalkers;
  // `state` holds plan.slots entries, `letters` a letter per level (see below).
  SQUARES_LOOP_INLINE LoopWalk(const WalkPlan& plan, DawgEntry<Mask>* state, Letter* letters,
                               Tie tie)
      : entries(plan.entries<Mask>()),
        letters(letters),
        level_(plan.levels.data()),
        tie_pairs_(plan.tie_pairs.data()),
        tie_of_level_(plan.tie_of_level.data()),
        chain_end_(plan.chain_end),
        chains_(plan.chains),
        memo_slots_(plan.memo_slots.data()),
        tie_(tie),
        state(state) {
    for (size_t w = 0; w < plan.word_root.size(); ++w) state[w] = entries[plan.word_root[w]];
    state[plan.slots - 1] = {static_cast<Mask>(~Mask{0}), 0};  // the free slot
  }

  SQUARES_LOOP_INLINE ~LoopWalk() {}

  // The letters level l allows, ties left aside.
  SQUARES_LOOP_INLINE Mask Allowed(int l) const {
    const Level& lv = level_[l];
    Mask m = static_cast<Mask>(lv.allowed);
    for (int w = 0; w < kWalkers; ++w) m &= state[lv.walkers[w].before].mask;
    if (kEchoes && lv.echo_of >= 0) m &= Mask{1} << letters[lv.echo_of];
    return m;
  }
  // The letters level l may take.
  SQUARES_LOOP_INLINE Mask Letters(int l) const { return Constrain(l, Allowed(l)); }
  // The letters the ties leave level l (all where none constrains it).
  SQUARES_LOOP_INLINE Mask TieAllows(int l) const {
    return Constrain(l, static_cast<Mask>(~Mask{0}));
  }

  SQUARES_LOOP_INLINE void Place(int l, int c) {
    const Level& lv = level_[l];
    for (int w = 0; w < kWalkers; ++w) {
      const Walker& walker = lv.walkers[w];
      if (walker.step) [[likely]] {
        state[walker.after] = entries[ChildIndex(state[walker.before], c)];
      }
    }
    letters[l] = static_cast<Letter>(c);
  }

  // The key of the memos at level l's start: the states of the words open there.
  SQUARES_LOOP_INLINE MemoKey KeyAt(int l) const {
    MemoKey key{};
    const Level& lv = level_[l];
    for (int k = 0; k < lv.memo_width; ++k) key[k] = state[memo_slots_[lv.memo_begin + k]].first;
    key[kMaxMemoWidth] = static_cast<uint32_t>(l);
    return key;
  }

  // Whether no tie constrains the levels after the pairs of `cut` (see TiesBefore): each
  // chain free, done, or decided by a pair there that differs.
  SQUARES_LOOP_INLINE bool Untied(const TieCut& cut) const {
    if (!kTied) return true;
    for (int k = 0; k < chains_; ++k) {
      const TieMode mode = tie_.modes[k];
      if (mode == TieMode::kFree || cut[k] == chain_end_[k]) continue;
      if (mode == TieMode::kEqual || !Decided(k == 0 ? 0 : chain_end_[k - 1], cut[k])) return false;
    }
    return true;
  }

  // The weight of each result below level l, all of whose letters above l are placed: the
  // weigh chain is then done or decided there (the shortcuts wait for that).
  SQUARES_LOOP_INLINE uint64_t Weight(int l) const {
    if (!kTied) return 1;
    if (tie_.weigh_chain < 0) return Weighted(tie_.weight);
    const int first = tie_.weigh_chain == 0 ? 0 : chain_end_[tie_.weigh_chain - 1];
    const int end = chain_end_[tie_.weigh_chain];
    int k = first;
    for (; k < end && tie_pairs_[k][0] < l; ++k) {
      if (letters[tie_pairs_[k][0]] != letters[tie_pairs_[k][1]]) return Weighted(tie_.weight);
    }
    assert(k == end);
    return Weighted(tie_.weight_equal);
  }
  // The weighed count of the results that take `m`'s letters at level l, the last.
  SQUARES_LOOP_INLINE uint64_t Weigh(int l, Mask m) const {
    if (!kTied) return std::popcount(m);
    const TieAt& at = tie_of_level_[l];
    if (tie_.weigh_chain < 0 || at.earlier < 0 || at.chain != tie_.weigh_chain ||
        Decided(at.first, at.pair)) {
      return std::popcount(m) * Weight(l);
    }
    const Mask own = Mask{1} << letters[at.earlier];
    return std::popcount(m & ~own) * Weighted(tie_.weight) +
           std::popcount(m & own) * Weighted(tie_.weight_equal);
  }

  const DawgEntry<Mask>* const entries;
  // The letter of each level above the current one: a local array of the loop, not a vector
  // nor a member (stores of letters may alias anything, but not a local array), and the walk
  // holds nothing but pointers and scalars, which the compiler keeps in registers.
  Letter* const letters;

 private:
  SQUARES_LOOP_INLINE Mask Constrain(int l, Mask m) const {
    if (!kTied) return m;
    const TieAt& at = tie_of_level_[l];
    if (at.earlier < 0) return m;
    const TieMode mode = tie_.modes[at.chain];
    const Mask own = Mask{1} << letters[at.earlier];
    if (mode == TieMode::kFree) return m;
    if (mode == TieMode::kEqual) return m & own;
    if (Decided(at.first, at.pair)) return m;
    const bool strict = at.last && mode == TieMode::kGreater;  // the keys may not end equal
    const Mask less = own - 1;
    if (at.below) return m & (strict ? less : less | own);
    return m & ~(strict ? less | own : less);
  }
  static uint64_t Weighted(int weight) { return static_cast<uint64_t>(int64_t{weight}); }
  // Whether a pair of tie_pairs [first, end) differs.
  SQUARES_LOOP_INLINE bool Decided(int first, int end) const {
    for (int k = first; k < end; ++k) {
      if (letters[tie_pairs_[k][0]] != letters[tie_pairs_[k][1]]) return true;
    }
    return false;
  }

  const Level* const level_;
  const std::array<uint16_t, 2>* const tie_pairs_;
  const TieAt* const tie_of_level_;
  const TieCut chain_end_;
  const int chains_;
  const uint16_t* const memo_slots_;
  const Tie tie_;

 public:
  DawgEntry<Mask>* const state;
};

}  // namespace squares::core
