// The row sieve in the level loop (see row_sieve.h): on entering a sieved row, its
// candidates; then each placed in turn, the row's levels at once.
// Included by square_loop.h only.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "search/loop_walk.h"
#include "search/row_sieve.h"
#include "search/square_search.h"

namespace squares::core {

// Per sieved row, its candidates left (`blocks` of the bucket's bitset in `acc`, the block
// read at `block`, its bits not yet taken in `bits`), the letters below the children of each
// cell's crossing state (`below`), how many of the row's letters are placed and passed
// (`valid`; `refused`: the letter after them was placed and refused) and how many of them
// the crossing words have been stepped by (`stepped`). Without kOn, nothing.
template <class Mask, bool kOn>
class SquareSearch::LoopRowSieve {
 public:
  SQUARES_LOOP_INLINE LoopRowSieve(const SquareSearch& search, const DawgEntry<Mask>*, bool)
      : LoopRowSieve(search.rows_) {}
  SQUARES_LOOP_INLINE explicit LoopRowSieve(const RowSieve& sieve)
      : rows_(sieve.rows.data()),
        rows_end_(sieve.rows.data() + sieve.rows.size()),
        row_at_level_(sieve.row_at_level.empty() ? nullptr : sieve.row_at_level.data()),
        cursor_(kOn ? sieve.rows.size() : 0),
        acc_(kOn ? Blocks(sieve) : 0) {
    if constexpr (kOn) {
      size_t at = 0;
      for (size_t s = 0; s < sieve.rows.size(); ++s) {
        cursor_[s].acc = acc_.get() + at;
        at += sieve.rows[s].table->max_blocks;
      }
    }
  }
  SQUARES_LOOP_INLINE ~LoopRowSieve() {}

  // The levels between each sieved row's first and last keep no letter in `avail` (see
  // RunTyped): set once, as nothing else writes them while the sieve places those rows.
  SQUARES_LOOP_INLINE void ClearBetween(Mask* avail) const {
    if constexpr (!kOn) return;
    for (const RowSieve::Row* row = rows_; row != rows_end_; ++row) {
      for (int l = row->level + 1; l < row->level + row->cells - 1; ++l) avail[l] = 0;
    }
  }

  // Whether a sieved row begins at level l.
  SQUARES_LOOP_INLINE bool Starts(int l) const { return kOn && row_at_level_[l] >= 0; }
  SQUARES_LOOP_INLINE int Cells(int l) const { return rows_[row_at_level_[l]].cells; }

  // Entering the row at level l: its candidates. Nonzero: some may be placed.
  template <class Walk>
  SQUARES_LOOP_INLINE Mask Arrive(int l, const Walk& walk) {
    if constexpr (!kOn) return 0;
    const DawgEntry<Mask>* state = walk.state;
    const RowSieve::Row& row = rows_[row_at_level_[l]];
    const RowSieve::Table& t = *row.table;
    const RowSieve::Table::Bucket& b = t.buckets[t.bucket_of[state[row.bucket_slot].first - t.lo]];
    Cursor& at = cursor_[row_at_level_[l]];
    uint64_t* acc = at.acc;
    bool first = true;
    for (int j = 0; j < row.cells; ++j) {
      const DawgEntry<Mask> crossing = state[row.crossing[j]];
      const uint32_t id = t.state_of[t.map_begin[j] + crossing.first - t.first_lo[j]];
      at.below[j] = t.below.data() + size_t{id} * 32 * row.cells;
      const uint32_t present = t.present[b.present + j];
      const uint32_t in = present & static_cast<uint32_t>(crossing.mask);
      if (in == present) continue;
      if (in == 0) return 0;
      const uint64_t* bits = t.rows.data() + b.rows + size_t{id} * b.blocks;
      uint64_t any = 0;
      if (first) {
        for (uint32_t w = 0; w < b.blocks; ++w) any |= acc[w] = bits[w];
      } else {
        for (uint32_t w = 0; w < b.blocks; ++w) any |= acc[w] &= bits[w];
      }
      first = false;
      if (any == 0) return 0;
    }
    if (first) {  // every crossing allows all of the bucket's letters: all its candidates
      std::fill_n(acc, b.blocks, ~uint64_t{0});
      if (b.count % 64 != 0) acc[b.blocks - 1] &= (uint64_t{1} << (b.count % 64)) - 1;
    }
    at.letters = t.letters.data() + size_t{b.first} * row.cells;
    at.ends = t.ends.data() + b.first;
    at.blocks = b.blocks;
    at.block = 0;
    at.bits = acc[0];
    at.valid = at.stepped = 0;
    at.refused = false;
    return 1;
  }

