// The level loop's state: the walkers' automaton entries and the letters placed, with what
// a level may take (the walkers' masks, echoes, ties) and the placing of a letter.
// Included by square_loop.h only.
#pragma once

#include <array>
#include <bit>

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

// The entry of e's child by letter c (c in e's mask): its children are stored in letter order.
template <class Mask>
SQUARES_LOOP_INLINE uint32_t ChildIndex(const DawgEntry<Mask>& e, int c) {
  return e.first + static_cast<uint32_t>(std::popcount(e.mask & ((Mask{1} << c) - 1)));
}

// The state holds entries by value (see Walker), so reading a walker's mask is an L1 hit and
// each placement costs one automaton load per walker. A tied walk (counting up to the
// search's symmetry, see Run) also constrains the later cell of each tie pair against its image: at least its letter while
// all the pairs before agree (Tie::kAtLeast), or equal to it (Tie::kEqual).
template <class Mask, int kWalkers, bool kEchoes, bool kTied>
class SquareSearch::LoopWalk {
 public:
  static constexpr int kWalkerCount = kWalkers;
  // `state` holds plan.slots entries, `letters` a letter per level (see below).
  SQUARES_LOOP_INLINE LoopWalk(const WalkPlan& plan, DawgEntry<Mask>* state, Letter* letters, Tie tie)
      : entries(plan.entries<Mask>()),
        letters(letters),
        level_(plan.levels.data()),
        tie_pairs_(plan.tie_pairs.data()),
        tie_of_level_(plan.tie_of_level.data()),
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

  // Whether some tie pair complete before the first `pairs` differs: the pairs after it are
  // then free.
  SQUARES_LOOP_INLINE bool Untied(int pairs) const {
    if (!kTied || tie_ == Tie::kEqual) return !kTied;
    for (int k = 0; k < pairs; ++k) {
      if (letters[tie_pairs_[k][0]] != letters[tie_pairs_[k][1]]) return true;
    }
    return false;
  }

  const DawgEntry<Mask>* const entries;
  // The letter of each level above the current one: a local array of the loop, not a vector
  // nor a member (stores of letters may alias anything, but not a local array), and the walk
  // holds nothing but pointers and scalars, which the compiler keeps in registers.
  Letter* const letters;

 private:
  SQUARES_LOOP_INLINE Mask Constrain(int l, Mask m) const {
    if (!kTied || tie_of_level_[l][0] < 0) return m;
    const Mask own = Mask{1} << letters[tie_of_level_[l][0]];
    if (tie_ == Tie::kEqual) return m & own;
    return Untied(tie_of_level_[l][1]) ? m : m & ~(own - 1);
  }

  const Level* const level_;
  const std::array<uint16_t, 2>* const tie_pairs_;
  const std::array<int16_t, 2>* const tie_of_level_;
  const uint16_t* const memo_slots_;
  const Tie tie_;

 public:
  DawgEntry<Mask>* const state;
};

}  // namespace squares::core