  // Places the row's next candidate that passes the row's checks, its levels from l: false
  // when none is left. `nodes` counts the letters tested.
  template <class Walk>
  SQUARES_LOOP_INLINE bool Next(int l, Walk& walk, uint64_t& nodes) {
    if constexpr (!kOn) return false;
    const RowSieve::Row& row = rows_[row_at_level_[l]];
    const int cells = row.cells;
    const RowSieve::Check* checks = row.checks.data();
    const uint16_t* at_cell = row.at_cell.data();
    Cursor& at = cursor_[row_at_level_[l]];
    Letter* placed = walk.letters + l;
    for (;;) {
      while (at.bits == 0) {
        if (++at.block >= at.blocks) return false;
        at.bits = at.acc[at.block];
      }
      const uint32_t i = at.block * 64 + static_cast<uint32_t>(std::countr_zero(at.bits));
      at.bits &= at.bits - 1;
      const Letter* candidate = at.letters + size_t{i} * cells;
      // The letters it shares with those placed; past a refused one, it is refused too.
      const int compared = at.valid + at.refused;
      int j = 0;
      for (; j < compared; j += 8) {
        uint64_t a, b;
        std::memcpy(&a, candidate + j, 8);
        std::memcpy(&b, placed + j, 8);
        if (a != b) {
          const bool little = std::endian::native == std::endian::little;
          j += (little ? std::countr_zero(a ^ b) : std::countl_zero(a ^ b)) / 8;
          break;
        }
      }
      j = std::min(j, compared);
      if (j == compared && at.refused) continue;
      at.stepped = std::min(at.stepped, j);
      for (; j < cells; ++j) {
        const Letter c = candidate[j];
        placed[j] = c;
        ++nodes;
        const uint32_t* own = at.below[j] + size_t{c} * cells;
        int k = at_cell[j];
        for (; k < at_cell[j + 1]; ++k) {
          const RowSieve::Check ch = checks[k];
          if ((at.below[ch.other][size_t{placed[ch.other]} * cells + ch.from] & own[ch.own]) == 0)
            break;
        }
        if (k < at_cell[j + 1]) break;
      }
      at.valid = j;
      at.refused = j < cells;
      if (!at.refused) {
        DawgEntry<Mask>* state = walk.state;
        for (int q = at.stepped; q < cells; ++q)
          state[row.crossing_after[q]] =
              walk.entries[ChildIndex(state[row.crossing[q]], placed[q])];
        at.stepped = cells;
        state[row.own_end] = walk.entries[at.ends[i]];
        return true;
      }
    }
  }

 private:
  struct Cursor {
    uint64_t* acc;
    const Letter* letters;
    const uint32_t* ends;
    std::array<const uint32_t*, kMaxSquareSide> below;
    uint32_t blocks, block;
    uint64_t bits;
    int valid, stepped;
    bool refused;
  };
  static size_t Blocks(const RowSieve& sieve) {
    size_t blocks = 0;
    for (const RowSieve::Row& row : sieve.rows) blocks += row.table->max_blocks;
    return blocks;
  }

  const RowSieve::Row* const rows_;
  const RowSieve::Row* const rows_end_;
  const int8_t* const row_at_level_;
  LoopArray<Cursor> cursor_;
  LoopArray<uint64_t> acc_;
};

}  // namespace squares::core
